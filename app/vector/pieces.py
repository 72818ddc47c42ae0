"""Ships on the map: a counter in the side's colour, its vector as an arrow, its trail;
and launched weapons, with their vector and the turns they have left.

Counters keep their size on screen (``ItemIgnoresTransformations``) so a ship stays
findable when the whole solar system is in view; ships sharing a hex fan out.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from core.vector.state import Ordnance, Ship, ShipStatus

COUNTER_PX = 22.0
FAN_GAP_PX = 4.0  # clear screen pixels between counters fanned out in one hex
Z_TRAIL = 80.0
Z_VECTOR = 85.0
Z_SHIP = 100.0
SHIP_KEY = 5
"""``item.data(SHIP_KEY)``: the id of the ship a counter, vector or trail belongs to.
Not one of the map's keys (:data:`app.board.items.MAP_KEY` is 2): a ship's item tagged
with that would be painted into the view's cached picture of the map, and stay there as
a ghost after the ship moved on (issue 16)."""


def initials(name: str) -> str:
    """Up to three letters that tell ships apart on a counter ("Ann's ship" -> "AS")."""
    words = [w for w in name.replace("'s", "").replace("-", " ").split() if w]
    if len(words) >= 2:
        return "".join(w[0] for w in words[:3]).upper()
    return name[:3]


def readable_on(colour: QColor) -> QColor:
    """Black or white text, whichever reads better on ``colour``."""
    luma = 0.299 * colour.redF() + 0.587 * colour.greenF() + 0.114 * colour.blueF()
    return QColor("#111111") if luma > 0.55 else QColor("#ffffff")


class ShipCounter(QGraphicsItem):
    """One ship's counter, drawn ``offset`` screen pixels from its hex centre."""

    def __init__(self, ship: Ship, colour: QColor, offset: QPointF) -> None:
        super().__init__()
        self.ship = ship
        self.colour = QColor(colour)
        self.offset = offset
        self.selected = False
        self.initials = initials(ship.name)
        self.label_font = QFont()
        self.label_font.setPixelSize(9 if len(self.initials) > 2 else 11)
        self.label_font.setBold(True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z_SHIP)
        self.setData(SHIP_KEY, ship.id)
        self.setToolTip(f"{ship.name} ({ship.status.value})")

    def boundingRect(self) -> QRectF:
        r = COUNTER_PX / 2 + 4
        return QRectF(-r, -r, 2 * r, 2 * r).translated(self.offset)

    def shape(self) -> QPainterPath:
        """The counter itself: a click between counters fanned out in a hex finds none."""
        r = COUNTER_PX / 2
        path = QPainterPath()
        path.addRect(QRectF(-r, -r, 2 * r, 2 * r).translated(self.offset))
        return path

    def set_selected(self, selected: bool) -> None:
        self.selected = selected
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = COUNTER_PX / 2
        rect = QRectF(-r, -r, 2 * r, 2 * r).translated(self.offset)
        if self.selected:
            painter.setPen(QPen(QColor("#ffffff"), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 6, 6)
        fill = QColor(self.colour)
        if self.ship.status is ShipStatus.LANDED:
            fill = fill.darker(130)
        painter.setPen(QPen(QColor("#05070f"), 1.5))
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, 4, 4)
        if self.ship.disabled:
            painter.setBrush(QBrush(QColor(0, 0, 0, 120), Qt.BrushStyle.BDiagPattern))
            painter.drawRoundedRect(rect, 4, 4)
        painter.setFont(self.label_font)
        painter.setPen(readable_on(fill))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.initials)
        if self.ship.status is ShipStatus.LANDED:
            painter.setPen(QPen(readable_on(fill), 1))
            painter.drawLine(
                rect.bottomLeft() + QPointF(4, -3), rect.bottomRight() + QPointF(-4, -3)
            )


def fan_radius(n: int) -> float:
    """How far from the hex's centre ``n`` counters sharing it stand: none for one; else
    far enough that no counter covers its neighbour (six Bastets in one hex each show
    whole, to be read and clicked) or the centre, where an end point may be clicked."""
    if n <= 1:
        return 0.0
    apart = COUNTER_PX + FAN_GAP_PX  # between neighbouring centres on the circle
    return max(COUNTER_PX / 2 + FAN_GAP_PX, apart / (2 * math.sin(math.pi / n)))


def fan_offsets(n: int) -> list[QPointF]:
    """Screen offsets for ``n`` counters in one hex: a circle around the centre."""
    radius = fan_radius(n)
    if not radius:
        return [QPointF(0, 0)]
    return [
        QPointF(radius * math.cos(a), radius * math.sin(a))
        for a in (2 * math.pi * k / n - math.pi / 2 for k in range(n))
    ]


def arrow_path(start: QPointF, end: QPointF, head: float) -> QPainterPath:
    """A line from ``start`` to ``end`` with an arrowhead ``head`` long at ``end``."""
    path = QPainterPath(start)
    path.lineTo(end)
    dx, dy = end.x() - start.x(), end.y() - start.y()
    length = math.hypot(dx, dy)
    if length > 0:
        ux, uy = dx / length, dy / length
        back = QPointF(end.x() - ux * head, end.y() - uy * head)
        left = QPointF(back.x() - uy * head * 0.5, back.y() + ux * head * 0.5)
        right = QPointF(back.x() + uy * head * 0.5, back.y() - ux * head * 0.5)
        path.addPolygon(QPolygonF([end, left, right, end]))
    return path


def _arrow_item(
    start: QPointF, end: QPointF, colour: QColor, width: float, head: float, alpha: int
) -> QGraphicsPathItem:
    item = QGraphicsPathItem(arrow_path(start, end, head))
    c = QColor(colour)
    c.setAlpha(alpha)
    pen = QPen(c, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    item.setPen(pen)
    item.setBrush(c)
    return item


def vector_item(
    ship_id: str, start: QPointF, end: QPointF, colour: QColor, size: float
) -> QGraphicsPathItem:
    """The ship's current vector: where it goes next turn with no burn or gravity."""
    item = _arrow_item(start, end, colour, 0.12 * size, 0.45 * size, 200)
    item.setZValue(Z_VECTOR)
    item.setData(SHIP_KEY, ship_id)
    return item


def trail_item(
    ship_id: str, points: list[QPointF], colour: QColor, size: float
) -> QGraphicsPathItem:
    """The hexes the ship has ended its moves in, joined: its track so far."""
    path = QPainterPath(points[0])
    for p in points[1:]:
        path.lineTo(p)
    for p in points[:-1]:
        path.addEllipse(p, 0.12 * size, 0.12 * size)
    c = QColor(colour)
    c.setAlpha(150)
    pen = QPen(c, 0.07 * size, Qt.PenStyle.DashLine)
    item = QGraphicsPathItem(path)
    item.setPen(pen)
    item.setZValue(Z_TRAIL)
    item.setData(SHIP_KEY, ship_id)
    return item


#: a launched weapon's marker, by its behaviour: missiles a triangle, mines a diamond,
#: buckyballs a circle, the kinetic buster a square
ORDNANCE_SHAPES = {"missile": 3, "mine": 4, "buckyball": 0, "buster": 4}
Z_ORDNANCE = 95.0
ORDNANCE_KEY = 7  # QGraphicsItem.data key: the piece id (0-3 and 5 are taken)


MARKER_PX = 16.0
"""A launched weapon's marker across, in screen pixels: smaller than a ship's counter."""


class OrdnanceMarker(QGraphicsItem):
    """A launched weapon on the map in its owner's colour, with the turns it has left.

    Like a counter it keeps its size on screen, drawn ``offset`` screen pixels from its
    hex's centre: beside the counters of the ships in that hex (its launcher's, the turn
    it is launched), so it is never hidden under them at any zoom (issue 16).
    """

    def __init__(self, piece: Ordnance, behaviour: str, colour: QColor, offset: QPointF) -> None:
        super().__init__()
        self.behaviour = behaviour
        self.colour = QColor(colour)
        self.offset = offset
        self.life = (
            "∞" if piece.permanent else ("" if piece.turns_left is None else str(piece.turns_left))
        )
        self.label_font = QFont()
        self.label_font.setPixelSize(10)
        self.label_font.setBold(True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z_ORDNANCE)
        self.setData(ORDNANCE_KEY, piece.id)
        self.setToolTip(
            f"{piece.weapon.replace('_', ' ')}: "
            + (
                "stays for good"
                if piece.permanent
                else f"{piece.turns_left} of its owner's turns left"
                if piece.turns_left is not None
                else "until spent"
            )
        )

    def marker_rect(self) -> QRectF:
        """The marker itself, in the item's (screen pixel) coordinates."""
        r = MARKER_PX / 2
        return QRectF(-r, -r, 2 * r, 2 * r).translated(self.offset)

    def boundingRect(self) -> QRectF:
        return self.marker_rect().adjusted(-2, -12, 12, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#e8ecf8"), 1.2))  # light edge: it reads on the dark map
        painter.setBrush(self.colour)
        painter.drawPath(marker_path(self.behaviour, self.marker_rect()))
        if self.life:
            painter.setFont(self.label_font)
            painter.setPen(QColor("#e8ecf8"))
            corner = self.marker_rect().topRight()
            painter.drawText(QPointF(corner.x() - 1, corner.y() + 1), self.life)


def marker_path(behaviour: str, rect: QRectF) -> QPainterPath:
    """Missiles a triangle, mines a diamond, buckyballs a circle, the buster a square."""
    path = QPainterPath()
    sides = ORDNANCE_SHAPES.get(behaviour, 0)
    centre, r = rect.center(), rect.width() / 2
    if sides == 0:
        path.addEllipse(centre, r, r)
        return path
    turn = -math.pi / 2 if behaviour != "buster" else -math.pi / 4
    points = [
        QPointF(
            centre.x() + r * math.cos(turn + 2 * math.pi * k / sides),
            centre.y() + r * math.sin(turn + 2 * math.pi * k / sides),
        )
        for k in range(sides)
    ]
    path.addPolygon(QPolygonF([*points, points[0]]))
    return path


def ordnance_offsets(n: int, ships: int) -> list[QPointF]:
    """Screen offsets for ``n`` weapons in a hex that also holds ``ships`` counters: in
    a column to the right of the counters (centred when the hex has no ship)."""
    x = fan_radius(ships) + COUNTER_PX / 2 + 4 + MARKER_PX / 2 + 3 if ships else 0.0
    step = MARKER_PX + 3
    return [QPointF(x, (k - (n - 1) / 2) * step) for k in range(n)]


def ordnance_vector_item(points: list[QPointF], colour: QColor, size: float) -> QGraphicsPathItem:
    """The hexes a launched weapon's vector ran through this turn: what mines attack."""
    path = QPainterPath(points[0])
    for p in points[1:]:
        path.lineTo(p)
    c = QColor(colour)
    c.setAlpha(170)
    pen = QPen(c, 0.08 * size, Qt.PenStyle.DotLine)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    item = QGraphicsPathItem(path)
    item.setPen(pen)
    item.setZValue(Z_VECTOR)
    return item


Z_ORDNANCE_VECTOR = 86.0
"""A launched weapon's next-turn vector: above the ships' vectors, below counters."""


def ordnance_next_item(
    piece: Ordnance, start: QPointF, end: QPointF, colour: QColor, size: float
) -> QGraphicsPathItem:
    """A launched weapon's vector as a ship's: where it will be next turn if nothing
    changes it (thinner than a ship's, so the two are told apart)."""
    item = _arrow_item(start, end, colour, 0.07 * size, 0.35 * size, 190)
    item.setZValue(Z_ORDNANCE_VECTOR)
    item.setData(ORDNANCE_KEY, piece.id)
    item.setToolTip(f"{piece.weapon.replace('_', ' ')}: where it goes next turn")
    return item


def wreck_item(name: str, centre: QPointF, size: float) -> QGraphicsPathItem:
    """A red cross over a base a kinetic buster destroyed: it serves nobody any more."""
    r = 0.42 * size
    path = QPainterPath(QPointF(centre.x() - r, centre.y() - r))
    path.lineTo(centre.x() + r, centre.y() + r)
    path.moveTo(centre.x() + r, centre.y() - r)
    path.lineTo(centre.x() - r, centre.y() + r)
    pen = QPen(QColor("#ff3030"), 0.14 * size)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    item = QGraphicsPathItem(path)
    item.setPen(pen)
    item.setZValue(Z_ORDNANCE)
    item.setToolTip(f"{name}: destroyed by a kinetic buster; it serves no ship")
    return item
