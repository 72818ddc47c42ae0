"""A game's result in the campaign file: what the game's row says once the game is over.

The command that ends a game (its state ``over``, in any rule system) writes the game's
result in its own transaction: the :class:`~core.engine.encounter.Outcome` the campaign
builds from the state and the events the engine gave as it ended
(:func:`core.campaign.playing.outcome`: who won, and why in the system's own words). A
battle's result is also what goes back to its parent (:mod:`core.campaign.nesting`); a
game played on its own keeps it for the campaign's lists. Undo in a finished game takes
the result back with the end; redo or restoring a line that ends writes it again.

Older files hold a result as any JSON (``CampaignFile.set_result``); :func:`words` reads
both.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence

from core.campaign import playing
from core.campaign.store import CampaignFile
from core.engine import serial
from core.engine.encounter import Outcome
from core.engine.events import Event


def outcome(file: CampaignFile, state: object, events: Sequence[Event], title: str) -> Outcome:
    """The outcome of a finished game: who won, in the words its last events said."""
    names = {p.key: p.name for p in file.players()}
    return playing.outcome(state, events, title, names)


def write(conn: sqlite3.Connection, game_id: int, result: Outcome | None) -> None:
    """Store (or, None, clear) a game's result, in the caller's transaction."""
    text = serial.dumps(result) if result is not None else None
    conn.execute("UPDATE game SET result = ? WHERE id = ?", (text, game_id))


def words(result: str | None) -> str:
    """A game's stored result in players' words ("" while the game is on)."""
    if result is None:
        return ""
    try:
        data = json.loads(result)
    except ValueError:
        return "finished"
    if isinstance(data, dict) and "$type" not in data:  # a result of the file's own
        return ", ".join(f"{k} {_plain(v)}" for k, v in sorted(data.items())) or "finished"
    try:
        found = serial.from_data(data)
    except (ValueError, serial.SerialError):
        return "finished"
    return (found.text or "finished") if isinstance(found, Outcome) else "finished"


def _plain(value: object) -> str:
    if isinstance(value, list | tuple):
        return " and ".join(str(v) for v in value)
    return str(value)
