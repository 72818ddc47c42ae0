"""A row of buttons that stacks them one under another when its dock is too narrow for
them side by side, so none is cut off at the dock's edge (the Course dock's Coast and
Take Back Order in a narrow window).

It places its buttons itself rather than through a layout: a widget with a layout is
measured by that layout, which knows nothing of the row's two shapes, while a widget
without one is asked its own ``heightForWidth``.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

SPACING = 6


class ButtonRow(QWidget):
    """``buttons`` side by side, sharing the width, while they fit; stacked when not."""

    def __init__(self, *buttons: QPushButton, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("button_row")
        self.buttons = buttons
        for button in buttons:
            button.setParent(self)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def wide(self) -> int:
        """The width the buttons need side by side."""
        return sum(b.sizeHint().width() for b in self.buttons) + SPACING * (len(self.buttons) - 1)

    def stacked(self) -> bool:
        """Whether the buttons stand one under another at the row's width."""
        return self.width() < self.wide()

    def _height(self, stacked: bool) -> int:
        heights = [b.sizeHint().height() for b in self.buttons]
        if not stacked:
            return max(heights, default=0)
        return sum(heights) + SPACING * (len(heights) - 1)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._height(width < self.wide())

    def minimumSizeHint(self) -> QSize:
        """As narrow as the widest button (the others go under it), as high as the
        buttons stand at the row's width."""
        least = max((b.minimumSizeHint().width() for b in self.buttons), default=0)
        return QSize(least, self._height(self.stacked()))

    def sizeHint(self) -> QSize:
        return QSize(self.wide(), self._height(self.stacked()))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        width = event.size().width()
        if width < self.wide():
            y = 0
            for button in self.buttons:
                h = button.sizeHint().height()
                button.setGeometry(QRect(0, y, width, h))
                y += h + SPACING
        else:
            share = (width - SPACING * (len(self.buttons) - 1)) // max(1, len(self.buttons))
            for i, button in enumerate(self.buttons):
                button.setGeometry(QRect(i * (share + SPACING), 0, share, self.height()))
        if self.height() != self.heightForWidth(width):
            self.updateGeometry()  # the dock gives the stacked buttons their height
