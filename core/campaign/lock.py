"""One writer per campaign, whatever name it is opened by.

Two locks, both held with operating-system locks that the system releases when the
process ends, however it ends, so a crash never leaves a campaign locked:

- the *name* lock, a file beside the campaign (``NAME.ecliptic.lock``, beside the file
  its name resolves to), which records who holds it for the second Ecliptic's message;
- the *identity* lock, keyed by the file itself: a lock file named by its device and
  inode number (on Windows: its volume and file ID) in one folder for every user of the
  machine (``/tmp/ecliptic-locks``), so a hard link, a symbolic link or a ``..`` path
  meets the same lock. (Not a lock on the campaign file itself: on macOS and the BSDs
  such a lock would meet SQLite's own locks on it, in this very process.)

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
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from core.campaign.errors import CampaignInUse, HardLinked, NotWritable

#: errors that say a place cannot be written (not that something went wrong)
_READ_ONLY = {errno.EACCES, errno.EPERM, errno.EROFS}


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
        effective = os.access in os.supports_effective_ids
        if not os.access(campaign, os.W_OK, effective_ids=effective):
            raise NotWritable(campaign, "is a read-only file")
        dev, ino = identity(campaign)
        try:
            self.fd = _open_lock(lock_folder() / f"{dev:x}-{ino:x}.lock")
        except OSError as exc:
            raise NotWritable(campaign, f"cannot be locked for writing ({exc})") from None
        if not _try_lock(self.fd):
            os.close(self.fd)
            raise CampaignInUse(
                campaign, "another Ecliptic, which opened it under another name of the same file"
            )

    def release(self) -> None:
        os.close(self.fd)


def lock_folder() -> Path:
    """Where the identity locks are: one folder for every user of the machine."""
    shared = Path("/tmp")
    base = shared if sys.platform != "win32" and shared.is_dir() else Path(tempfile.gettempdir())
    return base / "ecliptic-locks"


def _open_lock(target: Path) -> int:
    """A descriptor of the lock file ``target``, made if need be. Never written: the
    lock is all it is for, so a file another user made may be opened read-only."""
    folder = target.parent
    if not folder.is_dir():
        folder.mkdir(exist_ok=True)
        with suppress(OSError):
            folder.chmod(0o1777)  # anyone may add their locks; none may remove others'
    flags = os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(target, os.O_RDWR | flags, 0o666)
    except PermissionError:
        fd = os.open(target, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with suppress(OSError):
        os.chmod(target, 0o666)  # for the next user of the machine (if ours)
    return fd


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
