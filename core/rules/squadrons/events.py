"""The squadron game's events. Most are told to everyone; what only one side may know
(its own moves, secret jump orders, repairs under a "?") is a :class:`Told` event, which
a player's log shows only to that side (:func:`for_side`)."""

from __future__ import annotations

from collections.abc import Iterable

from core.board.hexgrid import Hex
from core.engine.events import Event, event


@event
class Told(Event):
    """Something only ``side`` is told of."""

    side: str


@event
class Fired(Event):
    """A shot resolved: ``hits`` placed on ``target`` (0: the fire found nothing)."""

    firer: str
    target: str
    hits: int


@event
class Destroyed(Event):
    """A counter has every factor worn to 0 and leaves play."""

    counter: str


@event
class Arrived(Event):
    """A squadron out of jump, placed on ``system``'s board at ``hex``."""

    counter: str
    system: str
    hex: Hex


@event
class VeilRemoved(Event):
    """A "?" counter taken off: within enemy sensors, or its stack fired."""

    veil: str


@event
class DayBegins(Event):
    day: int


@event
class GameWon(Event):
    winners: tuple[str, ...]


def for_side(events: Iterable[Event], side: str) -> list[Event]:
    """The events a player of ``side`` may read: all but what only the other side is
    told."""
    return [e for e in events if not isinstance(e, Told) or e.side == side]
