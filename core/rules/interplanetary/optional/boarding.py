"""Boarding (seed "Optional rules: Boarding"): taking a disabled enemy by its crew.

In its owner's gun phase, a ship whose vector matches a *disabled* enemy's (same hex,
same velocity) may send a boarding party across instead of attacking. Both players roll
a die; the boarder wins only on the higher roll (a tie is the defender's). A ship makes
one attempt a round, and only if it has neither fired nor launched this turn; it then
fires no gun, not even back, until the round ends.

What boarding wins is the scenario's to say; Ecliptic's ruling: the subdued ship counts as
surrendered to the boarding player (:mod:`core.rules.interplanetary.optional.surrender`: it attacks
no more, and the boarder may take its fuel and weapons by rendezvous) and ``Ship.captured_by``
names the boarding ship (Industrial Sabotage: who carries the stolen data). With the switch
``boarding_takes_ship`` the boarding player also takes the ship over and plays it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.engine.commands import Command
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.events import Event, event
from core.engine.serial import register
from core.rules.interplanetary.combat.guns import GUN_PHASE, exposed
from core.rules.interplanetary.optional.rendezvous import matched
from core.rules.interplanetary.optional.restraints import held_back
from core.rules.interplanetary.phases import phase_word
from core.rules.interplanetary.scenario.special_rules import record_boarding
from core.vector.state import GameState, Ship
from core.vector.turns import current_phase

SWITCH = "boarding"
TAKE_SWITCH = "boarding_takes_ship"


@event
class BoardingAttempt(Event):
    ship: str
    target: str
    success: bool


@register
@dataclass(frozen=True)
class Board(Command):
    """Send ``ship``'s boarding party against ``target``."""

    ship: str
    target: str


def why_not(state: GameState, ship: Ship, target: Ship) -> str | None:
    """Why ``ship`` cannot board ``target`` now, or None when it can."""
    if not state.uses(SWITCH):
        return "this game does not use the Boarding rule"
    why = held_back(state, ship)
    if why is not None:
        return why
    if ship.disabled:
        return f"{ship.name} is disabled: it cannot close in to board"
    if ship.id in state.launched or any(k.startswith(f"{ship.id}:") for k in state.fired):
        return f"{ship.name} has attacked this turn: a boarding party is its only attack"
    if target.side == ship.side:
        return f"{target.name} is on your side"
    if not target.disabled:
        return f"{target.name} is not disabled: only a disabled ship can be boarded"
    if not matched(ship, target) or not exposed(state, target):
        return f"{ship.name} must match {target.name}'s vector in space: same hex, same velocity"
    return None


def boardable(state: GameState, ship: Ship) -> list[Ship]:
    """The enemy ships ``ship`` could board now (for the interface)."""
    return [t for t in state.ships if t.id != ship.id and why_not(state, ship, t) is None]


def board(state: GameState, command: Board) -> tuple[GameState, list[Event]]:
    if current_phase(state) != GUN_PHASE:
        now = phase_word(current_phase(state))
        raise WrongPhase(f"boarding is an attack of the gun phase, not the {now} phase")
    ship = state.own_ship(command.player, command.ship)
    target = state.known_ship(command.target)
    why = why_not(state, ship, target)
    if why is not None:
        raise IllegalCommand(why)
    dice, attack = state.dice.roll(f"{ship.name}'s boarding party")
    dice, defence = dice.roll(f"{target.name}'s crew defends")
    state = replace(state, dice=dice, boarded=state.boarded | {ship.id})
    events: list[Event] = [attack, defence]
    if attack.total <= defence.total:
        text = (
            f"{target.name}'s crew fights off {ship.name}'s boarding party "
            f"({attack.total} against {defence.total}: the boarder needs the higher roll)"
        )
        return state, [*events, BoardingAttempt(text, ship.id, target.id, False)]
    victor = state.player(ship.owner)
    taken = replace(target, surrendered=victor.id, captured_by=ship.id)
    outcome = f"it is subdued and counts as surrendered to {victor.name}"
    if state.uses(TAKE_SWITCH):
        taken = replace(taken, owner=victor.id, side=ship.side, surrendered=None)
        state = state.with_plan(target.id, None)
        outcome = f"{victor.name} takes it over and plays it from now on"
    state = record_boarding(state.with_ship(taken), target.id, ship.id)
    text = (
        f"{ship.name}'s boarding party takes {target.name} ({attack.total} against "
        f"{defence.total}): {outcome}"
    )
    return state, [*events, BoardingAttempt(text, ship.id, target.id, True)]


def stand_down(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """Boarding parties are back aboard: their ships may attack and board again."""
    return replace(state, boarded=frozenset()), []
