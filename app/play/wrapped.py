"""Panels with word-wrapped text inside docks: keep them tall enough for that text.

A dock asks its panel for a minimum size that does not know how many lines wrapped text
takes at the dock's width, so a long line squeezed the panel's other controls (the Combat
dock's Gun and Target boxes shrank to a few pixels). A :class:`WrappedPanel` asks for at
least the height its layout needs at its present width, and asks again when its width
changes.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QWidget


class WrappedPanel(QWidget):
    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        layout = self.layout()
        if layout is not None and self.width() > 0:
            need = layout.totalMinimumHeightForWidth(self.width())
            hint.setHeight(max(hint.height(), need))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # the text wraps differently: the dock asks again
