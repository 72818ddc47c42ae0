"""Surrender (seed "Optional rules: Surrender"): a ship gives itself up to an enemy.

The terms are the players' own bargain; the rules hold both sides to it. A ship that
surrendered fires no gun and launches no weapon for the rest of the game, and the player
it surrendered to may bring a ship alongside (:mod:`core.rules.interplanetary.optional.rendezvous`)
and take fuel and weapons without asking. Rulings: a player surrenders one of their ships in any
phase of their own turn, to one enemy player; surrender is for good (a truce is not undone by the
engine); the surrendered ship still moves, and may be attacked (the seed forbids only its
own fire).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.engine.commands import Command
from core.engine.errors import IllegalCommand
from core.engine.events import Event, event
from core.engine.serial import register
from core.vector.state import GameState

SWITCH = "surrender"


@event
class Surrendered(Event):
    ship: str
    to: str


@register
@dataclass(frozen=True)
class Surrender(Command):
    """``ship`` surrenders to the player ``to``."""

    ship: str
    to: str


def surrender(state: GameState, command: Surrender) -> tuple[GameState, list[Event]]:
    if not state.uses(SWITCH):
        raise IllegalCommand("this game does not use the Surrender rule")
    ship = state.own_ship(command.player, command.ship)
    if not ship.in_play:
        raise IllegalCommand(f"{ship.name} is {ship.status.value}: it cannot surrender")
    if ship.surrendered is not None:
        who = state.player(ship.surrendered).name
        raise IllegalCommand(f"{ship.name} has already surrendered to {who}")
    try:
        victor = state.player(command.to)
    except KeyError:
        raise IllegalCommand(f"{command.to!r} is not playing in this game") from None
    if victor.side == ship.side:
        raise IllegalCommand(f"{victor.name} is on your side: surrender to an enemy")
    state = state.with_ship(replace(ship, surrendered=victor.id))
    text = (
        f"{ship.name} surrenders to {victor.name}: it fires and launches no more, and "
        f"{victor.name}'s ships may come alongside to take what was agreed"
    )
    return state, [Surrendered(text, ship.id, victor.id)]
