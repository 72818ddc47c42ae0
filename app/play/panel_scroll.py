"""A dock's panel in a scroll area that asks for the panel's own size: the docks get
the room their controls want when the window has it, and a long list or preview
scrolls instead of holding the window taller than the screen when it has not.

The mouse wheel over a choice or a number the player has not clicked into scrolls the
panel, as over the rest of it: it no longer turns the choice under the pointer (in the
trial of 2026-11-26 scrolling the Cargo & Economy dock changed a freighter to be bought
into a destroyer). Clicked into, the wheel turns it as before."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QScrollArea, QWidget


class PanelScroll(QScrollArea):
    def __init__(self, panel: QWidget, least: int = 280) -> None:
        super().__init__()
        self.setObjectName(f"{panel.objectName()}_scroll")
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(panel)
        self.setMinimumWidth(panel.sizeHint().width() + self._extra())
        self.least = least
        self._wheel = _WheelScrolls(self)
        for control in panel.findChildren(QComboBox) + panel.findChildren(QAbstractSpinBox):
            control.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # not focused by the wheel
            control.installEventFilter(self._wheel)

    def minimumSizeHint(self) -> QSize:
        """Room for the panel's first controls at least (``least`` pixels, or all of
        the panel if it is shorter), so the docks beside it cannot squash it away."""
        hint = super().minimumSizeHint()
        panel = self.widget()
        if panel is not None:
            need = min(panel.minimumSizeHint().height(), self.least) + 2 * self.frameWidth()
            hint.setHeight(max(hint.height(), need))
        return hint

    def _extra(self) -> int:
        return self.verticalScrollBar().sizeHint().width() + 2 * self.frameWidth()

    def sizeHint(self) -> QSize:
        panel = self.widget()
        if panel is None:
            return super().sizeHint()
        want = panel.sizeHint()
        return QSize(want.width() + self._extra(), want.height() + 2 * self.frameWidth())


class _WheelScrolls(QObject):
    """Watches the panel's choices and numbers: the wheel over one without the focus
    scrolls the panel instead of turning it."""

    def __init__(self, scroll: QScrollArea) -> None:
        super().__init__(scroll)
        self.scroll = scroll

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        wheel = event.type() == QEvent.Type.Wheel and isinstance(event, QWheelEvent)
        if wheel and isinstance(watched, QWidget) and not watched.hasFocus():
            QApplication.sendEvent(self.scroll.verticalScrollBar(), event)
            return True
        return super().eventFilter(watched, event)
