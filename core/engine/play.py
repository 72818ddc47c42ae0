"""The engine: ``apply(state, command) -> (state, events)``, for every rule system.

A pure function: the state holds everything (the dice and the ruleset included), and
nothing here reads the clock, the disk or a global random source. The engine knows a game
only through its rule system (:class:`core.engine.system.RuleSystem`, found by the id its
ruleset names): the system checks who may act, carries out its own commands and says what
the end of a phase does. The engine itself keeps the one thing every system shares, the
sealed phase: each player's orders wait, unseen and out of the state proper, until every
player has ended the phase, then the system resolves them together, so the order in which
they arrived cannot matter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from core.engine.commands import Command, EndPhase
from core.engine.errors import IllegalCommand
from core.engine.events import Event, event
from core.engine.system import Participant, RuleSystem, ruleset_system, system_for

#: a game's state, of whatever class its rule system keeps
S = TypeVar("S")


@dataclass(frozen=True)
class GameSetup:
    """What the vector games (and any system played on one map) start with beyond the
    seats: the map, the ships, switch overrides, the map-edge rule (None: the map's), the
    seat of the first player (None: roll for it), the victory conditions and the rule
    system's own opening from the scenario (NPlanetary's bases and holds; None: none).
    The engine passes it to the system untouched."""

    starmap: Any
    ships: Sequence[Any] = ()
    switches: tuple[tuple[str, bool], ...] = ()
    leaving: Any = None
    first: int | None = 0
    victory: tuple[Any, ...] = ()
    opening: Any = None


@event
class OrderSealed(Event):
    """An order kept sealed until everyone has ended the phase (says nothing of it)."""

    player: str


def system_of(state_or_ruleset: Any) -> RuleSystem:
    """The rule system of a game (a state with ``rules``), a ruleset value (with a
    ``system_id``) or a built-in ruleset id."""
    if isinstance(state_or_ruleset, str):
        return system_for(ruleset_system(state_or_ruleset))
    rules = getattr(state_or_ruleset, "rules", state_or_ruleset)
    return system_for(rules.system_id)


def start(
    ruleset: Any, seats: Sequence[Any], *, seed: int, setup: Any = None
) -> tuple[Any, list[Event]]:
    """Start a game of the system that plays ``ruleset`` (an id or a ruleset value)."""
    return system_of(ruleset).start(ruleset, seats, seed, setup)


def new_game(
    ruleset: Any,
    starmap: Any,
    players: Sequence[Any],
    ships: Sequence[Any],
    *,
    seed: int,
    switches: tuple[tuple[str, bool], ...] = (),
    leaving: Any = None,
    first: int | None = 0,
    victory: tuple[Any, ...] = (),
    opening: Any = None,
) -> tuple[Any, list[Event]]:
    """Start a game on a map. ``first`` is the seat of the first player; None rolls for
    it as the game begins (Interplanetary's start of play), with the game's own dice."""
    setup = GameSetup(starmap, tuple(ships), switches, leaving, first, victory, opening)
    return start(ruleset, players, seed=seed, setup=setup)


def apply(state: S, command: Command) -> tuple[S, list[Event]]:
    """Carry out one command, or raise IllegalCommand saying why it cannot be done."""
    system = system_of(state)
    system.admit(state, command)
    phase = system.phase(state)
    if isinstance(command, EndPhase):
        if phase.sealed:
            return _end_sealed(system, state, command.player)
        ended: tuple[S, list[Event]] = system.end_phase(state, command.player, ())
        return ended
    handler = system.handlers.get(type(command))
    if handler is None:
        raise IllegalCommand(f"{type(command).__name__} is not a command this game knows")
    if phase.sealed and type(command) not in system.answers:
        handler(state, command)  # checked now, so the player learns at once what is wrong
        return _seal(state, command), [
            OrderSealed("an order is sealed until everyone has ended the phase", command.player)
        ]
    result: tuple[S, list[Event]] = handler(state, command)
    return result


def _seal(state: Any, command: Command) -> Any:
    """The state with ``command`` in the sealed envelope. Kept by player (each player's
    own orders in the order given), so the envelope is the same whatever order the
    players' orders arrive in."""
    orders = sorted((*state.sealed, command), key=lambda c: c.player)
    return replace(state, sealed=tuple(orders))


def _end_sealed(system: RuleSystem, state: Any, player: str) -> tuple[Any, list[Event]]:
    """``player`` has ended a sealed phase; when everyone has, the envelope is opened and
    the system resolves everyone's orders together."""
    state = replace(state, done=state.done | {player})
    if system.waiting_for(state):
        return state, []
    orders = state.sealed
    state = replace(state, done=frozenset(), sealed=())
    result: tuple[Any, list[Event]] = system.end_phase(state, None, orders)
    return result


def active_player(state: Any) -> Participant | None:
    """Whose turn it is, or None when several players act at once."""
    return system_of(state).turn_of(state)


def current_phase(state: Any) -> str:
    """The name of the phase the game is in."""
    return system_of(state).phase(state).name


def waiting_for(state: Any) -> list[Any]:
    """The players who must act now."""
    return list(system_of(state).waiting_for(state))


def view(state: Any, player: str) -> Any:
    """What ``player`` may see of the game (fog of war, others' sealed orders hidden)."""
    return system_of(state).view(state, player)
