"""The squadron game's events. Most are told to everyone; what only one side may know
(its own moves, secret jump orders, repairs under a "?") is a :class:`Told` event, which
a player's log shows only to that side (:func:`for_side`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from core.board.hexgrid import Hex
from core.engine.events import Event, event
from core.engine.play import OrderSealed


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


def for_side(
    events: Iterable[Event], side: str, sides: Mapping[str, str] | None = None
) -> list[Event]:
    """The events a player of ``side`` may read: all but what only the other side is
    told, and (given ``sides``, each player's side by id) but the other side's notes
    that it sealed an order: one would tell that it had something in range."""
    return [e for e in events if readable_by(e, side, sides or {})]


def readable_by(event: Event, side: str, sides: Mapping[str, str]) -> bool:
    """Whether a player of ``side`` reads ``event`` (see :func:`for_side`)."""
    if isinstance(event, Told):
        return event.side == side
    if isinstance(event, OrderSealed):
        return sides.get(event.player, side) == side
    return True
