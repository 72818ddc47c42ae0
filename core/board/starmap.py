"""The star map: bounds, bodies and their gravity, asteroids, bases, zones, atmospheres.

The map is an immutable value. Gravity is *derived* from the bodies (every hex of a
body's ring points at it) and then corrected by per-hex overrides kept separately, so
moving a body re-derives its ring while a map maker's hand-set arrows survive. Queries
the engine needs (terrain, gravity, bodies hit, bases near) live here; rules that use
them live in the rule modules.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property

from core.board.geometry import Disc, DiscIndex, Impact, impact_on
from core.board.hexgrid import Direction, Hex, HexLabels, Layout, Orientation
from core.board.rim import course_meets_disc
from core.engine.serial import added, register


@register
class BodyKind(Enum):
    STAR = "star"
    PLANET = "planet"
    MOON = "moon"
    ASTEROID = "asteroid"
    GAS_GIANT = "gas giant"


@register
class GravityKind(Enum):
    """Normal shifts a vector one hex, double two; weak is the player's choice."""

    NORMAL = "normal"
    WEAK = "weak"
    DOUBLE = "double"

    @property
    def shift(self) -> int:
        return 2 if self is GravityKind.DOUBLE else 1


@register
@dataclass(frozen=True)
class Body:
    """A star, planet, moon or asteroid body with its printed disc.

    ``size`` is how many rings of hexes the body covers beyond its centre (0: one hex);
    ``radius`` is the printed disc in hex units (adjacent centres are 1 apart), which is
    what a course must miss. ``gravity`` None means the body has no gravity ring.
    ``limit`` is the Traveller 100-diameter limit as a radius in hexes from the centre
    (None: the map gives none; the vector games ignore it).
    """

    name: str
    kind: BodyKind
    centre: Hex
    radius: float = 0.4
    gravity: GravityKind | None = GravityKind.NORMAL
    size: int = 0
    limit: int | None = added(None)

    def hexes(self) -> list[Hex]:
        return self.centre.spiral(self.size)

    def ring(self) -> list[Hex]:
        """The hexes of its gravity ring (whether or not it has gravity)."""
        return self.centre.ring(self.size + 1)


_STRENGTH = {GravityKind.WEAK: 0, GravityKind.NORMAL: 1, GravityKind.DOUBLE: 2}


@register
@dataclass(frozen=True)
class Arrow:
    """One gravity arrow: which way it pulls, how hard, and whose it is (None: set by hand)."""

    direction: Direction
    kind: GravityKind
    body: str | None = None


@register
@dataclass(frozen=True)
class Gravity:
    """The gravity of one hex: one arrow, or two for a two-directed hex (player picks one)."""

    arrows: tuple[Arrow, ...]
    overridden: bool = False

    @property
    def two_directed(self) -> bool:
        return len(self.arrows) == 2


@register
@dataclass(frozen=True)
class GravityOverride:
    """A hand-set gravity hex; no directions means "no gravity here"."""

    hex: Hex
    directions: tuple[Direction, ...]
    kind: GravityKind = GravityKind.NORMAL


@register
class BaseKind(Enum):
    ORBITAL = "orbital"
    PLANETARY = "planetary"
    ASTEROID = "asteroid"


@register
class Service(Enum):
    REFUEL = "refuel"
    REFIT = "refit"
    ORBITAL_REPAIR = "orbital-repair"
    PLANETSIDE_REPAIR = "planetside-repair"
    PLANETSIDE_LAUNCH = "planetside-launch"


DEFAULT_SERVICES: dict[BaseKind, frozenset[Service]] = {
    BaseKind.ORBITAL: frozenset({Service.REFUEL, Service.REFIT, Service.ORBITAL_REPAIR}),
    BaseKind.PLANETARY: frozenset(
        {Service.REFUEL, Service.REFIT, Service.PLANETSIDE_REPAIR, Service.PLANETSIDE_LAUNCH}
    ),
    BaseKind.ASTEROID: frozenset({Service.REFUEL, Service.REFIT, Service.PLANETSIDE_REPAIR}),
}


class _ByKind(frozenset[Service]):
    """The marker for "no services given": a base then offers its kind's defaults."""


#: ``services`` left out: the base gets ``DEFAULT_SERVICES[kind]``, as from a map file
BY_KIND: frozenset[Service] = _ByKind()


@register
@dataclass(frozen=True)
class Base:
    """A base. Orbital bases sit on a gravity hex, asteroid bases on an asteroid hex, and
    planetary bases on one hexside (``side``) of a body hex, reached from the hex there.

    Without ``services`` a base offers its kind's :data:`DEFAULT_SERVICES`, whether built
    in code or read from a map file; ``frozenset()`` means none at all."""

    name: str
    kind: BaseKind
    hex: Hex
    side: Direction | None = None
    owner: str | None = None
    services: frozenset[Service] = BY_KIND

    def __post_init__(self) -> None:
        if self.services is BY_KIND:
            object.__setattr__(self, "services", DEFAULT_SERVICES[self.kind])

    @property
    def approach(self) -> Hex:
        """The hex a ship is in when it uses the base (above it, for a planetary base)."""
        if self.kind is BaseKind.PLANETARY and self.side is not None:
            return self.hex.neighbour(self.side)
        return self.hex


@register
@dataclass(frozen=True)
class SpecialAsteroids:
    """Asteroid hexes only the side controlling ``owner`` may enter (Clandestine's)."""

    owner: str
    hexes: frozenset[Hex]


@register
@dataclass(frozen=True)
class Zone:
    """A zone of control: hexes drawn inside one outline; its edge counts as inside."""

    name: str
    hexes: frozenset[Hex]
    owner: str | None = None
    base: str | None = None


@register
class Edge(Enum):
    TOP = "top"
    BOTTOM = "bottom"
    LEFT = "left"
    RIGHT = "right"


@register
class Floor(Enum):
    SURFACE = "surface"
    CRUSH = "crush"


@register
@dataclass(frozen=True)
class Atmosphere:
    """A planet drawn as one map edge (System III Void tactical maps).

    The row (or column) at ``edge`` is the surface or crush depth; next to it come the
    atmosphere layers, ``layers`` listing their levels from the outermost inwards.
    """

    name: str
    edge: Edge
    layers: tuple[int, ...]
    floor: Floor = Floor.SURFACE


@register
class LeavingRule(Enum):
    """What leaving the map means: out of play, back after penalty turns, or bounce."""

    ELIMINATED = "eliminated"
    RETURNS = "returns"
    BOUNCES = "bounces"


@register
@dataclass(frozen=True)
class Leaving:
    rule: LeavingRule = LeavingRule.ELIMINATED
    penalty_turns: int = 0
    said: str = added("")
    """What an eliminated ship's leaving means, in players' words ("escapes the
    battle"); empty: it is out of the game."""


@register
class Terrain(Enum):
    SPACE = "space"
    BODY = "body"
    ASTEROID = "asteroid"
    SPECIAL_ASTEROID = "special asteroid"
    ATMOSPHERE = "atmosphere"
    SURFACE = "surface"
    CRUSH_DEPTH = "crush depth"
    OFF_MAP = "off map"


@register
@dataclass(frozen=True)
class Bounds:
    """A rectangle of ``width`` columns by ``height`` rows in the map's offset layout."""

    width: int
    height: int
    orientation: Orientation = Orientation.FLAT
    even: bool = False

    @cached_property
    def labels(self) -> HexLabels:
        digits = max(2, len(str(max(self.width, self.height))))
        return HexLabels(self.orientation, even=self.even, width=digits)

    def contains(self, h: Hex) -> bool:
        col, row = self.labels.to_offset(h)
        return 0 <= col < self.width and 0 <= row < self.height

    def hexes(self) -> Iterator[Hex]:
        labels = self.labels
        for row in range(self.height):
            for col in range(self.width):
                yield labels.from_offset(col, row)

    def depth_from(self, edge: Edge, h: Hex) -> int:
        """How many rows (or columns) ``h`` lies in from ``edge``; 0 on the edge itself."""
        col, row = self.labels.to_offset(h)
        return {
            Edge.TOP: row,
            Edge.BOTTOM: self.height - 1 - row,
            Edge.LEFT: col,
            Edge.RIGHT: self.width - 1 - col,
        }[edge]


@register
@dataclass(frozen=True)
class StarMap:
    """A whole map. Immutable: editors make changed copies with ``dataclasses.replace``."""

    name: str
    bounds: Bounds
    bodies: tuple[Body, ...] = ()
    overrides: tuple[GravityOverride, ...] = ()
    asteroids: frozenset[Hex] = frozenset()
    special_asteroids: tuple[SpecialAsteroids, ...] = ()
    bases: tuple[Base, ...] = ()
    zones: tuple[Zone, ...] = ()
    atmospheres: tuple[Atmosphere, ...] = ()
    leaving: Leaving = field(default_factory=Leaving)
    description: str = ""

    # ---- derived data, computed once per map value ----

    @cached_property
    def layout(self) -> Layout:
        """Hex units in this map's orientation, the plane geometry works in."""
        return Layout.unit(self.bounds.orientation)

    @cached_property
    def body_hexes(self) -> dict[Hex, Body]:
        out: dict[Hex, Body] = {}
        for body in self.bodies:
            for h in body.hexes():
                out.setdefault(h, body)
        return out

    @cached_property
    def derived_gravity(self) -> dict[Hex, Gravity]:
        """Gravity from the bodies alone: ring hexes point at their body.

        A hex in the rings of two bodies pulling different ways becomes two-directed;
        two pulling the same way keep the stronger arrow.
        """
        arrows: dict[Hex, list[Arrow]] = {}
        for body in self.bodies:
            if body.gravity is None:
                continue
            for h in body.ring():
                if h in self.body_hexes:
                    continue
                arrow = Arrow(_toward(h, body, self.layout), body.gravity, body.name)
                found = arrows.setdefault(h, [])
                same = [i for i, a in enumerate(found) if a.direction == arrow.direction]
                if not same:
                    found.append(arrow)
                elif _STRENGTH[arrow.kind] > _STRENGTH[found[same[0]].kind]:
                    found[same[0]] = arrow  # two pulls the same way: the stronger stands
        return {h: Gravity(tuple(a)) for h, a in arrows.items()}

    @cached_property
    def gravity(self) -> dict[Hex, Gravity]:
        """The gravity field: derived, then overridden by hand where the map says so."""
        field_ = dict(self.derived_gravity)
        for o in self.overrides:
            if o.directions:
                field_[o.hex] = Gravity(tuple(Arrow(d, o.kind) for d in o.directions), True)
            else:
                field_.pop(o.hex, None)
        return field_

    @cached_property
    def special_owner(self) -> dict[Hex, str]:
        return {h: s.owner for s in self.special_asteroids for h in s.hexes}

    @cached_property
    def asteroid_hexes(self) -> frozenset[Hex]:
        """Hexes whose terrain is asteroids: asteroid fields and asteroid bases.

        Special asteroids are kept apart in ``special_owner``; bodies win over both.
        """
        bases = (b.hex for b in self.bases if b.kind is BaseKind.ASTEROID)
        return frozenset(
            h
            for h in (*self.asteroids, *bases)
            if h not in self.body_hexes and h not in self.special_owner
        )

    @cached_property
    def _discs(self) -> DiscIndex:
        return DiscIndex([Disc(self.layout.to_pixel(b.centre), b.radius) for b in self.bodies])

    # ---- queries ----

    def gravity_at(self, h: Hex) -> Gravity | None:
        return self.gravity.get(h)

    def body_at(self, h: Hex) -> Body | None:
        return self.body_hexes.get(h)

    def body(self, name: str) -> Body | None:
        return next((b for b in self.bodies if b.name == name), None)

    def base(self, name: str) -> Base | None:
        return next((b for b in self.bases if b.name == name), None)

    def terrain_at(self, h: Hex) -> Terrain:
        if not self.bounds.contains(h):
            return Terrain.OFF_MAP
        if h in self.body_hexes:
            return Terrain.BODY
        if h in self.special_owner:
            return Terrain.SPECIAL_ASTEROID
        if h in self.asteroid_hexes:
            return Terrain.ASTEROID
        atmosphere = self.atmosphere_at(h)
        if atmosphere is not None:
            level = atmosphere[1]
            if level == Floor.SURFACE:
                return Terrain.SURFACE
            if level == Floor.CRUSH:
                return Terrain.CRUSH_DEPTH
            return Terrain.ATMOSPHERE
        return Terrain.SPACE

    def atmosphere_at(self, h: Hex) -> tuple[Atmosphere, int | Floor] | None:
        """The atmosphere over ``h`` and its level there (or the floor at the edge)."""
        if not self.bounds.contains(h):
            return None
        for atmosphere in self.atmospheres:
            depth = self.bounds.depth_from(atmosphere.edge, h)
            if depth == 0:
                return (atmosphere, atmosphere.floor)
            if depth <= len(atmosphere.layers):
                return (atmosphere, atmosphere.layers[len(atmosphere.layers) - depth])
        return None

    def body_hit(
        self, start: Hex, end: Hex, *, ignore: tuple[str, ...] = ()
    ) -> tuple[Body, Impact] | None:
        """The first body whose printed disc the course from ``start`` to ``end`` meets.

        ``ignore`` names bodies to leave out, such as the one a ship is launching from.
        Whether it meets a disc is decided exactly (:mod:`core.board.rim`: a tangent
        course touches the rim in every direction); floats only place the impact.
        """
        a, b = self.layout.to_pixel(start), self.layout.to_pixel(end)
        best: tuple[Body, Impact] | None = None
        for i in self._discs.candidates(a, b):  # ascending: ties keep the first body
            body = self.bodies[i]
            if body.name in ignore or not course_meets_disc(start, end, body.centre, body.radius):
                continue
            impact = impact_on(a, b, self._discs.discs[i])
            if best is None or impact.t < best[1].t:
                best = (body, impact)
        return best

    def bases_near(self, h: Hex, radius: int = 0) -> list[Base]:
        """Bases used from a hex within ``radius`` of ``h`` (0: from ``h`` itself)."""
        return [b for b in self.bases if b.approach.distance(h) <= radius]

    def zones_at(self, h: Hex) -> list[Zone]:
        return [z for z in self.zones if h in z.hexes]


def _toward(h: Hex, body: Body, layout: Layout) -> Direction:
    """The direction from ring hex ``h`` to the body hex its arrow points at.

    For a one-hex body that is simply the way to its centre. For a larger body, of the
    neighbouring body hexes the one nearest the centre wins; an exact tie (a ring hex
    between two body hexes) goes to the one nearer in angle, then the lower direction.
    """
    direct = h.direction_to(body.centre)
    if direct is not None:
        return direct
    cx, cy = layout.to_pixel(body.centre)
    hx, hy = layout.to_pixel(h)
    want = math.atan2(cy - hy, cx - hx)
    best: tuple[int, float, int] | None = None
    choice = Direction.SE
    for d in Direction:
        n = h.neighbour(d)
        if n.distance(body.centre) > body.size:
            continue
        nx, ny = layout.to_pixel(n)
        off = abs(math.remainder(math.atan2(ny - hy, nx - hx) - want, math.tau))
        key = (n.distance(body.centre), round(off, 9), int(d))
        if best is None or key < best:
            best, choice = key, d
    return choice
