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
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, insert, text, update
from sqlalchemy.engine import Connection
from sqlalchemy.pool import StaticPool
from sqlmodel import Session, SQLModel, col, select

from core.campaign import checks, migrate
from core.campaign.errors import CampaignError, DamagedCampaign, ReadOnly
from core.campaign.leftovers import remove_leftovers, temp_path
from core.campaign.lock import WriterLock
from core.campaign.schema import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    Bookmark,
    Campaign,
    Entry,
    Game,
    Meta,
    Player,
    Side,
)
from core.engine import serial
from core.engine.states import state_hash

#: a game's scale: a tactical battle is fought inside a turn of a strategic game
SCALES = ("strategic", "tactical")


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


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
    """One open campaign. Use :meth:`create` or :meth:`open`; :meth:`close` when done."""

    def __init__(self, path: Path, engine: Engine, *, read_only: bool, lock: WriterLock | None):
        self.path = path
        self.engine = engine
        self.read_only = read_only
        self._lock = lock
        self.migrated_from: int | None = None
        self.backup: Path | None = None
        #: counts this object's write transactions: a game that knows the file as of a
        #: count need not read it again (this process is the file's only writer)
        self.generation = 0
        #: why the file could not be written where it is ("" if it could)
        self.unwritable = ""

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
    ) -> CampaignFile:
        """A new campaign file holding one game that starts at ``state``, of any rule
        system (what the campaign reads of a state: :mod:`core.campaign.playing`). The
        file appears whole or not at all (written aside, then renamed into place)."""
        path = real_path(path)
        if path.exists() and not overwrite:
            raise CampaignError(path, "already exists; choose another name")
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_leftovers(path)
        temp = temp_path(path)
        engine = _engine(temp, read_only=False, wal=False)
        try:
            SQLModel.metadata.create_all(engine)
            with engine.begin() as conn:
                conn.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
                conn.exec_driver_sql(f"PRAGMA user_version = {SCHEMA_VERSION}")
            with Session(engine) as s:
                stamp = now()
                s.add(Meta(key="schema_version", value=str(SCHEMA_VERSION)))
                s.add(Meta(key="application", value="Ecliptic"))
                switches = json.dumps(dict(getattr(state, "switches", ())), sort_keys=True)
                rules = getattr(state, "rules", None)
                campaign = Campaign(
                    name=name,
                    ruleset=getattr(rules, "id", None) or state.ruleset,
                    ruleset_version=getattr(rules, "version", 1),
                    switches=switches,
                    created=stamp,
                    updated=stamp,
                )
                s.add(campaign)
                s.flush()
                assert campaign.id is not None
                sides: dict[str, Side] = {}
                for p in state.players:
                    if p.side not in sides:
                        sides[p.side] = Side(campaign_id=campaign.id, name=p.side)
                        s.add(sides[p.side])
                s.flush()
                for p in state.players:
                    s.add(
                        Player(
                            campaign_id=campaign.id,
                            key=p.id,
                            name=p.name,
                            colour=p.colour,
                            side_id=sides[p.side].id,
                        )
                    )
                s.add(Game(**game_values(campaign.id, state, title or name, scenario)))
                s.commit()
        except BaseException:
            engine.dispose()
            temp.unlink(missing_ok=True)
            raise
        engine.dispose()
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
            engine = _engine(path, read_only=False, wal=True)
            opened = cls(path, engine, read_only=False, lock=lock)
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
        engine = create_engine("sqlite://", creator=lambda: memory, poolclass=StaticPool)
        _transactions(engine, "BEGIN")
        opened = cls(path, engine, read_only=True, lock=None)
        opened.unwritable = checks.unwritable(path)
        return opened

    def close(self) -> None:
        self.engine.dispose()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> CampaignFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- reading

    def name(self) -> str:
        with Session(self.engine) as s:
            return s.exec(select(Campaign.name)).one()

    def campaign(self) -> Campaign:
        with Session(self.engine) as s:
            return s.exec(select(Campaign)).one()

    def players(self) -> list[Player]:
        with Session(self.engine) as s:
            return list(s.exec(select(Player).order_by(col(Player.id))))

    def sides(self) -> list[Side]:
        with Session(self.engine) as s:
            return list(s.exec(select(Side).order_by(col(Side.id))))

    def meta(self, key: str) -> str | None:
        with Session(self.engine) as s:
            row = s.get(Meta, key)
            return row.value if row else None

    def games(self) -> list[GameInfo]:
        with Session(self.engine) as s:
            rows = s.exec(select(Game).order_by(col(Game.id)))
            return [
                GameInfo(
                    g.id or 0,
                    g.title,
                    g.scenario,
                    g.scale,
                    g.parent_id,
                    g.parent_entry_id,
                    g.head_id,
                    g.result,
                )
                for g in rows
            ]

    def game_row(self, game_id: int) -> Game:
        with Session(self.engine) as s:
            game = s.get(Game, game_id)
            if game is None:
                raise CampaignError(self.path, f"has no game {game_id}")
            return game

    def entries(self, game_id: int) -> list[Entry]:
        """Every log entry of a game, all branches, in the order they were given."""
        with Session(self.engine) as s:
            return list(
                s.exec(select(Entry).where(Entry.game_id == game_id).order_by(col(Entry.id)))
            )

    def entry(self, entry_id: int) -> Entry:
        with Session(self.engine) as s:
            row = s.get(Entry, entry_id)
            if row is None:
                raise CampaignError(self.path, f"has no log entry {entry_id}")
            return row

    def bookmarks(self, game_id: int | None = None) -> list[Bookmark]:
        with Session(self.engine) as s:
            query = select(Bookmark).order_by(col(Bookmark.entry_id), col(Bookmark.id))
            if game_id is not None:
                query = query.join(Entry).where(Entry.game_id == game_id)
            return list(s.exec(query))

    # ---- writing

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """One durable transaction; refused on a read-only campaign."""
        if self.read_only:
            raise ReadOnly(self.path, "is open read-only; nothing can be changed")
        try:
            with self.engine.begin() as conn:
                yield conn
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
    ) -> int:
        """A new game in the campaign; a tactical battle names the strategic game and
        log entry it was opened from."""
        if scale not in SCALES:
            raise ValueError(f"a game's scale is strategic or tactical, not {scale!r}")
        values = game_values(self.campaign().id or 1, state, title, scenario)
        values.update(scale=scale, parent_id=parent, parent_entry_id=parent_entry)
        with self.writing() as conn:
            return insert_game(conn, values)

    def set_result(self, game_id: int, result: dict[str, Any]) -> None:
        """What a finished game feeds back to its parent (or to the campaign)."""
        with self.writing() as conn:
            conn.execute(
                update(Game)
                .where(col(Game.id) == game_id)
                .values(result=json.dumps(result, sort_keys=True))
            )
            touch(conn)

    def move_head(self, game_id: int, entry_id: int | None) -> None:
        with self.writing() as conn:
            conn.execute(update(Game).where(col(Game.id) == game_id).values(head_id=entry_id))
            touch(conn)

    def add_bookmark(self, entry_id: int, label: str = "", note: str = "") -> int:
        self.entry(entry_id)  # raises for an unknown entry
        with self.writing() as conn:
            result = conn.execute(
                insert(Bookmark).values(entry_id=entry_id, label=label, note=note, created=now())
            )
            key = result.inserted_primary_key
            assert key is not None
            return int(key[0])

    def edit_bookmark(self, bookmark_id: int, label: str, note: str) -> None:
        with self.writing() as conn:
            conn.execute(
                update(Bookmark)
                .where(col(Bookmark.id) == bookmark_id)
                .values(label=label, note=note)
            )

    def remove_bookmark(self, bookmark_id: int) -> None:
        with self.writing() as conn:
            conn.execute(text("DELETE FROM bookmark WHERE id = :id"), {"id": bookmark_id})

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
            with self.engine.connect() as conn:
                raw = conn.connection.dbapi_connection
                assert raw is not None
                raw.execute("VACUUM INTO ?", (str(temp),))  # outside any transaction
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


def touch(conn: Connection) -> None:
    """Mark the campaign changed now, in the caller's transaction."""
    conn.execute(update(Campaign).values(updated=now()))


def game_values(campaign_id: int, state: object, title: str, scenario: str) -> dict[str, Any]:
    """A new game's row, starting at ``state`` (of any rule system)."""
    return {
        "campaign_id": campaign_id,
        "title": title,
        "scenario": scenario,
        "start": serial.dumps(state),
        "start_hash": state_hash(state),
        "created": now(),
    }


def insert_game(conn: Connection, values: dict[str, Any]) -> int:
    """Add a game's row (:func:`game_values`, with its scale and parent) in the caller's
    transaction, the campaign marked changed; the new game's id."""
    key = conn.execute(insert(Game).values(**values)).inserted_primary_key
    assert key is not None
    touch(conn)
    return int(key[0])


def _engine(path: Path, *, read_only: bool, wal: bool) -> Engine:
    # Connected by hand: in a URL, a "?" or "#" in the file's name would be taken apart.
    engine = create_engine(
        "sqlite://",
        creator=lambda: sqlite3.connect(path, check_same_thread=False),
        poolclass=StaticPool,
    )

    @event.listens_for(engine, "connect")
    def _setup(dbapi: Any, _record: Any) -> None:
        dbapi.isolation_level = None  # we say BEGIN ourselves (see below)
        cursor = dbapi.cursor()
        if wal:
            cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    _transactions(engine, "BEGIN" if read_only else "BEGIN IMMEDIATE")
    return engine


def _transactions(engine: Engine, begin: str) -> None:
    """Make SQLAlchemy's transactions real SQLite ones (the driver would otherwise
    begin them late, and never for reads)."""

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql(begin)


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


def insert_entries(conn: Connection, rows: Sequence[dict[str, Any]]) -> None:
    conn.execute(insert(Entry), list(rows))
