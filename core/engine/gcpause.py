"""Garbage collection paused around bulk work."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Bulk reads and imports build many objects that all stay; a full collection in the
    middle only walks them all (0.1-0.2 s once a long campaign's states are in memory)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
