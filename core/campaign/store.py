"""A campaign file, open: creating, opening safely, and reading and writing its rows.

Opening checks the file read-only first (its header: SQLite? Ecliptic's? which schema?),
then takes the writer lock, then SQLite's own integrity check, and only then migrates
an older schema (after a backup copy). A file refused at any step is left as it was.

Writes are durable when they return: WAL journal, ``synchronous=FULL``, one transaction
per command. A campaign opened read-only is read into memory, so it can never be
changed, however the one writer changes the file meanwhile.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from core.campaign import checks, migrate, writers
from core.campaign.errors import CampaignError, DamagedCampaign, ReadOnly
from core.campaign.fileformat import APPLICATION_ID, SCHEMA_VERSION
from core.campaign.leftovers import remove_leftovers, temp_path
from core.campaign.lock import WriterLock
from core.campaign.rows import game_values, insert_game, now, touch
from core.campaign.tables import (
    SCHEMA,
    BookmarkRow,
    CampaignRow,
    EntryRow,
    GameRow,
    PlayerRow,
    SideRow,
    columns,
)
from core.files.version import version_text

R = TypeVar("R")

#: a game's scale: a tactical battle is fought inside a turn of a strategic game
SCALES = ("strategic", "tactical")


@dataclass(frozen=True)
class GameInfo:
    """A game as the campaign browser lists it."""

    id: int
    title: str
    scenario: str
    scale: str
    parent_id: int | None
    parent_entry_id: int | None
    head_id: int | None
    result: str | None


class CampaignFile:
    """One open campaign. Use :meth:`create` or :meth:`open`; :meth:`close` when done.

    ``db`` is the file's one connection (the standard library's ``sqlite3``, in
    autocommit mode: :meth:`reading` and :meth:`writing` open the transactions)."""

    def __init__(
        self, path: Path, db: sqlite3.Connection, *, read_only: bool, lock: WriterLock | None
    ):
        self.path = path
        self.db = db
        self.read_only = read_only
        self._lock = lock
        self.migrated_from: int | None = None
        self.backup: Path | None = None
        #: counts this object's write transactions: a game that knows the file as of a
        #: count need not read it again (this process is the file's only writer)
        self.generation = 0
        #: why the file could not be written where it is ("" if it could)
        self.unwritable = ""
        self._program_noted = False  # see core.campaign.writers

    # ---- opening and closing

    @classmethod
    def create(
        cls,
        path: Path | str,
        name: str,
        state: Any,
        *,
        title: str = "",
        scenario: str = "",
        overwrite: bool = False,
        events: Sequence[Any] = (),
    ) -> CampaignFile:
        """A new campaign file holding one game that starts at ``state``, of any rule
        system (what the campaign reads of a state: :mod:`core.campaign.playing`), with
        the ``events`` its start gave. The file appears whole or not at all (written
        aside, then renamed into place)."""
        path = real_path(path)
        if path.exists() and not overwrite:
            raise CampaignError(path, "already exists; choose another name")
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_leftovers(path)
        temp = temp_path(path)
        db = _connect(temp, wal=False)
        try:
            db.execute("BEGIN IMMEDIATE")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.executemany(
                "INSERT INTO meta(key, value) VALUES (?, ?)",
                [("schema_version", str(SCHEMA_VERSION)), ("application", "Ecliptic")],
            )
            stamp = now()
            rules = getattr(state, "rules", None)
            campaign = db.execute(
                "INSERT INTO campaign(name, ruleset, ruleset_version, switches, created,"
                " updated) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    name,
                    getattr(rules, "id", None) or state.ruleset,
                    getattr(rules, "version", 1),
                    json.dumps(dict(getattr(state, "switches", ())), sort_keys=True),
                    stamp,
                    stamp,
                ),
            ).lastrowid
            sides: dict[str, int | None] = {}
            for p in state.players:
                if p.side not in sides:
                    sides[p.side] = db.execute(
                        "INSERT INTO side(campaign_id, name) VALUES (?, ?)", (campaign, p.side)
                    ).lastrowid
            db.executemany(
                'INSERT INTO player(campaign_id, "key", name, colour, side_id)'
                " VALUES (?, ?, ?, ?, ?)",
                [(campaign, p.id, p.name, p.colour, sides[p.side]) for p in state.players],
            )
            values = game_values(campaign or 1, state, title or name, scenario, events)
            insert_game(db, values)
            db.execute("COMMIT")
        except BaseException:
            db.close()
            temp.unlink(missing_ok=True)
            raise
        db.close()
        os.replace(temp, path)
        return cls.open(path)

    @classmethod
    def open(cls, path: Path | str, *, read_only: bool = False) -> CampaignFile:
        """Open for playing (one writer at a time) or read-only. Raises a
        :class:`CampaignError` saying why a file cannot be used; it is then unchanged.
        A file that cannot be written where it is raises :class:`NotWritable` (it opens
        read-only); symbolic links and ``..`` are resolved first, so the lock and
        SQLite's write-ahead log belong to the file itself, whatever it was called."""
        path = real_path(path)
        version = migrate.file_version(path)
        if read_only:
            return cls._open_read_only(path)
        lock = WriterLock(path)
        lock.acquire(path)
        try:
            remove_leftovers(path)
            checks.check_integrity(path)
            backup = None
            if version < SCHEMA_VERSION:
                backup = migrate.migrate(path, version)
            opened = cls(path, _connect(path, wal=True), read_only=False, lock=lock)
            opened.migrated_from = version if backup else None
            opened.backup = backup
            return opened
        except BaseException:
            lock.release()
            raise

    @classmethod
    def _open_read_only(cls, path: Path) -> CampaignFile:
        memory = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        try:
            checks.read_into(path, memory)
            checks.check(path, memory)
            version = memory.execute("PRAGMA user_version").fetchone()[0]
            if version < SCHEMA_VERSION:
                memory.execute("BEGIN")
                for step in range(version, SCHEMA_VERSION):
                    migrate.MIGRATIONS[step](memory)
                memory.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            memory.close()
            raise DamagedCampaign(path, f"cannot be read: {exc}") from None
        except BaseException:
            memory.close()
            raise
        opened = cls(path, memory, read_only=True, lock=None)
        opened.unwritable = checks.unwritable(path)
        return opened

    def close(self) -> None:
        self.db.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> CampaignFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- reading

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The connection, in one read transaction (what it reads is one moment of the
        file); inside :meth:`writing`, that transaction's."""
        db = self.db
        if db.in_transaction:
            yield db
            return
        db.execute("BEGIN")
        try:
            yield db
        finally:
            if db.in_transaction:
                db.execute("ROLLBACK")

    def name(self) -> str:
        return str(self._one("SELECT name FROM campaign")[0])

    def campaign(self) -> CampaignRow:
        return CampaignRow(*self._one(f"SELECT {columns(CampaignRow)} FROM campaign"))

    def players(self) -> list[PlayerRow]:
        return self._all(PlayerRow, "FROM player ORDER BY id")

    def sides(self) -> list[SideRow]:
        return self._all(SideRow, "FROM side ORDER BY id")

    def meta(self, key: str) -> str | None:
        with self.reading() as db:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def programs(self) -> list[tuple[int, str]]:
        """Which program wrote the log from which entry on: (first entry id, program),
        in order (:mod:`core.campaign.writers`); empty for a file written before."""
        with self.reading() as db:
            rows = db.execute(
                "SELECT key, value FROM meta WHERE substr(key, 1, ?) = ?",
                (len(writers.PREFIX), writers.PREFIX),
            ).fetchall()
        return writers.noted((str(k), str(v)) for k, v in rows)

    def games(self) -> list[GameInfo]:
        with self.reading() as db:
            rows = db.execute(
                "SELECT id, title, scenario, scale, parent_id, parent_entry_id, head_id,"
                " result FROM game ORDER BY id"
            ).fetchall()
        return [GameInfo(*r) for r in rows]

    def game_row(self, game_id: int) -> GameRow:
        found = self._all(GameRow, "FROM game WHERE id = ?", (game_id,))
        if not found:
            raise CampaignError(self.path, f"has no game {game_id}")
        return found[0]

    def entries(self, game_id: int) -> list[EntryRow]:
        """Every log entry of a game, all branches, in the order they were given."""
        return self._all(EntryRow, "FROM entry WHERE game_id = ? ORDER BY id", (game_id,))

    def entry(self, entry_id: int) -> EntryRow:
        found = self._all(EntryRow, "FROM entry WHERE id = ?", (entry_id,))
        if not found:
            raise CampaignError(self.path, f"has no log entry {entry_id}")
        return found[0]

    def bookmarks(self, game_id: int | None = None) -> list[BookmarkRow]:
        names = ", ".join(f"bookmark.{c}" for c in columns(BookmarkRow).split(", "))
        if game_id is None:
            return self._all(BookmarkRow, "FROM bookmark ORDER BY entry_id, id")
        return self._all(
            BookmarkRow,
            "FROM bookmark JOIN entry ON entry.id = bookmark.entry_id"
            " WHERE entry.game_id = ? ORDER BY bookmark.entry_id, bookmark.id",
            (game_id,),
            names,
        )

    def _one(self, query: str) -> tuple[Any, ...]:
        with self.reading() as db:
            row = db.execute(query).fetchone()
        if row is None:
            raise DamagedCampaign(self.path, "holds no campaign row")
        return tuple(row)

    def _all(
        self, kind: Callable[..., R], rest: str, args: Sequence[Any] = (), names: str = ""
    ) -> list[R]:
        """Rows of a kind (a row type of :mod:`core.campaign.tables`), read by its
        fields' names."""
        with self.reading() as db:
            rows = db.execute(f"SELECT {names or columns(kind)} {rest}", args).fetchall()
        return [kind(*r) for r in rows]

    # ---- writing

    @contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        """One durable transaction (taken at once: this is the file's writer); refused
        on a read-only campaign. An error inside rolls the whole of it back."""
        if self.read_only:
            raise ReadOnly(self.path, "is open read-only; nothing can be changed")
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                noting = not self._program_noted  # the first write of this session
                if noting:
                    writers.note(db, version_text())
                yield db
                db.execute("COMMIT")
                self._program_noted = self._program_noted or noting
            except BaseException:
                if db.in_transaction:  # a failed COMMIT too: nothing of it stays
                    with suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                raise
        finally:
            self.generation += 1

    def add_game(
        self,
        state: Any,
        title: str,
        *,
        scenario: str = "",
        scale: str = "strategic",
        parent: int | None = None,
        parent_entry: int | None = None,
        events: Sequence[Any] = (),
    ) -> int:
        """A new game in the campaign (with the ``events`` its start gave); a tactical
        battle names the strategic game and log entry it was opened from."""
        if scale not in SCALES:
            raise ValueError(f"a game's scale is strategic or tactical, not {scale!r}")
        values = game_values(self.campaign().id or 1, state, title, scenario, events)
        values.update(scale=scale, parent_id=parent, parent_entry_id=parent_entry)
        with self.writing() as conn:
            return insert_game(conn, values)

    def set_result(self, game_id: int, result: dict[str, Any]) -> None:
        """What a finished game feeds back to its parent (or to the campaign)."""
        with self.writing() as conn:
            conn.execute(
                "UPDATE game SET result = ? WHERE id = ?",
                (json.dumps(result, sort_keys=True), game_id),
            )
            touch(conn)

    def move_head(self, game_id: int, entry_id: int | None) -> None:
        with self.writing() as conn:
            conn.execute("UPDATE game SET head_id = ? WHERE id = ?", (entry_id, game_id))
            touch(conn)

    def add_bookmark(self, entry_id: int, label: str = "", note: str = "") -> int:
        self.entry(entry_id)  # raises for an unknown entry
        with self.writing() as conn:
            key = conn.execute(
                "INSERT INTO bookmark(entry_id, label, note, created) VALUES (?, ?, ?, ?)",
                (entry_id, label, note, now()),
            ).lastrowid
        assert key is not None
        return int(key)

    def edit_bookmark(self, bookmark_id: int, label: str, note: str) -> None:
        with self.writing() as conn:
            conn.execute(
                "UPDATE bookmark SET label = ?, note = ? WHERE id = ?", (label, note, bookmark_id)
            )

    def remove_bookmark(self, bookmark_id: int) -> None:
        with self.writing() as conn:
            conn.execute("DELETE FROM bookmark WHERE id = ?", (bookmark_id,))

    def save_copy(self, target: Path | str, *, meta: dict[str, str] | None = None) -> Path:
        """A consistent copy of the campaign as it is now, compacted, written aside and
        renamed into place. ``meta`` adds facts to the copy (who it was mailed to)."""
        target = Path(target)
        if target.resolve() == self.path.resolve():
            raise CampaignError(target, "is the campaign itself; choose another file")
        temp = temp_path(target)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            remove_leftovers(target)
            self.db.execute("VACUUM INTO ?", (str(temp),))  # outside any transaction
            if meta:
                db = sqlite3.connect(temp)
                try:
                    with db:
                        db.executemany(
                            "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", meta.items()
                        )
                finally:
                    db.close()
            os.replace(temp, target)
        except (OSError, sqlite3.Error) as exc:
            with suppress(OSError):
                temp.unlink(missing_ok=True)
            raise CampaignError(target, f"cannot be written: {exc}") from None
        return target


def real_path(path: Path | str) -> Path:
    """The file a name stands for: absolute, symbolic links and ``..`` resolved."""
    return Path(os.path.realpath(path))


def _connect(path: Path, *, wal: bool) -> sqlite3.Connection:
    # Connected by hand, never by URL: a "?" or "#" in the file's name would be taken apart.
    # Autocommit: we say BEGIN ourselves (``reading``/``writing``), IMMEDIATE for writes.
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    try:
        if wal:
            db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        db.close()
        raise
    return db
