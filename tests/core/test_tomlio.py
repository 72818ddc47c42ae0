"""Saving files atomically (`core.tomlio.write_atomic`) keeps the permissions users expect."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from core.tomlio import write_atomic


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
