"""The victory conditions with grades and records (:class:`~core.vector.victory.Kills`,
:class:`~core.vector.victory.Heist`, :class:`~core.vector.victory.Headquarters`): checked by
:func:`core.vector.victory.check`, imported only by games that use them.

Each answers (winning sides, reason, grade) or None while the game goes on; no sides
is a draw. What they read is in the state: ships' ``kills`` and ``wells``, and the
scenario's records in ``GameState.terms`` (boardings, bases lost and when).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.vector.victory import Headquarters, Heist, Kills, Race, _and, finished, now

if TYPE_CHECKING:
    from core.vector.state import GameState, Ship

CLEAR = "clear victory"
WEAK = "weak victory"
DECISIVE = "decisive victory"

Met = tuple[set[str], str, str] | None


def met(state: GameState, condition: Kills | Heist | Headquarters) -> Met:
    if isinstance(condition, Kills):
        return _kills(state, condition)
    if isinstance(condition, Heist):
        return _heist(state, condition)
    return _headquarters(state, condition)


def _kills(state: GameState, condition: Kills) -> Met:
    score: dict[str, int] = {}
    for ship in state.ships:
        score[ship.side] = score.get(ship.side, 0) + ship.kills
    top = {side for side, n in score.items() if n >= condition.count}
    if not top:
        return None
    return top, f"{condition.count} enemy ships destroyed", ""


def _heist(state: GameState, h: Heist) -> Met:
    from core.vector.state import ShipStatus  # here: core.vector.state imports core.vector.victory

    try:
        ship = state.ship(h.ship)
    except KeyError:
        return None
    boarded = state.terms.boarded if state.terms is not None else ()
    records = [b for b in boarded if b.target == h.ship]
    carrier: Ship | None = None
    if records:
        last = records[-1]
        found = next((s for s in state.ships if s.id == last.boarder), None)
        if found is not None and found.in_play:
            carrier = found
            if h.escape in found.wells[last.wells :]:
                why = f"{found.name} carried {ship.name}'s secrets into {h.escape}'s gravity"
                return {h.raiders}, why, CLEAR
    delivered = ship.in_play and finished(ship, _race(h))
    if delivered and not records:
        why = f"{ship.name} docked at {h.dock} after {_and(h.visit)}, never boarded"
        return {h.guards}, why, CLEAR
    if carrier is not None:
        return None  # the secrets are still out there
    if delivered:
        why = f"{ship.name} docked at {h.dock}, and the stolen secrets were lost with their thief"
        return {h.guards}, why, WEAK
    if ship.status is ShipStatus.DESTROYED:
        if not records:
            return {h.raiders}, f"{ship.name} was destroyed before reaching {h.dock}", WEAK
        why = f"{ship.name} was destroyed and the secrets stolen from it were lost"
        return set(), why, "draw"
    return None


def _race(h: Heist) -> Race:
    return Race(h.visit, False, None, h.dock, h.ship)


def _headquarters(state: GameState, condition: Headquarters) -> Met:
    lost_at = dict(state.terms.lost_at) if state.terms is not None else {}
    fallen = sorted(
        (lost_at[base], side, base) for side, base in condition.bases if base in lost_at
    )
    if not fallen:
        return None
    first_at, loser, base = fallen[0]
    if len(fallen) > 1 and fallen[1][0] - first_at <= condition.within:
        bases = _and(b for _, _, b in fallen)
        return set(), f"{bases} fell within {condition.within} turns of each other", "draw"
    if now(state) - first_at <= condition.within:
        return None  # the other side may still strike back in time
    winners = {side for side, _ in condition.bases if side != loser}
    why = f"{base} fell and {_and(b for s, b in condition.bases if s != loser)} stood"
    return winners, why, DECISIVE


def describe_graded(condition: Kills | Heist | Headquarters) -> str:
    """The condition in players' words, for briefings and ``python -m core info``."""
    if isinstance(condition, Kills):
        return f"kills: the first side to destroy {condition.count} enemy ships wins"
    if isinstance(condition, Heist):
        h = condition
        return (
            f"heist: {h.guards} fly {h.ship} through the gravity of {_and(h.visit)} and dock "
            f"at {h.dock} (clear victory if never boarded); {h.raiders} board it and carry "
            f"its secrets into {h.escape}'s gravity (clear victory), or destroy it first "
            "(weak victory); secrets lost with their thief: draw, or the guards' weak "
            "victory if the ship is delivered"
        )
    bases = _and(f"{base} ({side})" for side, base in condition.bases)
    return (
        f"headquarters: destroy the enemy's headquarters ({bases}) with a kinetic buster; "
        f"both fallen within {condition.within} turns of each other is a draw"
    )
