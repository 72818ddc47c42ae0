"""A board of the squadron game on screen: a system board (or the jump board) as a map
view, with counters drawn as counters (the side's colour, the name, the factors printed
on them, a damage marker with the hits) and hexes marked (where the selected squadron
may move, what it may fire at).

The map itself is the generic star-map scene (:class:`app.board.scene.StarMapScene`);
clicks come as the view's ``hex_clicked``. Each counter's tooltip says what it is, as a
player reads it when hovering.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPolygonItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board.items import HEX_SIZE
from app.board.scene import StarMapScene
from app.board.view import MapView
from app.vector.overlay import ROLE_KEY
from core.board.hexgrid import Hex
from core.board.starmap import StarMap

#: the role of a counter's item (``item.data(ROLE_KEY)``), for those who look for them
COUNTER_ROLE = "squadron counter"
MARK_ROLE = "squadron mark"
SIDE = HEX_SIZE * 1.6
STACK_STEP = 5.0
SHOWN_IN_STACK = 4


@dataclass(frozen=True)
class Face:
    """What a counter shows: ``top`` and ``bottom`` lines of factors (empty for a "?"),
    its title, colour, hits (a damage marker when above 0) and its tooltip."""

    key: str
    title: str
    colour: str
    tip: str
    top: str = ""
    bottom: str = ""
    hits: int = 0
    unknown: bool = False
    selected: bool = False


class CounterItem(QGraphicsItem):
    """One counter, drawn as a square token."""

    def __init__(self, face: Face) -> None:
        super().__init__()
        self.face = face
        self.setToolTip(face.tip)
        self.setData(ROLE_KEY, COUNTER_ROLE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the hex

    def boundingRect(self) -> QRectF:
        return QRectF(-SIDE / 2 - 2, -SIDE / 2 - 2, SIDE + 4, SIDE + 4)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        face = self.face
        rect = QRectF(-SIDE / 2, -SIDE / 2, SIDE, SIDE)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor("#d8d8d8") if face.unknown else QColor(face.colour or "#cccccc")
        edge = QPen(QColor("#f0c23b") if face.selected else QColor("#05070f"))
        edge.setWidthF(2.5 if face.selected else 1.0)
        painter.setPen(edge)
        painter.setBrush(QBrush(colour))
        painter.drawRoundedRect(rect, 3, 3)
        ink = QColor("#05070f")
        painter.setPen(ink)
        if face.unknown:
            font = QFont()
            font.setPixelSize(int(SIDE * 0.7))
            font.setBold(True)
            painter.setFont(font)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "?")
            return
        font = QFont()
        font.setPixelSize(max(7, int(SIDE * 0.26)))
        painter.setFont(font)
        third = SIDE / 3
        for i, text in enumerate((face.top, face.title[:7], face.bottom)):
            line = QRectF(rect.left(), rect.top() + i * third, SIDE, third)
            painter.drawText(line, Qt.AlignmentFlag.AlignCenter, text)
        if face.hits:
            marker = QRectF(rect.right() - 11, rect.top() - 5, 14, 14)
            painter.setBrush(QBrush(QColor("#d55e00")))
            painter.setPen(QPen(QColor("#05070f")))
            painter.drawEllipse(marker)
            painter.setPen(QColor("white"))
            font.setBold(True)
            painter.setFont(font)
            painter.drawText(marker, Qt.AlignmentFlag.AlignCenter, str(face.hits))


class BoardView(MapView):
    """A board with counters on it. ``hex_clicked(Hex)`` is the player's click."""

    def __init__(self, starmap: StarMap, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.board_scene = StarMapScene(starmap)
        self.setScene(self.board_scene)
        self._items: list[QGraphicsItem] = []
        self._marks: list[QGraphicsItem] = []

    def show_counters(self, stacks: Iterable[tuple[Hex, Sequence[Face]]]) -> None:
        """Put these stacks on the board in place of what was there."""
        scene = self.board_scene
        for item in self._items:
            scene.removeItem(item)
        self._items = []
        for h, faces in stacks:
            centre = scene.centre_of(h)
            shown = list(faces)[:SHOWN_IN_STACK]
            for depth, face in enumerate(reversed(shown)):
                item = CounterItem(face)
                step = (len(shown) - 1 - depth) * STACK_STEP
                item.setPos(centre + QPointF(step, -step))
                item.setZValue(200 + depth)  # the top counter last, over the others
                scene.addItem(item)
                self._items.append(item)

    def mark(self, hexes: Iterable[Hex], colour: str, tip: str = "") -> None:
        """Tint these hexes (where the selected counter may move, or fire)."""
        scene = self.board_scene
        fill = QColor(colour)
        fill.setAlpha(70)
        for h in hexes:
            corners = scene.layout.corners(h)
            item = QGraphicsPolygonItem(QPolygonF([QPointF(x, y) for x, y in corners]))
            item.setBrush(QBrush(fill))
            item.setPen(QPen(Qt.PenStyle.NoPen))
            item.setZValue(150)
            item.setData(ROLE_KEY, MARK_ROLE)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            if tip:
                item.setToolTip(tip)
            scene.addItem(item)
            self._marks.append(item)

    def clear_marks(self) -> None:
        for item in self._marks:
            self.board_scene.removeItem(item)
        self._marks = []

    def counters(self) -> list[CounterItem]:
        return [i for i in self._items if isinstance(i, CounterItem)]

    def point_of(self, h: Hex) -> QPointF:
        """Where hex ``h`` is in the view's own coordinates (scrolled into sight)."""
        centre = self.board_scene.centre_of(h)
        self.ensureVisible(QRectF(centre.x() - 30, centre.y() - 30, 60, 60))
        return QPointF(self.mapFromScene(centre))
