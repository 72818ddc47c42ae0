"""Resolving the movement phase: plans become moves, moves become consequences.

:mod:`core.vector.movement` knows how one object moves in one turn; this module applies a
ruleset's parameters to a ship, checks plans when they are made, and carries out the
results: fuel spent, crashes, asteroid rolls, leaving the map, orbit, docking, landing
and launching, and System III Void's high-acceleration cooldown. It also records the
gravity wells each ship enters, which races (:mod:`core.vector.victory`) are won by.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from core.board.hexgrid import ZERO, Direction, Hex
from core.board.starmap import BaseKind, Leaving, LeavingRule, Service
from core.engine.dice import Dice
from core.engine.errors import IllegalCommand
from core.engine.events import Event, event
from core.files.ruleset import Ruleset, burn_costs_for
from core.rules.interplanetary.aid.playaid import ASTEROID_TABLE
from core.rules.interplanetary.allegiance import lost, refused, ship_passage
from core.vector.course import AsteroidHex, Crash, ForbiddenAsteroid, OffMap
from core.vector.gravity import GravityPull, MoveError
from core.vector.motion import Motion, MovementParams, bounce
from core.vector.movement import MoveResult, move
from core.vector.orbit import ring
from core.vector.reach import default_order
from core.vector.state import GameState, Plan, Ship, ShipStatus

LANDING_FUEL = Fraction(1)


@event
class ShipDestroyed(Event):
    ship: str


@event
class ShipLeftMap(Event):
    ship: str
    returns_in: int | None


@event
class ShipReturned(Event):
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


def ruleset_of(state: GameState) -> Ruleset:
    return state.rules


#: movement parameters already worked out, by (ruleset object, unit, switches)
_PARAMS: dict[tuple[int, str, tuple[tuple[str, bool], ...]], tuple[Ruleset, MovementParams]] = {}


def movement_params(
    rules: Ruleset, unit_id: str, switches: tuple[tuple[str, bool], ...] = ()
) -> MovementParams:
    """The movement parameters for a class of ship under a ruleset and its switches.
    Remembered: a phase asks once per ship, and the answer is the same for a class."""
    key = (id(rules), unit_id, switches)
    known = _PARAMS.get(key)
    if known is not None and known[0] is rules:
        return known[1]
    params = MovementParams(
        gravity=rules.gravity,
        start_hex_gravity=rules.start_hex_gravity,
        hexside_entered=rules.switch("hexside_entered", switches),
        burn_costs=burn_costs_for(rules, rules.unit(unit_id)),
    )
    if len(_PARAMS) >= 64:
        _PARAMS.clear()
    _PARAMS[key] = (rules, params)
    return params


def params_for(state: GameState, ship: Ship, rules: Ruleset | None = None) -> MovementParams:
    """The movement parameters that apply to this ship in this game (with the free hexes
    of boosters it fired this turn, :mod:`core.rules.interplanetary.combat.single_use`)."""
    params = movement_params(rules or ruleset_of(state), ship.unit, state.switches)
    if ship.in_use:
        from core.rules.interplanetary.combat.single_use import (
            boosted,  # loaded with the combat rules
        )

        params = boosted(state, ship, params)
    return params


def _high_acceleration(rules: Ruleset, ship: Ship, hexes: int) -> tuple[bool, int]:
    """Whether an ``hexes``-hex burn is high acceleration, and the cooldown it starts."""
    profile = rules.profile(rules.unit(ship.unit).profile)
    high = profile.high_from is not None and hexes >= profile.high_from
    cooldown = profile.cooldown[hexes - 1] if 0 < hexes <= len(profile.cooldown) else 0
    return high, cooldown


def _dry_run(state: GameState, ship: Ship, plan: Plan, rules: Ruleset) -> MoveResult:
    """Check a plan by moving the ship on paper; raise IllegalCommand with the reason."""
    hexes = len(plan.order.burn)
    high, _ = _high_acceleration(rules, ship, hexes)
    if high and ship.cooldown > 0:
        turns = "turn" if ship.cooldown == 1 else "turns"
        raise IllegalCommand(
            f"{ship.name}'s crew needs rest: no high-acceleration burn for "
            f"{ship.cooldown} more {turns}"
        )
    if plan.land is not None and plan.order.burn:
        raise IllegalCommand("landing takes the turn's burn: plot the landing without one")
    if plan.land is not None and ship.fuel < LANDING_FUEL:
        raise IllegalCommand(f"{ship.name} needs 1 fuel to land and has {ship.fuel}")
    if plan.launch and plan.order.burn:
        raise IllegalCommand(
            "the launch is this turn's move: the ship is at rest above the base, "
            "and can burn next turn"
        )
    motion, order = ship.motion, plan.order
    if plan.launch:
        # Checked by where the ship would drift from the launch hex, whose gravity may
        # be two-directed (Earth's and Luna's): nothing to choose until next turn.
        motion = _launched_motion(state, ship, plan.to)
        order = default_order(motion.pulls, prefer=ship.landed_at)
    params = params_for(state, ship, rules)
    disabled = ship.disabled
    if ship.in_use:
        from core.rules.interplanetary.combat import (
            single_use,  # boosters: free hexes, a disabled ship too
        )

        disabled = disabled and not single_use.may_burn_disabled(state, ship)
    try:
        result = move(
            state.starmap,
            motion,
            order,
            params,
            passage=ship_passage(state, ship),
            fuel=ship.fuel - (LANDING_FUEL if plan.land else 0),
            disabled=disabled,
            name=ship.name,
        )
    except MoveError as exc:
        raise IllegalCommand(str(exc)) from None
    if ship.in_use:
        single_use.check_move(state, ship, result, params)
    for base_name, need in ((plan.land, BaseKind.PLANETARY), (plan.dock, BaseKind.ORBITAL)):
        if base_name is not None:
            _check_base_pass(state, ship, result, base_name, need)
    return result


def _check_base_pass(
    state: GameState, ship: Ship, result: MoveResult, base_name: str, kind: BaseKind
) -> None:
    base = state.starmap.base(base_name)
    if base is None or base.kind is not kind:
        raise IllegalCommand(f"there is no {kind.value} base called {base_name!r}")
    if ship.orbit is None:
        raise IllegalCommand(f"{ship.name} must be in orbit to reach {base.name}")
    why = refused(state, ship, base)
    if why is not None:
        raise IllegalCommand(why)
    where = base.approach if kind is BaseKind.PLANETARY else base.hex
    passed = {result.start, *result.trace.entered}
    if where not in passed:
        label = state.starmap.bounds.labels.format(where)
        raise IllegalCommand(f"{ship.name}'s course does not pass {label}, where {base.name} is")


def launch_hexes(state: GameState, ship: Ship) -> tuple[Hex, ...]:
    """Where a landed ship may launch to: the hex above its planetary base or, for a ship
    a scenario put on a body without a base, any hex of that body's gravity ring."""
    if ship.status is not ShipStatus.LANDED or ship.landed_at is None:
        return ()
    base = state.starmap.base(ship.landed_at)
    if base is not None:
        launches = base.kind is BaseKind.PLANETARY and Service.PLANETSIDE_LAUNCH in base.services
        return (base.approach,) if launches else ()
    body = state.starmap.body(ship.landed_at)
    return tuple(ring(state.starmap, body)) if body is not None else ()


def _launched_motion(state: GameState, ship: Ship, to: Hex | None) -> Motion:
    """A launch puts the ship at rest in the chosen hex above its base or body, feeling
    that hex's gravity next turn."""
    base = state.starmap.base(ship.landed_at or "")
    if base is not None and base.name in state.bases_lost:
        raise IllegalCommand(lost(base))
    hexes = launch_hexes(state, ship)
    labels = state.starmap.bounds.labels
    if not hexes:
        raise IllegalCommand(f"{ship.name} is not landed at a base it can launch from")
    choices = ", ".join(labels.format(h) for h in hexes)
    if to is None:
        if len(hexes) > 1:
            raise IllegalCommand(f"choose the hex {ship.name} launches to: one of {choices}")
        to = hexes[0]
    elif to not in hexes:
        raise IllegalCommand(
            f"{ship.name} cannot launch to {labels.format(to)}: from {ship.landed_at} "
            f"it can reach {choices}"
        )
    gravity = state.starmap.gravity_at(to)
    pulls = () if gravity is None else (GravityPull(to, gravity.arrows, "at rest"),)
    return Motion(to, ZERO, pulls)


def entered_wells(wells: tuple[str, ...], pulls: tuple[GravityPull, ...]) -> tuple[str, ...]:
    """``wells`` with the bodies of the pulls a move left appended, in order, each only
    when it differs from the last (a weak pull counts even if later ignored)."""
    out = list(wells)
    for pull in pulls:
        for arrow in pull.arrows:
            if arrow.body is not None and (not out or out[-1] != arrow.body):
                out.append(arrow.body)
    return tuple(out)


def check_plan(state: GameState, ship: Ship, plan: Plan) -> MoveResult:
    """Validate a plan when it is made, so the player learns at once what is wrong."""
    if ship.status is ShipStatus.LANDED and not plan.launch:
        raise IllegalCommand(f"{ship.name} is landed: launch it first")
    if plan.launch and ship.status is not ShipStatus.LANDED:
        raise IllegalCommand(f"{ship.name} is not landed")
    if ship.status not in (ShipStatus.ACTIVE, ShipStatus.LANDED):
        raise IllegalCommand(f"{ship.name} is {ship.status.value} and cannot move")
    result = _dry_run(state, ship, plan, ruleset_of(state))
    if state.terms is not None and state.terms.control:
        from core.rules.interplanetary.scenario.special_rules import (
            course_refused,  # a scenario's helm rule
        )

        why = course_refused(state, ship, result)
        if why is not None:
            raise IllegalCommand(why)
    return result


def late(state: GameState) -> tuple[str, ...]:
    """The ships the scenario moves after every other ship."""
    return state.terms.moves_last if state.terms is not None else ()


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
    rules = ruleset_of(state)
    events: list[Event] = []
    ships = {s.id: s for s in state.ships}
    plans = dict(state.plans)
    dice = state.dice
    rocks: list[tuple[Ship, str]] = []  # (ship, where): asteroid crossings to roll
    last = late(state)
    for ship_id in ship_ids:
        ship = ships[ship_id]
        plan = plans.get(ship_id) or _unplotted(ship)
        if ship.status is not ShipStatus.ACTIVE and not plan.launch:
            continue  # landed ships stay on their base unless launched
        if ship_id in last:
            text = f"{ship.name} moves last of all ships"
            events.append(MovesLast(text, ship_id))
        ships[ship_id], dice, more = _resolve_one(state, ship, plan, rules, dice, rocks)
        events.extend(more)
    moved = tuple(ships[s.id] for s in state.ships)
    # a late ship's plan waits for the round's last movement
    kept = tuple((k, p) for k, p in state.plans if k in last and k not in ship_ids)
    state = replace(state, ships=moved, dice=dice, plans=kept)
    if rocks:
        # With a play aid, the asteroid roll is an attack on its Asteroid column.
        from core.rules.interplanetary.combat.attack import (  # the combat rules build on this
            Attack,
            resolve_attack,
        )

        for ship, where in rocks:
            if state.ship(ship.id).in_play:
                rock = Attack(f"The asteroids at {where}", ship.owner, ship.id, ASTEROID_TABLE)
                state, more = resolve_attack(state, rock)
                events.extend(more)
    return state, events


def _unplotted(ship: Ship) -> Plan:
    """A ship nobody plotted coasts: every weak pull applies and, in a two-directed hex,
    the arrow of the body it orbits (else the first arrow) is taken."""
    return Plan(default_order(ship.motion.pulls, prefer=ship.orbit))


def _resolve_one(
    state: GameState,
    ship: Ship,
    plan: Plan,
    rules: Ruleset,
    dice: Dice,
    rocks: list[tuple[Ship, str]],
) -> tuple[Ship, Dice, list[Event]]:
    events: list[Event] = []
    if plan.launch:
        home = ship.landed_at or ""
        motion = _launched_motion(state, ship, plan.to)
        ship = replace(
            ship,
            status=ShipStatus.ACTIVE,
            motion=motion,
            landed_at=None,
            wells=entered_wells(ship.wells, motion.pulls),
        )
        label = state.starmap.bounds.labels.format(ship.motion.position)
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
    result = _dry_run(state, ship, plan, rules)
    events.extend(result.events)
    hexes = len(plan.order.burn)
    high, cooldown = _high_acceleration(rules, ship, hexes)
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
            ship, used = _single_use(state, ship, hazard, result)
            events.extend(used)
            if ship.status is ShipStatus.LANDED:
                break  # a re-entry shield set it down
            if used:
                continue
        if isinstance(hazard, AsteroidHex) and rules.play_aid is not None:
            where = state.starmap.bounds.labels.format(hazard.hex)
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
    state: GameState, ship: Ship, hazard: object, result: MoveResult
) -> tuple[Ship, list[Event]]:
    """What a single-use module in use makes of a hazard: a re-entry shield turns a slow
    crash into a landing. (An evasive booster's safe asteroid hexes are no hazard at all:
    :func:`core.rules.interplanetary.combat.single_use.boosted` raises the move's safe speed.)"""
    from core.rules.interplanetary.combat import single_use

    speed = result.velocity.speed
    if isinstance(hazard, Crash):
        landed = single_use.reentry(state, ship, hazard, speed)
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
        ship, event_ = _left_map(state, ship, hazard)
        return ship, dice, [event_]
    if isinstance(hazard, AsteroidHex):
        if not rules.asteroid_hazard:
            return ship, dice, []  # this game has no asteroid hazard (NPlanetary)
        dice, rolled = dice.roll(
            f"{ship.name} crosses asteroids at {labels.format(hazard.hex)} faster than speed 1"
        )
        result = next(r for r in rules.asteroid_table if r.low <= rolled.total <= r.high)
        if result.effect != "none":
            ship = replace(ship, disabled=True)
        outcome = AsteroidOutcome(f"{ship.name}: {result.text}", ship.id, result.effect)
        return ship, dice, [rolled, outcome]
    raise TypeError(f"unknown hazard {hazard!r}")


def leaving_rule(state: GameState, ship: Ship) -> Leaving:
    """What leaving the map means in this game, or, if the scenario says, for this ship."""
    own = state.terms.leaving_of(ship.id) if state.terms is not None else None
    return own if own is not None else state.leaving


def bounced(state: GameState, ship: Ship, result: MoveResult) -> Motion | None:
    """Where a course that leaves the map brings the ship back in, when leaving the map
    bounces it (None: the course stays on the map, or the ship is lost off it). The
    course plotter shows this; the movement does the same in :func:`_left_map`."""
    if not any(isinstance(h, OffMap) for h in result.hazards):
        return None
    if leaving_rule(state, ship).rule is not LeavingRule.BOUNCES:
        return None
    return bounce(result.next, state.starmap.bounds)


def _left_map(state: GameState, ship: Ship, hazard: OffMap) -> tuple[Ship, Event]:
    """What leaving the map means in this game (or, if the scenario says, for this
    ship): out, back after penalty turns, or bounce."""
    rule = leaving_rule(state, ship)
    if rule.rule is LeavingRule.BOUNCES:
        ship = replace(ship, motion=bounce(ship.motion, state.starmap.bounds))
        label = state.starmap.bounds.labels.format(ship.motion.position)
        text = f"{ship.name} bounces off the edge of the map back to {label}, its course mirrored"
        return ship, ShipLeftMap(text, ship.id, 0)
    if rule.rule is LeavingRule.RETURNS:
        ship = replace(ship, status=ShipStatus.OFF_MAP, returns_in=rule.penalty_turns)
        text = f"{ship.name} will return there at rest after {rule.penalty_turns} turns"
        return ship, ShipLeftMap(text, ship.id, rule.penalty_turns)
    ship = replace(ship, status=ShipStatus.OFF_MAP, returns_in=None)
    return ship, ShipLeftMap(f"{ship.name} is out of the game", ship.id, None)


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


def returns(state: GameState) -> tuple[GameState, list[Event]]:
    """At the start of a round, count down ships off the map and bring back those due."""
    events: list[Event] = []
    for ship in state.ships:
        if ship.status is ShipStatus.OFF_MAP and ship.returns_in is not None:
            if ship.returns_in <= 1:
                back = replace(
                    ship,
                    status=ShipStatus.ACTIVE,
                    returns_in=None,
                    motion=Motion(_last_on_map(state, ship), ZERO),
                )
                state = state.with_ship(back)
                events.append(ShipReturned(f"{ship.name} returns to the map at rest", ship.id))
            else:
                state = state.with_ship(replace(ship, returns_in=ship.returns_in - 1))
    return state, events


def _last_on_map(state: GameState, ship: Ship) -> Hex:
    """Where a returning ship reappears: the hex where it left, pulled inside the map."""
    h = ship.motion.position
    if state.starmap.bounds.contains(h):
        return h
    for d in Direction:
        n = h.neighbour(d)
        if state.starmap.bounds.contains(n):
            return n
    return h


@event
class EngagementFuel(Event):
    ship: str
    fuel: Fraction


def end_engagement(state: GameState) -> tuple[GameState, list[Event]]:
    """A tactical engagement is over: each surviving ship pays the ruleset's fuel for it
    (System III Void: one point for the whole engagement, none per burn)."""
    cost = ruleset_of(state).engagement_fuel
    if cost == 0:
        return state, []
    events: list[Event] = []
    ships = []
    for ship in state.ships:
        if ship.in_play:
            paid = min(cost, ship.fuel)
            ship = replace(ship, fuel=ship.fuel - paid)
            events.append(
                EngagementFuel(f"{ship.name} pays {paid} fuel for the engagement", ship.id, paid)
            )
        ships.append(ship)
    return replace(state, ships=tuple(ships)), events
