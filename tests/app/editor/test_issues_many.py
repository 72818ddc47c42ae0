"""The Issues dock on a map or scenario with hundreds of problems: the list stays short
(the first 200), says how many more there are, and the dock's title counts them all."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDockWidget, QListWidget
from pytestqt.qtbot import QtBot

from app.editor.document import Document, new_scenario
from app.editor.window import EditorWindow
from core.files.mapfile import load_map
from core.files.resources import SOLAR_SYSTEM_MAP
from tests.app.acceptance.user import Player

ROCKS = 260  # one name for all: 259 problems ("a second body is called 'Rock'")


def crowded_map(path: Path) -> Path:
    lines = ['format = "ecliptic-map"', "version = 1", 'name = "Crowded"', "[grid]"]
    lines += ['orientation = "flat"', 'offset = "odd"', "width = 44", "height = 32"]
    for i in range(ROCKS):
        column, row = 2 + (i % 20) * 2, 2 + (i // 20) * 2
        lines += ["[[bodies]]", 'name = "Rock"', 'kind = "asteroid"']
        lines += [f'hex = "{column:02d}{row:02d}"', "radius = 0.3"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_issues_dock_says_how_many_problems_it_does_not_list_and_counts_them_all(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    path = crowded_map(tmp_path / "crowded.toml")
    you.answer(lambda: you.choose("File", "Edit Map or Scenario"), lambda d: you.pick_file(d, path))
    dock = you.find(QDockWidget, "editor_issues_dock")
    qtbot.waitUntil(lambda: dock.windowTitle() != "Issues")
    assert dock.windowTitle() == f"Issues ({ROCKS - 1})", "the true total, not the rows listed"
    issues = you.find(QListWidget, "issues_list")
    rows = [issues.item(i).text() for i in range(issues.count())]  # type: ignore[attr-defined]
    assert len(rows) == 201
    assert all("a second body is called 'Rock'" in row for row in rows[:200])
    assert rows[-1].startswith(f"… and {ROCKS - 1 - 200} more, not listed")


def test_an_unsaved_scenario_with_hundreds_of_problems_counts_every_one(qtbot: QtBot) -> None:
    data = new_scenario("solar-system")
    ships = [{"id": f"s{i}", "name": f"S{i}", "hex": "9999", "unit": "nope"} for i in range(260)]
    data["ships"] = ships
    editor = EditorWindow(Document(load_map(SOLAR_SYSTEM_MAP), None, data, SOLAR_SYSTEM_MAP))
    qtbot.addWidget(editor)
    editor.check()
    assert editor.docks["issues"].windowTitle() == "Issues (520)"  # a bad hex and unit each
    assert editor.issues.count() == 201
    assert editor.issues.item(200).text().startswith("… and 320 more, not listed")
