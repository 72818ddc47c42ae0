"""Saving files atomically (`core.files.tomlio.write_atomic`) keeps the permissions users expect."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from core.files.tomlio import write_atomic


def test_a_new_saved_file_gets_the_usual_permissions_under_the_umask(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    try:
        target = tmp_path / "map.toml"
        write_atomic(target, "x = 1\n")
    finally:
        os.umask(umask)
    assert target.read_text() == "x = 1\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


def test_saving_over_a_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "scenario.toml"
    target.write_text("old\n")
    target.chmod(0o640)
    write_atomic(target, "new\n")
    assert target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["scenario.toml"]  # no temporary left


def test_a_list_too_short_or_too_long_is_said_in_our_words() -> None:
    from core.files.tomlio import from_pydantic

    short = {
        "loc": ("ships",),
        "type": "too_short",
        "msg": "List should have...",
        "ctx": {"min_length": 1},
    }
    long = {
        "loc": ("sides",),
        "type": "too_long",
        "msg": "List should have...",
        "ctx": {"max_length": 6},
    }
    assert str(from_pydantic(short)) == "ships: needs at least 1 entry"
    assert str(from_pydantic(long)) == "sides: needs at most 6 entries"
