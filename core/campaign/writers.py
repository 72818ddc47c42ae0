"""Which version of Ecliptic wrote which commands of a campaign.

A campaign outlives program versions: a group may play a hundred rounds with one release
and the rest with the next. When a program writes to a campaign for the first time in a
session, and it is not the program that wrote last, it notes itself in the ``meta``
table under ``program@N``: "this program wrote the commands from entry N on". Only one
program writes at a time (the writer lock), so every command's writer is the note with
the greatest N at or below its id. Files written before versions were recorded have no
notes; their commands' writer is unknown. No schema change: old files take notes too.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

PREFIX = "program@"


def noted(rows: Iterable[tuple[str, str]]) -> list[tuple[int, str]]:
    """The notes among ``meta`` rows (key, value), as (first entry, program), in order."""
    out = []
    for key, value in rows:
        if key.startswith(PREFIX) and key[len(PREFIX) :].isdigit():
            out.append((int(key[len(PREFIX) :]), value))
    return sorted(out)


def program_of(entry_id: int, notes: list[tuple[int, str]]) -> str | None:
    """The program that wrote entry ``entry_id`` (None: written before notes were kept)."""
    found = None
    for first, program in notes:
        if first > entry_id:
            break
        found = program
    return found


def note(conn: sqlite3.Connection, program: str) -> None:
    """Note ``program`` as the writer from the next entry on, unless it wrote last.
    ``conn`` is the open write transaction."""
    rows = conn.execute("SELECT key, value FROM meta WHERE key LIKE 'program@%'").fetchall()
    notes = noted((str(k), str(v)) for k, v in rows)
    if notes and notes[-1][1] == program:
        return
    last = conn.execute("SELECT max(id) FROM entry").fetchone()[0]
    key = f"{PREFIX}{(last or 0) + 1}"
    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, program))
