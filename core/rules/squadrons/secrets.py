"""Which of the squadron game's events each player may read (a player file's log, the
hot-seat log): everything is said to everyone except a :class:`Told` event, which only
its side reads (moves, secret jump orders, repairs and resupply, "?" placed, counters
lost under a "?"; :func:`core.rules.squadrons.events.for_side` in whitelist form)."""

from __future__ import annotations

from typing import Any

from core.engine.events import Event
from core.engine.whitelist import EventRules
from core.rules.squadrons.events import Told


def readable(state: Any, player: str, event: Any) -> bool:
    """Whether ``player`` reads ``event``: a :class:`Told` one only on its side."""
    return not isinstance(event, Told) or state.side_of(player) == event.side


EVENT_RULES: EventRules = {Event: readable}
