"""Hexes as scripts write them: a :class:`Hex`, or the label printed on the map ("0405").

Labels depend on the map (its orientation, offset and label width), so every function
that takes a hex takes the map too, or a game state, whose map it uses.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from core.board.hexgrid import Direction, Hex, Vector
from core.board.starmap import StarMap
from core.vector.gravity import label as _label
from core.vector.state import GameState

#: a hex, or its label on the map ("0405")
HexLike = Hex | str
#: a vector as ``(dq, dr)`` in axial coordinates, or a :class:`Vector`
VectorLike = Vector | tuple[int, int]
#: a direction, or its compass name on the map ("N", "SE"; "E", "W"... on pointy maps)
DirectionLike = Direction | str


def starmap_of(where: StarMap | GameState) -> StarMap:
    return where.starmap if isinstance(where, GameState) else where


def hex_at(where: StarMap | GameState, at: HexLike) -> Hex:
    """The hex ``at``: itself, or the hex the map labels so (``HexError`` if none)."""
    if isinstance(at, str):
        return starmap_of(where).bounds.labels.parse(at)
    return Hex(*at)


def hexes_at(where: StarMap | GameState, hexes: Iterable[HexLike]) -> frozenset[Hex]:
    return frozenset(hex_at(where, h) for h in hexes)


def label(where: StarMap | GameState, h: Hex) -> str:
    """The hex's label on the map ("0405"), or its coordinates when it has none."""
    return _label(starmap_of(where), h)


def direction(where: StarMap | GameState, d: DirectionLike) -> Direction:
    """A direction, from its compass name in the map's orientation."""
    if isinstance(d, Direction):
        return d
    return Direction.parse(d, starmap_of(where).bounds.orientation)


def directions(
    where: StarMap | GameState, ds: DirectionLike | Sequence[DirectionLike]
) -> tuple[Direction, ...]:
    """Directions from one, a sequence, or a string of names ("N", "N NE", "N,NE")."""
    if isinstance(ds, Direction):
        return (ds,)
    if isinstance(ds, str):
        ds = ds.replace(",", " ").split()
    return tuple(direction(where, d) for d in ds)


def vector(v: VectorLike) -> Vector:
    return Vector(*v)
