"""The rule-system protocol: what a rule system gives the engine, and the registry that
finds one by name.

One engine runs several rule systems (Interplanetary, NPlanetary, System III Void, the
Traveller squadron game). Each is a package under ``core/rules/`` that provides an object
meeting :class:`RuleSystem`: its own state class, its commands and their handlers, its
phases, its switches, and the moments of a game (start, end of phase, end of round,
verdict). The generic engine (:mod:`core.engine.play`) knows systems only through this
protocol, so nothing of one system runs in another system's game.

Systems are found by id. The built-in ones are named here by module path and imported
only when a game of theirs starts or is read; a group's own system, shipped as a package
of its own, registers through the ``ecliptic.rule_systems`` entry-point group (the entry
point's name is the system id, its value ``module:attribute``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from core.engine.commands import Command
from core.engine.encounter import Encounter, Outcome
from core.engine.errors import UnknownName
from core.engine.events import Event
from core.engine.phases import Phase
from core.engine.serial import provide, register

S = TypeVar("S")

#: carries out one command: the state after it and what happened, or raises
#: :class:`~core.engine.errors.IllegalCommand` saying why not
Handler = Callable[[Any, Any], tuple[Any, list[Event]]]

ENTRY_POINT_GROUP = "ecliptic.rule_systems"


@register
@dataclass(frozen=True)
class Seat:
    """A player as a game is started with them: the id the game uses, the name shown,
    the side they play and their colour (``"#rrggbb"``)."""

    id: str
    name: str
    side: str
    colour: str = ""


class Participant(Protocol):
    """A player as the engine names them in its answers: an id and the name shown."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


@runtime_checkable
class RuleSystem(Protocol):
    """What a rule system gives the engine. The state the methods take is the system's
    own frozen state class (a dataclass); the engine passes it through untouched, except
    in a sealed phase, where it keeps the players who have ended the phase in the
    state's ``done`` (a frozenset of player ids) and their orders in its ``sealed`` (a
    tuple of commands) until everyone has (:mod:`core.engine.play`).

    Optional extensions, looked up by name where needed, so a system without them still
    meets the protocol: ``ruleset_sections``, the keys of a ruleset file the system reads
    itself and how (:class:`core.files.ruleset_sections.RulesetSections`; Interplanetary's
    play aid), which the files layer asks for when it parses a ruleset of the system; and
    for the vector games ``hooks`` (:class:`core.vector.hooks.Hooks`), the system's part
    in movement."""

    #: "interplanetary", "nplanetary", "void", "squadrons"
    id: str
    #: the players' name for it
    name: str
    #: its commands and the function that carries out each
    handlers: Mapping[type[Command], Handler]
    #: commands that answer a pending decision rather than act in the current phase
    answers: frozenset[type[Command]]
    #: its optional rules and ruling switches, with what each means when on
    switches: Mapping[str, str]

    def start(
        self, ruleset: Any, seats: Sequence[Any], seed: int, setup: Any
    ) -> tuple[Any, list[Event]]:
        """A new game: the first state and the events of starting (rolls for first
        player...). ``ruleset`` is a ruleset id or the system's own ruleset value;
        ``setup`` is what the system needs beyond the seats: for the vector games a
        :class:`core.engine.play.GameSetup` (map, ships, victory conditions); for a child
        game the :attr:`Encounter.setup <core.engine.encounter.Encounter.setup>`."""
        ...

    def phases(self, state: Any) -> Sequence[Phase]:
        """The phases of a turn in this game (they may depend on its ruleset)."""
        ...

    def phase(self, state: Any) -> Phase:
        """The phase the game is in now."""
        ...

    def turn_of(self, state: Any) -> Participant | None:
        """Whose turn it is when players take turns; None when several act at once."""
        ...

    def waiting_for(self, state: Any) -> Sequence[Participant]:
        """The players who must act now (a pending decision's player first)."""
        ...

    def admit(self, state: Any, command: Command) -> None:
        """Raise :class:`~core.engine.errors.IllegalCommand` (or a subclass: game over,
        not your turn, wrong phase) when ``command``'s player may not act now."""
        ...

    def end_phase(
        self, state: Any, player: str | None, orders: Sequence[Command]
    ) -> tuple[Any, list[Event]]:
        """``player`` is done with the phase (None: everyone, at the end of a sealed
        phase); ``orders`` are everyone's sealed orders, given once all are in and to be
        resolved together (empty for a phase that is not sealed)."""
        ...

    def end_round(self, state: Any) -> tuple[Any, list[Event]]:
        """What happens when a round is over (ships coming back, counting down)."""
        ...

    def verdict(self, state: Any) -> tuple[Any, list[Event]]:
        """Has the game been won or drawn? The state marked over, with who won."""
        ...

    def view(self, state: Any, player: str) -> Any:
        """What one player may see of the state (fog of war, sealed orders, hidden
        counters); the state itself for a game without secrets."""
        ...

    def turn_key(self, state: Any) -> tuple[int, ...]:
        """Where the game stands, for the campaign's per-turn hashes: equal keys, same
        turn."""
        ...

    def encounter(self, state: Any) -> Encounter | None:
        """A game of another scale this moment opens (a Void battle), or None."""
        ...

    def resume(self, state: Any, outcome: Outcome) -> tuple[Any, list[Event]]:
        """Take a finished child game's result back into this game."""
        ...


#: the built-in systems: id -> "module:attribute", imported on first use
BUILT_IN: dict[str, str] = {
    "interplanetary": "core.rules.interplanetary.system:SYSTEM",
    "nplanetary": "core.rules.nplanetary.system:SYSTEM",
    "void": "core.rules.void.system:SYSTEM",
    "squadrons": "core.rules.squadrons.system:SYSTEM",
}

#: built-in rulesets played by a rule system of another name (System III Void has two
#: scales); any other ruleset id names its system
RULESET_SYSTEMS: dict[str, str] = {
    "system3void-strategic": "void",
    "system3void-tactical": "void",
}

# A saved game may hold a system's types (a combat decision) before any game of it has
# started in this process: reading an unknown type name imports the built-in systems,
# whose modules register their types.
provide(*(path.partition(":")[0] for path in BUILT_IN.values()))

_LOADED: dict[str, RuleSystem] = {}
_PATHS: dict[str, str] = dict(BUILT_IN)


def register_system(system: RuleSystem | str, system_id: str | None = None) -> None:
    """Make a rule system known: an object meeting :class:`RuleSystem`, or a
    ``"module:attribute"`` path imported when a game of it first needs it."""
    if isinstance(system, str):
        if system_id is None:
            raise ValueError("a system registered by path needs its id")
        _PATHS[system_id] = system
        _LOADED.pop(system_id, None)
        return
    _LOADED[system_id or system.id] = system


def unregister_system(system_id: str) -> None:
    """Forget a system (tests that register toy systems clean up with this)."""
    _LOADED.pop(system_id, None)
    _PATHS.pop(system_id, None)
    if system_id in BUILT_IN:
        _PATHS[system_id] = BUILT_IN[system_id]


def _read_entry_points() -> None:
    """Add the systems installed packages declare (read again on every miss, so a
    package installed while the program runs is found too)."""
    from importlib.metadata import entry_points  # read only when a name is missing

    for found in entry_points(group=ENTRY_POINT_GROUP):
        _PATHS.setdefault(found.name, found.value)


def system_for(system_id: str) -> RuleSystem:
    """The rule system called ``system_id``, imported now if it was not yet;
    :class:`UnknownName` when no such system is built in or installed."""
    known = _LOADED.get(system_id)
    if known is not None:
        return known
    path = _PATHS.get(system_id)
    if path is None:
        _read_entry_points()
        path = _PATHS.get(system_id)
    if path is None:
        names = ", ".join(system_ids())
        raise UnknownName(f"no rule system called {system_id!r} is installed (known: {names})")
    module, _, attribute = path.partition(":")
    system = getattr(importlib.import_module(module), attribute or "SYSTEM", None)
    if not isinstance(system, RuleSystem):
        raise UnknownName(f"{path} (rule system {system_id!r}) is not a rule system")
    _LOADED[system_id] = system
    return system


def ruleset_system(ruleset_id: str, *, simultaneous: bool = False) -> str:
    """The id of the system that plays ruleset ``ruleset_id`` when its file names none
    (its ``system`` key: see ``Ruleset.system_id``): the built-in rulesets' own system; a
    system of the same name; else, for a group's own ruleset, NPlanetary's when everyone
    orders at once and Interplanetary's otherwise, as every ruleset was played before
    rule systems were packages (a ruling: a file says ``system = ...`` to choose)."""
    found = RULESET_SYSTEMS.get(ruleset_id)
    if found is not None:
        return found
    if ruleset_id not in _PATHS and ruleset_id not in _LOADED:
        _read_entry_points()
    if ruleset_id in _PATHS or ruleset_id in _LOADED:
        return ruleset_id
    return "nplanetary" if simultaneous else "interplanetary"


def system_ids() -> list[str]:
    """Every system that can be asked for, built-in and installed."""
    _read_entry_points()
    return sorted(set(_PATHS) | set(_LOADED))
