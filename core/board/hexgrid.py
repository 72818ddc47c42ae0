"""Hex geometry the Red Blob way: axial coordinates, directions, layouts, board labels.

Axial coordinates ``(q, r)`` with the implied cube coordinate ``s = -q - r``. Algorithms
use cube math; pixels come from a :class:`Layout`; the column-row labels board wargamers
write (``0412``) come from :class:`HexLabels`. Everything here is a small frozen value.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import NamedTuple

from core.engine.serial import register


class HexError(ValueError):
    """A hex, label or direction that cannot be understood."""


@register
class Hex(NamedTuple):
    """One hex in axial coordinates.

    A named tuple rather than a dataclass because hexes are the engine's hottest keys:
    tuples are built and hashed in C, several times faster. Arithmetic is overridden so
    ``+`` and ``-`` add coordinates instead of concatenating.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex | Vector) -> Hex:  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def to(self, other: Hex) -> Vector:
        """The vector from this hex to ``other``."""
        return Vector(other.q - self.q, other.r - self.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def __mul__(self, k: int) -> Hex:  # type: ignore[override]
        return Hex(self.q * k, self.r * k)

    def length(self) -> int:
        """Hex distance from the origin."""
        return max(abs(self.q), abs(self.r), abs(self.q + self.r))

    def distance(self, other: Hex) -> int:
        return (self - other).length()

    def neighbour(self, direction: Direction) -> Hex:
        dq, dr = _DIRECTION_VECTORS[direction]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> list[Hex]:
        return [Hex(self.q + dq, self.r + dr) for dq, dr in _DIRECTION_VECTORS]

    def direction_to(self, other: Hex) -> Direction | None:
        """The direction of an adjacent hex, or None when ``other`` is not adjacent."""
        return _VECTOR_DIRECTIONS.get((other.q - self.q, other.r - self.r))

    def ring(self, radius: int) -> list[Hex]:
        """The hexes at exactly ``radius`` from this one, walking counter-clockwise."""
        if radius < 0:
            raise HexError(f"ring radius must be 0 or more, not {radius}")
        if radius == 0:
            return [self]
        results: list[Hex] = []
        h = self + Direction(4).vector.scale(radius)
        for d in Direction:
            for _ in range(radius):
                results.append(h)
                h = h.neighbour(d)
        return results

    def spiral(self, radius: int) -> list[Hex]:
        """This hex and every ring out to ``radius``, centre first."""
        out: list[Hex] = []
        for k in range(radius + 1):
            out.extend(self.ring(k))
        return out

    def within(self, radius: int) -> Iterator[Hex]:
        """Every hex within ``radius`` (same set as :meth:`spiral`, row order)."""
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                yield Hex(self.q + dq, self.r + dr)

    def line_to(self, other: Hex) -> list[Hex]:
        """Red Blob's sampled line: one hex per step, nudged off hexsides.

        This is the cheap approximation; :func:`core.board.tracer.trace` is the exact one.
        """
        n = self.distance(other)
        if n == 0:
            return [self]
        eps_q, eps_r = 1e-6, 2e-6  # Red Blob's nudge, s gets -3e-6
        aq, ar = self.q + eps_q, self.r + eps_r
        bq, br = other.q + eps_q, other.r + eps_r
        return [hex_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


@register
class Vector(NamedTuple):
    """A displacement between hexes: a ship's velocity, a burn, a gravity shift.

    Kept apart from :class:`Hex` so a position and a velocity cannot be confused;
    ``hex + vector`` is a hex, ``vector + vector`` a vector.
    """

    q: int
    r: int

    @property
    def speed(self) -> int:
        """Length in hexes: how far the vector moves a ship in one turn."""
        return max(abs(self.q), abs(self.r), abs(self.q + self.r))

    def __add__(self, other: Vector) -> Vector:  # type: ignore[override]
        return Vector(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Vector) -> Vector:
        return Vector(self.q - other.q, self.r - other.r)

    def __mul__(self, k: int) -> Vector:  # type: ignore[override]
        return Vector(self.q * k, self.r * k)

    def __neg__(self) -> Vector:
        return Vector(-self.q, -self.r)

    @classmethod
    def of(cls, direction: Direction, hexes: int = 1) -> Vector:
        dq, dr = _DIRECTION_VECTORS[direction]
        return cls(dq * hexes, dr * hexes)


ZERO = Vector(0, 0)


@register
class Direction(IntEnum):
    """The six hex directions in Red Blob order (q+, then counter-clockwise).

    Member names are the compass names on a flat-top map. On a pointy-top map the same
    directions are called E, NE, NW, W, SW, SE: use :meth:`name_in` and :meth:`parse`.
    """

    SE = 0
    NE = 1
    N = 2
    NW = 3
    SW = 4
    S = 5

    @property
    def vector(self) -> Hex:
        dq, dr = _DIRECTION_VECTORS[self]
        return Hex(dq, dr)

    def opposite(self) -> Direction:
        return Direction((self + 3) % 6)

    def rotated(self, steps: int) -> Direction:
        """Turned ``steps`` sixths of a circle counter-clockwise (negative: clockwise)."""
        return Direction((self + steps) % 6)

    def name_in(self, orientation: Orientation) -> str:
        return _COMPASS[orientation][self]

    @classmethod
    def parse(cls, text: str, orientation: Orientation) -> Direction:
        names = _COMPASS[orientation]
        key = text.strip().upper()
        if key in names:
            return cls(names.index(key))
        raise HexError(
            f"unknown direction {text!r} on a {orientation.value} map: "
            f"use one of {', '.join(names)}"
        )


_DIRECTION_VECTORS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
)
_VECTOR_DIRECTIONS = {v: Direction(i) for i, v in enumerate(_DIRECTION_VECTORS)}


def hex_round(qf: float, rf: float) -> Hex:
    """The hex containing the fractional axial point ``(qf, rf)``."""
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


@register
class Orientation(Enum):
    """Pointy-top hexes form rows; flat-top hexes form columns."""

    POINTY = "pointy"
    FLAT = "flat"


_COMPASS: dict[Orientation, tuple[str, ...]] = {
    Orientation.FLAT: ("SE", "NE", "N", "NW", "SW", "S"),
    Orientation.POINTY: ("E", "NE", "NW", "W", "SW", "SE"),
}

_SQRT3 = math.sqrt(3.0)
# Red Blob's forward (f) and inverse (b) matrices and the first corner's angle, per orientation.
_MATRICES: dict[Orientation, tuple[tuple[float, float, float, float], tuple[float, ...], float]] = {
    Orientation.POINTY: (
        (_SQRT3, _SQRT3 / 2.0, 0.0, 3.0 / 2.0),
        (_SQRT3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0),
        0.5,
    ),
    Orientation.FLAT: (
        (3.0 / 2.0, 0.0, _SQRT3 / 2.0, _SQRT3),
        (2.0 / 3.0, 0.0, -1.0 / 3.0, _SQRT3 / 3.0),
        0.0,
    ),
}


@dataclass(frozen=True, slots=True)
class Layout:
    """Maps hexes to pixels and back. ``size`` is the centre-to-corner radius.

    Screen convention: y grows downwards, so direction N has a negative y.
    """

    orientation: Orientation
    size: float = 1.0 / _SQRT3
    origin: tuple[float, float] = (0.0, 0.0)

    @classmethod
    def unit(cls, orientation: Orientation) -> Layout:
        """The layout of "hex units": adjacent centres exactly 1.0 apart."""
        return cls(orientation, 1.0 / _SQRT3)

    def to_pixel(self, h: Hex) -> tuple[float, float]:
        return self.fractional_to_pixel(h.q, h.r)

    def fractional_to_pixel(self, q: float, r: float) -> tuple[float, float]:
        f0, f1, f2, f3 = _MATRICES[self.orientation][0]
        x = (f0 * q + f1 * r) * self.size + self.origin[0]
        y = (f2 * q + f3 * r) * self.size + self.origin[1]
        return (x, y)

    def pixel_to_fractional(self, x: float, y: float) -> tuple[float, float]:
        b = _MATRICES[self.orientation][1]
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        return (b[0] * px + b[1] * py, b[2] * px + b[3] * py)

    def to_hex(self, x: float, y: float) -> Hex:
        return hex_round(*self.pixel_to_fractional(x, y))

    def corner_offset(self, corner: int) -> tuple[float, float]:
        angle = 2.0 * math.pi * (_MATRICES[self.orientation][2] + corner) / 6.0
        return (self.size * math.cos(angle), self.size * math.sin(angle))

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.to_pixel(h)
        return [(cx + dx, cy + dy) for dx, dy in (self.corner_offset(i) for i in range(6))]


class HexLabels:
    """The column-row labels printed on wargame boards, e.g. ``0412``: column 4, row 12.

    Flat-top maps shift every odd column down half a hex (Red Blob's odd-q), pointy-top
    maps shift every odd row right (odd-r); ``even=True`` picks even-q / even-r instead.
    Columns and rows count from ``first`` (1 on printed boards) and are written with
    ``width`` digits each.
    """

    def __init__(
        self,
        orientation: Orientation = Orientation.FLAT,
        *,
        even: bool = False,
        first: int = 1,
        width: int = 2,
    ) -> None:
        if width < 1:
            raise HexError("label width must be at least 1 digit")
        self.orientation = orientation
        self.even = even
        self.first = first
        self.width = width

    def _half(self, n: int) -> int:
        """Half-hex shift of column (flat) or row (pointy) ``n``: odd-q/odd-r or even-."""
        return (n + (n & 1)) // 2 if self.even else (n - (n & 1)) // 2

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """Zero-based (column, row) of a hex."""
        if self.orientation is Orientation.FLAT:
            return (h.q, h.r + self._half(h.q))
        return (h.q + self._half(h.r), h.r)

    def to_offsets(self, hexes: Iterable[Hex]) -> list[tuple[int, int]]:
        """:meth:`to_offset` of many hexes at once, with no call per hex (an editor's fill
        converts thousands per edit)."""
        e = 1 if self.even else -1
        if self.orientation is Orientation.FLAT:
            return [(q, r + ((q + e * (q & 1)) >> 1)) for q, r in hexes]
        return [(q + ((r + e * (r & 1)) >> 1), r) for q, r in hexes]

    def from_offset(self, col: int, row: int) -> Hex:
        if self.orientation is Orientation.FLAT:
            return Hex(col, row - self._half(col))
        return Hex(col - self._half(row), row)

    def format(self, h: Hex) -> str:
        col, row = self.to_offset(h)
        c, r = col + self.first, row + self.first
        limit = 10**self.width
        if not (0 <= c < limit and 0 <= r < limit):
            raise HexError(f"{h!r} has no {self.width}-digit label (column {c}, row {r})")
        return f"{c:0{self.width}d}{r:0{self.width}d}"

    def describe(self, h: Hex) -> str:
        """The label of ``h`` for a message; a hex too far off the map to have a label is
        given by its coordinates (a course may end anywhere: words must never fail)."""
        try:
            return self.format(h)
        except HexError:
            return f"off the map ({h.q}, {h.r})"

    def parse(self, text: str) -> Hex:
        t = text.strip()
        if len(t) != 2 * self.width or not t.isdigit():
            raise HexError(
                f"hex label {text!r} should be {2 * self.width} digits: "
                f"{self.width} for the column, then {self.width} for the row"
            )
        col = int(t[: self.width]) - self.first
        row = int(t[self.width :]) - self.first
        return self.from_offset(col, row)
