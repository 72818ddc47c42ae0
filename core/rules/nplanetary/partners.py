"""Who may transfer with whom in the logistics phase (seed "Logistics"): a ship with the
base it is docked at and with the ships docked at the same base, and any two ships in
the same hex with the same velocity; a base with the ships docked at it. Whether the
transfer is allowed (own, disabled, matching orders) is the logistics phase's to say."""

from __future__ import annotations

from core.rules.nplanetary.model import Installation, holdings_of
from core.rules.nplanetary.sites import stationary_with
from core.vector.state import GameState, Ship


def partners(state: GameState, thing: Ship | Installation) -> list[str]:
    """The ids ``thing`` could transfer with now."""
    if isinstance(thing, Installation):
        return [s.id for s in state.ships if s.in_play and s.docked_at == thing.id]
    if not thing.in_play:
        return []
    found: list[str] = []
    docks = {i.id for i in holdings_of(state).installations}
    if thing.docked_at is not None and thing.docked_at in docks:
        found.append(thing.docked_at)
    for other in state.ships:
        if other.id == thing.id or not other.in_play:
            continue
        docked = thing.docked_at is not None and other.docked_at == thing.docked_at
        if docked or stationary_with(thing.motion, other.motion):
            found.append(other.id)
    return found
