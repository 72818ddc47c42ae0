"""The strategic game's own Void state, kept in ``GameState.terms``: whether the game uses
tactical scale, the narrative points, the battle being opened, and the engagements already
fought this turn (a following player may attack the same hex)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from core.board.hexgrid import Hex
from core.engine.serial import register
from core.rules.void.battle import BattleSetup
from core.vector.state import GameState

#: who holds narrative points: nobody, each player, or each ship
NarrativePer = Literal["none", "player", "ship"]


@register
@dataclass(frozen=True)
class Fought:
    """An engagement of this strategic turn: the hex, the player who attacked, and the
    ships engaged there (a following player may attack them again this turn)."""

    where: Hex
    attacker: str
    ships: tuple[str, ...]


@register
@dataclass(frozen=True)
class VoidTerms:
    """``tactical``: battles may be fought at tactical scale (otherwise every encounter
    is resolved by strategic combat). ``narrative_per`` and ``narrative``: who holds
    narrative points and how many each holder (player or ship id) has left. ``battle``:
    the encounter opened and not yet resolved (the game waits for it). ``fought``: this
    turn's engagements. ``battles``: how many have been fought (names the next)."""

    tactical: bool = True
    narrative_per: NarrativePer = "none"
    narrative: tuple[tuple[str, int], ...] = ()
    battle: BattleSetup | None = None
    fought: tuple[Fought, ...] = ()
    battles: int = 0

    def points(self, holder: str) -> int:
        return dict(self.narrative).get(holder, 0)

    def spend(self, spent: tuple[tuple[str, int], ...]) -> VoidTerms:
        left = dict(self.narrative)
        for holder, points in spent:
            left[holder] = max(0, left.get(holder, 0) - points)
        return replace(self, narrative=tuple(sorted(left.items())))


#: ruling: the narrative points each holder starts with, per player or per ship
POINTS_PER_PLAYER = 2
POINTS_PER_SHIP = 1


def terms_of(state: GameState) -> VoidTerms:
    """The game's Void terms; a game that has none yet starts them from its switches
    (tactical scale, narrative points per player or per ship)."""
    if isinstance(state.terms, VoidTerms):
        return state.terms
    tactical = state.uses("tactical_scale", True)
    if not state.uses("narrative_points"):
        return VoidTerms(tactical)
    if state.uses("narrative_per_ship"):
        points = tuple((s.id, POINTS_PER_SHIP) for s in state.ships if s.in_play)
        return VoidTerms(tactical, "ship", tuple(sorted(points)))
    return VoidTerms(
        tactical, "player", tuple(sorted((p.id, POINTS_PER_PLAYER) for p in state.players))
    )


def is_strategic(state: GameState) -> bool:
    """Whether a Void game is the strategic game (a tactical battle's state carries terms
    of its own)."""
    return state.terms is None or isinstance(state.terms, VoidTerms)


def with_terms(state: GameState, terms: VoidTerms) -> GameState:
    return replace(state, terms=terms)
