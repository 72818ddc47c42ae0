"""A dock's panel in a scroll area that asks for the panel's own size: the docks get
the room their controls want when the window has it, and a long list or preview
scrolls instead of holding the window taller than the screen when it has not."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QScrollArea, QWidget


class PanelScroll(QScrollArea):
    def __init__(self, panel: QWidget, least: int = 280) -> None:
        super().__init__()
        self.setObjectName(f"{panel.objectName()}_scroll")
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(panel)
        self.setMinimumWidth(panel.sizeHint().width() + self._extra())
        self.least = least

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
