"""Interplanetary's victory conditions with grades and records: kill counts, Industrial
Sabotage's heist and Hostile Takeover's headquarters. Each decides for itself whether it is
met (:class:`~core.vector.state.Condition`), answering the winning sides, the reason and
the grade; no sides is a draw. What they read is in the state: ships' ``kills`` and
``wells``, and the scenario's records in ``GameState.terms`` (boardings; bases lost and
when, which :func:`~core.rules.interplanetary.scenario.special_rules.note_losses` notes
before every :func:`core.vector.victory.check`).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.engine.serial import register
from core.rules.interplanetary.scenario.terms import terms_of
from core.vector.state import GameState, Ship, ShipStatus, Verdict
from core.vector.victory import Race, finished, listed, now

CLEAR = "clear victory"
WEAK = "weak victory"
DECISIVE = "decisive victory"


@register
@dataclass(frozen=True)
class Kills:
    """The first side whose ships have destroyed ``count`` enemy ships wins (Last man
    standing's variation, where destroyed ships come back)."""

    count: int

    def met(self, state: GameState) -> Verdict | None:
        score: dict[str, int] = {}
        for ship in state.ships:
            score[ship.side] = score.get(ship.side, 0) + ship.kills
        top = frozenset(side for side, n in score.items() if n >= self.count)
        if not top:
            return None
        return Verdict(top, f"{self.count} enemy ships destroyed")

    def describe(self) -> str:
        return f"kills: the first side to destroy {self.count} enemy ships wins"


@register
@dataclass(frozen=True)
class Heist:
    """Industrial sabotage's graded outcome. ``guards`` fly ``ship`` through the gravity
    of every body of ``visit`` (any order), then dock at ``dock``; ``raiders`` board it
    (the boarder carries its secrets) and carry them into the gravity of ``escape``.

    Delivered never boarded: the guards' clear victory. Secrets carried to ``escape``:
    the raiders' clear victory. The ship destroyed before delivering, never boarded: the
    raiders' weak victory. Boarded, but every carrier destroyed: a draw if the ship is
    destroyed too, the guards' weak victory if it is delivered."""

    ship: str
    visit: tuple[str, ...]
    dock: str
    guards: str
    raiders: str
    escape: str

    def met(self, state: GameState) -> Verdict | None:
        try:
            ship = state.ship(self.ship)
        except KeyError:
            return None
        terms = terms_of(state)
        boarded = terms.boarded if terms is not None else ()
        records = [b for b in boarded if b.target == self.ship]
        carrier: Ship | None = None
        if records:
            last = records[-1]
            found = next((s for s in state.ships if s.id == last.boarder), None)
            if found is not None and found.in_play:
                carrier = found
                if self.escape in found.wells[last.wells :]:
                    why = f"{found.name} carried {ship.name}'s secrets into {self.escape}'s gravity"
                    return Verdict(frozenset({self.raiders}), why, CLEAR)
        delivered = ship.in_play and finished(ship, self._race())
        if delivered and not records:
            why = f"{ship.name} docked at {self.dock} after {listed(self.visit)}, never boarded"
            return Verdict(frozenset({self.guards}), why, CLEAR)
        if carrier is not None:
            return None  # the secrets are still out there
        if delivered:
            why = (
                f"{ship.name} docked at {self.dock}, and the stolen secrets were lost with "
                "their thief"
            )
            return Verdict(frozenset({self.guards}), why, WEAK)
        if ship.status is ShipStatus.DESTROYED:
            if not records:
                why = f"{ship.name} was destroyed before reaching {self.dock}"
                return Verdict(frozenset({self.raiders}), why, WEAK)
            why = f"{ship.name} was destroyed and the secrets stolen from it were lost"
            return Verdict(frozenset(), why, "draw")
        return None

    def _race(self) -> Race:
        return Race(self.visit, False, None, self.dock, self.ship)

    def describe(self) -> str:
        return (
            f"heist: {self.guards} fly {self.ship} through the gravity of {listed(self.visit)} "
            f"and dock at {self.dock} (clear victory if never boarded); {self.raiders} board "
            f"it and carry its secrets into {self.escape}'s gravity (clear victory), or "
            "destroy it first (weak victory); secrets lost with their thief: draw, or the "
            "guards' weak victory if the ship is delivered"
        )


@register
@dataclass(frozen=True)
class Headquarters:
    """Each side's headquarters (``bases``: side, base). When one falls, the other sides
    win a decisive victory, unless another headquarters falls within ``within`` turns
    of it (players' turns): then the game is drawn (Hostile takeover)."""

    bases: tuple[tuple[str, str], ...]
    within: int = 2

    def met(self, state: GameState) -> Verdict | None:
        terms = terms_of(state)
        lost_at = dict(terms.lost_at) if terms is not None else {}
        fallen = sorted((lost_at[base], side, base) for side, base in self.bases if base in lost_at)
        if not fallen:
            return None
        first_at, loser, base = fallen[0]
        if len(fallen) > 1 and fallen[1][0] - first_at <= self.within:
            bases = listed(b for _, _, b in fallen)
            why = f"{bases} fell within {self.within} turns of each other"
            return Verdict(frozenset(), why, "draw")
        if now(state) - first_at <= self.within:
            return None  # the other side may still strike back in time
        winners = frozenset(side for side, _ in self.bases if side != loser)
        why = f"{base} fell and {listed(b for s, b in self.bases if s != loser)} stood"
        return Verdict(winners, why, DECISIVE)

    def describe(self) -> str:
        bases = listed(f"{base} ({side})" for side, base in self.bases)
        return (
            f"headquarters: destroy the enemy's headquarters ({bases}) with a kinetic buster; "
            f"both fallen within {self.within} turns of each other is a draw"
        )
