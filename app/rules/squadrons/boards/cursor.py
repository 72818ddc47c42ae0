"""The keyboard's way onto a board: a hex cursor. The arrow keys move it a hex along the
board's columns and rows (as its hex numbers run), Enter or Return acts on its hex as a
click would, Escape cancels what is being done; Shift with an arrow pans the board as
the arrows do on the star map. The cursor shows as a bright outline, with a tooltip
naming its hex, while the board has the keyboard.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPolygonItem

from app.board.scene import StarMapScene
from core.board.hexgrid import Hex

CURSOR_ROLE = "hex cursor"
#: ``item.data(ROLE_KEY)`` as the counters' (3)
ROLE_KEY = 3
#: drawn over the counters and the marks' outlines
CURSOR_Z = 400.0
COLOUR = QColor("#ffffff")
#: what the keys do, for the boards' tooltips and the player's guide
KEYS_HELP = "Keys: arrows move the hex cursor, Enter acts on its hex, Escape cancels"

#: an arrow key's step in (column, row)
STEPS = {
    Qt.Key.Key_Left: (-1, 0),
    Qt.Key.Key_Right: (1, 0),
    Qt.Key.Key_Up: (0, -1),
    Qt.Key.Key_Down: (0, 1),
}


class HexCursor:
    """The cursor of one board's scene: where it is, and its outline."""

    def __init__(self, scene: StarMapScene) -> None:
        self.scene = scene
        self.hex: Hex | None = None
        self.item = QGraphicsPolygonItem()
        pen = QPen(COLOUR, 3.0)
        pen.setCosmetic(True)
        pen.setStyle(Qt.PenStyle.DashLine)
        self.item.setPen(pen)
        self.item.setZValue(CURSOR_Z)
        self.item.setData(ROLE_KEY, CURSOR_ROLE)
        self.item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.item.hide()
        scene.addItem(self.item)

    def put(self, h: Hex) -> None:
        """Show the cursor on ``h`` (a hex of the board)."""
        self.hex = h
        corners = self.scene.layout.corners(h)
        self.item.setPolygon(QPolygonF([QPointF(x, y) for x, y in corners]))
        bounds = self.scene.starmap.bounds
        self.item.setToolTip(f"Hex {bounds.labels.format(h)}: Enter acts here")
        self.item.show()

    def step(self, key: Qt.Key) -> Hex:
        """The hex an arrow key moves the cursor to; it stops at the board's edge."""
        assert self.hex is not None
        dc, dr = STEPS[key]
        bounds = self.scene.starmap.bounds
        col, row = bounds.labels.to_offset(self.hex)
        moved = bounds.labels.from_offset(col + dc, row + dr)
        return moved if bounds.contains(moved) else self.hex

    def hide(self) -> None:
        self.item.hide()

    def shown(self) -> bool:
        return self.item.isVisible()

    def centre(self) -> QPointF:
        assert self.hex is not None
        return self.scene.centre_of(self.hex)
