"""The small items a star map shows on top of its layers: bodies, bases, names and
zones, one scene item each."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF, QRadialGradient
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board.items import (
    HEX_SIZE,
    HEX_UNIT,
    MIN_TEXT_PIXELS,
    NAME_KEY,
    ROLE_KEY,
    hex_pixels,
    text_font,
)
from app.board.style import MapStyle
from core.board.geometry import tile_outline
from core.board.hexgrid import Layout
from core.board.starmap import Base, BaseKind, Body, Zone


class NameItem(QGraphicsSimpleTextItem):
    """A name on a dim backing so it stays readable over arrows and grid lines."""

    def __init__(
        self,
        text: str,
        pixels: float,
        colour: QColor,
        anchor: QPointF,
        toward: tuple[float, float] = (0.0, 1.0),
    ) -> None:
        """Place the text beside ``anchor``, on the side ``toward`` points to (a unit
        vector; the default puts it below)."""
        super().__init__(text)
        self.pixels = pixels
        self.setFont(text_font(pixels, bold=True))
        self.setBrush(colour)
        self.place(anchor, toward)
        self.setData(ROLE_KEY, "name")
        self.setData(NAME_KEY, text)

    def _position(self, anchor: QPointF, toward: tuple[float, float]) -> QPointF:
        rect = super().boundingRect()
        w, h = rect.width(), rect.height()
        cx, cy = anchor.x() + _lean(toward[0]) * w / 2, anchor.y() + _lean(toward[1]) * h / 2
        return QPointF(cx - w / 2, cy - h / 2)

    def place(self, anchor: QPointF, toward: tuple[float, float]) -> None:
        """Put the text beside ``anchor``, on the side ``toward`` points to."""
        self.setPos(self._position(anchor, toward))

    def rect_at(self, anchor: QPointF, toward: tuple[float, float]) -> QRectF:
        """The scene rectangle the name would cover if placed so (without moving it)."""
        return self.boundingRect().translated(self._position(anchor, toward))

    def boundingRect(self) -> QRectF:
        return super().boundingRect().adjusted(-2, 0, 2, 0)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if hex_pixels(painter, self.pixels) < MIN_TEXT_PIXELS:
            return  # too small to read: a smudge would only hide what is under it
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(5, 7, 15, 150))
        painter.drawRoundedRect(self.boundingRect(), 2.0, 2.0)
        super().paint(painter, option, widget)  # type: ignore[arg-type]


def _lean(u: float) -> float:
    """How far a name beside a point sits to one side of it, in half its size: wholly
    to that side when the direction leans that way at all (a name toward a corner has
    its corner at the point), in proportion when the direction is nearly square."""
    return max(-1.0, min(1.0, u / 0.3))


def body_item(body: Body, centre: QPointF, style: MapStyle) -> QGraphicsEllipseItem:
    radius = max(body.radius, 0.05) * HEX_UNIT
    item = QGraphicsEllipseItem(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
    colour = style.body_colour(body.kind)
    gradient = QRadialGradient(centre.x() - 0.35 * radius, centre.y() - 0.35 * radius, 1.4 * radius)
    gradient.setColorAt(0.0, colour.lighter(150))
    gradient.setColorAt(0.55, colour)
    gradient.setColorAt(1.0, colour.darker(150))
    item.setBrush(gradient)
    item.setPen(QPen(colour.darker(220), 0.04 * HEX_SIZE))
    item.setData(ROLE_KEY, "body")
    item.setData(NAME_KEY, body.name)
    item.setToolTip(body.name)
    return item


def base_item(base: Base, centre: QPointF, approach: QPointF, style: MapStyle) -> QGraphicsItem:
    s = HEX_SIZE
    colour = style.base_colour(base.kind)
    path = QPainterPath()
    if base.kind is BaseKind.ORBITAL:
        path.addEllipse(centre, 0.34 * s, 0.34 * s)
        pen, brush = QPen(colour, 0.1 * s), QBrush(Qt.BrushStyle.NoBrush)
    elif base.kind is BaseKind.PLANETARY:
        side = (centre + approach) / 2.0
        path.addEllipse(side, 0.17 * s, 0.17 * s)
        pen, brush = QPen(style.base_edge, 0.04 * s), QBrush(colour)
    else:
        path.addRect(QRectF(centre.x() - 0.17 * s, centre.y() - 0.17 * s, 0.34 * s, 0.34 * s))
        pen, brush = QPen(style.base_edge, 0.04 * s), QBrush(colour)
    item = QGraphicsPathItem(path)
    item.setPen(pen)
    item.setBrush(brush)
    item.setData(ROLE_KEY, "base")
    item.setData(NAME_KEY, base.name)
    item.setToolTip(f"{base.name} ({base.kind.value} base)")
    return item


def limit_item(body: Body, layout: Layout, style: MapStyle) -> QGraphicsPathItem:
    """The outline of the hexes inside ``body``'s 100-diameter limit, dashed."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    hexes = body.centre.spiral(max(body.size, body.limit or 0))
    for ring in tile_outline([layout.corners(h) for h in hexes]):
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
        path.closeSubpath()
    item = QGraphicsPathItem(path)
    pen = QPen(style.limit, 0.06 * layout.size, Qt.PenStyle.DashLine)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    item.setPen(pen)
    item.setData(ROLE_KEY, "limit")
    item.setData(NAME_KEY, body.name)
    item.setToolTip(f"{body.name}'s 100-diameter limit")
    return item


def zone_item(zone: Zone, layout: Layout, colour: QColor, style: MapStyle) -> QGraphicsPathItem:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for ring in tile_outline([layout.corners(h) for h in zone.hexes]):
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
        path.closeSubpath()
    item = QGraphicsPathItem(path)
    pen = QPen(colour, style.zone_width * layout.size)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    item.setPen(pen)
    fill = QColor(colour)
    fill.setAlpha(style.zone_fill_alpha)
    item.setBrush(fill if style.zone_fill_alpha else QBrush(Qt.BrushStyle.NoBrush))
    item.setData(ROLE_KEY, "zone")
    item.setData(NAME_KEY, zone.name)
    item.setToolTip(zone.name)
    return item
