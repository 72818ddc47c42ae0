"""What every item a star map is drawn with shares: the scene's units and item keys, the
layers, the hex window that finds the hexes on screen, and the painters that draw only
the tiles of those hexes. The layers themselves are in :mod:`app.board.grid` (grid and
labels), :mod:`app.board.terrain` (tints, asteroids, gravity) and
:mod:`app.board.objects` (bodies, bases, names, zones).

Coordinates are scene pixels from ``Layout(orientation, size=HEX_SIZE)``: hex (0, 0)
sits at the origin and adjacent hex centres are ``HEX_SIZE * sqrt(3)`` apart. The
scene paints these items itself, as its background (see :mod:`app.board.scene`), or the
overview picture instead of them when zoomed far out; :class:`Detail` says when.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from core.board.hexgrid import Hex, Layout, Orientation
from core.board.starmap import Bounds

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
        if not edge:
            return QRectF()
        # Every hex has the same six corner offsets, and adding is monotonic, so the
        # extreme corners are the extreme centres plus the extreme offsets: the same
        # numbers as walking all six corners of every edge hex, at a sixth of the cost.
        centres = [self.layout.to_pixel(hx) for hx in edge]
        offsets = [self.layout.corner_offset(i) for i in range(6)]
        left = min(x for x, _ in centres) + min(dx for dx, _ in offsets)
        right = max(x for x, _ in centres) + max(dx for dx, _ in offsets)
        top = min(y for _, y in centres) + min(dy for _, dy in offsets)
        bottom = max(y for _, y in centres) + max(dy for _, dy in offsets)
        return QRectF(left, top, right - left, bottom - top)


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


def empty_paths(n: int) -> list[QPainterPath]:
    """``n`` empty paths that fill overlapping shapes instead of cutting holes in them."""
    paths = [QPainterPath() for _ in range(n)]
    for path in paths:
        path.setFillRule(Qt.FillRule.WindingFill)
    return paths


def text_font(pixels: float, bold: bool = False) -> QFont:
    """A font ``pixels`` high that scales smoothly with the zoom (no hinting)."""
    font = QFont()
    font.setPixelSize(max(1, round(pixels)))
    font.setBold(bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font
