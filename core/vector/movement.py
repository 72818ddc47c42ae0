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
4. :func:`core.vector.course.follow_course` -- the course from start to end is traced: a body's disc
   crashes the object where the course meets it, the first hex off the map ends the
   course there, asteroid hexes entered faster than speed 1 are hazards and a special
   asteroid hex whose owner the mover's :class:`Passage` does not allow destroys it there.
5. :func:`core.vector.pulls.collect_pulls` -- the gravity hexes the course passed become the
   pulls for next turn (see that module for the hexside, corner and weak rulings); a
   ship that stays put in a gravity hex feels it next turn, unless the rules say the
   start hex never counts (NPlanetary).
6. :func:`core.vector.orbit.orbit_of` -- a coasting move at speed 1 from a body's gravity ring to
   its ring again keeps the ship in orbit around that body.

The values it works on are in :mod:`core.vector.motion`, what a course meets in
:mod:`core.vector.course`, and every choice of a move in :mod:`core.vector.reach`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import StarMap
from core.board.tracer import Trace, trace
from core.engine.events import Event, event
from core.engine.words import plural
from core.vector.course import (
    ENDS_COURSE,
    NO_PASSAGE,
    AsteroidsCrossed,
    Crash,
    ForbiddenAsteroid,
    Hazard,
    Passage,
    follow_course,
    hazard_event,
)
from core.vector.gravity import (
    ENTERED,
    AppliedGravity,
    GravityPull,
    apply_gravity,
    compass,
    label,
)
from core.vector.motion import (
    COAST,
    INTERPLANETARY,
    BurnError,
    FuelError,
    Motion,
    MovementParams,
    Order,
)
from core.vector.orbit import orbit_of
from core.vector.pulls import collect_pulls

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
            f"a burn of {plural(n, 'hex')} is beyond this ship (at most {len(params.burn_costs)})"
        )
    cost = Fraction(params.burn_costs[n - 1])
    if fuel is not None and cost > fuel:
        raise FuelError(f"not enough fuel: the burn costs {cost}, the ship has {fuel}")
    return order.burn_vector, cost


def weak_arrival(motion: Motion) -> bool:
    """Whether the object entered a weak gravity hex as the last hex of last turn's course
    (the pull of its own hex, entered, is waiting): a run of weak hexes that may carry
    over into this turn."""
    return any(p.hex == motion.position and p.how == ENTERED and p.weak for p in motion.pulls)


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
        if not cost:  # burns that cost nothing (a Void battle): no "0 fuel" to read
            text = f"{name} burns: vector shifted {dirs}"
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
            weak_before=params.weak_run_carries_over and weak_arrival(motion),
            ship=name,
        )
    along.extend((h.t, hazard_event(starmap, h, name, velocity.speed)) for h in hazards)
    for step in dodged:
        text = (
            f"{name} dodges through the asteroids at {label(starmap, step.hex)} at speed "
            f"{velocity.speed} (safe up to speed {params.asteroid_safe_speed} this turn): no roll"
        )
        along.append((step.t, AsteroidsCrossed(text, name, step.hex, velocity.speed)))
    along.sort(key=lambda pair: pair[0])  # stable: same-time events keep their order
    verb = "heads" if stop_hex is not None else "moves" if order.burn else "coasts"
    where = f"to {label(starmap, tip)}" if starmap.bounds.contains(tip) else "off the map"
    text = f"{name} {verb} from {label(starmap, start)} {where}"
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
