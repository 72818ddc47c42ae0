"""The tactical orders beyond plotting, launching and firing: taking a crew on or off the
juice (in the astrogation phase, for the turn to come), and the defender's turn of one
hexside before its first move (seed "Baseline ITS", "Chase ITS", "Angled intercept ITS").

Ruling: the defender turns all its ships together, by one hexside either way, once,
before its first move; ending its first turn without turning keeps the headings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.engine.commands import Command
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.events import Event
from core.engine.serial import register
from core.rules.void.crew import Juice, kit_of, with_kit
from core.rules.void.tactical import juice
from core.rules.void.tactical.situation import turned
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
    return state.with_ship(ship), [Event(text)]


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
    return state, [Event(f"The defender turns its start one hexside {way}")]
