"""A scenario's NPlanetary opening (its ``[opening]`` table): the bases and outposts
players start with, what their ships carry and where they are docked, and the goals
that win the game. Read and checked when the scenario is read
(:mod:`core.rules.nplanetary.opening_file`, problems named by field), laid onto the first
state when the game starts (:func:`lay_opening`).

A base or hold with a ``side`` belongs to that fixed side's first player; without one,
every player gets a copy (ids ``home-p1``..., names with ``{player}``), as for ships.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from core.engine.serial import register
from core.rules.nplanetary.model import (
    Hold,
    Installation,
    Site,
    holdings_of,
    with_hold,
    with_holdings,
)
from core.vector.motion import Motion
from core.vector.state import GameState, Player, ShipStatus, Verdict

PLAYER = "{player}"
SITES: tuple[Site, ...] = ("space", "orbit", "surface", "minor", "asteroid")
Problems = list[tuple[str, str]]


@register
@dataclass(frozen=True)
class BaseStart:
    """A base or outpost the scenario places (``side`` None: every player gets one)."""

    id: str
    name: str
    kind: str
    site: Site
    body: str | None
    motion: Motion
    side: str | None = None
    stocks: tuple[tuple[str, int], ...] = ()


@register
@dataclass(frozen=True)
class HoldStart:
    """What the scenario's ship ``ship`` (a file id) carries, and the base (a file id)
    it starts docked at, landed if that base is on a surface."""

    ship: str
    items: tuple[tuple[str, int], ...] = ()
    docked: str | None = None


@register
@dataclass(frozen=True)
class Stockpile:
    """A goal: the first players whose bases and outposts hold ``amount`` of ``good``
    between them win (several reaching it at once share the win)."""

    good: str
    amount: int

    def held(self, state: GameState) -> dict[str, int]:
        """How much of the good each player's bases and outposts hold now, by player id
        (every player, none holding any: 0): the race so far, for the players to see."""
        totals = {p.id: 0 for p in state.players}
        for inst in holdings_of(state).installations:
            totals[inst.owner] = totals.get(inst.owner, 0) + inst.amount(self.good)
        return totals

    def met(self, state: GameState) -> Verdict | None:
        totals = self.held(state)
        best = [p for p in state.players if totals.get(p.id, 0) >= self.amount]
        if not best:
            return None
        names = " and ".join(p.name for p in best)
        why = f"{names} hold{'s' if len(best) == 1 else ''} {self.amount} {self.good}"
        return Verdict(frozenset(p.side for p in best), why)

    def describe(self) -> str:
        return f"stockpile: the first to hold {self.amount} {self.good} in their bases wins"


@register
@dataclass(frozen=True)
class Opening:
    bases: tuple[BaseStart, ...] = ()
    holds: tuple[HoldStart, ...] = ()
    goals: tuple[Stockpile, ...] = ()


def _owners(players: Sequence[Player], side: str | None) -> list[Player]:
    if side is None:
        return list(players)
    return [next(p for p in players if p.side == side)]


def _copy_id(file_id: str, side: str | None, player: Player) -> str:
    return file_id if side is not None else f"{file_id}-{player.id}"


def lay_opening(state: GameState, opening: Opening) -> GameState:
    """The first state with the opening's installations, holds and goals."""
    insts: list[Installation] = []
    placed: dict[tuple[str, str], Installation] = {}  # (file id, owner) -> installation
    for b in opening.bases:
        for p in _owners(state.players, b.side):
            name = b.name.replace(PLAYER, p.name)
            inst = Installation(
                _copy_id(b.id, b.side, p), name, b.kind, p.id, b.motion, b.site, b.body, b.stocks
            )
            insts.append(inst)
            placed[(b.id, p.id)] = inst
    holdings = holdings_of(state)
    state = with_holdings(state, replace(holdings, installations=(*holdings.installations, *insts)))
    ids = {s.id for s in state.ships}
    for h in opening.holds:
        for ship_id in [h.ship, *(f"{h.ship}-{p.id}" for p in state.players)]:
            if ship_id not in ids:
                continue
            ship = with_hold(state.ship(ship_id), Hold(h.items))
            base = placed.get((h.docked, ship.owner)) if h.docked else None
            if base is None and h.docked:
                base = next((i for (f, _), i in placed.items() if f == h.docked), None)
            if base is not None:
                landed = base.site == "surface"
                ship = replace(
                    ship,
                    docked_at=base.id,
                    landed_at=base.id if landed else None,
                    status=ShipStatus.LANDED if landed else ship.status,
                    motion=ship.motion if landed else base.motion,
                )
            state = state.with_ship(ship)
    if opening.goals:
        state = replace(state, victory=(*state.victory, *opening.goals))
    return state
