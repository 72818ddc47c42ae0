"""Looking at a campaign file before it is used: SQLite's quick check and the tables a
campaign must have, and a read-only copy of it into memory that leaves nothing beside it.
Kept apart from :mod:`core.campaign.store`, which opens files with these."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from core.campaign.errors import DamagedCampaign, NotACampaign


def check_integrity(path: Path) -> None:
    try:
        db = sqlite3.connect(path, isolation_level=None)
    except sqlite3.Error as exc:
        raise DamagedCampaign(path, f"cannot be opened: {exc}") from None
    try:
        check(path, db)
    except sqlite3.DatabaseError as exc:
        raise DamagedCampaign(path, f"is damaged: {exc}; restore it from a backup copy") from None
    finally:
        db.close()


def read_into(path: Path, memory: sqlite3.Connection) -> None:
    """Copy a campaign into memory, leaving nothing behind. SQLite keeps ``-wal`` and
    ``-shm`` files beside a WAL database while any connection has it open, and only
    an ordinary connection, closing last, removes them: so while there are none, read
    through an ordinary connection (it only reads); while there are, someone has it
    open (or crashed with it open), and a read-only connection adds nothing."""
    beside = [path.with_name(path.name + end) for end in ("-wal", "-shm")]
    uri = path.resolve().as_uri()  # quoted: a name may hold "#" or "?"
    # A file we may not write, with no write-ahead log beside it, has no writer now:
    # read it as the unchanging file it is, which leaves nothing beside it (and is the
    # only way to read a campaign in a read-only folder, where SQLite cannot make them).
    fixed = "ro&immutable=1"
    if not any(p.exists() for p in beside):
        modes = [fixed] if unwritable(path) else ["rw", "ro"]
    else:
        modes = ["ro", fixed] if unwritable(path) else ["ro"]
    for mode in modes:
        try:
            source = sqlite3.connect(f"{uri}?mode={mode}", uri=True)
            try:
                source.backup(memory)
            finally:
                source.close()
            return
        except sqlite3.OperationalError:
            if mode == modes[-1]:
                raise  # else: a file or folder we may not write to, so read-only


def unwritable(path: Path) -> str:
    """Why the campaign cannot be written where it is (a read-only folder or file), or
    "" if it can."""
    effective = os.access in os.supports_effective_ids

    def writable(p: Path) -> bool:
        return os.access(p, os.W_OK, effective_ids=effective)

    if not writable(path.parent):
        return "it is in a read-only folder"
    if not writable(path):
        return "it is a read-only file"
    return ""


def check(path: Path, db: sqlite3.Connection) -> None:
    rows = db.execute("PRAGMA quick_check").fetchall()
    problems = [
        " ".join(r[0].replace("*** in database main ***", "").split()) for r in rows if r[0] != "ok"
    ]
    if problems:
        shown = "; ".join(problems[:3])
        raise DamagedCampaign(
            path, f"fails SQLite's integrity check ({shown}); restore it from a backup copy"
        )
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    missing = {"campaign", "game", "entry", "meta"} - tables
    if missing:
        raise NotACampaign(path, f"is marked as a campaign but lacks {', '.join(sorted(missing))}")
