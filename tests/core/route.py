"""A route search for the scripted full games: the fewest turns (then the least fuel)
from a ship's motion to a goal, through the engine's own physics.

Where :mod:`tests.core.autopilot` looks a few turns ahead at a top speed of 2, this
searches a whole leg (best first, A*), flying faster where the way is long: out of the
Sun's double gravity, from Mercury to Jupiter, in to a base. Each turn's move is
:func:`core.vector.movement.move` with the ship's own parameters, gravity taken as a ship
nobody steers takes it, so the engine, which checks every plotted order again, moves the
ship exactly as found. Courses that crash, leave the map, cross asteroids or pass a hex
to avoid (mines) are not flown, and a leg ends only where some move after it is safe.

Test code: it decides nothing the engine does not check.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import count

from core.board.hexgrid import Hex, Vector
from core.engine.commands import Command
from core.engine.errors import IllegalCommand
from core.rules.interplanetary.allegiance import ship_passage
from core.rules.interplanetary.combat import ordnance
from core.rules.interplanetary.combat.ordnance import course_hexes
from core.vector.course import AsteroidHex, Passage
from core.vector.course_check import check_plan, launch_hexes, launched_motion, params_for
from core.vector.motion import Motion, MovementParams, Order
from core.vector.movement import MoveResult, move
from core.vector.orders import Launch, Plot
from core.vector.preview import preview
from core.vector.reach import burns, default_order
from core.vector.state import GameState, Plan, Ship, ShipStatus
from tests.core.autopilot import Scripted

#: the most turns a leg may take before the search gives up
LONGEST = 40
#: how many moves the search may try before it gives up
BUDGET = 60_000
#: how many safe turns a leg's end must leave ahead of the ship
AHEAD = 3


@dataclass(frozen=True)
class Leg:
    """Where a leg is going: ``done`` says whether a move ends it; ``near`` is the hex
    (and ``slack``, how close is close enough) the estimate of turns aims at."""

    done: Callable[[MoveResult], bool]
    near: Hex
    slack: int = 0
    top: int = 4
    """The fastest the ship may fly on this leg."""
    avoid: frozenset[Hex] = frozenset()
    """Hexes a course may not pass through (mines lying in wait)."""
    thrift: Fraction = Fraction(1)
    """What a point of fuel is worth in turns."""


def estimate(at: Hex, velocity: Vector, target: Hex, slack: int, top: int = 99) -> int:
    """Turns to come within ``slack`` of ``target`` burning one hex a turn, gravity left
    out: after T turns the drift is T vectors on, and burns can shift it by 1+...+T; and
    no fewer than the distance at ``top`` speed."""
    least = -(-(at.distance(target) - slack) // top)
    for t in range(max(0, least), LONGEST):
        drift = Hex(at.q + velocity.q * t, at.r + velocity.r * t)
        if drift.distance(target) - slack <= t * (t + 1) // 2:
            return t
    return LONGEST


def route(state: GameState, ship: Ship, leg: Leg, fuel: Fraction | None = None) -> list[Order]:
    """The orders, one a turn from the ship's motion now, that end ``leg`` at the least
    cost in turns and fuel (``Leg.thrift``); raises ``LookupError`` if none is found."""
    params = params_for(state, ship)
    passage = ship_passage(state, ship)
    fuel = ship.fuel if fuel is None else fuel
    choices = burns(params.burn_costs)
    ticket = count()
    start = ship.motion
    frontier: list[tuple[Fraction, int, Motion, Fraction, int, tuple[Order, ...]]]
    frontier = [(Fraction(0), next(ticket), start, fuel, 0, ())]
    seen: dict[tuple[Hex, Vector, object], Fraction] = {}
    tried = 0
    while frontier and tried < BUDGET:
        _, _, motion, left, turns, orders = heapq.heappop(frontier)
        base = default_order(motion.pulls, prefer=ship.orbit if not orders else None)
        top = leg.top  # raised to the coasting speed where gravity forces it higher
        for _shift, cost, dirs in choices:  # coasting first
            if cost > left or turns + 1 >= LONGEST:
                continue
            order = Order(dirs, base.ignore, base.picks)
            result = move(state.starmap, motion, order, params, passage=passage, fuel=left)
            tried += 1
            if not dirs:
                top = max(top, result.next.velocity.speed)
            if not _safe(result, leg, top):
                continue
            now = left - cost
            if leg.done(result) and _survives(state, result, now, params, passage, leg):
                return [*orders, order]
            nxt = result.next
            key = (nxt.position, nxt.velocity, nxt.pulls)
            if seen.get(key, Fraction(-1)) >= now:
                continue
            seen[key] = now
            guess = estimate(nxt.position, nxt.velocity, leg.near, leg.slack, top)
            rank = turns + 1 + guess + leg.thrift * (fuel - now)
            heapq.heappush(frontier, (rank, next(ticket), nxt, now, turns + 1, (*orders, order)))
    raise LookupError(f"no route for {ship.name} after {tried} moves")


def _safe(result: MoveResult, leg: Leg, top: int) -> bool:
    if result.stopped or result.next.velocity.speed > top:
        return False
    if any(isinstance(h, AsteroidHex) for h in result.hazards):
        return False
    return not leg.avoid or not leg.avoid & set(course_hexes(result.start, result.end))


def _survives(
    state: GameState,
    result: MoveResult,
    fuel: Fraction,
    params: MovementParams,
    passage: Passage,
    leg: Leg,
    turns: int = AHEAD,
) -> bool:
    """Some line of ``turns`` moves after ``result`` is safe (the next leg has
    somewhere to start, and is not doomed to crash a turn later)."""
    if turns == 0:
        return True
    nxt = result.next
    base = default_order(nxt.pulls)
    for _shift, cost, dirs in burns(params.burn_costs):
        if cost <= fuel:
            order = Order(dirs, base.ignore, base.picks)
            after = move(state.starmap, nxt, order, params, passage=passage)
            if _safe(after, leg, 99) and _survives(
                state, after, fuel - cost, params, passage, leg, turns - 1
            ):
                return True
    return False


def hits(state: GameState, motion: Motion, target: Hex) -> bool:
    """Whether a kinetic buster launched from a ship moving with ``motion`` (the ship's
    vector; it has no thrust of its own) is fast enough to launch and ends its flight on
    ``target``."""
    aid = state.rules.play_aid
    assert aid is not None
    if motion.velocity.speed < (aid.launched_weapon("kinetic_buster").min_speed or 0):
        return False
    flight = move(state.starmap, motion, default_order(motion.pulls), ordnance.params(state))
    return not flight.stopped and flight.end == target


def throws_at(state: GameState, target: Hex) -> Callable[[MoveResult], bool]:
    """A leg's end for a ship carrying a kinetic buster: from there, it hits ``target``."""
    return lambda result: hits(state, result.next, target)


def _key(
    state: GameState, ship: Ship, motion: Motion, fuel: Fraction
) -> tuple[str, Passage, Motion, Fraction]:
    """What a route depends on: the ship's class, the special asteroids it may pass,
    where and how it moves, its fuel."""
    return ship.unit, ship_passage(state, ship), motion, fuel


@dataclass(frozen=True)
class Routed(Scripted):
    """Fly ``leg`` by the searched route (launching first, to the launch hex with the
    shortest route, when landed). The route is kept for the motions it passes through, so
    it is searched once, not every turn, while the ship (or another of its class and
    side flying the same leg from the same motion) follows it."""

    leg: Leg
    plans: dict[tuple[str, str | None, Motion, Fraction], list[Order]] = field(
        default_factory=dict, compare=False, hash=False
    )

    def command(self, state: GameState, ship: Ship) -> Command | None:
        if ship.status is ShipStatus.LANDED:
            return Launch(ship.owner, ship.id, self._launch_hex(state, ship))
        orders = self.plans.get(_key(state, ship, ship.motion, ship.fuel))
        if orders is None:
            orders = route(state, ship, self.leg)
            self._keep(state, ship, orders)
        return Plot(ship.owner, ship.id, orders[0])

    def _keep(self, state: GameState, ship: Ship, orders: list[Order]) -> None:
        params = params_for(state, ship)
        motion, fuel = ship.motion, ship.fuel
        for i, order in enumerate(orders):
            self.plans[_key(state, ship, motion, fuel)] = orders[i:]
            result = move(state.starmap, motion, order, params, passage=ship_passage(state, ship))
            motion, fuel = result.next, fuel - result.fuel

    def _launch_hex(self, state: GameState, ship: Ship) -> Hex:
        """The launch hex with the shortest route (kept for the turns after)."""
        best: tuple[int, Hex, Ship, list[Order]] | None = None
        for h in launch_hexes(state, ship):
            up = replace(ship, motion=launched_motion(state, ship, h), status=ShipStatus.ACTIVE)
            orders = self.plans.get(_key(state, up, up.motion, up.fuel))
            if orders is None:
                try:
                    orders = route(state, up, self.leg)
                except LookupError:
                    continue
                self._keep(state, up, orders)
            if best is None or len(orders) < best[0]:
                best = (len(orders), h, up, orders)
        if best is None:
            raise LookupError(f"no route for {ship.name} from any launch hex")
        return best[1]

    def estimate(self, state: GameState, at: Hex, velocity: Vector) -> float:
        return estimate(at, velocity, self.leg.near, self.leg.slack)


@dataclass(frozen=True)
class Docking(Scripted):
    """Circle ``body`` until the course passes its orbital base ``base``, then dock (a
    course staying in orbit first, so the ship stays docked)."""

    body: str
    base: str

    def command(self, state: GameState, ship: Ship) -> Command | None:
        if ship.orbit != self.body:
            return None  # coasting: a ship set in orbit by the scenario is in orbit next turn
        options = sorted(preview(state, ship.id).options, key=lambda o: o.result.orbit is None)
        for option in options:
            plan = Plan(option.order, dock=self.base)
            try:
                check_plan(state, ship, plan)
            except IllegalCommand:
                continue
            return Plot(ship.owner, ship.id, option.order, dock=self.base)
        return None

    def estimate(self, state: GameState, at: Hex, velocity: Vector) -> float:
        base = state.starmap.base(self.base)
        assert base is not None
        return estimate(at, velocity, base.hex, 0)
