"""Maps that passed their checks once, kept on disk so the next start opens them at once.

Opening a map file costs its TOML parse, pydantic's validation and the checks of meaning:
for the built-in map about a third of the whole start-up, half of it importing pydantic
(issue 4 req 7: the first painted window in under 0.6 s). A map that opened cleanly is
pickled, named by a hash of the file's text and of the code that read it, so an edited
file or a changed Ecliptic never finds an old entry. An entry that cannot be read for any
reason counts as missing: the file is then read and checked as usual. A file with
problems is never stored, so its problems are always reported.

An entry is the map's plain serial form (:mod:`core.engine.serial`) as JSON: data that
cannot carry code, rebuilt only into Ecliptic's own registered value types, and taken
only when it is a map. Its first line is the SHA-256 of the rest, so an entry edited,
damaged or written by anything but :func:`store` is not used. (Entries used to be
checked by writing the map back and comparing texts: that refused only edits that were
not canonical JSON, and cost 60 ms on a 100,000-hex map; the digest refuses every edit
but a deliberate one with the digest recomputed, which the old check let through
as well, for 0.3 ms.) Entries were once pickles, which run code when loaded (issue 18);
such files are never read, only removed.
Only the map's own fields are stored, not the lookups it works out on demand (those may
hold shapely geometry, which is slow to import).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import tempfile
from functools import cache
from pathlib import Path

from core.board.starmap import StarMap
from core.engine import serial
from core.files.reading import read_bytes

SUFFIX = ".map.json"
#: what entries were called when they were pickles: removed, never read
OLD_SUFFIX = ".map.pickle"
#: entries kept; the oldest go when a new one is stored
KEEP = 32
#: the largest entry read (the serial form of the largest map a file may hold)
LARGEST = 64 * 1024 * 1024


@cache
def code_fingerprint() -> str:
    """What the entries depend on besides the file: Python, and every core module's size
    and modification time (a new Ecliptic, or an edited reader, starts a fresh cache).
    Walked with ``os.scandir``: a few hundred files' sizes and times in about a
    millisecond, a quarter of what ``Path.rglob`` and ``Path.stat`` took on every start."""
    parts = [sys.version, SUFFIX]
    core = Path(__file__).resolve().parents[1]
    parts.extend(f"{name}:{size}:{mtime}" for name, size, mtime in sorted(_modules(str(core))))
    return "\n".join(parts)


def _modules(folder: str, prefix: str = "") -> list[tuple[str, int, int]]:
    """Each ``.py`` file under ``folder``: its path from there ("/" between names), size
    and modification time in nanoseconds."""
    found: list[tuple[str, int, int]] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    found.extend(_modules(entry.path, f"{prefix}{entry.name}/"))
            elif entry.name.endswith(".py"):
                info = entry.stat()
                found.append((prefix + entry.name, info.st_size, info.st_mtime_ns))
    return found


def entry_path(text: str, folder: Path) -> Path:
    digest = hashlib.sha256(f"{code_fingerprint()}\n\0{text}".encode()).hexdigest()
    return folder / f"{digest[:40]}{SUFFIX}"


def lookup(text: str, folder: Path) -> StarMap | None:
    """The map stored for this file text, or None when there is no usable entry."""
    path = entry_path(text, folder)
    try:
        starmap = _checked(read_bytes(path, LARGEST))  # not a FIFO, not a device
    except Exception:  # missing, truncated, from other code: read the file instead
        return None
    if starmap is None:
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # recently used: pruned last
    return starmap


def store(text: str, starmap: StarMap, folder: Path) -> None:
    """Keep ``starmap``, read from ``text``, for the next time. Best effort: a cache that
    cannot be written (read-only, full disk) only means the next start checks again."""
    body = serial.dumps(starmap).encode("utf-8")
    data = hashlib.sha256(body).hexdigest().encode("ascii") + b"\n" + body
    target = entry_path(text, folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        _prune(folder)
    except OSError:
        return


def _checked(stored: bytes) -> StarMap | None:
    """The map an entry holds, if the entry is exactly what :func:`store` wrote (its
    digest line matches the rest) and holds a map, else None. JSON holds only strings,
    numbers, lists and tables, and the serial reader builds nothing but Ecliptic's
    registered value types from them."""
    digest, _, body = stored.partition(b"\n")
    if hashlib.sha256(body).hexdigest().encode("ascii") != digest:
        return None
    value = serial.from_data(json.loads(body))
    return value if isinstance(value, StarMap) else None


def _prune(folder: Path) -> None:
    for old in folder.glob(f"*{OLD_SUFFIX}"):
        with contextlib.suppress(OSError):
            old.unlink()
    entries = sorted(folder.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime_ns)
    for old in entries[:-KEEP]:
        with contextlib.suppress(OSError):
            old.unlink()
