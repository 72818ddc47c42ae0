"""The items a star map is drawn with: per-layer painters that draw only exposed hexes,
and the small items for bodies, bases, names and zones.

Coordinates are scene pixels from ``Layout(orientation, size=HEX_SIZE)``: hex (0, 0)
sits at the origin and adjacent hex centres are ``HEX_SIZE * sqrt(3)`` apart.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Iterator, Mapping
from enum import IntEnum

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRadialGradient,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.map.style import MapStyle
from core.geometry import outline
from core.hexgrid import Direction, Hex, Layout, Orientation
from core.starmap import (
    Arrow,
    Base,
    BaseKind,
    Body,
    Bounds,
    Gravity,
    GravityKind,
    Zone,
)

HEX_SIZE = 24.0
"""Centre-to-corner radius of a hex, in scene pixels."""
SQRT3 = math.sqrt(3.0)
HEX_UNIT = HEX_SIZE * SQRT3
"""Scene pixels per hex unit (the distance between adjacent hex centres)."""

ROLE_KEY = 0
"""``item.data(ROLE_KEY)``: "body", "base", "zone" or "name"."""
NAME_KEY = 1
"""``item.data(NAME_KEY)``: the name of the body, base or zone the item draws."""


class Layer(IntEnum):
    """The scene's layers, bottom to top; the value is the layer's z."""

    BACKGROUND = 0
    ATMOSPHERES = 10
    GRID = 20
    LABELS = 25  # under everything drawn on the map, so they never hide an arrow
    ZONES = 30
    ASTEROIDS = 40
    NAMES = 45  # under the arrows: a name may be hard to read, an arrow must not be
    GRAVITY = 50
    BODIES = 60
    BASES = 70


# ---------------------------------------------------------------- hex windows


class HexWindow:
    """Finds the map's hexes near a scene rectangle without visiting the whole map."""

    def __init__(self, bounds: Bounds, layout: Layout) -> None:
        self.bounds = bounds
        self.layout = layout
        self.labels = bounds.labels

    def cells(self, rect: QRectF) -> tuple[range, range]:
        """Offset columns and rows of every map hex that may overlap ``rect``."""
        s = self.layout.size
        ox, oy = self.layout.origin
        left, right = rect.left() - ox, rect.right() - ox
        top, bottom = rect.top() - oy, rect.bottom() - oy
        w, h = self.bounds.width, self.bounds.height
        if self.layout.orientation is Orientation.FLAT:
            return (
                _span(left, right, 1.5 * s, 0.0, s, w),
                _span(top, bottom, SQRT3 * s, 0.5, s, h),
            )
        return (
            _span(left, right, SQRT3 * s, 0.5, s, w),
            _span(top, bottom, 1.5 * s, 0.0, s, h),
        )

    def contains(self, h: Hex) -> bool:
        """``bounds.contains`` without building a new HexLabels on every call."""
        col, row = self.labels.to_offset(h)
        return 0 <= col < self.bounds.width and 0 <= row < self.bounds.height

    def hexes(self, rect: QRectF) -> Iterator[Hex]:
        cols, rows = self.cells(rect)
        from_offset = self.labels.from_offset
        for row in rows:
            for col in cols:
                yield from_offset(col, row)

    def count(self, rect: QRectF) -> int:
        cols, rows = self.cells(rect)
        return len(cols) * len(rows)

    def map_rect(self) -> QRectF:
        """The bounding rectangle of every hex polygon on the map."""
        w, h = self.bounds.width, self.bounds.height
        from_offset = self.labels.from_offset
        edge = [from_offset(c, r) for c in range(w) for r in {0, 1, h - 2, h - 1} if 0 <= r < h]
        edge += [from_offset(c, r) for r in range(h) for c in {0, 1, w - 2, w - 1} if 0 <= c < w]
        xs = [x for hx in edge for x, _ in self.layout.corners(hx)]
        ys = [y for hx in edge for _, y in self.layout.corners(hx)]
        if not xs:
            return QRectF()
        return QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _span(lo: float, hi: float, step: float, shift: float, pad: float, n: int) -> range:
    """Indices ``i`` in ``[0, n)`` whose centre ``(i + [-shift, shift]) * step`` may lie
    within ``pad`` of ``[lo, hi]``."""
    first = max(0, math.floor((lo - pad) / step - shift))
    last = min(n - 1, math.ceil((hi + pad) / step + shift))
    return range(first, last + 1)


def exposed_rect(painter: QPainter, option: QStyleOptionGraphicsItem) -> QRectF:
    """The part of an item to paint: the exposed rectangle, cut down to the painter's
    clip (``QGraphicsScene.render`` exposes whole items even when rendering a corner)."""
    rect = option.exposedRect
    if painter.hasClipping():
        rect = rect.intersected(painter.clipBoundingRect())
    return rect


def hex_polygon(layout: Layout) -> QPolygonF:
    """One hex's outline around the origin."""
    return QPolygonF([QPointF(*layout.corner_offset(i)) for i in range(6)])


# ---------------------------------------------------------------- layer items


class LayerItem(QGraphicsItem):
    """An invisible parent: hiding it hides the whole layer."""

    def __init__(self, layer: Layer) -> None:
        super().__init__()
        self.layer = layer
        self.setZValue(float(layer))
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pass


class HexPaintItem(QGraphicsItem):
    """Paints some hexes one at a time, visiting only those in the exposed rectangle.

    ``hexes`` None means every hex of the map. Subclasses implement :meth:`paint_hex`
    and may set :attr:`min_pixels`, the on-screen hex size below which nothing is drawn.
    """

    min_pixels = 0.0

    def __init__(self, window: HexWindow, hexes: Collection[Hex] | None) -> None:
        super().__init__()
        self.hex_window = window
        self.layout = window.layout
        self.hexes = hexes
        self._rect = window.map_rect()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def boundingRect(self) -> QRectF:
        return self._rect

    def visible_hexes(self, rect: QRectF) -> Iterator[Hex]:
        if self.hexes is None:
            yield from self.hex_window.hexes(rect)
        elif self.hex_window.count(rect) <= len(self.hexes):
            yield from (h for h in self.hex_window.hexes(rect) if h in self.hexes)
        else:
            pad = self.layout.size
            near = rect.adjusted(-pad, -pad, pad, pad)
            for h in self.hexes:
                if near.contains(*self.layout.to_pixel(h)):
                    yield h

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if lod * self.layout.size < self.min_pixels:
            return
        self.begin(painter)
        for h in self.visible_hexes(exposed_rect(painter, option)):
            x, y = self.layout.to_pixel(h)
            painter.translate(x, y)
            self.paint_hex(painter, h)
            painter.translate(-x, -y)

    def begin(self, painter: QPainter) -> None:
        """Set up the painter once before the hexes are painted."""

    def paint_hex(self, painter: QPainter, h: Hex) -> None:
        """Paint ``h`` with the painter's origin at its centre."""
        raise NotImplementedError


class GridItem(QGraphicsItem):
    """The hex grid, drawn from cached line lists of square tiles of hexes.

    Each hex draws the three edges it shares with its SE, NE and N neighbours (in
    flat-top names) plus any edge on the map's border, so no line is drawn twice.
    """

    TILE = 16
    min_pixels = 3.0
    OWN = frozenset({Direction.SE, Direction.NE, Direction.N})

    def __init__(self, window: HexWindow, style: MapStyle) -> None:
        super().__init__()
        self.hex_window = window
        self._rect = window.map_rect()
        self._tiles: dict[tuple[int, int], list[QLineF]] = {}
        self._pen = QPen(style.grid, style.grid_width * window.layout.size)
        self._pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self._edges = _edge_corners(window.layout)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if lod * self.hex_window.layout.size < self.min_pixels:
            return
        painter.setPen(self._pen)
        cols, rows = self.hex_window.cells(exposed_rect(painter, option))
        if not cols or not rows:
            return
        t = self.TILE
        for tr in range(rows.start // t, (rows.stop - 1) // t + 1):
            for tc in range(cols.start // t, (cols.stop - 1) // t + 1):
                painter.drawLines(self._tile(tc, tr))

    def _tile(self, tc: int, tr: int) -> list[QLineF]:
        lines = self._tiles.get((tc, tr))
        if lines is None:
            lines = []
            t, bounds, layout = self.TILE, self.hex_window.bounds, self.hex_window.layout
            contains = self.hex_window.contains
            for row in range(tr * t, min((tr + 1) * t, bounds.height)):
                for col in range(tc * t, min((tc + 1) * t, bounds.width)):
                    h = self.hex_window.labels.from_offset(col, row)
                    x, y = layout.to_pixel(h)
                    border = col in (0, bounds.width - 1) or row in (0, bounds.height - 1)
                    for d, (ax, ay, bx, by) in self._edges.items():
                        if d in self.OWN or (border and not contains(h.neighbour(d))):
                            lines.append(QLineF(x + ax, y + ay, x + bx, y + by))
            self._tiles[(tc, tr)] = lines
        return lines


def _edge_corners(layout: Layout) -> dict[Direction, tuple[float, float, float, float]]:
    """For each direction, the two corners (relative to the centre) of the edge facing it."""
    out: dict[Direction, tuple[float, float, float, float]] = {}
    ox, oy = layout.origin
    for i in range(6):
        ax, ay = layout.corner_offset(i)
        bx, by = layout.corner_offset((i + 1) % 6)
        mx, my = (ax + bx) / 2, (ay + by) / 2

        def facing(d: Direction, mx: float = mx, my: float = my) -> float:
            px, py = layout.to_pixel(d.vector)
            return (px - ox) * mx + (py - oy) * my

        out[max(Direction, key=facing)] = (ax, ay, bx, by)
    return out


class LabelItem(HexPaintItem):
    """Column-row labels ("0412") at the top of each hex, when big enough to read."""

    min_pixels = 16.0

    def __init__(self, window: HexWindow, style: MapStyle) -> None:
        super().__init__(window, None)
        s = window.layout.size
        self._font = _font(style.label_size * s)
        self._pen = QPen(style.label)
        self._box = QRectF(-s, -0.86 * s, 2 * s, 0.5 * s)

    def begin(self, painter: QPainter) -> None:
        painter.setFont(self._font)
        painter.setPen(self._pen)

    def paint_hex(self, painter: QPainter, h: Hex) -> None:
        painter.drawText(self._box, Qt.AlignmentFlag.AlignCenter, self.hex_window.labels.format(h))


class TintItem(HexPaintItem):
    """Hexes filled with a colour each (atmosphere bands)."""

    def __init__(self, window: HexWindow, colours: Mapping[Hex, QColor]) -> None:
        super().__init__(window, colours.keys())
        self.colours = dict(colours)
        self._polygon = hex_polygon(window.layout)

    def begin(self, painter: QPainter) -> None:
        painter.setPen(Qt.PenStyle.NoPen)

    def paint_hex(self, painter: QPainter, h: Hex) -> None:
        painter.setBrush(self.colours[h])
        painter.drawPolygon(self._polygon)


class AsteroidItem(HexPaintItem):
    """A few small rocks per asteroid hex, placed pseudo-randomly from the hex itself."""

    def __init__(
        self,
        window: HexWindow,
        hexes: Collection[Hex],
        fill: QColor,
        edge: QColor,
        tint: QColor | None = None,
    ) -> None:
        super().__init__(window, frozenset(hexes))
        s = window.layout.size
        self._brush = QBrush(fill)
        self._pen = QPen(edge, 0.04 * s)
        self._tint = tint
        self._polygon = hex_polygon(window.layout)
        self._rocks: dict[Hex, QPainterPath] = {}

    def paint_hex(self, painter: QPainter, h: Hex) -> None:
        if self._tint is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self._tint)
            painter.drawPolygon(self._polygon)
        painter.setPen(self._pen)
        painter.setBrush(self._brush)
        rocks = self._rocks.get(h)
        if rocks is None:
            rocks = self._rocks[h] = rock_path(h, self.layout.size)
        painter.drawPath(rocks)


def rock_path(h: Hex, size: float) -> QPainterPath:
    """Three to five lumpy rocks around the origin, always the same for the same hex."""
    rng = random.Random(h.q * 92821 + h.r * 68917 + 7)
    path = QPainterPath()
    placed: list[tuple[float, float, float]] = []
    for _ in range(3 + rng.randrange(3)):
        for _attempt in range(12):
            radius = size * rng.uniform(0.09, 0.17)
            angle, dist = rng.uniform(0, math.tau), size * 0.55 * math.sqrt(rng.random())
            x, y = dist * math.cos(angle), dist * math.sin(angle)
            if all(math.hypot(x - px, y - py) > radius + pr for px, py, pr in placed):
                break
        placed.append((x, y, radius))
        corners = 5 + rng.randrange(3)
        turn = rng.uniform(0, math.tau)
        points = [
            QPointF(
                x + radius * rng.uniform(0.7, 1.0) * math.cos(turn + math.tau * i / corners),
                y + radius * rng.uniform(0.7, 1.0) * math.sin(turn + math.tau * i / corners),
            )
            for i in range(corners)
        ]
        path.addPolygon(QPolygonF(points))
        path.closeSubpath()
    return path


class GravityItem(HexPaintItem):
    """Gravity arrows: filled heads for normal, hollow for weak, two heads for double."""

    def __init__(self, window: HexWindow, gravity: Mapping[Hex, Gravity], style: MapStyle) -> None:
        super().__init__(window, gravity.keys())
        self.gravity = gravity
        s = window.layout.size
        self._pen = QPen(style.gravity, style.gravity_width * s)
        self._pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        self._fill = QBrush(style.gravity)
        self._mark = QBrush(style.override_mark)
        self._arrows = ArrowShapes(window.layout)

    def begin(self, painter: QPainter) -> None:
        painter.setPen(self._pen)

    def paint_hex(self, painter: QPainter, h: Hex) -> None:
        g = self.gravity[h]
        pair = g.two_directed
        for arrow in g.arrows:
            shaft, heads = self._arrows.get(arrow, pair)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(shaft)
            hollow = arrow.kind is GravityKind.WEAK
            painter.setBrush(Qt.BrushStyle.NoBrush if hollow else self._fill)
            painter.drawPath(heads)
        if g.overridden:
            painter.save()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self._mark)
            r = 0.09 * self.layout.size
            painter.drawEllipse(self._arrows.mark_position(g), r, r)
            painter.restore()


class ArrowShapes:
    """Cached arrow paths around the origin, per direction, kind and arrow count."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self._cache: dict[tuple[Direction, GravityKind, bool], tuple[QPainterPath, ...]] = {}

    def unit(self, d: Direction) -> tuple[float, float]:
        x, y = self.layout.to_pixel(d.vector)
        ox, oy = self.layout.origin
        n = math.hypot(x - ox, y - oy)
        return ((x - ox) / n, (y - oy) / n)

    def get(self, arrow: Arrow, pair: bool) -> tuple[QPainterPath, QPainterPath]:
        key = (arrow.direction, arrow.kind, pair)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._build(*key)
        return found[0], found[1]

    def _build(self, d: Direction, kind: GravityKind, pair: bool) -> tuple[QPainterPath, ...]:
        s = self.layout.size
        ux, uy = self.unit(d)
        vx, vy = -uy, ux
        tail, tip = (0.12 * s, 0.72 * s) if pair else (-0.5 * s, 0.66 * s)
        length, half = 0.3 * s, 0.19 * s
        heads = QPainterPath()
        bases = [tip - length]
        if kind is GravityKind.DOUBLE:
            bases.append(tip - 2.0 * length)
        for base in bases:
            point = base + length
            heads.addPolygon(
                QPolygonF(
                    [
                        QPointF(point * ux, point * uy),
                        QPointF(base * ux + half * vx, base * uy + half * vy),
                        QPointF(base * ux - half * vx, base * uy - half * vy),
                    ]
                )
            )
            heads.closeSubpath()
        shaft = QPainterPath(QPointF(tail * ux, tail * uy))
        shaft.lineTo(bases[-1] * ux, bases[-1] * uy)
        if len(bases) == 2:  # a short link between the two heads
            shaft.moveTo((bases[1] + length) * ux, (bases[1] + length) * uy)
            shaft.lineTo(bases[0] * ux, bases[0] * uy)
        return (shaft, heads)

    def mark_position(self, g: Gravity) -> QPointF:
        """A spot for the "set by hand" mark, beside the first arrow and clear of the rest."""
        ux, uy = self.unit(g.arrows[0].direction)
        s = self.layout.size
        others = [self.unit(a.direction) for a in g.arrows[1:]]
        best = max((1.0, -1.0), key=lambda k: -sum(k * (-uy * ox + ux * oy) for ox, oy in others))
        return QPointF(best * -uy * 0.45 * s, best * ux * 0.45 * s)


# ---------------------------------------------------------------- single items


def _font(pixels: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, round(pixels)))
    font.setBold(bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


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
        self.setFont(_font(pixels, bold=True))
        self.setBrush(colour)
        rect = super().boundingRect()
        w, h = rect.width(), rect.height()
        cx, cy = anchor.x() + toward[0] * w / 2, anchor.y() + toward[1] * h / 2
        self.setPos(cx - w / 2, cy - h / 2)
        self.setData(ROLE_KEY, "name")
        self.setData(NAME_KEY, text)

    def boundingRect(self) -> QRectF:
        return super().boundingRect().adjusted(-2, 0, 2, 0)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(5, 7, 15, 150))
        painter.drawRoundedRect(self.boundingRect(), 2.0, 2.0)
        super().paint(painter, option, widget)  # type: ignore[arg-type]


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
        item = QGraphicsPathItem(path)
        item.setPen(QPen(colour, 0.1 * s))
        item.setBrush(Qt.BrushStyle.NoBrush)
    elif base.kind is BaseKind.PLANETARY:
        side = (centre + approach) / 2.0
        path.addEllipse(side, 0.17 * s, 0.17 * s)
        item = QGraphicsPathItem(path)
        item.setPen(QPen(style.base_edge, 0.04 * s))
        item.setBrush(colour)
    else:
        path.addRect(QRectF(centre.x() - 0.17 * s, centre.y() - 0.17 * s, 0.34 * s, 0.34 * s))
        item = QGraphicsPathItem(path)
        item.setPen(QPen(style.base_edge, 0.04 * s))
        item.setBrush(colour)
    item.setData(ROLE_KEY, "base")
    item.setData(NAME_KEY, base.name)
    item.setToolTip(f"{base.name} ({base.kind.value} base)")
    return item


def zone_item(zone: Zone, layout: Layout, colour: QColor, style: MapStyle) -> QGraphicsPathItem:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for ring in outline([layout.corners(h) for h in zone.hexes]):
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


# ---------------------------------------------------------------- the scene
