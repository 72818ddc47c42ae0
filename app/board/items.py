"""The items a star map is drawn with: per-layer painters that draw only the tiles of
hexes on screen, and the small items for bodies, bases, names and zones.

Coordinates are scene pixels from ``Layout(orientation, size=HEX_SIZE)``: hex (0, 0)
sits at the origin and adjacent hex centres are ``HEX_SIZE * sqrt(3)`` apart. The
scene paints these items itself, as its background (see :mod:`app.board.scene`), or the
overview picture instead of them when zoomed far out; :class:`Detail` says when.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRadialGradient,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board.rocks import RockSprites, rock_drawing, rock_variant
from app.board.style import MapStyle
from core.board.geometry import tile_outline
from core.board.hexgrid import Direction, Hex, Layout, Orientation
from core.board.starmap import (
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
MAP_KEY = 2
"""``item.data(MAP_KEY)`` True: one of the map's items, painted as the scene's background."""


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


OVERVIEW_PIXELS = 4.0
"""On-screen hex size (centre to corner, in pixels) below which the overview picture is
drawn instead of the map's own items: a frame then costs one picture, not 100,000 hexes."""
MIN_TEXT_PIXELS = 4.0
"""Names are left out when their text would be smaller than this on screen."""


class Detail:
    """The level-of-detail switches of one scene, shared with its items.

    ``overview`` False draws the map's items at any size, never the overview picture:
    pictures rendered for files are drawn that way. ``keep`` False makes
    layers forget what they build to draw a tile once drawn: a picture of the whole
    map would otherwise leave the whole map's drawing cached.
    """

    __slots__ = ("keep", "overview")

    def __init__(self, overview: bool = True, keep: bool = True) -> None:
        self.overview = overview
        self.keep = keep

    def hides(self, pixels: float) -> bool:
        """Whether the overview stands in for the map's items at this on-screen hex size."""
        return self.overview and pixels < OVERVIEW_PIXELS


def hex_pixels(painter: QPainter, size: float = HEX_SIZE) -> float:
    """The on-screen size of a hex (``size`` in scene pixels) under the painter."""
    return QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform()) * size


# ---------------------------------------------------------------- hex windows


class HexWindow:
    """Finds the map's hexes near a scene rectangle without visiting the whole map."""

    def __init__(self, bounds: Bounds, layout: Layout) -> None:
        self.bounds = bounds
        self.layout = layout
        self.labels = bounds.labels
        self._map_rect: QRectF | None = None

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

    def map_rect(self) -> QRectF:
        """The bounding rectangle of every hex polygon on the map."""
        if self._map_rect is None:
            self._map_rect = self._outer_rect()
        return QRectF(self._map_rect)

    def _outer_rect(self) -> QRectF:
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


class WholeMapItem(QGraphicsItem):
    """An item as big as the map that paints only the hexes near the exposed rectangle,
    and nothing below :attr:`min_pixels` a hex."""

    min_pixels = 0.0

    def __init__(self, window: HexWindow, detail: Detail) -> None:
        super().__init__()
        self.hex_window = window
        self.layout = window.layout
        self.detail = detail
        self._rect = window.map_rect()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pixels = hex_pixels(painter, self.layout.size)
        if pixels < self.min_pixels:
            return
        cols, rows = self.hex_window.cells(exposed_rect(painter, option))
        if cols and rows:
            self.paint_cells(painter, cols, rows, pixels)

    def paint_cells(self, painter: QPainter, cols: range, rows: range, pixels: float) -> None:
        """Paint the hexes at offset columns ``cols`` and rows ``rows``, ``pixels`` a hex."""
        raise NotImplementedError


class TiledItem(WholeMapItem):
    """A layer of some of the map's hexes, drawn a tile of ``TILE`` x ``TILE`` hexes at
    a time.

    Each tile's drawing is built once, the first time the tile is shown, as a few paths
    in scene coordinates (:meth:`build`); a frame then costs a few ``drawPath`` calls per
    tile on screen, however many hexes it holds, and never visits a hex or a tile off
    screen. Subclasses may set :attr:`min_pixels`, the on-screen hex size below which
    the layer is left out.
    """

    TILE = 16

    def __init__(self, window: HexWindow, hexes: Iterable[Hex], detail: Detail) -> None:
        super().__init__(window, detail)
        self._hexes: dict[tuple[int, int], list[Hex]] = {}
        t, to_offset = self.TILE, window.labels.to_offset
        for h in hexes:
            col, row = to_offset(h)
            self._hexes.setdefault((col // t, row // t), []).append(h)
        self._tiles: dict[tuple[int, int], Any] = {}

    def paint_cells(self, painter: QPainter, cols: range, rows: range, pixels: float) -> None:
        self.begin(painter, pixels)
        t = self.TILE
        for tr in range(rows.start // t, (rows.stop - 1) // t + 1):
            for tc in range(cols.start // t, (cols.stop - 1) // t + 1):
                hexes = self._hexes.get((tc, tr))
                if hexes:
                    tile = self._tiles.get((tc, tr))
                    if tile is None:
                        tile = self.build(hexes)
                        if self.detail.keep:
                            self._tiles[(tc, tr)] = tile
                    self.draw(painter, tile, pixels)

    def tiles_of(self, hexes: list[Hex]) -> dict[tuple[int, int], list[Hex]]:
        """``hexes`` on the map, grouped by the tile they are in (column and row of tiles)."""
        t, w, h = self.TILE, self.hex_window.bounds.width, self.hex_window.bounds.height
        by_tile: dict[tuple[int, int], list[Hex]] = {}
        for x, (col, row) in zip(hexes, self.hex_window.labels.to_offsets(hexes), strict=True):
            if 0 <= col < w and 0 <= row < h:
                by_tile.setdefault((col // t, row // t), []).append(x)
        return by_tile

    def change(
        self, by_tile: Mapping[tuple[int, int], list[Hex]], present: Callable[[Hex], bool]
    ) -> None:
        """Add or drop the hexes of ``by_tile`` (from :meth:`tiles_of`; each kept where
        ``present`` says) and forget the drawing of only their tiles: an editor's brush
        costs the tiles it touches."""
        for key, changed in by_tile.items():
            tile = set(self._hexes.get(key, ()))
            tile.difference_update(changed)
            tile.update(filter(present, changed))
            self._hexes[key] = list(tile)
            self._tiles.pop(key, None)

    def tile_rect(self, key: tuple[int, int]) -> QRectF:
        """The scene rectangle a tile's hexes lie in (with a hex to spare)."""
        t, from_offset = self.TILE, self.hex_window.labels.from_offset
        corners = [
            self.layout.to_pixel(from_offset(key[0] * t + dc, key[1] * t + dr))
            for dc in (0, t - 1)
            for dr in (0, t - 1)
        ]
        s = 2 * self.layout.size
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        return QRectF(
            min(xs) - s, min(ys) - s, max(xs) - min(xs) + 2 * s, max(ys) - min(ys) + 2 * s
        )

    def begin(self, painter: QPainter, pixels: float) -> None:
        """Set up the painter once a frame, before the tiles are drawn."""

    def build(self, hexes: list[Hex]) -> Any:
        """What :meth:`draw` needs to draw one tile holding ``hexes``."""
        raise NotImplementedError

    def draw(self, painter: QPainter, tile: Any, pixels: float) -> None:
        raise NotImplementedError


def _paths(n: int) -> list[QPainterPath]:
    """``n`` empty paths that fill overlapping shapes instead of cutting holes in them."""
    paths = [QPainterPath() for _ in range(n)]
    for path in paths:
        path.setFillRule(Qt.FillRule.WindingFill)
    return paths


class GridItem(WholeMapItem):
    """The hex grid, drawn from one cached pattern of n x n hexes, translated.

    Each hex draws the three edges it shares with its SE, NE and N neighbours (in
    flat-top names), so no line is drawn twice; the edges on the map's border that face
    off the map are kept apart, by tile. Because columns (flat) or rows (pointy) only
    shift by half a hex, a block of an even number of them looks the same wherever it
    is, so the whole interior of the map is the same few paths; the block size grows as
    the view zooms out, keeping the calls per frame to a few dozen.
    """

    TILE = 16  # tiles of the border edges
    min_pixels = 5.0
    smooth_from = 12.0  # antialiased from this many pixels a hex
    OWN = frozenset({Direction.SE, Direction.NE, Direction.N})
    BLOCKS = (2, 4, 8, 16, 32)
    MAX_BLOCKS = 48  # pattern blocks drawn per frame, at most (unless the largest is needed)

    def __init__(self, window: HexWindow, style: MapStyle, detail: Detail) -> None:
        super().__init__(window, detail)
        size = window.layout.size
        self._width = style.grid_width * size
        # Square caps: the line ends at a corner hide under the other two lines there,
        # and unlike round caps they cost no more to draw than no caps.
        self._pen = QPen(style.grid, self._width)
        self._pen.setCapStyle(Qt.PenCapStyle.SquareCap)
        self._thin = QPen(style.grid, 1.0)
        self._thin.setCosmetic(True)
        self._edges = _edge_corners(window.layout)
        self._origin = window.layout.to_pixel(window.labels.from_offset(0, 0))
        self._patterns: dict[tuple[int, int], QPainterPath] = {}
        self._border: dict[tuple[int, int], QPainterPath] = {}

    def paint_cells(self, painter: QPainter, cols: range, rows: range, pixels: float) -> None:
        size = self.layout.size
        # Up to 1.5 pixels wide, a one-pixel cosmetic line looks the same and is drawn
        # by Qt's fast line stroker instead of being outlined as a polygon.
        painter.setPen(self._thin if pixels / size * self._width <= 1.5 else self._pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        # Zoomed out the grid is a fine mesh where smoothing is not seen, and costs twice.
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, pixels >= self.smooth_from)
        for path, dx, dy in self.pieces(cols, rows):
            painter.translate(dx, dy)
            painter.drawPath(path)
            painter.translate(-dx, -dy)

    def pieces(self, cols: range, rows: range) -> Iterator[tuple[QPainterPath, float, float]]:
        """The paths (and where to move each) that draw the grid of the hexes at offset
        columns ``cols`` and rows ``rows``, plus a little around them."""
        n = next(
            (b for b in self.BLOCKS if -(-len(cols) // b) * -(-len(rows) // b) <= self.MAX_BLOCKS),
            self.BLOCKS[-1],
        )
        w, h = self.hex_window.bounds.width, self.hex_window.bounds.height
        from_offset, to_pixel = self.hex_window.labels.from_offset, self.layout.to_pixel
        ox, oy = self._origin
        for br in range(rows.start // n, (rows.stop - 1) // n + 1):
            for bc in range(cols.start // n, (cols.stop - 1) // n + 1):
                col, row = bc * n, br * n
                x, y = to_pixel(from_offset(col, row))
                yield self._pattern(min(n, w - col), min(n, h - row)), x - ox, y - oy
        t = self.TILE
        last_c, last_r = (w - 1) // t, (h - 1) // t
        for tr in range(rows.start // t, (rows.stop - 1) // t + 1):
            for tc in range(cols.start // t, (cols.stop - 1) // t + 1):
                if tc in (0, last_c) or tr in (0, last_r):
                    yield self._border_tile(tc, tr), 0.0, 0.0

    def _pattern(self, ncols: int, nrows: int) -> QPainterPath:
        """The own edges of the block of hexes at columns and rows ``0 <= c < ncols``,
        ``0 <= r < nrows``; any block starting at an even column and row looks the same."""
        path = self._patterns.get((ncols, nrows))
        if path is None:
            path = self._patterns[(ncols, nrows)] = QPainterPath()
            from_offset = self.hex_window.labels.from_offset
            to_pixel = self.hex_window.layout.to_pixel
            own = [e for d, e in self._edges.items() if d in self.OWN]
            for row in range(nrows):
                for col in range(ncols):
                    x, y = to_pixel(from_offset(col, row))
                    for ax, ay, bx, by in own:
                        path.moveTo(x + ax, y + ay)
                        path.lineTo(x + bx, y + by)
        return path

    def _border_tile(self, tc: int, tr: int) -> QPainterPath:
        """The edges facing off the map of the border hexes in one tile."""
        path = self._border.get((tc, tr))
        if path is None:
            path = self._border[(tc, tr)] = QPainterPath()
            t, window = self.TILE, self.hex_window
            w, h = window.bounds.width, window.bounds.height
            for row in range(tr * t, min((tr + 1) * t, h)):
                for col in range(tc * t, min((tc + 1) * t, w)):
                    if col not in (0, w - 1) and row not in (0, h - 1):
                        continue
                    hx = window.labels.from_offset(col, row)
                    x, y = window.layout.to_pixel(hx)
                    for d, (ax, ay, bx, by) in self._edges.items():
                        if d not in self.OWN and not window.contains(hx.neighbour(d)):
                            path.moveTo(x + ax, y + ay)
                            path.lineTo(x + bx, y + by)
        return path


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


class LabelItem(WholeMapItem):
    """Column-row labels ("0412") at the top of each hex, when big enough to read.

    Drawn hex by hex: below :attr:`min_pixels` (text about 6 pixels high) they are left
    out, which keeps the hexes on screen to a couple of thousand at most.
    """

    min_pixels = 20.0

    def __init__(self, window: HexWindow, style: MapStyle, detail: Detail) -> None:
        super().__init__(window, detail)
        s = window.layout.size
        self._font = _font(style.label_size * s)
        self._pen = QPen(style.label)
        self._box = QRectF(-s, -0.86 * s, 2 * s, 0.5 * s)

    def paint_cells(self, painter: QPainter, cols: range, rows: range, pixels: float) -> None:
        painter.setFont(self._font)
        painter.setPen(self._pen)
        centre = Qt.AlignmentFlag.AlignCenter
        to_pixel, label = self.layout.to_pixel, self.hex_window.labels.format
        from_offset = self.hex_window.labels.from_offset
        for h in (from_offset(c, r) for r in rows for c in cols):
            x, y = to_pixel(h)
            painter.drawText(self._box.translated(x, y), centre, label(h))


class TintItem(TiledItem):
    """Hexes filled with a colour each (atmosphere bands)."""

    def __init__(self, window: HexWindow, colours: Mapping[Hex, QColor], detail: Detail) -> None:
        super().__init__(window, colours.keys(), detail)
        self.colours = dict(colours)
        self._polygon = hex_polygon(window.layout)

    def begin(self, painter: QPainter, pixels: float) -> None:
        painter.setPen(Qt.PenStyle.NoPen)

    def build(self, hexes: list[Hex]) -> list[tuple[QColor, QPainterPath]]:
        by_colour: dict[int, tuple[QColor, QPainterPath]] = {}
        for h in hexes:
            colour = self.colours[h]
            found = by_colour.setdefault(colour.rgba(), (colour, _paths(1)[0]))
            found[1].addPolygon(self._polygon.translated(*self.layout.to_pixel(h)))
        return list(by_colour.values())

    def draw(self, painter: QPainter, tile: Any, pixels: float) -> None:
        for colour, path in tile:
            painter.setBrush(colour)
            painter.drawPath(path)


class AsteroidItem(TiledItem):
    """A few small rocks per asteroid hex, placed pseudo-randomly from the hex itself.

    How depends on the on-screen hex size, to keep frames cheap. Below
    :attr:`dots_below` pixels a rock is a pixel or two across and is drawn as a dot.
    Below :attr:`sprites_below`, each of the 61 rock drawings is painted once per zoom
    into a small picture (:class:`~app.board.rocks.RockSprites`, which keeps those of the
    last few zooms) that is then copied to every hex using it: filling the outlines
    of a few hundred hexes of rocks costs several times more.
    Bigger than that, few hexes are on screen and their outlines are drawn.
    """

    dots_below = 10.0
    sprites_below = 48.0

    def __init__(
        self,
        window: HexWindow,
        hexes: Collection[Hex],
        fill: QColor,
        edge: QColor,
        detail: Detail,
        tint: QColor | None = None,
    ) -> None:
        super().__init__(window, hexes, detail)
        s = window.layout.size
        self._brush = QBrush(fill)
        self._pen = QPen(edge, 0.04 * s)
        self._dot = QPen(fill, 1.0)
        self._dot.setCosmetic(True)
        self._tint = tint
        self._polygon = hex_polygon(window.layout)
        self._sprites = RockSprites(s, self._pen, self._brush)

    def build(self, hexes: list[Hex]) -> _Rocks:
        return _Rocks(hexes)

    def draw(self, painter: QPainter, tile: Any, pixels: float) -> None:
        rocks: _Rocks = tile
        if self._tint is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self._tint)
            painter.drawPath(rocks.tint(self.layout, self._polygon))
        transform = painter.worldTransform()
        upright = transform.type().value <= QTransform.TransformationType.TxScale.value
        if pixels < self.dots_below:
            painter.setPen(self._dot)
            painter.drawPoints(rocks.dots(self.layout))
        elif pixels < self.sprites_below and upright:
            self._draw_sprites(painter, rocks.hexes, transform)
        else:
            painter.setPen(self._pen)
            painter.setBrush(self._brush)
            size, to_pixel = self.layout.size, self.layout.to_pixel
            for h in rocks.hexes:
                x, y = to_pixel(h)
                painter.translate(x, y)
                painter.drawPath(rock_drawing(rock_variant(h), size)[0])
                painter.translate(-x, -y)

    def _draw_sprites(self, painter: QPainter, hexes: list[Hex], transform: QTransform) -> None:
        """Copy each hex's rock picture to its place, in whole device pixels."""
        scale = transform.m11()
        made = self._sprites.at(scale)
        painter.setWorldTransform(QTransform())
        to_pixel = self.layout.to_pixel
        for h in hexes:
            variant = rock_variant(h)
            found = made.get(variant) or self._sprites.make(made, variant, scale)
            x, y = transform.map(*to_pixel(h))
            painter.drawPixmap(round(x + found[1]), round(y + found[2]), found[0])
        painter.setWorldTransform(transform)


class _Rocks:
    """One tile of asteroid hexes; its tint and dots are made when first needed."""

    __slots__ = ("_dots", "_tint", "hexes")

    def __init__(self, hexes: list[Hex]) -> None:
        self.hexes = hexes
        self._tint: QPainterPath | None = None
        self._dots: QPolygonF | None = None

    def tint(self, layout: Layout, polygon: QPolygonF) -> QPainterPath:
        if self._tint is None:
            self._tint = _paths(1)[0]
            for h in self.hexes:
                self._tint.addPolygon(polygon.translated(*layout.to_pixel(h)))
        return self._tint

    def dots(self, layout: Layout) -> QPolygonF:
        if self._dots is None:
            points: list[QPointF] = []
            for h in self.hexes:
                x, y = layout.to_pixel(h)
                centres = rock_drawing(rock_variant(h), layout.size)[1]
                points.extend(QPointF(x + cx, y + cy) for cx, cy in centres)
            self._dots = QPolygonF(points)
        return self._dots


class GravityItem(TiledItem):
    """Gravity arrows: filled heads for normal, hollow for weak, two heads for double."""

    def __init__(
        self, window: HexWindow, gravity: Mapping[Hex, Gravity], style: MapStyle, detail: Detail
    ) -> None:
        super().__init__(window, gravity.keys(), detail)
        self.gravity = gravity
        s = window.layout.size
        self._pen = QPen(style.gravity, style.gravity_width * s)
        self._pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        self._fill = QBrush(style.gravity)
        self._mark = QBrush(style.override_mark)
        self._arrows = ArrowShapes(window.layout)

    def build(self, hexes: list[Hex]) -> tuple[QPainterPath, ...]:
        shafts, filled, hollow, marks = _paths(4)
        r = 0.09 * self.layout.size
        for h in hexes:
            g = self.gravity[h]
            x, y = self.layout.to_pixel(h)
            for arrow in g.arrows:
                shaft, heads = self._arrows.get(arrow, g.two_directed)
                shafts.addPath(shaft.translated(x, y))
                weak = arrow.kind is GravityKind.WEAK
                (hollow if weak else filled).addPath(heads.translated(x, y))
            if g.overridden:
                marks.addEllipse(self._arrows.mark_position(g) + QPointF(x, y), r, r)
        return (shafts, filled, hollow, marks)

    def draw(self, painter: QPainter, tile: Any, pixels: float) -> None:
        shafts, filled, hollow, marks = tile
        painter.setPen(self._pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(shafts)
        painter.drawPath(hollow)
        painter.setBrush(self._fill)
        painter.drawPath(filled)
        if not marks.isEmpty():
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self._mark)
            painter.drawPath(marks)


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
        self.pixels = pixels
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
        if hex_pixels(painter, self.pixels) < MIN_TEXT_PIXELS:
            return  # too small to read: a smudge would only hide what is under it
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
