"""One writer per campaign: a lock file beside it, held with an operating-system lock.

The lock is released by the operating system when the process ends, however it ends,
so a crash never leaves a campaign locked; the file itself may stay behind, stale and
harmless. It records who holds it, for the message the second Ecliptic shows.
"""

from __future__ import annotations

import json
import os
import socket
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from core.campaign.errors import CampaignInUse


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def _try_lock(handle: IO[str]) -> bool:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        import msvcrt

        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


class WriterLock:
    """Held while a campaign is open for writing; :meth:`release` when closing."""

    def __init__(self, path: Path) -> None:
        self.path = lock_path(path)
        self._handle: IO[str] | None = None

    def acquire(self, campaign: Path) -> None:
        for _ in range(10):
            handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held open
            if not _try_lock(handle):
                handle.seek(0)
                holder = _describe(handle.read())
                handle.close()
                raise CampaignInUse(campaign, holder)
            if _same_file(handle, self.path):
                break
            handle.close()  # the holder before us removed it as we opened it: again
        else:  # pragma: no cover - ten races in a row
            raise CampaignInUse(campaign, "another process")
        handle.seek(0)
        handle.truncate()
        handle.write(
            json.dumps(
                {
                    "host": socket.gethostname(),
                    "pid": os.getpid(),
                    "since": datetime.now(UTC).isoformat(timespec="seconds"),
                }
            )
        )
        handle.flush()
        self._handle = handle

    def release(self) -> None:
        if self._handle is None:
            return
        handle, self._handle = self._handle, None
        try:
            # Removed while still held: whoever opens the old file next sees that it is
            # no longer the lock file and starts again (see acquire).
            self.path.unlink()
        except OSError:
            pass
        finally:
            handle.close()  # releases the lock


def _same_file(handle: IO[str], path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(handle.fileno()), os.stat(path))
    except OSError:
        return False


def _describe(text: str) -> str:
    try:
        data = json.loads(text)
        return f"process {data['pid']} on {data['host']}, since {data['since']}"
    except (ValueError, KeyError, TypeError):
        return "another process"
