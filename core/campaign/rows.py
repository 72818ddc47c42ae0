"""The rows a write adds: a new game's (its start, with the events the start gave) and
a log entry's, each in the caller's transaction, the campaign marked changed; and the
events such a row holds, read back."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from core.campaign.tables import insert_many, insert_sql
from core.engine import serial
from core.engine.events import Event
from core.engine.states import state_hash


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def touch(conn: sqlite3.Connection) -> None:
    """Mark the campaign changed now, in the caller's transaction."""
    conn.execute("UPDATE campaign SET updated = ?", (now(),))


def game_values(
    campaign_id: int, state: object, title: str, scenario: str, events: Sequence[Event] = ()
) -> dict[str, Any]:
    """A new game's row, starting at ``state`` (of any rule system), with the ``events``
    its start gave (the roll for the first player) for the log."""
    return {
        "campaign_id": campaign_id,
        "title": title,
        "scenario": scenario,
        "start": serial.dumps(state),
        "start_hash": state_hash(state),
        "created": now(),
        "start_events": serial.dumps(list(events)),
    }


def insert_game(conn: sqlite3.Connection, values: dict[str, Any]) -> int:
    """Add a game's row (:func:`game_values`, with its scale and parent) in the caller's
    transaction, the campaign marked changed; the new game's id."""
    row = {"scale": "strategic", "parent_id": None, "parent_entry_id": None, **values}
    key = conn.execute(insert_sql("game", row), row).lastrowid
    assert key is not None
    touch(conn)
    return int(key)


def entry_values(
    game_id: int,
    parent: int | None,
    depth: int,
    player: str,
    command: str,
    round: int,
    hash: str,
    events: str = "[]",
    auto: bool = False,
    time: str | None = None,
) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "parent_id": parent,
        "depth": depth,
        "player": player,
        "command": command,
        "time": time or now(),
        "round": round,
        "hash": hash,
        "events": events,
        "auto": auto,
    }


def insert_entries(conn: sqlite3.Connection, rows: Sequence[dict[str, Any]]) -> None:
    """Add sealed log entries (all with the same columns) in the caller's transaction."""
    insert_many(conn, "entry", rows)


def stored_events(text: str | None) -> list[Event]:
    """The events a row holds (a log entry's, a game's start): none if they cannot be
    read, as they are only shown."""
    try:
        found = serial.from_data(json.loads(text or "[]"))
    except (ValueError, serial.SerialError):
        return []
    return [e for e in found if isinstance(e, Event)] if isinstance(found, list | tuple) else []
