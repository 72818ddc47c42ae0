"""Maps built in code, read from a file, or the built-in one.

:func:`build_map` takes bodies, bases and hand-set gravity as specs written with hex
labels (:func:`body`, :func:`base`, :func:`arrow`), resolves them against the map's own
labels and checks the result as a map file is checked, so a map built here behaves
exactly as the same map read from TOML (a base's default services included).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from core.api.hexes import DirectionLike, HexLike, direction, hex_at, hexes_at
from core.board.hexgrid import Orientation
from core.board.mapcheck import map_problems
from core.board.problems import FileProblems
from core.board.starmap import (
    BY_KIND,
    Base,
    BaseKind,
    Body,
    BodyKind,
    Bounds,
    GravityKind,
    GravityOverride,
    Leaving,
    LeavingRule,
    Service,
    SpecialAsteroids,
    StarMap,
)
from core.files import mapfile
from core.files.resources import SOLAR_SYSTEM_MAP

BodyKindName = Literal["star", "planet", "moon", "asteroid", "gas giant"]
GravityName = Literal["normal", "weak", "double"]
BaseKindName = Literal["orbital", "planetary", "asteroid"]


@dataclass(frozen=True)
class BodySpec:
    """A body as :func:`body` writes it, before the map's labels are known."""

    name: str
    at: HexLike
    kind: BodyKindName = "planet"
    gravity: GravityName | None = "normal"
    size: int = 0
    radius: float = 0.4
    limit: int | None = None


@dataclass(frozen=True)
class BaseSpec:
    """A base as :func:`base` writes it. ``services`` None: its kind's defaults."""

    name: str
    at: HexLike
    kind: BaseKindName = "orbital"
    side: DirectionLike | None = None
    owner: str | None = None
    services: tuple[str, ...] | None = None


@dataclass(frozen=True)
class ArrowSpec:
    """Gravity set by hand in one hex, as :func:`arrow` writes it (no directions: none)."""

    at: HexLike
    directions: tuple[DirectionLike, ...]
    kind: GravityName = "normal"


def body(
    name: str,
    at: HexLike,
    kind: BodyKindName = "planet",
    *,
    gravity: GravityName | None = "normal",
    size: int = 0,
    radius: float = 0.4,
    limit: int | None = None,
) -> BodySpec:
    """A star, planet, moon, asteroid or gas giant centred on ``at``; ``gravity`` None:
    none. ``size`` rings of hexes beyond the centre; ``radius`` is the printed disc;
    ``limit`` the 100-diameter limit in hexes (the squadron game's system boards)."""
    return BodySpec(name, at, kind, gravity, size, radius, limit)


def base(
    name: str,
    at: HexLike,
    kind: BaseKindName = "orbital",
    *,
    side: DirectionLike | None = None,
    owner: str | None = None,
    services: Sequence[str] | None = None,
) -> BaseSpec:
    """A base: orbital on a gravity hex, asteroid on an asteroid hex, planetary on the
    body hex ``at`` facing ``side``. ``services`` (``"refuel"``, ``"refit"``...) None:
    the kind's defaults, as in a map file."""
    return BaseSpec(name, at, kind, side, owner, None if services is None else tuple(services))


def arrow(at: HexLike, *directions: DirectionLike, kind: GravityName = "normal") -> ArrowSpec:
    """Hand-set gravity in ``at``: its arrows (two: the player picks), or none at all."""
    return ArrowSpec(at, directions, kind)


def build_map(
    width: int,
    height: int,
    *,
    name: str = "Map",
    bodies: Sequence[BodySpec | Body] = (),
    bases: Sequence[BaseSpec | Base] = (),
    asteroids: Iterable[HexLike] = (),
    gravity: Sequence[ArrowSpec] = (),
    special_asteroids: Mapping[str, Iterable[HexLike]] | None = None,
    orientation: Literal["flat", "pointy"] = "flat",
    even: bool = False,
    leaving: Literal["eliminated", "returns", "bounces"] = "eliminated",
    penalty_turns: int = 0,
    check: bool = True,
) -> StarMap:
    """A map ``width`` columns by ``height`` rows. ``check`` (as a map file is checked on
    load): raise :class:`FileProblems` listing every problem, such as an orbital base off
    its planet's gravity ring; False builds whatever is asked, for odd test positions."""
    bounds = Bounds(width, height, Orientation(orientation), even)
    shape = StarMap(name, bounds)
    m = StarMap(
        name,
        bounds,
        bodies=tuple(_body(shape, b) for b in bodies),
        overrides=tuple(_override(shape, g) for g in gravity),
        asteroids=hexes_at(shape, asteroids),
        special_asteroids=tuple(
            SpecialAsteroids(owner, hexes_at(shape, hexes))
            for owner, hexes in (special_asteroids or {}).items()
        ),
        bases=tuple(_base(shape, b) for b in bases),
        leaving=Leaving(LeavingRule(leaving), penalty_turns),
    )
    if check:
        problems = map_problems(m)
        if problems:
            raise FileProblems(problems)
    return m


def open_space(width: int = 40, height: int = 40) -> StarMap:
    """A map with nothing on it."""
    return build_map(width, height, name="Open space")


def load_map(path: str | Path) -> StarMap:
    """A map file (TOML), checked; :class:`FileProblems` lists every problem."""
    return mapfile.load_map(path)


@cache
def builtin_map() -> StarMap:
    """The solar system map that comes with Ecliptic (read once)."""
    return mapfile.load_map(SOLAR_SYSTEM_MAP)


def _body(shape: StarMap, spec: BodySpec | Body) -> Body:
    if isinstance(spec, Body):
        return spec
    gravity = None if spec.gravity is None else GravityKind(spec.gravity)
    centre = hex_at(shape, spec.at)
    kind = BodyKind(spec.kind)
    return Body(spec.name, kind, centre, spec.radius, gravity, spec.size, spec.limit)


def _base(shape: StarMap, spec: BaseSpec | Base) -> Base:
    if isinstance(spec, Base):
        return spec
    side = None if spec.side is None else direction(shape, spec.side)
    services = BY_KIND if spec.services is None else frozenset(map(Service, spec.services))
    at = hex_at(shape, spec.at)
    return Base(spec.name, BaseKind(spec.kind), at, side, spec.owner, services)


def _override(shape: StarMap, spec: ArrowSpec) -> GravityOverride:
    dirs = tuple(direction(shape, d) for d in spec.directions)
    return GravityOverride(hex_at(shape, spec.at), dirs, GravityKind(spec.kind))
