"""Real read-only places for tests: a folder others may enter, and a way to be another
user for a while, so that permissions apply even when the tests run as root (who may
write anywhere)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

NOBODY = 65534


@contextmanager
def shared_folder() -> Iterator[Path]:
    """A new folder that any user may enter and read, removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="ecliptic-shared-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for p in [folder, *folder.rglob("*")]:
            if p.is_dir() and not p.is_symlink():
                p.chmod(0o755)
        shutil.rmtree(folder)


@contextmanager
def as_another_user() -> Iterator[None]:
    """Run the block with the permissions of an ordinary user: as root, with the
    effective user id of ``nobody`` (taken back afterwards); as anyone else, as is."""
    if os.geteuid() != 0:
        yield
        return
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)
