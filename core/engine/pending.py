"""Decisions the game waits for, and the commands that rules modules add to the engine.

Combat interrupts the turn order: a hit is placed by the *defender* (seed "Ship
subsystems"), a gun attack may be answered by the target's guns, a missile's owner
chooses whether it strikes. Each such decision is a :class:`Pending` item in the state;
while any is waiting, only its player may act, and only with a command that answers it.

Rules modules (:mod:`core.rules.interplanetary.combat.attack`,
:mod:`core.rules.interplanetary.combat.guns`, :mod:`core.rules.interplanetary.combat.ordnance`...)
register their commands with :func:`handles`, so the engine dispatches to them without knowing each
rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from core.engine.commands import Command
from core.engine.events import Event
from core.vector.state import GameState, Pending, Player

__all__ = ["Pending", "active_player", "current_phase", "handler_for", "handles", "waiting_for"]

Handler = Callable[[GameState, Command], tuple[GameState, list[Event]]]
C = TypeVar("C", bound=Command)

_HANDLERS: dict[type[Command], tuple[Handler, bool]] = {}


def handles(
    command: type[C], *, answers: bool = False
) -> Callable[
    [Callable[[GameState, C], tuple[GameState, list[Event]]]],
    Callable[[GameState, C], tuple[GameState, list[Event]]],
]:
    """Register the function that carries out ``command``. ``answers``: the command
    answers the first pending decision, rather than being a move of the current phase."""

    def register_handler(
        fn: Callable[[GameState, C], tuple[GameState, list[Event]]],
    ) -> Callable[[GameState, C], tuple[GameState, list[Event]]]:
        _HANDLERS[command] = (fn, answers)  # type: ignore[assignment]
        return fn

    return register_handler


def handler_for(command: Command) -> tuple[Handler, bool] | None:
    return _HANDLERS.get(type(command))


def active_player(state: GameState) -> Player | None:
    """Whose turn it is (rotating order), or None when everyone orders at once."""
    if state.rules.sequence.order == "simultaneous":
        return None
    return state.players[(state.first + state.turn) % len(state.players)]


def current_phase(state: GameState) -> str:
    return state.rules.sequence.phases[state.phase]


def waiting_for(state: GameState) -> list[Player]:
    """The players who must act now: whoever a pending decision waits for, else the
    player whose turn it is, else (sealed orders) everyone who has not ended the phase."""
    if state.pending:
        return [state.player(state.pending[0].player)]
    player = active_player(state)
    if player is not None:
        return [player]
    return [p for p in state.players if p.id not in state.done]


Hook = Callable[[GameState, str | None], tuple[GameState, list[Event]]]

#: moments of the turn when rules modules act, and the functions registered for each:
#: ``moved`` after a player's ships have moved (ordnance moves and strikes),
#: ``turn_end`` when a player's turn is over (counting down disabled ships, lifetimes),
#: ``round_end`` when the round is over. Each gets the player (None in sealed orders).
_HOOKS: dict[str, list[Hook]] = {"moved": [], "turn_end": [], "round_end": []}


def hook(moment: str) -> Callable[[Hook], Hook]:
    """Register a function to run at a moment of the turn (see ``_HOOKS``)."""

    def register_hook(fn: Hook) -> Hook:
        _HOOKS[moment].append(fn)
        return fn

    return register_hook


def run_hooks(moment: str, state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for fn in _HOOKS[moment]:
        state, more = fn(state, player)
        events.extend(more)
    return state, events
