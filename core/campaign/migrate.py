"""Recognising a campaign file and bringing an older one up to the current schema.

The header of a SQLite file says, without opening it, whether it is SQLite at all, who
wrote it (``application_id``) and its schema version (``user_version``), so a file
that is not a campaign, or is newer than this program, is refused before SQLite
touches it. An older file is copied aside first (byte for byte), then migrated in one
transaction.

Schema history (see docs/formats/campaign.md):

1. The first layout.
2. Log entries gained ``auto`` (commands the program gave for a player, which undo
   steps over) and bookmarks gained a ``note``.
3. Saved types are named with their namespace (``interplanetary.Attack``). The tables
   are unchanged and rows written before keep their bare names, which still read; the
   number changes so that an older Ecliptic, which knows only bare names, says the file
   is newer than it instead of calling it damaged.
4. Log entries gained ``chain``, their seal (:mod:`core.campaign.seal`): a hash chain
   over the log, so an entry damaged or edited later is found without replaying. The
   entries of an older file are sealed as they stand when it is migrated.
5. Games gained ``start_events``: what the engine said as the game began (the roll for
   the first player), shown in the log when the game is opened again. A game of an older
   file has none (``[]``).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import struct
from collections.abc import Callable
from pathlib import Path

from core.campaign import seal
from core.campaign.errors import DamagedCampaign, NotACampaign, TooNew
from core.campaign.fileformat import APPLICATION_ID, MAGIC, MAX_BYTES, SCHEMA_VERSION


def file_version(path: Path) -> int:
    """The schema version in the file's header, checking that it is a whole campaign."""
    try:
        size, header = _header(path)
    except FileNotFoundError:
        raise NotACampaign(path, "there is no such file") from None
    except IsADirectoryError:
        raise NotACampaign(path, "is a folder, not a campaign file") from None
    except OSError as exc:
        raise NotACampaign(path, f"cannot be read ({exc.strerror})") from None
    if size < 0:
        raise NotACampaign(
            path, "is not a regular file (a pipe, a device or a socket): it is not a campaign"
        )
    if size > MAX_BYTES:
        raise NotACampaign(
            path,
            f"is {size // 2**20} MB, more than a campaign can be ({MAX_BYTES // 2**20} MB); "
            "it is not one Ecliptic wrote",
        )
    if size == 0:
        raise DamagedCampaign(path, "is empty (0 bytes): it is not a campaign, or it was cut off")
    if not header.startswith(MAGIC):
        raise NotACampaign(path, "is not a campaign: it is not a SQLite database at all")
    if len(header) < 100:
        raise DamagedCampaign(path, f"is cut off: only {size} bytes, less than a SQLite header")
    page_size = struct.unpack(">H", header[16:18])[0]
    page_size = 65536 if page_size == 1 else page_size
    pages, valid_for = struct.unpack(">I", header[28:32])[0], header[92:96]
    if valid_for == header[24:28] and size < pages * page_size and not _log_beside(path):
        raise DamagedCampaign(
            path,
            f"is cut off: {size} bytes where its header promises {pages * page_size}; "
            "restore it from a backup copy",
        )
    version, app_id = struct.unpack(">I", header[60:64])[0], struct.unpack(">I", header[68:72])[0]
    if app_id != APPLICATION_ID:
        raise NotACampaign(path, "is a SQLite database, but not an Ecliptic campaign")
    if version > SCHEMA_VERSION:
        raise TooNew(
            path,
            f"was written by a newer Ecliptic (campaign schema {version}; this one knows up "
            f"to {SCHEMA_VERSION}). Update Ecliptic to open it; the file was not changed",
        )
    if version < 1:
        raise NotACampaign(path, "is marked as Ecliptic's but has no schema version")
    return int(version)


def _header(path: Path) -> tuple[int, bytes]:
    """The file's size and first 100 bytes; size -1 for anything but a regular file,
    which is not read (a pipe would block, a device never end). Opened without
    blocking and looked at through the open file, so it cannot change in between."""
    if path.is_dir():
        raise IsADirectoryError(path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return -1, b""
        return st.st_size, os.read(fd, 100)
    finally:
        os.close(fd)


def _log_beside(path: Path) -> bool:
    """Whether a write-ahead log with something in it lies beside the file. A writer
    stopped while it copied the log into the file (a checkpoint, which writes the first
    page first) leaves the file shorter than that page says; SQLite completes the copy
    from the log when the file is next opened, so the file is not cut off. (A file that
    really is cut off still fails the integrity check that follows.)"""
    try:
        return path.with_name(path.name + "-wal").stat().st_size > 32  # more than a header
    except OSError:
        return False


# The first schema, kept verbatim so old files can be recreated in tests and migrated.
SCHEMA_1 = """
CREATE TABLE meta ("key" VARCHAR NOT NULL, value VARCHAR NOT NULL, PRIMARY KEY ("key"));
CREATE TABLE campaign (id INTEGER NOT NULL, name VARCHAR NOT NULL, ruleset VARCHAR NOT NULL,
  ruleset_version INTEGER NOT NULL, switches VARCHAR NOT NULL, created VARCHAR NOT NULL,
  updated VARCHAR NOT NULL, PRIMARY KEY (id));
CREATE TABLE side (id INTEGER NOT NULL, campaign_id INTEGER NOT NULL, name VARCHAR NOT NULL,
  PRIMARY KEY (id), FOREIGN KEY(campaign_id) REFERENCES campaign (id));
CREATE TABLE player (id INTEGER NOT NULL, campaign_id INTEGER NOT NULL, "key" VARCHAR NOT NULL,
  name VARCHAR NOT NULL, colour VARCHAR NOT NULL, side_id INTEGER, PRIMARY KEY (id),
  FOREIGN KEY(campaign_id) REFERENCES campaign (id), FOREIGN KEY(side_id) REFERENCES side (id));
CREATE TABLE game (id INTEGER NOT NULL, campaign_id INTEGER NOT NULL, parent_id INTEGER,
  parent_entry_id INTEGER, scale VARCHAR NOT NULL, title VARCHAR NOT NULL,
  scenario VARCHAR NOT NULL, start VARCHAR NOT NULL, start_hash VARCHAR NOT NULL,
  head_id INTEGER, result VARCHAR, created VARCHAR NOT NULL, PRIMARY KEY (id),
  FOREIGN KEY(campaign_id) REFERENCES campaign (id), FOREIGN KEY(parent_id) REFERENCES game (id));
CREATE TABLE entry (id INTEGER NOT NULL, game_id INTEGER NOT NULL, parent_id INTEGER,
  depth INTEGER NOT NULL, player VARCHAR NOT NULL, command VARCHAR NOT NULL,
  time VARCHAR NOT NULL, round INTEGER NOT NULL, hash VARCHAR NOT NULL,
  events VARCHAR NOT NULL, PRIMARY KEY (id), FOREIGN KEY(game_id) REFERENCES game (id),
  FOREIGN KEY(parent_id) REFERENCES entry (id));
CREATE INDEX ix_entry_game_id ON entry (game_id);
CREATE INDEX ix_entry_parent_id ON entry (parent_id);
CREATE TABLE snapshot (entry_id INTEGER NOT NULL, game_id INTEGER NOT NULL,
  state VARCHAR NOT NULL, hash VARCHAR NOT NULL, PRIMARY KEY (entry_id),
  FOREIGN KEY(entry_id) REFERENCES entry (id), FOREIGN KEY(game_id) REFERENCES game (id));
CREATE TABLE turn (entry_id INTEGER NOT NULL, game_id INTEGER NOT NULL, round INTEGER NOT NULL,
  player VARCHAR NOT NULL, hash VARCHAR NOT NULL, PRIMARY KEY (entry_id),
  FOREIGN KEY(entry_id) REFERENCES entry (id), FOREIGN KEY(game_id) REFERENCES game (id));
CREATE INDEX ix_turn_game_id ON turn (game_id);
CREATE TABLE bookmark (id INTEGER NOT NULL, entry_id INTEGER NOT NULL, label VARCHAR NOT NULL,
  created VARCHAR NOT NULL, PRIMARY KEY (id), FOREIGN KEY(entry_id) REFERENCES entry (id));
CREATE INDEX ix_bookmark_entry_id ON bookmark (entry_id);
"""


def _to_2(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE entry ADD COLUMN auto BOOLEAN NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE bookmark ADD COLUMN note VARCHAR NOT NULL DEFAULT ''")


def _to_3(db: sqlite3.Connection) -> None:
    """Nothing to change in the tables: only the names in rows written from now on."""


def _to_4(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE entry ADD COLUMN chain VARCHAR NOT NULL DEFAULT ''")
    seal.seal_all(db)


def _to_5(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE game ADD COLUMN start_events VARCHAR NOT NULL DEFAULT '[]'")


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _to_2,
    2: _to_3,
    3: _to_4,
    4: _to_5,
}


def backup_path(path: Path, version: int) -> Path:
    return path.with_name(f"{path.stem}.schema{version}-backup{path.suffix}")


def migrate(path: Path, version: int) -> Path:
    """Copy the file aside, then bring it from ``version`` to the current schema in one
    transaction (a failure leaves it as it was). Returns the backup's path."""
    backup = backup_path(path, version)
    n = 1
    while backup.exists():
        n += 1
        backup = backup.with_name(f"{path.stem}.schema{version}-backup-{n}{path.suffix}")
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the whole database in the file
        db.execute("BEGIN IMMEDIATE")  # and nobody writes while it is copied
        try:
            _copy(db, path, backup)
            for step in range(version, SCHEMA_VERSION):
                MIGRATIONS[step](db)
            db.execute(
                "INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', ?)",
                (str(SCHEMA_VERSION),),
            )
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    finally:
        db.close()
    return backup


def _copy(db: sqlite3.Connection, path: Path, backup: Path) -> None:
    """The file as it was, byte for byte, written aside, flushed to disk and renamed
    into place. Should a reader have kept the write-ahead log from being emptied into
    the file, SQLite's own copy of the database instead (the same data)."""
    temp = backup.with_name(f".{backup.name}.{os.getpid()}.new")
    wal = path.with_name(path.name + "-wal")
    try:
        if not wal.exists() or wal.stat().st_size == 0:
            shutil.copyfile(path, temp)
            with open(temp, "rb+") as f:
                os.fsync(f.fileno())
        else:
            copy = sqlite3.connect(temp)
            try:
                db.backup(copy)
            finally:
                copy.close()
        os.replace(temp, backup)
    finally:
        temp.unlink(missing_ok=True)
