"""One writer per campaign, whatever name it is opened by.

Two locks, both held with operating-system locks that the system releases when the
process ends, however it ends, so a crash never leaves a campaign locked:

- the *name* lock, a file beside the campaign (``NAME.ecliptic.lock``, beside the file
  its name resolves to), which records who holds it for the second Ecliptic's message;
- the *identity* lock, on the file itself: on POSIX an ``flock`` on the campaign's own
  inode (its device and inode number), so a hard link, a symbolic link or a ``..`` path
  meets the same lock; on Windows a lock file named by the volume and file ID.

Both are taken before SQLite opens the file. A file with more than one name (hard
links) is refused for writing: SQLite names its write-ahead log after the name it was
opened by, so two names would mean two logs for one file.
"""

from __future__ import annotations

import errno
import json
import os
import socket
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from core.campaign.errors import CampaignInUse, HardLinked, NotWritable

#: errors that say a place cannot be written (not that something went wrong)
_READ_ONLY = {errno.EACCES, errno.EPERM, errno.EROFS}
#: the identities this process holds for writing: closing a second descriptor of a file
#: would drop SQLite's own locks on it, so a second writer here is refused before that
_HELD: set[tuple[int, int]] = set()


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def identity(path: Path) -> tuple[int, int]:
    """The file's identity: (device, inode) on POSIX, (volume, file ID) on Windows."""
    st = os.stat(path)
    return st.st_dev, st.st_ino


def _try_lock(fileno: int) -> bool:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        import msvcrt

        try:
            msvcrt.locking(fileno, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fileno, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


class WriterLock:
    """Held while a campaign is open for writing; :meth:`release` when closing."""

    def __init__(self, path: Path) -> None:
        self.path = lock_path(path)
        self._handle: IO[str] | None = None
        self._identity: _IdentityLock | None = None

    def acquire(self, campaign: Path) -> None:
        """Take both locks, or raise :class:`CampaignInUse` (someone writes it),
        :class:`NotWritable` (a read-only folder or file) or :class:`HardLinked`."""
        self._acquire_name(campaign)
        try:
            self._identity = _IdentityLock(campaign)
            links = os.stat(campaign).st_nlink
            if links > 1:
                raise HardLinked(campaign, links)
        except BaseException:
            self.release()
            raise

    def _acquire_name(self, campaign: Path) -> None:
        for _ in range(10):
            try:
                handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held open
            except OSError as exc:
                if exc.errno in _READ_ONLY:
                    raise NotWritable(campaign, "is in a read-only folder") from None
                raise NotWritable(campaign, f"cannot be locked for writing ({exc})") from None
            if not _try_lock(handle.fileno()):
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
        if self._identity is not None:
            self._identity.release()
            self._identity = None
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


class _IdentityLock:
    """The lock on the file's identity (see the module's docstring)."""

    def __init__(self, campaign: Path) -> None:
        self.key = identity(campaign)
        if self.key in _HELD:
            raise CampaignInUse(campaign, "this Ecliptic, under another name of the same file")
        self.fd = _open_identity(campaign, self.key)
        if not _try_lock(self.fd):
            os.close(self.fd)
            raise CampaignInUse(
                campaign, "another Ecliptic, which opened it under another name of the same file"
            )
        _HELD.add(self.key)

    def release(self) -> None:
        _HELD.discard(self.key)
        os.close(self.fd)  # after SQLite closed the file: see _HELD


def _open_identity(campaign: Path, key: tuple[int, int]) -> int:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        folder = Path(tempfile.gettempdir()) / "ecliptic-locks"
        folder.mkdir(exist_ok=True)
        target = folder / f"{key[0]:x}-{key[1]:x}.lock"
        return os.open(target, os.O_RDWR | os.O_CREAT)
    try:
        # read and write, so that a read-only file is told apart here; never written
        return os.open(campaign, os.O_RDWR | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        if exc.errno in _READ_ONLY:
            raise NotWritable(campaign, "is a read-only file") from None
        raise NotWritable(campaign, f"cannot be opened for writing ({exc})") from None


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
