"""How one object moves in one turn: inertia, gravity, burn, then what its course meets.

Pure rules: no dice (hazards are reported for the engine to roll), no clock, no state
beyond the values passed in. :func:`move` runs these named steps in order:

1. :func:`inertia` -- with nothing acting, the end point is the position plus last
   turn's vector.
2. :func:`apply_gravity` -- the pulls picked up last turn shift that end point, in the
   order they were picked up, each arrow by its kind's shift (double gravity: 2). Weak
   pulls may be ignored unless ``must_apply``; a two-directed pull needs the player's
   pick; a two-directed hex whose arrows are all weak may be ignored *or* picked.
3. :func:`apply_burn` -- then the burn shifts it further: one direction per hex burnt,
   limited by the ruleset's costs and the fuel aboard.
4. :func:`follow_course` -- the course from start to end is traced: a body's disc
   crashes the object where the course meets it, the first hex off the map ends the
   course there, asteroid hexes entered faster than speed 1 are hazards and a special
   asteroid hex whose owner the mover's :class:`Passage` does not allow destroys it there.
5. :func:`core.vector.gravity.collect_pulls` -- the gravity hexes the course passed become the
   pulls for next turn (see that module for the hexside, corner and weak rulings); a
   ship that stays put in a gravity hex feels it next turn, unless the rules say the
   start hex never counts (NPlanetary).
6. :func:`core.vector.orbit.orbit_of` -- a coasting move at speed 1 from a body's gravity ring to
   its ring again keeps the ship in orbit around that body.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement

from core.board.hexgrid import ZERO, Direction, Hex, Layout, Vector
from core.board.starmap import Bounds, StarMap
from core.board.tracer import Entered, Trace, trace
from core.engine.events import Event, event
from core.engine.serial import added, register
from core.vector.gravity import (
    AppliedGravity,
    GravityPull,
    IgnoreError,
    MoveError,
    PickError,
    apply_gravity,
    collect_pulls,
    compass,
    gravity_choices,
    label,
    possessive,
)
from core.vector.orbit import orbit_of

__all__ = [
    "AppliedGravity",
    "AsteroidHex",
    "Crash",
    "ForbiddenAsteroid",
    "GravityPull",
    "Hazard",
    "IgnoreError",
    "Motion",
    "MoveError",
    "MoveResult",
    "MovementParams",
    "OffMap",
    "Order",
    "Passage",
    "PickError",
    "bounce",
    "coast",
    "move",
    "options",
]

# ---- values ----


@register
@dataclass(frozen=True)
class MovementParams:
    """What differs between the rulesets' movement.

    ``burn_costs[n - 1]`` is the fuel for an ``n``-hex burn (its length is the most
    hexes a burn may shift). ``start_hex_gravity`` False: a ship at rest never feels
    its own hex (NPlanetary). ``hexside_entered`` False: runs along a hexside count for
    nothing (the other reading of the hexside rule). ``asteroid_safe_speed``: the fastest
    a course crosses asteroid hexes without a roll (1; higher on an evasive booster).
    ``free_thrust_by``: what gives the free (zero-cost) burn hexes, for the log.
    """

    gravity: bool = True
    start_hex_gravity: bool = True
    hexside_entered: bool = True
    burn_costs: tuple[Fraction, ...] = (Fraction(1),)
    consecutive_weak_rule: bool = True
    asteroid_safe_speed: int = added(1)
    free_thrust_by: str = added("")


@register
@dataclass(frozen=True)
class Motion:
    """Where an object is, last turn's vector, and the gravity waiting to act on it."""

    position: Hex
    velocity: Vector
    pulls: tuple[GravityPull, ...] = ()


@register
@dataclass(frozen=True)
class Order:
    """A move's orders: the burn (one direction per hex), weak pulls ignored, arrows picked.

    ``ignore`` and ``picks`` refer to pulls by their index in ``Motion.pulls``.
    """

    burn: tuple[Direction, ...] = ()
    ignore: frozenset[int] = frozenset()
    picks: tuple[tuple[int, Direction], ...] = ()

    @property
    def burn_vector(self) -> Vector:
        v = ZERO
        for d in self.burn:
            v = v + Vector.of(d)
        return v


COAST = Order()
INTERPLANETARY = MovementParams()


@dataclass(frozen=True)
class Passage:
    """Whose special asteroid hexes a mover may pass: those of ``owners`` (a side, and the
    bases it holds, may be several), or everyone's (``everyone``: the optional rule is
    off and they are ordinary asteroid hexes). Any other owner's hex ends the course."""

    owners: frozenset[str] = frozenset()
    everyone: bool = False

    @classmethod
    def of(cls, *owners: str) -> Passage:
        return cls(frozenset(owners))

    def allows(self, owner: str) -> bool:
        return self.everyone or owner in self.owners


#: no special asteroid hex may be passed (a launched weapon under the rule)
NO_PASSAGE = Passage()
#: every special asteroid hex is an ordinary asteroid hex
FREE_PASSAGE = Passage(everyone=True)


@register
@dataclass(frozen=True)
class Crash:
    """The course meets ``body``'s disc at fraction ``t`` of the move, at ``point``."""

    body: str
    t: Fraction | float
    point: tuple[float, float]


@register
@dataclass(frozen=True)
class OffMap:
    """The course leaves the map: ``hex`` is the first hex entered outside it."""

    hex: Hex
    t: Fraction


@register
@dataclass(frozen=True)
class AsteroidHex:
    """An asteroid hex entered faster than speed 1: roll on the asteroid table."""

    hex: Hex
    t: Fraction = Fraction(0)


@register
@dataclass(frozen=True)
class ForbiddenAsteroid:
    """A special asteroid hex whose owner the mover may not pass: destroyed."""

    hex: Hex
    owner: str
    t: Fraction = Fraction(0)


Hazard = Crash | OffMap | AsteroidHex | ForbiddenAsteroid
ENDS_COURSE = (Crash, OffMap, ForbiddenAsteroid)


# ---- errors ----


class BurnError(MoveError):
    """A burn too long, or by a disabled ship."""


class FuelError(MoveError):
    """Not enough fuel for the burn."""


# ---- events ----


@event
class Moved(Event):
    ship: str
    start: Hex
    end: Hex
    speed: int


@event
class FuelBurned(Event):
    ship: str
    burn: tuple[Direction, ...]
    fuel: Fraction


@event
class CrashedInto(Event):
    ship: str
    body: str
    hex: Hex


@event
class LeftTheMap(Event):
    ship: str
    hex: Hex


@event
class AsteroidsCrossed(Event):
    ship: str
    hex: Hex
    speed: int


@event
class ForbiddenEntered(Event):
    ship: str
    hex: Hex
    owner: str


@dataclass(frozen=True)
class MoveResult:
    """Everything one move did. ``end`` is where the object is now: the end of its
    vector (``tip``), or where the course stopped (crash, off the map, forbidden
    asteroids). ``fuel`` is the cost of the burn, for the engine to subtract."""

    start: Hex
    end: Hex
    tip: Hex
    velocity: Vector
    trace: Trace
    fuel: Fraction
    applied: tuple[AppliedGravity, ...]
    next: Motion
    hazards: tuple[Hazard, ...] = ()
    events: tuple[Event, ...] = ()
    orbit: str | None = None
    burn: Vector = field(default=ZERO)

    @property
    def stopped(self) -> bool:
        return bool(self.hazards) and isinstance(self.hazards[-1], ENDS_COURSE)

    @property
    def destroyed(self) -> bool:
        return bool(self.hazards) and isinstance(self.hazards[-1], Crash | ForbiddenAsteroid)


# ---- the steps ----


def inertia(motion: Motion) -> Hex:
    """Step 1: with no gravity and no burn, the object repeats last turn's vector."""
    return motion.position + motion.velocity


def apply_burn(
    order: Order, params: MovementParams, *, fuel: Fraction | None, disabled: bool
) -> tuple[Vector, Fraction]:
    """Step 3: the burn's shift and its fuel cost, after the checks."""
    n = len(order.burn)
    if n == 0:
        return ZERO, Fraction(0)
    if disabled:
        raise BurnError("a disabled ship cannot burn")
    if n > len(params.burn_costs):
        raise BurnError(
            f"a burn of {n} hexes is beyond this ship (at most {len(params.burn_costs)})"
        )
    cost = Fraction(params.burn_costs[n - 1])
    if fuel is not None and cost > fuel:
        raise FuelError(f"not enough fuel: the burn costs {cost}, the ship has {fuel}")
    return order.burn_vector, cost


def follow_course(
    starmap: StarMap,
    course: Trace,
    speed: int,
    *,
    passage: Passage,
    ignore_bodies: tuple[str, ...],
    safe: int = 1,
) -> tuple[list[Hazard], Hex | None, list[Entered]]:
    """Step 4: the hazards along the course in order, where it stops (None: it does
    not), and the asteroid hexes crossed without a roll at a speed above 1 but no more
    than ``safe``. A crash, the map's edge or a forbidden asteroid hex ends the course."""
    hazards: list[Hazard] = []
    dodged: list[Entered] = []
    rocks = starmap.asteroid_hexes
    hit = starmap.body_hit(course.start, course.end, ignore=ignore_bodies)
    crash_t = None if hit is None else hit[1].t
    for step in course.steps:
        if not isinstance(step, Entered):
            continue
        if crash_t is not None and step.t >= crash_t:
            break
        h = step.hex
        if not starmap.bounds.contains(h):
            hazards.append(OffMap(h, step.t))
            return hazards, h, dodged
        owner = starmap.special_owner.get(h)
        if owner is not None and not passage.allows(owner):
            hazards.append(ForbiddenAsteroid(h, owner, step.t))
            return hazards, h, dodged
        if speed > 1 and (h in rocks or h in starmap.special_owner):
            if speed > safe:
                hazards.append(AsteroidHex(h, step.t))
            else:
                dodged.append(step)
    if hit is None:
        return hazards, None, dodged
    crash = Crash(hit[0].name, hit[1].t, hit[1].point)
    hazards.append(crash)
    return hazards, impact_hex(starmap, crash), dodged


def impact_hex(starmap: StarMap, crash: Crash) -> Hex:
    """The hex of the body nearest the point of impact (the body's own hex if it has one)."""
    body = starmap.body(crash.body)
    if body is None:
        return starmap.layout.to_hex(*crash.point)
    x, y = crash.point
    layout = starmap.layout
    return min(
        body.hexes(),
        key=lambda h: (layout.to_pixel(h)[0] - x) ** 2 + (layout.to_pixel(h)[1] - y) ** 2,
    )


def move(
    starmap: StarMap,
    motion: Motion,
    order: Order = COAST,
    params: MovementParams = INTERPLANETARY,
    *,
    passage: Passage = NO_PASSAGE,
    fuel: Fraction | None = None,
    disabled: bool = False,
    ignore_bodies: tuple[str, ...] = (),
    name: str = "ship",
) -> MoveResult:
    """Move one object for one turn. ``fuel`` None: fuel is not counted. ``passage``:
    whose special asteroids it may pass. ``ignore_bodies``: bodies the course may start
    inside (the one a landed ship launches from)."""
    start = motion.position
    pulls = motion.pulls if params.gravity else ()
    gravity, applied, events = apply_gravity(starmap, pulls, order.ignore, order.picks, name)
    burn, cost = apply_burn(order, params, fuel=fuel, disabled=disabled)
    if order.burn:
        counts = Counter(order.burn)
        dirs = " and ".join(
            f"{n} hex{'es' if n > 1 else ''} {compass(starmap, d)}" for d, n in counts.items()
        )
        text = f"{name} burns {cost} fuel: vector shifted {dirs}"
        if params.free_thrust_by:
            paid = f"{cost} fuel" if cost else "no fuel"
            text = f"{name} burns with its {params.free_thrust_by}, {paid}: vector shifted {dirs}"
        events.append(FuelBurned(text, name, order.burn, cost))
    tip = inertia(motion) + gravity + burn
    velocity = start.to(tip)
    course = trace(start, tip)
    hazards, stop_hex, dodged = follow_course(
        starmap,
        course,
        velocity.speed,
        passage=passage,
        ignore_bodies=ignore_bodies,
        safe=params.asteroid_safe_speed,
    )
    stop_t = hazards[-1].t if stop_hex is not None else None
    end = tip if stop_hex is None else stop_hex
    new_pulls: tuple[GravityPull, ...] = ()
    along: list[tuple[Fraction | float, Event]] = []
    if params.gravity:
        new_pulls, along = collect_pulls(
            starmap,
            start,
            tip,
            course.steps,
            stop=stop_t,
            hexside_entered=params.hexside_entered,
            start_hex_gravity=params.start_hex_gravity,
            consecutive_weak_rule=params.consecutive_weak_rule,
            ship=name,
        )
    along.extend((h.t, _hazard_event(starmap, h, name, velocity.speed)) for h in hazards)
    for step in dodged:
        text = (
            f"{name} dodges through the asteroids at {label(starmap, step.hex)} at speed "
            f"{velocity.speed} (safe up to speed {params.asteroid_safe_speed} this turn): no roll"
        )
        along.append((step.t, AsteroidsCrossed(text, name, step.hex, velocity.speed)))
    along.sort(key=lambda pair: pair[0])  # stable: same-time events keep their order
    verb = "heads" if stop_hex is not None else "moves" if order.burn else "coasts"
    text = f"{name} {verb} from {label(starmap, start)} to {label(starmap, tip)}"
    if velocity == ZERO:
        text = f"{name} stays at {label(starmap, start)}"
    text += f" (speed {velocity.speed})"
    events.append(Moved(text, name, start, tip, velocity.speed))
    events.extend(e for _, e in along)
    orbit = None
    if stop_hex is None and not order.burn:
        orbit = orbit_of(starmap, start, end, velocity, tuple(a.body for a in applied))
    return MoveResult(
        start=start,
        end=end,
        tip=tip,
        velocity=velocity,
        trace=course,
        fuel=cost,
        applied=applied,
        next=Motion(end, velocity, new_pulls),
        hazards=tuple(hazards),
        events=tuple(events),
        orbit=orbit,
        burn=burn,
    )


def _hazard_event(starmap: StarMap, h: Hazard, ship: str, speed: int) -> Event:
    if isinstance(h, Crash):
        where = impact_hex(starmap, h)
        return CrashedInto(
            f"{ship} crashes into {h.body} at {label(starmap, where)}", ship, h.body, where
        )
    if isinstance(h, OffMap):
        return LeftTheMap(f"{ship} leaves the map at {label(starmap, h.hex)}", ship, h.hex)
    if isinstance(h, ForbiddenAsteroid):
        who = f"{possessive(h.owner)} side"
        if starmap.base(h.owner) is not None:
            who = f"the side holding {h.owner}"
        text = (
            f"{ship} enters {possessive(h.owner)} special asteroids at {label(starmap, h.hex)}: "
            f"only {who} may pass, the ship is destroyed"
        )
        return ForbiddenEntered(text, ship, h.hex, h.owner)
    text = (
        f"{ship} crosses asteroids at {label(starmap, h.hex)} at speed {speed}: "
        "roll on the asteroid table"
    )
    return AsteroidsCrossed(text, ship, h.hex, speed)


# ---- every choice, and projections ----


Burn = tuple[Vector, Fraction, tuple[Direction, ...]]


@lru_cache(maxsize=64)
def burns(costs: tuple[Fraction, ...]) -> tuple[Burn, ...]:
    """Each distinct burn shift with its cheapest burn: (shift, cost, directions)."""
    best: dict[Vector, tuple[Fraction, int, tuple[Direction, ...]]] = {ZERO: (Fraction(0), 0, ())}
    for n, cost in enumerate(costs, start=1):
        for dirs in combinations_with_replacement(Direction, n):
            v = Order(dirs).burn_vector
            if v not in best or (cost, n) < best[v][:2]:
                best[v] = (Fraction(cost), n, dirs)
    return tuple((v, c, dirs) for v, (c, _, dirs) in best.items())


def options(
    starmap: StarMap,
    motion: Motion,
    params: MovementParams = INTERPLANETARY,
    *,
    fuel: Fraction | None = None,
    disabled: bool = False,
    passage: Passage = NO_PASSAGE,
    ignore_bodies: tuple[str, ...] = (),
    name: str = "ship",
) -> list[tuple[Order, MoveResult]]:
    """Every end point reachable this turn, each with its cheapest order and its result.

    Burns are crossed with every choice of the pending weak and two-directed pulls;
    orders reaching the same end point keep the one costing least fuel (then fewest
    burn hexes, then applying gravity rather than ignoring it).
    """
    shifts = burns(params.burn_costs) if not disabled else ((ZERO, Fraction(0), ()),)
    pulls = motion.pulls if params.gravity else ()
    base = inertia(motion)
    best: dict[Hex, tuple[tuple[Fraction, int, int], Order]] = {}
    for ignore, picks in gravity_choices(pulls):
        chosen = dict(picks)
        shift = ZERO
        for i, pull in enumerate(pulls):
            if i not in ignore:
                arrow = next(a for a in pull.arrows if a.direction == chosen.get(i, a.direction))
                shift = shift + Vector.of(arrow.direction, arrow.kind.shift)
        for v, cost, dirs in shifts:
            if fuel is not None and cost > fuel:
                continue
            end = base + shift + v
            key = (cost, len(dirs), len(ignore))
            if end not in best or key < best[end][0]:
                best[end] = (key, Order(dirs, ignore, picks))
    out: list[tuple[Order, MoveResult]] = []
    for _, order in sorted(best.values(), key=lambda kv: kv[0]):
        result = move(
            starmap,
            motion,
            order,
            params,
            passage=passage,
            fuel=fuel,
            disabled=disabled,
            ignore_bodies=ignore_bodies,
            name=name,
        )
        out.append((order, result))
    return out


def default_order(pulls: tuple[GravityPull, ...], prefer: str | None = None) -> Order:
    """Coasting with every weak pull applied and, for two-directed pulls, the arrow of
    ``prefer`` (a body name) when it has one, else the first arrow."""
    picks = []
    for i, pull in enumerate(pulls):
        if pull.two_directed:
            arrow = next((a for a in pull.arrows if a.body == prefer), pull.arrows[0])
            picks.append((i, arrow.direction))
    return Order(picks=tuple(picks))


def coast(
    starmap: StarMap,
    motion: Motion,
    params: MovementParams = INTERPLANETARY,
    turns: int = 1,
    *,
    passage: Passage = NO_PASSAGE,
    prefer: str | None = None,
    name: str = "ship",
) -> list[MoveResult]:
    """The next ``turns`` moves without burning, applying all weak gravity and the first
    arrow of two-directed pulls (or ``prefer``'s arrow). Stops early with the move that
    ends the course (crash, off the map, forbidden asteroids)."""
    results: list[MoveResult] = []
    for _ in range(turns):
        order = default_order(motion.pulls if params.gravity else (), prefer)
        result = move(starmap, motion, order, params, passage=passage, name=name)
        results.append(result)
        if result.stopped:
            break
        motion = result.next
    return results


# ---- launched objects ----


def launched(ship: Motion, adjustment: tuple[Direction, ...] = (), thrust: int = 0) -> Motion:
    """The motion of a weapon launched from a ship this turn, before the ship moves.

    It starts where the ship is, with the ship's old vector (last turn's, before this
    turn's burn) shifted by the weapon's own adjustment, which may be at most ``thrust``
    hexes; the gravity waiting for the ship waits for it too. From then on it moves by
    :func:`move` like any ship.
    """
    if len(adjustment) > thrust:
        limit = "no thrust" if thrust == 0 else f"at most {thrust} hex{'es' if thrust > 1 else ''}"
        raise BurnError(f"this weapon has {limit}: it cannot adjust by {len(adjustment)}")
    return Motion(ship.position, ship.velocity + Order(adjustment).burn_vector, ship.pulls)


# ---- leaving the map ----


def bounce(motion_after: Motion, bounds: Bounds) -> Motion:
    """A ship that left the map bounces back in, for scenarios that say so.

    ``motion_after`` is the motion at the first hex off the map (``MoveResult.next``).
    Its position and vector are mirrored across the line through the centres of the
    outermost hexes of the edge crossed (both edges at a corner): the vector component
    across that edge turns back, the one along it is kept. Columns are crossed at the
    left and right edges, rows at the top and bottom. Pending pulls are dropped.
    """
    col, row = bounds.labels.to_offset(motion_after.position)
    layout = Layout.unit(bounds.orientation)
    x, y = layout.to_pixel(motion_after.position)
    vx, vy = layout.to_pixel(Hex(*motion_after.velocity))
    border = list(bounds.hexes())
    labels = bounds.labels
    if col < 0 or col >= bounds.width:
        edge = 0 if col < 0 else bounds.width - 1
        xs = [layout.to_pixel(h)[0] for h in border if labels.to_offset(h)[0] == edge]
        line = min(xs) if col < 0 else max(xs)
        x, vx = 2 * line - x, -vx
    if row < 0 or row >= bounds.height:
        edge = 0 if row < 0 else bounds.height - 1
        ys = [layout.to_pixel(h)[1] for h in border if labels.to_offset(h)[1] == edge]
        line = min(ys) if row < 0 else max(ys)
        y, vy = 2 * line - y, -vy
    v = layout.to_hex(vx, vy)
    return Motion(layout.to_hex(x, y), Vector(v.q, v.r))
