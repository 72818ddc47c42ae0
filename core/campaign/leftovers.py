"""Files an interrupted create or copy left behind, removed the next time.

A campaign is created (and a copy saved) as ``.NAME.PID.new`` beside its place, then
renamed into place, so it appears whole or not at all. A process killed before the
rename leaves that file; the next create, copy or open of the same name removes it,
unless the process that wrote it is still running (it may be writing it now).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

#: a leftover this old is removed even where we cannot tell whether its writer lives
STALE_AFTER = 24 * 3600.0


def temp_path(path: Path) -> Path:
    """Where this process writes ``path`` before renaming it into place."""
    return path.with_name(f".{path.name}.{os.getpid()}.new")


def remove_leftovers(path: Path) -> list[Path]:
    """Remove the leftovers of interrupted writes of ``path``; those removed."""
    removed = []
    try:
        found = list(path.parent.glob(f".{_escaped(path.name)}.*.new"))
    except OSError:
        return []
    for leftover in found:
        pid = leftover.name[len(path.name) + 2 : -len(".new")]
        if not pid.isdigit():
            continue
        if int(pid) != os.getpid() and not _dead(int(pid), leftover):
            continue
        try:
            leftover.unlink()
        except OSError:
            continue  # a read-only folder: nothing to do about it
        removed.append(leftover)
    return removed


def _dead(pid: int, leftover: Path) -> bool:
    try:
        if time.time() - leftover.stat().st_mtime > STALE_AFTER:
            return True
    except OSError:
        return False
    if sys.platform == "win32":  # pragma: no cover - no cheap liveness test there
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # it exists, and belongs to someone else
    return False


def _escaped(name: str) -> str:
    """``name`` for a glob pattern, its wildcards taken literally."""
    return "".join(f"[{c}]" if c in "*?[]" else c for c in name)
