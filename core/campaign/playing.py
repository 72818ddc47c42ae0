"""How the campaign plays a game of any rule system: a command applied, the system that
plays it, whether it is over and who won, and the outcome a finished child game gives
back.

A campaign keeps states of any system as frozen dataclasses (hashed and snapshotted by
:mod:`core.engine.states`). Of a state it reads only: ``players`` (each with ``id``,
``name``, ``side``, ``colour``), ``rules`` (with ``id``, ``system_id`` and optionally
``version``), and where present ``switches``, ``round``, ``over`` and ``winners``.

Commands go through the engine (:func:`core.engine.play.apply`), except ``Resume``,
which only the campaign gives: it goes to the system's ``resume``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.engine import play as engine
from core.engine.commands import Command
from core.engine.encounter import Outcome, Resume
from core.engine.events import Event
from core.engine.system import RuleSystem


def system(state: object) -> RuleSystem:
    """The rule system that plays ``state`` (named by its ruleset)."""
    return engine.system_of(state)


def apply(state: Any, command: Command) -> tuple[Any, list[Event]]:
    """Carry out one command in a game of any system, or raise
    :class:`~core.engine.errors.IllegalCommand` saying why not."""
    if isinstance(command, Resume):
        return system(state).resume(state, command.outcome)
    return engine.apply(state, command)


def round_of(state: object) -> int:
    """The round the game is in (0 for a system without rounds)."""
    value = getattr(state, "round", 0)
    return value if isinstance(value, int) else 0


def is_over(state: object) -> bool:
    return getattr(state, "over", False) is True


def turn_key(state: Any) -> tuple[int, ...]:
    """Changes when a player's turn ends (with sealed orders: when a phase ends)."""
    return tuple(system(state).turn_key(state))


def turn_ended(before: Any, after: Any) -> bool:
    """Whether the command that led from ``before`` to ``after`` ended a player's turn
    (sealed orders: a phase) or the game: where the campaign keeps a turn record."""
    return turn_key(after) != turn_key(before) or is_over(after)


def winners(state: object) -> tuple[str, ...]:
    return tuple(getattr(state, "winners", ()))


def outcome(state: object, events: Sequence[Event], title: str, names: dict[str, str]) -> Outcome:
    """What a finished game gives back to its parent: who won, the reason in players'
    words (what the system said as the game ended, else who won), and the system's own
    details if it offers them (an ``outcome_details(state)`` method)."""
    won = winners(state)
    said = [e.text for e in events if e.text]
    if said:
        text = said[-1]
    elif won:
        text = f"{' and '.join(names.get(w, w) for w in won)} won {title}"
    else:
        text = f"{title} ended without a winner"
    offer = getattr(system(state), "outcome_details", None)
    details = offer(state) if callable(offer) else None
    return Outcome(won, text, details)
