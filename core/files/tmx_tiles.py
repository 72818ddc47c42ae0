"""Tiled's side of a TMX map: its staggered hex grid in pixels, and the tiles we embed.

A TMX file needs pictures for its tiles or Tiled shows nothing. Rather than ship a PNG next
to every export, each tile is drawn here (a few filled shapes, 4x4 supersampled) and
written as a PNG inside the TMX, so the file stands alone. No Qt: ``core`` must not import it.
Tiled cell (x, y) is our zero-based offset (column, row); see ``docs/formats/tmx.md``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from core.board.hexgrid import Orientation
from core.files import png

SIDE = 24
"""Tiled's ``hexsidelength`` and our hexes' centre-to-corner size, in pixels."""

RGBA = tuple[int, int, int, int]
Shape = Callable[[float, float], bool]  # inside test, coordinates relative to the tile centre


@dataclass(frozen=True)
class TileKind:
    """One tile of the tileset: its ``type`` in the TMX and what it looks like."""

    type: str
    title: str


TILES: tuple[TileKind, ...] = (
    TileKind("space", "open space (drawn under everything, ignored when read)"),
    TileKind("asteroid", "asteroids"),
    TileKind("special-asteroid", "special asteroids (one side may enter)"),
    TileKind("star", "a star's hex"),
    TileKind("planet", "a planet's hex"),
    TileKind("moon", "a moon's hex"),
    TileKind("asteroid-body", "a large asteroid's hex"),
    TileKind("orbital-base", "orbital base"),
    TileKind("planetary-base", "planetary base"),
    TileKind("asteroid-base", "asteroid base"),
    TileKind("zone", "a zone of control"),
    TileKind("gas-giant", "a gas giant's hex"),
)
TILE_ID = {t.type: i for i, t in enumerate(TILES)}


def tile_size(orientation: Orientation) -> tuple[int, int]:
    """Tiled's tilewidth and tileheight for a regular hex of :data:`SIDE`."""
    across = round(math.sqrt(3) * SIDE)
    return (2 * SIDE, across) if orientation is Orientation.FLAT else (across, 2 * SIDE)


def _hexagon(orientation: Orientation, scale: float) -> Shape:
    r = SIDE * scale
    flat = orientation is Orientation.FLAT

    def inside(x: float, y: float) -> bool:
        if not flat:
            x, y = y, x
        ax, ay = abs(x), abs(y)
        return ay <= r * math.sqrt(3) / 2 and ax * math.sqrt(3) + ay <= r * math.sqrt(3)

    return inside


def _disc(cx: float, cy: float, r: float) -> Shape:
    return lambda x, y: (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def _square(half: float, ring: float = 0.0) -> Shape:
    def inside(x: float, y: float) -> bool:
        m = max(abs(x), abs(y))
        return m <= half and m >= ring

    return inside


def _diamond(half: float) -> Shape:
    return lambda x, y: abs(x) + abs(y) <= half


def _triangle(half: float) -> Shape:
    return lambda x, y: -half <= y <= half and abs(x) <= (y + half) / 2


def _layers(kind: str, orientation: Orientation) -> list[tuple[Shape, RGBA]]:
    """What one tile is made of, bottom first."""
    hexagon = _hexagon(orientation, 0.96)
    rocks = [_disc(-6, -4, 3.5), _disc(5, -3, 4.5), _disc(-1, 7, 3.5), _disc(9, 7, 2.5)]
    grey = (141, 143, 150, 255)
    body = {
        "star": ((255, 194, 26, 255), 0.9),
        "planet": ((79, 143, 216, 255), 0.7),
        "moon": ((180, 184, 196, 255), 0.5),
        "asteroid-body": ((160, 138, 112, 255), 0.6),
        "gas-giant": ((214, 160, 96, 255), 0.8),
    }
    if kind == "space":
        outline, inner = _hexagon(orientation, 1.0), _hexagon(orientation, 0.92)
        return [(outline, (44, 58, 107, 255)), (inner, (11, 18, 48, 255))]
    if kind == "asteroid":
        return [(rock, grey) for rock in rocks]
    if kind == "special-asteroid":
        return [(hexagon, (204, 121, 167, 70))] + [(rock, (204, 121, 167, 255)) for rock in rocks]
    if kind in body:
        colour, size = body[kind]
        return [(_disc(0, 0, SIDE * size * 0.85), colour)]
    if kind == "orbital-base":
        return [(_square(7, 4), (95, 224, 160, 255))]
    if kind == "planetary-base":
        return [(_triangle(7), (255, 59, 48, 255))]
    if kind == "asteroid-base":
        return [(_diamond(8), (245, 197, 66, 255))]
    return [(hexagon, (230, 159, 0, 80))]  # zone


def _blend(under: RGBA, over: RGBA, coverage: float) -> RGBA:
    a = over[3] / 255 * coverage
    out_a = a + under[3] / 255 * (1 - a)
    if out_a == 0:
        return (0, 0, 0, 0)
    mix = [round((over[i] * a + under[i] * under[3] / 255 * (1 - a)) / out_a) for i in range(3)]
    return (mix[0], mix[1], mix[2], round(out_a * 255))


def _draw(kind: str, orientation: Orientation) -> list[list[RGBA]]:
    width, height = tile_size(orientation)
    layers = _layers(kind, orientation)
    samples = [(i + 0.5) / 4 for i in range(4)]
    pixels = []
    for py in range(height):
        row = []
        for px in range(width):
            colour: RGBA = (0, 0, 0, 0)
            for shape, paint in layers:
                hits = sum(
                    shape(px + sx - width / 2, py + sy - height / 2)
                    for sx in samples
                    for sy in samples
                )
                if hits:
                    colour = _blend(colour, paint, hits / 16)
            row.append(colour)
        pixels.append(row)
    return pixels


def _png(rows: list[list[RGBA]]) -> bytes:
    """The tile as an RGBA PNG, deflated hard: tiles are tiny and embedded in every file."""
    data = [bytes(v for pixel in row for v in pixel) for row in rows]
    return png.encode(len(rows[0]), len(rows), data, channels=4, level=9)


@lru_cache(maxsize=2)
def tile_pngs(orientation: Orientation) -> tuple[bytes, ...]:
    """Each tile of :data:`TILES` as PNG bytes.

    One image per tile (an "image collection" tileset) because Tiled before 1.10.3 reads
    embedded images only on single tiles, not on a whole tileset.
    """
    return tuple(_png(_draw(t.type, orientation)) for t in TILES)


@dataclass(frozen=True)
class TiledGrid:
    """Tiled's staggered hex grid for one of our maps: cell centres in pixels and back.

    Flat-topped maps stagger columns (``staggeraxis="x"``), pointy-topped ones rows
    (``"y"``); ``staggerindex`` "odd" lowers (or pushes right) the odd zero-based columns
    (rows), exactly our odd offset, and "even" the even ones.
    """

    orientation: Orientation
    even: bool

    @property
    def tile(self) -> tuple[int, int]:
        return tile_size(self.orientation)

    @property
    def steps(self) -> tuple[float, float]:
        """Pixels from one column to the next, and from one row to the next."""
        w, h = self.tile
        if self.orientation is Orientation.FLAT:
            return ((w + SIDE) / 2, h)
        return (w, (h + SIDE) / 2)

    def staggered(self, index: int) -> bool:
        return (index % 2 == 0) if self.even else (index % 2 == 1)

    def centre(self, col: int, row: int) -> tuple[float, float]:
        w, h = self.tile
        sx, sy = self.steps
        x, y = col * sx + w / 2, row * sy + h / 2
        if self.orientation is Orientation.FLAT and self.staggered(col):
            y += h / 2
        elif self.orientation is Orientation.POINTY and self.staggered(row):
            x += w / 2
        return (x, y)

    def cell_at(self, x: float, y: float) -> tuple[int, int]:
        """The cell whose centre is nearest the pixel (x, y)."""
        w, h = self.tile
        sx, sy = self.steps
        col0, row0 = round((x - w / 2) / sx), round((y - h / 2) / sy)
        best = min(
            (
                (self.centre(c, r)[0] - x) ** 2 + (self.centre(c, r)[1] - y) ** 2,
                c,
                r,
            )
            for c in range(col0 - 1, col0 + 2)
            for r in range(row0 - 1, row0 + 2)
        )
        return (best[1], best[2])
