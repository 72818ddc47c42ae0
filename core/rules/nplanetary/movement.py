"""The movement phase (seed "Movement"): burns (one fuel a hex; military ships two hexes
for four), crashes, gravity (not from the starting hex), and instead of a burn, landing at
a base on the planet a ship orbits (one fuel) or docking at an orbital base of that
planet (free) or at a base or outpost the ship is stationary with.

Orders are checked when given against the position at the start of the phase; when the
phase resolves, landings and dockings happen first, then every ship and installation
moves at once (:func:`core.vector.astrogation.resolve`), then np-fire's ordnance moves and
detonates (:data:`AFTER_MOVE`, given the state before and after the move).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from core.engine.commands import Command
from core.engine.errors import IllegalCommand
from core.engine.events import Event, event
from core.rules.nplanetary.model import (
    Installation,
    drives_work,
    holdings_of,
    with_holdings,
)
from core.rules.nplanetary.orders import Dock, Land
from core.rules.nplanetary.sites import free_docks, landings, stationary_with
from core.vector import astrogation
from core.vector.course_check import movement_params
from core.vector.hooks import hooks_of
from core.vector.movement import move
from core.vector.orders import Launch, Plot, Unplot
from core.vector.plotting import PlanMade, plan
from core.vector.state import GameState, Plan, Ship, ShipStatus
from core.vector.turns import current_phase

Planner = Callable[[GameState, Command], tuple[GameState, list[Event]]]
#: after every ship has moved: ``(before, after) -> (state, events)`` (np-fire's ordnance)
AfterMove = Callable[[GameState, GameState], tuple[GameState, list[Event]]]
AFTER_MOVE: list[AfterMove] = []


@event
class Moored(Event):
    """A ship lands at or docks with an installation instead of moving."""

    ship: str
    base: str
    action: str


def lifted(ship: Ship) -> Ship:
    """A ship at a surface base, as a burn order sees it: at rest where it landed."""
    if ship.status is ShipStatus.LANDED:
        return replace(ship, status=ShipStatus.ACTIVE, landed_at=None)
    return ship


def _movable(state: GameState, command: Command) -> Ship:
    if current_phase(state) != state.rules.sequence.movement_phase:
        raise IllegalCommand("ships are ordered to move in the movement phase")
    ship = state.own_ship(command.player, getattr(command, "ship", ""))
    if not ship.in_play:
        raise IllegalCommand(f"{ship.name} is {ship.status.value} and cannot move")
    return ship


def check_plot(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
    """A burn: refused for a ship whose drives are disabled (a coast is always fine) and
    for the vector games' land/dock fields (NPlanetary has its own orders)."""
    if isinstance(command, Launch):
        raise IllegalCommand("in NPlanetary a landed ship lifts off with a burn order")
    assert isinstance(command, Plot)
    ship = _movable(state, command)
    if command.land is not None or command.dock is not None:
        raise IllegalCommand("give a Land or Dock order instead of a burn")
    if command.order.burn and not drives_work(state, ship):
        raise IllegalCommand(f"{ship.name}'s drives are disabled: it can only coast")
    state = state.with_ship(lifted(ship))
    return plan(state, command, hooks_of(state))


def check_land(state: GameState, command: Command) -> None:
    assert isinstance(command, Land)
    ship = _movable(state, command)
    if ship.status is ShipStatus.LANDED:
        raise IllegalCommand(f"{ship.name} is already landed")
    if ship.orbit is None:
        raise IllegalCommand(f"{ship.name} must be in orbit of a planet to land")
    if command.base not in {b.id for b in landings(state, ship)}:
        raise IllegalCommand(f"there is no base {command.base!r} on {ship.orbit}")
    if ship.fuel < 1:
        raise IllegalCommand(f"{ship.name} needs 1 fuel to land and has {ship.fuel}")


def check_dock(state: GameState, command: Command) -> None:
    assert isinstance(command, Dock)
    ship = _movable(state, command)
    if ship.status is ShipStatus.LANDED:
        raise IllegalCommand(f"{ship.name} is landed: it lifts off with a burn order")
    if command.base not in {b.id for b in free_docks(state, ship)}:
        raise IllegalCommand(
            f"{ship.name} can dock only at an orbital base of the planet it orbits, "
            "or at a base or outpost it is stationary with"
        )


def _moor(
    state: GameState, orders: Sequence[Command], planner: Planner
) -> tuple[GameState, list[Event], dict[str, str]]:
    """Carry out the burns' plans and the landings and dockings; the ships that moored,
    with where (a landed ship stays; a docked one moves with its installation)."""
    events: list[Event] = []
    moored: dict[str, str] = {}
    insts = {i.id: i for i in holdings_of(state).installations}
    plans: dict[str, Plan | None] = dict(state.plans)
    for order in orders:
        if isinstance(order, Plot):
            # checked when given, against this same position (the phase is sealed)
            ship = state.ship(order.ship)
            if ship.status is ShipStatus.LANDED:
                state = state.with_ship(replace(lifted(ship), docked_at=None))
            plans[ship.id] = Plan(order.order)
            hexes = len(order.order.burn)
            text = f"{ship.name} plots a course: " + (
                f"a burn of {hexes} hex{'es' if hexes > 1 else ''}" if hexes else "no burn"
            )
            events.append(PlanMade(text, ship.id))
        elif isinstance(order, Unplot):
            plans[order.ship] = None
        elif isinstance(order, Land | Dock):
            ship, base = state.ship(order.ship), insts[order.base]
            if isinstance(order, Land):
                ship = replace(
                    ship,
                    status=ShipStatus.LANDED,
                    landed_at=base.id,
                    docked_at=base.id,
                    fuel=ship.fuel - 1,
                    orbit=None,
                    motion=replace(ship.motion, velocity=base.motion.velocity, pulls=()),
                )
                text = f"{ship.name} burns 1 fuel and lands at {base.name}"
            else:
                ship = replace(ship, docked_at=base.id, motion=base.motion)
                text = f"{ship.name} docks at {base.name}"
            state = state.with_ship(ship)
            moored[ship.id] = base.id
            events.append(Moored(text, ship.id, base.id, type(order).__name__.lower()))
    state = replace(state, plans=tuple((k, p) for k, p in plans.items() if p is not None))
    return state, events, moored


def _move_installations(state: GameState) -> GameState:
    """Every installation not on a surface coasts by its vector (an orbital base keeps
    orbiting; one at rest stays, since a start hex's gravity does not act)."""
    moved: list[Installation] = []
    params = movement_params(state.rules, state.rules.units[0].id, state.switches)
    for inst in holdings_of(state).installations:
        if inst.site == "surface":
            moved.append(inst)
            continue
        result = move(state.starmap, inst.motion, params=params, name=inst.name)
        moved.append(replace(inst, motion=result.next))
    return with_holdings(state, replace(holdings_of(state), installations=tuple(moved)))


def resolve(
    state: GameState, orders: Sequence[Command], planner: Planner
) -> tuple[GameState, list[Event]]:
    """The movement phase's orders, all together, then everything moves."""
    moorings = {s.id: s.docked_at for s in state.ships if s.docked_at is not None}
    state, events, moored = _moor(state, orders, planner)
    before = state
    movers = [sid for sid in astrogation.movers(state, None)]
    state, more = astrogation.resolve(state, movers)
    events.extend(more)
    state = _move_installations(state)
    insts = {i.id: i for i in holdings_of(state).installations}
    for ship in state.ships:
        home = moored.get(ship.id) or ship.docked_at or moorings.get(ship.id)
        if not ship.in_play or home is None:
            continue
        base = insts.get(home)
        still = base is not None and stationary_with(ship.motion, base.motion)
        if ship.status is ShipStatus.LANDED:
            still = base is not None
        state = state.with_ship(replace(ship, docked_at=home if still else None))
    for after in AFTER_MOVE:
        state, more = after(before, state)
        events.extend(more)
    return state, events
