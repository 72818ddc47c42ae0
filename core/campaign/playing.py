"""How the campaign plays a game of any rule system: a command applied, where the game
stands (its turn key), whether it is over and who won, and the moments that open or
close a nested game.

A campaign keeps states of any system as frozen dataclasses (hashed and snapshotted by
:mod:`core.engine.states`). Of a state it reads only: ``players`` (each with ``id``,
``name``, ``side``, ``colour``), ``rules`` (with ``id``, ``system_id`` and optionally
``version``), and where present ``switches``, ``round``, ``over`` and ``winners``. (A
state class may instead name its ruleset and system as ``ruleset`` and ``system_id``.)

The vector games' ``GameState`` is played by the engine as it stands
(:func:`core.engine.play.apply`), which needs no system object; a state of any other
system by its :class:`~core.engine.system.RuleSystem`'s handlers. ``Resume``, which only
the campaign gives, goes to the system's ``resume`` in both cases.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.engine import play as engine
from core.engine.commands import Command, EndPhase
from core.engine.encounter import Encounter, Outcome, Resume
from core.engine.errors import GameOver, IllegalCommand, NotYourTurn, UnknownName
from core.engine.events import Event
from core.engine.system import RuleSystem, system_for
from core.vector.state import GameState


def system_id(state: object) -> str:
    """The id of the rule system that plays ``state``."""
    named = getattr(state, "system_id", None)
    if isinstance(named, str):
        return named
    found = getattr(getattr(state, "rules", None), "system_id", None)
    if isinstance(found, str):
        return found
    raise UnknownName(f"a {type(state).__name__} does not say which rule system plays it")


#: vector games' systems found not installed as objects (asked once per process)
_vector_only: set[str] = set()


def system(state: object) -> RuleSystem | None:
    """The rule system of ``state``; None for a vector game whose system is not
    installed as an object yet (the engine plays it all the same)."""
    found = system_id(state)
    if found in _vector_only and isinstance(state, GameState):
        return None
    try:
        return system_for(found)
    except (UnknownName, ImportError):
        if isinstance(state, GameState):
            _vector_only.add(found)
            return None
        raise


def _required(state: object) -> RuleSystem:
    found = system(state)
    if found is None:
        raise UnknownName(f"no rule system called {system_id(state)!r} is installed")
    return found


def apply(state: Any, command: Command) -> tuple[Any, list[Event]]:
    """Carry out one command in a game of any system, or raise
    :class:`~core.engine.errors.IllegalCommand` saying why not."""
    if isinstance(command, Resume):
        return _required(state).resume(state, command.outcome)
    if isinstance(state, GameState):
        return engine.apply(state, command)
    rules = _required(state)
    if is_over(state):
        raise GameOver("the game is over")
    waiting = [_id(p) for p in rules.waiting_for(state)]
    if command.player not in waiting:
        raise NotYourTurn(f"it is not your turn: waiting for {', '.join(waiting) or 'nobody'}")
    handler = rules.handlers.get(type(command))
    if handler is not None:
        return handler(state, command)
    if isinstance(command, EndPhase):
        return rules.end_phase(state, command.player, ())
    raise IllegalCommand(f"{type(command).__name__} is not a command this game knows")


def _id(player: object) -> str:
    """A player the system names, by id or as a value with an ``id``."""
    return player if isinstance(player, str) else str(getattr(player, "id", player))


def turn_key(state: Any, found: RuleSystem | None) -> tuple[int, ...]:
    """Where the game stands: a new key, a turn (sealed orders: a phase) has ended.
    The system (``found``, from :func:`system`) says; for a vector game without a system
    object, its round and turn (or phase, with sealed orders)."""
    if found is not None:
        return tuple(found.turn_key(state))
    if state.rules.sequence.order == "simultaneous":
        return (state.round, state.phase)
    return (state.round, state.turn)


def round_of(state: object) -> int:
    """The round the game is in (0 for a system without rounds)."""
    value = getattr(state, "round", 0)
    return value if isinstance(value, int) else 0


def is_over(state: object) -> bool:
    return getattr(state, "over", False) is True


def winners(state: object) -> tuple[str, ...]:
    return tuple(getattr(state, "winners", ()))


def encounter(state: object, found: RuleSystem | None) -> Encounter | None:
    """The game of another scale this moment opens, if the system (``found``) says so."""
    return found.encounter(state) if found is not None else None


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
