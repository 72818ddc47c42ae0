"""What the Event and Dice logs show while a game is played at one table: the lines every
player may read. The logs stay on screen through the hand-over, so a line only one player
may read (their own sealed order, a roll for a ship the others cannot see under fog of
war) would be read by whoever walks up next; each player finds their own in their docks.
A referee's master window and a finished game show the whole log; the replay view reads
the log as its viewer (:meth:`app.play.session.GameSession.visible_log`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence

    from app.play.session import Entry, GameSession


def public_entries(session: GameSession, entries: list[Entry]) -> list[Entry]:
    """The entries whose events every player of ``session``'s game may read."""
    state: Any = session.live
    if session.sees_all or state.over or len(state.players) < 2 or not entries:
        return entries
    from core.engine.whitelist import redact  # the engine loads with the first game

    events = [e.event for e in entries]
    kept = {id(e) for e in events}
    for player in state.players:
        kept &= {id(e) for e in redact(state, player.id, events)}
    return [e for e in entries if id(e.event) in kept]


def feed_logs(
    session: GameSession | None, entries: list[Entry] | None, logs: Sequence[Any]
) -> None:
    """Add new log lines to ``logs`` (None: the whole log on show again): in the replay
    view as its viewer reads them, else the lines every player may read."""
    if session is None:
        return
    shown = session.visible_log() if entries is None else entries
    if not session.replaying:
        shown = public_entries(session, shown)
    for log in logs:
        log.add(shown)
