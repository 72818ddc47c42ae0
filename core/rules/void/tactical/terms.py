"""What a tactical battle records beyond the vector game's state, kept in
``GameState.terms``: the battle's setup and initial situation, the torpedo groups in
flight (their targets secret until scanned), each ship's burns, railgun fire and damage
tracks, and the ships that have fired or scanned this turn."""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.board.hexgrid import ZERO, Direction, Vector
from core.engine.errors import WrongPhase
from core.engine.serial import added, register
from core.rules.void.battle import BattleSetup
from core.vector.motion import Motion
from core.vector.state import GameState


@register
@dataclass(frozen=True)
class Situation:
    """The initial tactical situation: its kinds ("baseline", "chase", "angled", "fast"),
    shown to both players as ``text``."""

    kinds: tuple[str, ...]
    text: str


@register
@dataclass(frozen=True)
class Torpedoes:
    """A "#T" group: the torpedoes one ship launched in one turn at one ship, flying
    together. ``target`` is secret (only its owner sees it, and the sides in
    ``revealed``, whose ships scanned it). ``burn``: the guidance its owner plotted for
    this turn (None: flown straight at the target)."""

    id: str
    owner: str
    side: str
    ship: str
    target: str
    count: int
    motion: Motion
    launched: int
    burn: tuple[Direction, ...] | None = None
    revealed: frozenset[str] = added(frozenset())

    @property
    def label(self) -> str:
        return f"{self.count}T"


@register
@dataclass(frozen=True)
class Log:
    """A ship's record in a battle: its velocity after its last move, the hexes of
    velocity change of that move and of the one before, the round its railguns last
    fired (0: never), and, under advanced combat, its damage tracks (weapons, drives,
    structure; turns left)."""

    ship: str
    velocity: Vector = ZERO
    accel: int = 0
    before: int = 0
    railguns: int = 0
    weapons: int = 0
    drives: int = 0
    structure: int = 0


@register
@dataclass(frozen=True)
class TacticalTerms:
    """``setup``: what the battle started from (its result names the same ships).
    ``advanced``: gun combat by hit location. ``turned``: the defender has made (or
    given up) its turn of one hexside before its first move. ``chase_fuel``: the
    attacker's ships pay a fuel point for the chase's faster start. ``entered_juiced``:
    the ships whose crews came into the battle juiced (off the juice after two turns).
    ``scanned``: the ships that have scanned a torpedo group this turn."""

    setup: BattleSetup
    situation: Situation
    advanced: bool = False
    torpedoes: tuple[Torpedoes, ...] = ()
    logs: tuple[Log, ...] = ()
    fired: frozenset[str] = frozenset()
    turned: bool = False
    chase_fuel: bool = False
    entered_juiced: frozenset[str] = frozenset()
    scanned: frozenset[str] = added(frozenset())

    def log(self, ship: str) -> Log:
        for entry in self.logs:
            if entry.ship == ship:
                return entry
        return Log(ship)

    def with_log(self, entry: Log) -> TacticalTerms:
        others = tuple(e for e in self.logs if e.ship != entry.ship)
        return replace(self, logs=tuple(sorted((*others, entry), key=lambda e: e.ship)))


def tactical_terms(state: GameState) -> TacticalTerms | None:
    return state.terms if isinstance(state.terms, TacticalTerms) else None


def terms(state: GameState) -> TacticalTerms:
    found = tactical_terms(state)
    if found is None:
        raise WrongPhase("that order is given in a tactical battle")
    return found


def with_terms(state: GameState, value: TacticalTerms) -> GameState:
    return replace(state, terms=value)
