"""Resolving the movement phase: plans become moves, moves become consequences.

:mod:`core.vector.movement` knows how one object moves in one turn and
:mod:`core.vector.course_check` checks a plan against the ruleset; this module carries
out the results: fuel spent, crashes, asteroid rolls, leaving the map
(:mod:`core.vector.map_edge`), orbit, docking, landing and launching, and System III
Void's high-acceleration cooldown. It also records the gravity wells each ship enters,
which races (:mod:`core.vector.victory`) are won by. What a rule system makes of a
crossing (an asteroid attack, a re-entry shield) comes through its hooks
(:mod:`core.vector.hooks`).
"""

from __future__ import annotations

from dataclasses import replace

from core.board.hexgrid import ZERO
from core.board.starmap import BaseKind
from core.engine.dice import Dice
from core.engine.events import Event, event
from core.files.ruleset import Ruleset
from core.vector.course import AsteroidHex, Crash, ForbiddenAsteroid, OffMap
from core.vector.course_check import (
    LANDING_FUEL,
    coasting_order,
    dry_run,
    high_acceleration,
    launched_motion,
)
from core.vector.gravity import GravityIgnored, GravityPull
from core.vector.hooks import Hooks, hooks_of
from core.vector.map_edge import left_map
from core.vector.motion import Motion
from core.vector.movement import MoveResult
from core.vector.state import GameState, Plan, Ship, ShipStatus


@event
class ShipDestroyed(Event):
    ship: str


@event
class AsteroidOutcome(Event):
    ship: str
    effect: str


@event
class OrbitReport(Event):
    ship: str
    body: str


@event
class MovesLast(Event):
    """A ship the scenario moves after every other ship (Industrial sabotage)."""

    ship: str


@event
class BaseVisit(Event):
    """A ship lands on, launches from, or docks with a base."""

    ship: str
    base: str
    action: str


def entered_wells(wells: tuple[str, ...], pulls: tuple[GravityPull, ...]) -> tuple[str, ...]:
    """``wells`` with the bodies of the pulls a move left appended, in order, each only
    when it differs from the last (a weak pull counts even if later ignored). The same
    tuple when nothing is added, so the state hash keeps its cached text for it."""
    out = list(wells)
    for pull in pulls:
        for arrow in pull.arrows:
            if arrow.body is not None and (not out or out[-1] != arrow.body):
                out.append(arrow.body)
    return wells if len(out) == len(wells) else tuple(out)


def late(state: GameState) -> tuple[str, ...]:
    """The ships the scenario moves after every other ship (the system's hook says)."""
    return hooks_of(state).moves_last(state)


def movers(state: GameState, player: str | None) -> list[str]:
    """The ships that move when ``player``'s movement ends (None: everyone's, sealed
    orders): their own ships in play, except those the scenario moves last of all,
    which move at the end of the round's last movement, after everyone else's."""
    last = late(state)
    if player is None:
        ships = [s.id for s in state.ships if s.in_play and s.id not in last]
        return ships + [s.id for s in state.ships if s.in_play and s.id in last]
    ships = [s.id for s in state.ships if s.owner == player and s.in_play and s.id not in last]
    if last and state.turn + 1 == len(state.players):
        ships += [s.id for s in state.ships if s.in_play and s.id in last]
    return ships


def resolve(state: GameState, ship_ids: list[str]) -> tuple[GameState, list[Event]]:
    """Move the given ships by their plans (coasting when unplotted), in that order.

    Ships are updated in a working table and the state rebuilt once at the end, so a
    phase costs the same per ship however many ships are in play.
    """
    rules = state.rules
    hooks = hooks_of(state)
    events: list[Event] = []
    ships = {s.id: s for s in state.ships}
    plans = dict(state.plans)
    dice = state.dice
    rocks: list[tuple[Ship, str]] = []  # (ship, where): asteroid crossings to roll
    last = late(state)
    for ship_id in ship_ids:
        ship = ships[ship_id]
        given = plans.get(ship_id)
        plan = given or Plan(coasting_order(state, ship))
        if ship.status is not ShipStatus.ACTIVE and not plan.launch:
            continue  # landed ships stay on their base unless launched
        if ship_id in last:
            text = f"{ship.name} moves last of all ships"
            events.append(MovesLast(text, ship_id))
        ships[ship_id], dice, more = _resolve_one(state, ship, plan, rules, hooks, dice, rocks)
        events.extend(more if given else [_unordered(e, ship.name) for e in more])
    moved = tuple(ships[s.id] for s in state.ships)
    # a late ship's plan waits for the round's last movement
    kept = tuple((k, p) for k, p in state.plans if k in last and k not in ship_ids)
    state = replace(state, ships=moved, dice=dice, plans=kept)
    if rocks and hooks.asteroids is not None:
        # With a play aid, the asteroid roll is an attack on its Asteroid column.
        for ship, where in rocks:
            if state.ship(ship.id).in_play:
                state, more = hooks.asteroids(state, ship, where)
                events.extend(more)
    return state, events


def _unordered(e: Event, name: str) -> Event:
    """A weak pull ignored for a ship given no order was nobody's choice: the ruling
    (``rest_ignores_weak_gravity``) left it at rest, and the log says so."""
    if not isinstance(e, GravityIgnored):
        return e
    text = e.text.removesuffix(" ignored by choice")
    return replace(e, text=f"{text} ignored: {name} has no order and stays at rest")


def _resolve_one(
    state: GameState,
    ship: Ship,
    plan: Plan,
    rules: Ruleset,
    hooks: Hooks,
    dice: Dice,
    rocks: list[tuple[Ship, str]],
) -> tuple[Ship, Dice, list[Event]]:
    events: list[Event] = []
    if plan.launch:
        home = ship.landed_at or ""
        motion = launched_motion(state, ship, plan.to, hooks)
        ship = replace(
            ship,
            status=ShipStatus.ACTIVE,
            motion=motion,
            landed_at=None,
            wells=entered_wells(ship.wells, motion.pulls),
        )
        label = state.starmap.bounds.labels.describe(ship.motion.position)
        how = "the base's boosters" if state.starmap.base(home) else "ground boosters"
        events.append(
            BaseVisit(
                f"{ship.name} launches from {home} with {how} (no fuel) to "
                f"{label}, at rest: it falls back next turn unless it burns",
                ship.id,
                home,
                "launch",
            )
        )
        # The boost is this turn's move; gravity acts from next turn.
        return ship, dice, events
    result = dry_run(state, ship, plan, rules, hooks)
    events.extend(result.events)
    hexes = len(plan.order.burn)
    high, cooldown = high_acceleration(rules, ship, hexes)
    ship = replace(
        ship,
        motion=result.next,
        fuel=ship.fuel - result.fuel,
        orbit=result.orbit,
        docked_at=ship.docked_at if result.orbit is not None else None,
        wells=entered_wells(ship.wells, result.next.pulls),
        juiced=high,
        cooldown=cooldown if high or cooldown else max(0, ship.cooldown - 1),
    )
    if result.orbit is not None:
        text = f"{ship.name} is in orbit around {result.orbit}"
        events.append(OrbitReport(text, ship.id, result.orbit))
    for hazard in result.hazards:
        if ship.in_use:
            ship, used = _single_use(state, ship, hazard, result, hooks)
            events.extend(used)
            if ship.status is ShipStatus.LANDED:
                break  # a re-entry shield set it down
            if used:
                continue
        if (
            isinstance(hazard, AsteroidHex)
            and hooks.asteroids is not None
            and rules.play_aid is not None
        ):
            where = state.starmap.bounds.labels.describe(hazard.hex)
            rocks.append((ship, where))
            continue
        ship, dice, more = _hazard(state, ship, hazard, rules, dice)
        events.extend(more)
        if not ship.in_play:
            break
    if ship.in_play:
        ship, more = _bases(state, ship, plan)
        events.extend(more)
    return ship, dice, events


def _single_use(
    state: GameState, ship: Ship, hazard: object, result: MoveResult, hooks: Hooks
) -> tuple[Ship, list[Event]]:
    """What a module in use makes of a hazard: a re-entry shield turns a slow crash into
    a landing. (An evasive booster's safe asteroid hexes are no hazard at all: the
    system's ``boosted`` hook raises the move's safe speed.)"""
    if isinstance(hazard, Crash):
        landed = hooks.shielded(state, ship, hazard, result.velocity.speed)
        if landed is not None:
            return landed[0], [landed[1]]
    return ship, []


def _hazard(
    state: GameState, ship: Ship, hazard: object, rules: Ruleset, dice: Dice
) -> tuple[Ship, Dice, list[Event]]:
    """What a hazard on the course does to the ship. The movement events have already
    said what happened on the course; these say what it means for the ship."""
    labels = state.starmap.bounds.labels
    if isinstance(hazard, Crash | ForbiddenAsteroid):
        destroyed = replace(ship, status=ShipStatus.DESTROYED)
        return destroyed, dice, [ShipDestroyed(f"{ship.name} is destroyed", ship.id)]
    if isinstance(hazard, OffMap):
        ship, event_ = left_map(state, ship, hazard)
        return ship, dice, [event_]
    if isinstance(hazard, AsteroidHex):
        if not rules.asteroid_hazard:
            return ship, dice, []  # this game has no asteroid hazard (NPlanetary)
        dice, rolled = dice.roll(
            f"{ship.name} crosses asteroids at {labels.describe(hazard.hex)} faster than speed 1"
        )
        result = next(r for r in rules.asteroid_table if r.low <= rolled.total <= r.high)
        if result.effect != "none":
            ship = replace(ship, disabled=True)
        outcome = AsteroidOutcome(f"{ship.name}: {result.text}", ship.id, result.effect)
        return ship, dice, [rolled, outcome]
    raise TypeError(f"unknown hazard {hazard!r}")


def _bases(state: GameState, ship: Ship, plan: Plan) -> tuple[Ship, list[Event]]:
    """Landing, docking, and arriving at an asteroid base by stopping in its hex."""
    events: list[Event] = []
    if plan.land is not None:
        ship = replace(
            ship,
            status=ShipStatus.LANDED,
            landed_at=plan.land,
            fuel=ship.fuel - LANDING_FUEL,
            orbit=None,
            motion=Motion(ship.motion.position, ZERO),
        )
        text = f"{ship.name} burns 1 fuel and lands at {plan.land}"
        events.append(BaseVisit(text, ship.id, plan.land, "land"))
    elif plan.dock is not None:
        ship = replace(ship, docked_at=plan.dock)
        text = f"{ship.name} docks with {plan.dock} as it passes in orbit"
        events.append(BaseVisit(text, ship.id, plan.dock, "dock"))
    elif ship.motion.velocity == ZERO:
        here = ship.motion.position
        for base in state.starmap.bases:
            if base.kind is BaseKind.ASTEROID and base.hex == here:
                ship = replace(ship, docked_at=base.name)
                text = f"{ship.name} stops at {base.name} and docks"
                events.append(BaseVisit(text, ship.id, base.name, "dock"))
    return ship, events
