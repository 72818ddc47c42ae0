"""What ``python -m app render`` draws from: a map (from the map cache once it opened
cleanly), a scenario's map, a Tiled map (TMX), each told apart by its content; drawing a
map imports no scenario or rule module, and a ruleset is refused with a clear message."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from app.__main__ import main as app_main
from app.board.render import load_starmap
from core.board.problems import FileProblems
from core.files.mapfile import load_map
from core.files.resources import ROOT, SOLAR_SYSTEM_MAP
from core.files.tmx import save_tmx


def test_a_tiled_map_is_drawn_like_the_map_it_holds(qapp: QApplication, tmp_path: Path) -> None:
    # Named .xml: the content, not the name, says it is a Tiled map.
    tiled = tmp_path / "solar.xml"
    save_tmx(load_map(SOLAR_SYSTEM_MAP), tiled)
    assert app_main(["render", str(tiled), str(tmp_path / "t.png"), "--size", "400x300"]) == 0
    assert gc.isenabled()  # paused only while the command ran
    assert (
        app_main(["render", str(SOLAR_SYSTEM_MAP), str(tmp_path / "m.png"), "--size", "400x300"])
        == 0
    )
    assert QImage(str(tmp_path / "t.png")) == QImage(str(tmp_path / "m.png"))


def test_a_map_named_like_a_tiled_map_is_still_read_as_a_map(
    qapp: QApplication, tmp_path: Path
) -> None:
    disguised = tmp_path / "solar.tmx"
    disguised.write_text(SOLAR_SYSTEM_MAP.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_starmap(disguised) == load_map(SOLAR_SYSTEM_MAP)


def test_a_ruleset_is_refused_by_its_format(
    qapp: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ruleset = ROOT / "rulesets" / "interplanetary.toml"
    assert app_main(["render", str(ruleset), str(tmp_path / "r.png")]) == 1
    err = capsys.readouterr().err
    assert "interplanetary.toml" in err and "this is a ruleset" in err
    assert not (tmp_path / "r.png").exists()
    with pytest.raises(FileProblems, match="ruleset"):
        load_starmap(ruleset)


def test_a_broken_tiled_map_is_explained_with_its_line(
    qapp: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.tmx"
    broken.write_text('<?xml version="1.0"?>\n<map orientation="orthogonal">\n</map>\n')
    assert app_main(["render", str(broken), str(tmp_path / "b.png")]) == 1
    err = capsys.readouterr().err
    assert "broken.tmx" in err and "Traceback" not in err


LATER = ("pydantic", "core.scenario.document", "core.scenario.reader", "core.files.mapfile")


def imported_by_render(source: Path, out: Path, data: Path) -> set[str]:
    """Render ``source`` in a fresh process; which of the readers (LATER) and rule
    modules it imported."""
    script = (
        "import sys\nfrom app.__main__ import main\n"
        f"assert main(['render', {str(source)!r}, {str(out)!r}, '--size', '64x48']) == 0\n"
        "print(*sys.modules)"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "ECLIPTIC_DATA_DIR": str(data)}
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert run.returncode == 0, run.stderr
    loaded = set(run.stdout.split())
    return {m for m in LATER if m in loaded} | {m for m in loaded if m.startswith("core.rules")}


def test_drawing_a_map_reads_it_from_the_map_cache_the_second_time(tmp_path: Path) -> None:
    source = tmp_path / "solar.toml"
    source.write_text(SOLAR_SYSTEM_MAP.read_text(encoding="utf-8"), encoding="utf-8")
    # The first time the file is read and checked (pydantic), never the scenario reader.
    first = imported_by_render(source, tmp_path / "a.png", tmp_path / "data")
    assert first == {"pydantic", "core.files.mapfile"}
    # Then it comes from the cache: nothing but the map's values.
    assert imported_by_render(source, tmp_path / "b.png", tmp_path / "data") == set()
    assert QImage(str(tmp_path / "a.png")) == QImage(str(tmp_path / "b.png"))
    # An edited file is read afresh, never an old picture of it.
    source.write_text(source.read_text().replace("The Solar System", "Edited"), encoding="utf-8")
    assert "core.files.mapfile" in imported_by_render(source, tmp_path / "c.png", tmp_path / "data")
