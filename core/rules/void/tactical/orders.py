"""The tactical orders beyond plotting, launching and firing: taking a crew on or off the
juice (in the astrogation phase, for the turn to come), the defender's turn of one
hexside before its first move (seed "Baseline ITS", "Chase ITS", "Angled intercept ITS"),
and the placing of a side's extra ships near its lead ship ("Baseline ITS").

Rulings: the defender turns all its ships together, by one hexside either way, once,
before its first move; ending its first turn without turning keeps the headings. A
side's extra ships start in its lead ship's hex; in the side's astrogation phase of the
battle's first turn (before any of its ships moves) its player may place each of them in
any hex within 2 of the lead ship, on the map and outside any body, with the lead's
vector, and move it again until the phase ends; a ship with an order plotted is placed
after taking the order back.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.board.hexgrid import Hex
from core.engine.commands import Command
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.events import Event
from core.engine.serial import register
from core.rules.void.crew import Juice, kit_of, with_kit
from core.rules.void.said import Said
from core.rules.void.tactical import juice
from core.rules.void.tactical.situation import lead, turned
from core.rules.void.tactical.terms import terms, with_terms
from core.vector.motion import Motion
from core.vector.state import GameState
from core.vector.turns import current_phase


@register
@dataclass(frozen=True)
class TakeJuice(Command):
    """Put ``ship``'s crew on the juice (``on``) or take it off."""

    ship: str
    on: bool = True


@register
@dataclass(frozen=True)
class TurnStart(Command):
    """The defender turns its starting heading and vector by one hexside (+1
    counter-clockwise, -1 clockwise)."""

    steps: int


@register
@dataclass(frozen=True)
class PlaceShip(Command):
    """Place one of a side's extra ships at ``at``, within 2 hexes of its lead ship, as
    the battle starts."""

    ship: str
    at: Hex


#: how far from its lead ship an extra ship may start (seed "Baseline ITS")
EXTRA_SHIPS_WITHIN = 2


def place_ship(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
    assert isinstance(command, PlaceShip)
    now = terms(state)
    if state.round != 1 or current_phase(state) != "astrogation":
        raise WrongPhase("extra ships are placed in the battle's first astrogation phase")
    ship = state.own_ship(command.player, command.ship)
    setup = now.setup
    first = lead(tuple(s for s in setup.ships if s.side == ship.side))
    if first.id == ship.id:
        raise IllegalCommand(f"{ship.name} leads its side: the others are placed near it")
    if any(i == ship.id for i, _ in state.plans):
        raise IllegalCommand(f"take back {ship.name}'s order before placing it")
    leader = state.ship(first.id)
    labels = state.starmap.bounds.labels
    at = command.at
    if leader.motion.position.distance(at) > EXTRA_SHIPS_WITHIN:
        raise IllegalCommand(
            f"{ship.name} starts within {EXTRA_SHIPS_WITHIN} hexes of {leader.name}, "
            f"not at {labels.format(at)}"
        )
    if not state.starmap.bounds.contains(at) or state.starmap.body_at(at) is not None:
        raise IllegalCommand(f"{ship.name} cannot start at {labels.format(at)}")
    motion = Motion(at, leader.motion.velocity)
    state = state.with_ship(replace(ship, motion=motion))
    apart = leader.motion.position.distance(at)
    hexes = "hex" if apart == 1 else "hexes"
    text = f"{ship.name} starts at {labels.format(at)}, {apart} {hexes} from {leader.name}"
    return state, [Said(text)]


def take_juice(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
    assert isinstance(command, TakeJuice)
    if current_phase(state) != "astrogation":
        raise WrongPhase("a crew takes the juice in the astrogation phase")
    ship = state.own_ship(command.player, command.ship)
    kit = kit_of(ship)
    if command.on:
        if kit.juice is Juice.JUICED:
            raise IllegalCommand(f"{ship.name}'s crew is already on the juice")
        ship = with_kit(ship, juice.take(kit))
        now = terms(state)
        state = with_terms(state, replace(now, entered_juiced=now.entered_juiced - {ship.id}))
        doubled = " (a second time: every effect doubled)" if kit_of(ship).rejuiced else ""
        text = f"{ship.name}'s crew takes the juice{doubled}: it defends but does not attack"
    else:
        if kit.juice is not Juice.JUICED:
            raise IllegalCommand(f"{ship.name}'s crew is not on the juice")
        ship = with_kit(ship, juice.stop(kit))
        text = f"{ship.name}'s crew comes off the juice: two turns of recovery"
    return state.with_ship(ship), [Said(text)]


def turn_start(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
    assert isinstance(command, TurnStart)
    now = terms(state)
    first_move = state.round == 1 and current_phase(state) == "astrogation"
    if command.player not in now.setup.defenders or now.turned or not first_move:
        raise IllegalCommand("only the defender turns its start, once, before it first moves")
    if command.steps not in (-1, 1):
        raise IllegalCommand("the start turns by one hexside, either way")
    for ship in state.ships:
        if ship.owner in now.setup.defenders:
            velocity = turned(ship.motion.velocity, command.steps)
            state = state.with_ship(replace(ship, motion=Motion(ship.motion.position, velocity)))
    way = "counter-clockwise" if command.steps > 0 else "clockwise"
    state = with_terms(state, replace(terms(state), turned=True))
    return state, [Said(f"The defender turns its start one hexside {way}")]
