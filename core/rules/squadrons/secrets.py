"""Which of the squadron game's events each player may read (a player file's log, the
hot-seat log): everything is said to everyone except a :class:`Told` event, which only
its side reads (moves, secret jump orders, repairs and resupply, "?" placed, counters
lost under a "?"), nor the other side's notes that it sealed a fire order
(:func:`core.rules.squadrons.events.for_side` in whitelist form)."""

from __future__ import annotations

from typing import Any

from core.engine.events import Event
from core.engine.whitelist import EventRules
from core.rules.squadrons.events import readable_by


def readable(state: Any, player: str, event: Any) -> bool:
    """Whether ``player`` reads ``event``: a :class:`Told` one, or a note that an order
    was sealed, only on its side."""
    sides = {p.id: p.side for p in state.players}
    return readable_by(event, state.side_of(player), sides)


EVENT_RULES: EventRules = {Event: readable}
