"""The log's seals: a hash chain over its entries, so damage or an edit to any earlier
row is found without replaying the game.

Each entry's ``chain`` is a hash of its parent entry's ``chain`` (for a game's first
entry: of the game and its start hash) and of every field of the entry as written. An
entry changed afterwards no longer matches its seal; its children still match theirs
(they seal the parent's stored seal), so the check names the entry that was changed.
Checking reads every row once and hashes it: far cheaper than replaying, so the window
checks the whole log in the background each time a campaign is opened.

The last entry of a line can be rewritten together with its seal without being
noticed: the seals find damage and careless edits, not a forger.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, Protocol

from core.campaign.fileformat import MAX_PROBLEMS, MAX_STATE_TEXT

#: the longest an entry may be, all its text together (its events may be long)
MAX_ENTRY_TEXT = MAX_STATE_TEXT // 4


class Readable(Protocol):
    """What the check reads through: an open campaign (``CampaignFile``)."""

    def reading(self) -> AbstractContextManager[sqlite3.Connection]: ...


#: rows the window checks between two events: a few milliseconds of work
STEP_ROWS = 250
#: the entry's fields a seal covers, in this order
FIELDS = (
    "id",
    "game_id",
    "parent_id",
    "depth",
    "player",
    "command",
    "time",
    "round",
    "hash",
    "events",
    "auto",
)
_COLUMNS = ", ".join(FIELDS)


def root(game_id: object, start_hash: object) -> str:
    """What a game's first entries seal in place of a parent."""
    return _digest(json.dumps(["game", game_id, start_hash], default=repr))


#: made once: ``json.dumps`` with options builds an encoder per call
_ENCODE = json.JSONEncoder(ensure_ascii=False, default=repr).encode


def seal(parent: str, values: Sequence[Any]) -> str:
    """The seal of an entry whose fields (in :data:`FIELDS` order) are ``values``."""
    plain = [int(v) if v is True or v is False else v for v in values]
    return _digest(parent + _ENCODE(plain))


def _digest(data: str) -> str:
    return hashlib.sha256(data.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def sealed(conn: sqlite3.Connection, values: Mapping[str, Any]) -> dict[str, Any]:
    """A new entry's row (:func:`core.campaign.rows.entry_values`) with its id and seal,
    in the caller's transaction (which holds the write lock, so the id is the next)."""
    row = dict(values)
    last = conn.execute("SELECT coalesce(max(id), 0) FROM entry").fetchone()[0]
    row["id"] = int(last) + 1
    row["chain"] = seal(parent_seal(conn, row["game_id"], row["parent_id"]), _fields(row))
    return row


def seal_rows(conn: sqlite3.Connection, rows: list[dict[str, Any]]) -> None:
    """Seal rows (with their ids) that follow each other on one line, in place: what
    :func:`seal` does, in one loop (a bulk import seals many thousands)."""
    if not rows:
        return
    parent = parent_seal(conn, rows[0]["game_id"], rows[0]["parent_id"])
    fields, encode, sha256 = itemgetter(*FIELDS), _ENCODE, hashlib.sha256
    for row in rows:
        plain = [int(v) if v is True or v is False else v for v in fields(row)]
        data = (parent + encode(plain)).encode("utf-8", "surrogatepass")
        row["chain"] = parent = sha256(data).hexdigest()[:32]


def parent_seal(conn: sqlite3.Connection, game_id: int, parent: int | None) -> str:
    if parent is None:
        start = conn.execute("SELECT start_hash FROM game WHERE id = ?", (game_id,)).fetchone()
        if start is None:
            raise ValueError(f"there is no game {game_id}")
        return root(game_id, start[0])
    found = conn.execute("SELECT chain FROM entry WHERE id = ?", (parent,)).fetchone()
    if found is None:
        raise ValueError(f"there is no log entry {parent}")
    return str(found[0])


def _fields(row: Mapping[str, Any]) -> list[Any]:
    return [row[f] for f in FIELDS]


def seal_all(db: sqlite3.Connection) -> None:
    """Seal every entry of a file that had no seals (the migration to schema 4), in the
    caller's transaction: the log as it stands is taken as written."""
    roots = {g: root(g, h) for g, h in db.execute("SELECT id, start_hash FROM game")}
    seals: dict[object, str] = {}
    updates = []
    for row in db.execute(f"SELECT {_COLUMNS} FROM entry ORDER BY id").fetchall():
        parent = seals.get(row[2]) if row[2] is not None else roots.get(row[1])
        seals[row[0]] = seal(parent or "", row)
        updates.append((seals[row[0]], row[0]))
    db.executemany("UPDATE entry SET chain = ? WHERE id = ?", updates)


@dataclass(frozen=True)
class Broken:
    """An entry that is not as it was written."""

    entry: object
    game: object
    reason: str

    def __str__(self) -> str:
        return f"log entry {self.entry} (game {self.game}) {self.reason}"


class SealCheck:
    """Checks every entry's seal, a chunk of rows at a time (:meth:`step`), so that the
    window can check in the background between events. Entries added meanwhile are
    checked too, when the walk reaches them."""

    def __init__(self, file: Readable) -> None:
        self.file = file
        self.last: object = 0
        self.checked = 0
        self.problems: list[Broken] = []
        self.more = 0  # problems found beyond MAX_PROBLEMS
        self.done = False
        self._seals: dict[object, str] = {}
        self._roots: dict[object, str] | None = None

    def run(self) -> list[Broken]:
        while not self.step():
            pass
        return self.problems

    def step(self, limit: int = 2000) -> bool:
        """Check the next ``limit`` entries; True once every entry is checked."""
        if self.done:
            return True
        with self.file.reading() as conn:
            if self._roots is None:
                games = conn.execute("SELECT id, start_hash FROM game").fetchall()
                self._roots = {g: root(g, h) for g, h in games}
            rows = conn.execute(
                f"SELECT {_COLUMNS}, chain FROM entry WHERE id > ? ORDER BY id LIMIT ?",
                (self.last, limit),
            ).fetchall()
        for row in rows:
            self._check(tuple(row))
        if rows:
            self.last = rows[-1][0]
        self.done = len(rows) < limit
        return self.done

    def _check(self, row: tuple[Any, ...]) -> None:
        entry, game, parent, stored = row[0], row[1], row[2], row[-1]
        self.checked += 1
        self._seals[entry] = stored
        if parent is None:
            before = (self._roots or {}).get(game)
            if before is None:
                self._add(Broken(entry, game, "belongs to no game of the campaign"))
                return
        else:
            before = self._seals.get(parent)
            if before is None:
                self._add(Broken(entry, game, f"follows entry {parent}, which is not before it"))
                return
        if sum(len(v) for v in row if isinstance(v, str | bytes)) > MAX_ENTRY_TEXT:
            # hashing it would hold copies of it: no entry Ecliptic writes is this long
            self._add(Broken(entry, game, "is too long to be a log entry"))
            return
        if seal(before, row[:-1]) != stored:
            self._add(
                Broken(
                    entry,
                    game,
                    "was damaged or edited after it was written (its seal does not match)",
                )
            )

    def _add(self, problem: Broken) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(problem)
        else:
            self.more += 1
