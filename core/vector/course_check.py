"""Checking a plotted course: the movement parameters of a ship under its ruleset, and a
plan moved on paper so the player learns at once what is wrong with it.

The same check runs when a plan is made (:mod:`core.vector.plotting`), for every end
point the course plotter offers (:mod:`core.vector.preview`) and when the movement phase
carries plans out (:mod:`core.vector.astrogation`), so what is offered, accepted and done
agree. What a rule system adds (boosters, shields, bases picking sides, a scenario's helm
rule) comes through its :class:`~core.vector.hooks.Hooks`.
"""

from __future__ import annotations

from fractions import Fraction

from core.board.hexgrid import ZERO, Hex
from core.board.starmap import BaseKind, Service
from core.engine.errors import IllegalCommand
from core.files.ruleset import Ruleset, burn_costs_for
from core.vector.gravity import GravityPull, MoveError
from core.vector.hooks import Hooks, hooks_of
from core.vector.motion import Motion, MovementParams, Order
from core.vector.movement import MoveResult, move
from core.vector.orbit import ring
from core.vector.reach import default_order
from core.vector.state import GameState, Plan, Ship, ShipStatus

LANDING_FUEL = Fraction(1)

#: the ruling switch: a ship given no order stays at rest in a weak gravity hex
REST_IGNORES_WEAK = "rest_ignores_weak_gravity"

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
        weak_run_carries_over=rules.switch("weak_gravity_carries_over", switches),
        burn_costs=burn_costs_for(rules, rules.unit(unit_id)),
    )
    if len(_PARAMS) >= 64:
        _PARAMS.clear()
    _PARAMS[key] = (rules, params)
    return params


def stays_at_rest(state: GameState) -> bool:
    """Whether this game plays the ruling that a ship given no order ignores the weak
    pull of the hex it rests in (a game of a system without the switch does not)."""
    return state.uses(REST_IGNORES_WEAK)


def coasting_order(state: GameState, ship: Ship) -> Order:
    """What a ship given no order does (its player did not plot it, or it sits out a
    turn): no burn; every weak pull applied, except one felt at rest when the game plays
    :data:`REST_IGNORES_WEAK`; in a two-directed hex, the arrow of the body it orbits."""
    return default_order(ship.motion.pulls, prefer=ship.orbit, stay_at_rest=stays_at_rest(state))


def params_for(
    state: GameState, ship: Ship, rules: Ruleset | None = None, hooks: Hooks | None = None
) -> MovementParams:
    """The movement parameters that apply to this ship in this game (with what modules
    it has in use this turn make of them: the free hexes of boosters)."""
    params = movement_params(rules or state.rules, ship.unit, state.switches)
    if ship.in_use:
        params = (hooks or hooks_of(state)).boosted(state, ship, params)
    return params


def high_acceleration(rules: Ruleset, ship: Ship, hexes: int) -> tuple[bool, int]:
    """Whether an ``hexes``-hex burn is high acceleration, and the cooldown it starts."""
    profile = rules.profile(rules.unit(ship.unit).profile)
    high = profile.high_from is not None and hexes >= profile.high_from
    cooldown = profile.cooldown[hexes - 1] if 0 < hexes <= len(profile.cooldown) else 0
    return high, cooldown


def dry_run(state: GameState, ship: Ship, plan: Plan, rules: Ruleset, hooks: Hooks) -> MoveResult:
    """Check a plan by moving the ship on paper; raise IllegalCommand with the reason."""
    hexes = len(plan.order.burn)
    high, _ = high_acceleration(rules, ship, hexes)
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
        motion = launched_motion(state, ship, plan.to, hooks)
        order = default_order(motion.pulls, prefer=ship.landed_at)
    params = params_for(state, ship, rules, hooks)
    disabled = ship.disabled
    if ship.in_use:
        disabled = disabled and not hooks.burns_disabled(state, ship)
    try:
        result = move(
            state.starmap,
            motion,
            order,
            params,
            passage=hooks.passage(state, ship),
            fuel=ship.fuel - (LANDING_FUEL if plan.land else 0),
            disabled=disabled,
            name=ship.name,
        )
    except MoveError as exc:
        raise IllegalCommand(str(exc)) from None
    if ship.in_use:
        hooks.check_move(state, ship, result, params)
    for base_name, need in ((plan.land, BaseKind.PLANETARY), (plan.dock, BaseKind.ORBITAL)):
        if base_name is not None:
            _check_base_pass(state, ship, result, base_name, need, hooks)
    return result


def _check_base_pass(
    state: GameState, ship: Ship, result: MoveResult, base_name: str, kind: BaseKind, hooks: Hooks
) -> None:
    base = state.starmap.base(base_name)
    if base is None or base.kind is not kind:
        raise IllegalCommand(f"there is no {kind.value} base called {base_name!r}")
    if ship.orbit is None:
        raise IllegalCommand(f"{ship.name} must be in orbit to reach {base.name}")
    why = hooks.refused(state, ship, base)
    if why is not None:
        raise IllegalCommand(why)
    where = base.approach if kind is BaseKind.PLANETARY else base.hex
    passed = {result.start, *result.trace.entered}
    if where not in passed:
        label = state.starmap.bounds.labels.describe(where)
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


def launched_motion(
    state: GameState, ship: Ship, to: Hex | None, hooks: Hooks | None = None
) -> Motion:
    """A launch puts the ship at rest in the chosen hex above its base or body, feeling
    that hex's gravity next turn."""
    base = state.starmap.base(ship.landed_at or "")
    if base is not None:
        closed = (hooks or hooks_of(state)).closed(state, base)
        if closed is not None:
            raise IllegalCommand(closed)
    hexes = launch_hexes(state, ship)
    labels = state.starmap.bounds.labels
    if not hexes:
        raise IllegalCommand(f"{ship.name} is not landed at a base it can launch from")
    choices = ", ".join(labels.describe(h) for h in hexes)
    if to is None:
        if len(hexes) > 1:
            raise IllegalCommand(f"choose the hex {ship.name} launches to: one of {choices}")
        to = hexes[0]
    elif to not in hexes:
        raise IllegalCommand(
            f"{ship.name} cannot launch to {labels.describe(to)}: from {ship.landed_at} "
            f"it can reach {choices}"
        )
    gravity = state.starmap.gravity_at(to)
    pulls = () if gravity is None else (GravityPull(to, gravity.arrows, "at rest"),)
    return Motion(to, ZERO, pulls)


def check_plan(state: GameState, ship: Ship, plan: Plan) -> MoveResult:
    """Validate a plan when it is made, so the player learns at once what is wrong. The
    ship is checked as a burn sees it (``Hooks.plotted_as``: NPlanetary's landed ship
    lifts off by a burn from rest), the game's own copy left as it is."""
    lifted = hooks_of(state).plotted_as(ship)
    if lifted is not ship and not plan.launch:
        state, ship = state.with_ship(lifted), lifted
    if ship.status is ShipStatus.LANDED and not plan.launch:
        raise IllegalCommand(f"{ship.name} is landed: launch it first")
    if plan.launch and ship.status is not ShipStatus.LANDED:
        raise IllegalCommand(f"{ship.name} is not landed")
    if ship.status not in (ShipStatus.ACTIVE, ShipStatus.LANDED):
        raise IllegalCommand(f"{ship.name} is {ship.status.value} and cannot move")
    hooks = hooks_of(state)
    result = dry_run(state, ship, plan, state.rules, hooks)
    why = hooks.course_refused(state, ship, result)
    if why is not None:
        raise IllegalCommand(why)
    return result
