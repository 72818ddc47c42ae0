"""What a rule system adds to the vector games' movement: hooks it fills, no-ops here.

Vector movement (:mod:`core.vector.course_check`, :mod:`core.vector.astrogation`,
:mod:`core.vector.preview`, :mod:`core.vector.turns`) is shared by the Triplanetary-family
systems, but some of its moments belong to one system's rules: Interplanetary's boosters
and shields change a move, its asteroid crossings are attacks on the play aid, its
special asteroids and bases pick sides, its scenarios refuse courses, move some ships
last and say how each leaves the map, and its ordnance strikes after movement. Rather
than calling into those rules, movement asks the game's system for its :class:`Hooks`
(:func:`hooks_of`); a system without them plays the plain movement of its ruleset.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from core.board.hexgrid import Hex
from core.board.starmap import Base, Leaving
from core.engine.events import Event
from core.engine.system import system_for
from core.vector.course import FREE_PASSAGE, Crash, Passage
from core.vector.motion import MovementParams
from core.vector.movement import MoveResult
from core.vector.state import GameState, Ship

#: a rule system's work at a moment of the turn; gets the player whose turn it is (None:
#: everyone's, in sealed orders)
Moment = Callable[[GameState, str | None], tuple[GameState, list[Event]]]


class Threat(Protocol):
    """A danger a course would meet, as the course plotter shows it: which piece, where,
    why in players' words, and whether it strikes for certain."""

    @property
    def piece(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def hex(self) -> Hex: ...
    @property
    def reason(self) -> str: ...
    @property
    def certain(self) -> bool: ...
    @property
    def kind(self) -> str:
        """What the piece is, in a word the players use ("missile", "torpedo", "mine")."""
        ...


def _none(*args: object) -> None:
    return None


def _free(state: GameState, ship: Ship) -> Passage:
    return FREE_PASSAGE


def _same_params(state: GameState, ship: Ship, params: MovementParams) -> MovementParams:
    return params


def _no(state: GameState, ship: Ship) -> bool:
    return False


def _same_ship(ship: Ship) -> Ship:
    return ship


def _nobody(state: GameState) -> tuple[str, ...]:
    return ()


def _same_state(state: GameState) -> GameState:
    return state


def _same_word(phase: str) -> str:
    return phase


def _no_threats(state: GameState, ship: Ship) -> Callable[[MoveResult], tuple[Threat, ...]]:
    return lambda result: ()


@dataclass(frozen=True)
class Hooks:
    """A rule system's part in vector movement. Every hook defaults to doing nothing."""

    #: why ``ship`` may not plot now (sitting out a turn), or None
    sits_out: Callable[[Ship], str | None] = _none
    #: whose special asteroid hexes ``ship``'s course may pass
    passage: Callable[[GameState, Ship], Passage] = _free
    #: why ``base`` will not take ``ship`` (landing, docking), or None
    refused: Callable[[GameState, Ship, Base], str | None] = _none
    #: why ``base`` serves nobody any more (a ship cannot launch from it), or None
    closed: Callable[[GameState, Base], str | None] = _none
    #: the movement of a ship with modules in use (``Ship.in_use``): free hexes...
    boosted: Callable[[GameState, Ship, MovementParams], MovementParams] = _same_params
    #: whether a disabled ship with modules in use may still burn
    burns_disabled: Callable[[GameState, Ship], bool] = _no
    #: raise IllegalCommand when a move breaks a condition of a module in use
    check_move: Callable[[GameState, Ship, MoveResult, MovementParams], None] = _none
    #: why a scenario refuses this course (a ship another side flies), or None
    course_refused: Callable[[GameState, Ship, MoveResult], str | None] = _none
    #: what a module in use makes of a crash at a speed: the ship and what happened, or None
    shielded: Callable[[GameState, Ship, Crash, int], tuple[Ship, Event] | None] = _none
    #: a crossing of asteroids at the hex labelled ``where`` as an attack, made after
    #: every ship has moved; None: the ruleset's asteroid roll, at once
    asteroids: Callable[[GameState, Ship, str], tuple[GameState, list[Event]]] | None = None
    #: the launched weapons each course of ``ship`` would meet, for the course plotter
    threats: Callable[[GameState, Ship], Callable[[MoveResult], tuple[Threat, ...]]] = _no_threats
    #: the ships the scenario moves after every other ship, in the round's last movement
    moves_last: Callable[[GameState], tuple[str, ...]] = _nobody
    #: what leaving the map means for ``ship`` when its scenario says (None: the game's rule)
    leaving: Callable[[GameState, Ship], Leaving | None] = _none
    #: what the system notes in the state before the victory conditions are asked (when
    #: each base fell, for conditions that count it)
    noted: Callable[[GameState], GameState] = _same_state
    #: a ship as the game starts with it
    starting: Callable[[Ship], Ship] = _same_ship
    #: a ship as a burn plotted for it sees it (NPlanetary: a landed ship lifts off by a
    #: burn, so the course plotter offers it burns from rest in its hex)
    plotted_as: Callable[[Ship], Ship] = _same_ship
    #: what players call a phase (its id, unless the system has a word of its own)
    phase_word: Callable[[str], str] = _same_word
    #: after a player's ships have moved (ordnance moves and strikes)
    moved: tuple[Moment, ...] = ()
    #: when a player's turn is over (counting down disabled ships, lifetimes)
    turn_end: tuple[Moment, ...] = ()
    #: when the round is over
    round_end: tuple[Moment, ...] = ()


NO_HOOKS = Hooks()


def hooks_of(state: GameState) -> Hooks:
    """The hooks of the system that plays ``state``'s ruleset (none for a system that
    adds nothing to movement)."""
    found = getattr(system_for(state.rules.system_id), "hooks", None)
    return found if isinstance(found, Hooks) else NO_HOOKS
