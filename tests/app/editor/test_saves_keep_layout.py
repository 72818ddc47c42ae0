"""Editor saves keep what the author wrote: comments, key order and shorthands survive,
only the lines of what was edited change, and the file always reads back as the edit."""

from __future__ import annotations

import difflib
import tomllib
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.editor.clipboard import clear_region
from app.editor.commands import edit_scenario
from app.editor.document import Document, open_document
from app.editor.window import EditorWindow
from core.files import tomledit
from core.files.mapfile import dumps_map, load_map
from core.files.resources import SOLAR_SYSTEM_MAP

from .conftest import at, drag

HAND_MAP = """\
# A hand-made practice map: twenty columns, one planet, a moon and a rock.
name = "Hand map"   # shown in the title bar
format = "ecliptic-map"
version = 1
leaving = { rule = "returns", penalty_turns = 0b10 }

[grid]
height = 16
width = 0x14          # twenty columns
# orientation and offset are left to their defaults

# ---- Bodies ----

# The home planet.
[[bodies]]
hex = '1008'
name = "Terra"
kind = "planet"

# A small moon, weak gravity.
[[bodies]]
name = "Luna"
kind = "moon"
hex = "1210"
radius = 0.20
gravity = "weak"

# A rock nobody owns.
[[bodies]]
name = "Rock"
kind = "asteroid"
hex = "0404"
radius = 1e-1
gravity = "none"

[asteroids]
hexes = [
    "0202", "0203",  # the near pair
    "1515",
]

# ---- Zones ----

# Terra's zone of control.
[[zones]]
name = "Terran space"
owner = "Terra"
around = "Terra"
radius = 1
"""


def changed_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    """The lines taken out and the lines put in."""
    diff = list(difflib.ndiff(before.splitlines(), after.splitlines()))
    return [d[2:] for d in diff if d.startswith("- ")], [d[2:] for d in diff if d.startswith("+ ")]


def comments(text: str) -> list[str]:
    return [line[line.index("#") :] for line in text.splitlines() if "#" in line]


def opened(qtbot: QtBot, tmp_path: Path, text: str, name: str = "hand.toml") -> EditorWindow:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    editor = EditorWindow(open_document(path))
    qtbot.addWidget(editor)
    return editor


def test_moving_and_renaming_a_body_changes_only_its_lines_and_keeps_every_comment(
    qtbot: QtBot, tmp_path: Path
) -> None:
    editor = opened(qtbot, tmp_path, HAND_MAP)
    doc = editor.document
    b = doc.map.objects.bounds
    luna = doc.map.objects.body("Luna")
    assert luna is not None
    drag(editor, "Body", luna.centre, at(b, "1211"), at(b, "1212"))
    editor.selection.set([at(b, "1212")])
    editor.inspector.body_name.setText("Selene")
    editor.inspector.body_name.editingFinished.emit()
    assert doc.stack.count() == 2
    assert editor._save(doc.path)  # type: ignore[arg-type]
    saved = doc.path.read_text(encoding="utf-8")  # type: ignore[union-attr]
    removed, added = changed_lines(HAND_MAP, saved)
    assert removed == ['name = "Luna"', 'hex = "1210"']
    assert added == ['name = "Selene"', 'hex = "1212"']
    assert comments(saved) == comments(HAND_MAP)
    assert load_map(doc.path) == doc.map.starmap()  # type: ignore[arg-type]


def test_a_renamed_body_keeps_the_zone_written_around_it(qtbot: QtBot, tmp_path: Path) -> None:
    editor = opened(qtbot, tmp_path, HAND_MAP)
    doc = editor.document
    terra = doc.map.objects.body("Terra")
    assert terra is not None
    editor.selection.set([terra.centre])
    editor.inspector.body_name.setText("Gaia")
    editor.inspector.body_name.editingFinished.emit()
    editor.files.save(doc.path)  # type: ignore[arg-type]
    saved = doc.path.read_text(encoding="utf-8")  # type: ignore[union-attr]
    removed, added = changed_lines(HAND_MAP, saved)
    assert removed == ['name = "Terra"', 'around = "Terra"']
    assert added == ['name = "Gaia"', 'around = "Gaia"']


def test_a_body_moved_away_from_its_zone_writes_the_zone_as_its_hexes(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The editor's zones are hexes that stay put when a body moves: the zone's text says
    so, instead of an ``around`` that would now mean other hexes."""
    editor = opened(qtbot, tmp_path, HAND_MAP)
    doc = editor.document
    b = doc.map.objects.bounds
    drag(editor, "Body", at(b, "1008"), at(b, "1004"))
    editor.files.save(doc.path)  # type: ignore[arg-type]
    saved = doc.path.read_text(encoding="utf-8")  # type: ignore[union-attr]
    assert load_map(doc.path) == doc.map.starmap()  # type: ignore[arg-type]
    removed, _ = changed_lines(HAND_MAP, saved)
    assert "hex = '1008'" in removed and 'around = "Terra"' in removed
    assert comments(saved) == comments(HAND_MAP)


def test_an_added_and_a_removed_body_touch_only_their_own_blocks(
    qtbot: QtBot, tmp_path: Path
) -> None:
    editor = opened(qtbot, tmp_path, HAND_MAP)
    doc = editor.document
    b = doc.map.objects.bounds
    clear_region(doc, frozenset({at(b, "0404")}), "Delete")
    drag(editor, "Body", at(b, "1602"))
    editor.files.save(doc.path)  # type: ignore[arg-type]
    saved = doc.path.read_text(encoding="utf-8")  # type: ignore[union-attr]
    assert load_map(doc.path) == doc.map.starmap()  # type: ignore[arg-type]
    rock = HAND_MAP[HAND_MAP.index("# A rock") : HAND_MAP.index("[asteroids]")]
    planet = """\
[[bodies]]
name = "Planet"
kind = "planet"
hex = "1602"
radius = 0.4
size = 0
gravity = "normal"

"""
    assert saved == HAND_MAP.replace(rock, planet), "the rock's block, comment and all, is gone"


def test_painted_asteroids_change_only_their_line_of_the_list(qtbot: QtBot, tmp_path: Path) -> None:
    editor = opened(qtbot, tmp_path, HAND_MAP)
    doc = editor.document
    b = doc.map.objects.bounds
    drag(editor, "Brush", at(b, "1516"))
    editor.files.save(doc.path)  # type: ignore[arg-type]
    saved = doc.path.read_text(encoding="utf-8")  # type: ignore[union-attr]
    removed, added = changed_lines(HAND_MAP, saved)
    assert removed == [] and added == ['    "1516",']
    assert load_map(doc.path) == doc.map.starmap()  # type: ignore[arg-type]


def test_an_unchanged_map_saves_byte_for_byte(qtbot: QtBot, tmp_path: Path) -> None:
    editor = opened(qtbot, tmp_path, HAND_MAP)
    editor.files.save(tmp_path / "copy.toml")
    assert (tmp_path / "copy.toml").read_text(encoding="utf-8") == HAND_MAP


def test_a_new_map_is_written_in_the_canonical_layout(editor: EditorWindow, tmp_path: Path) -> None:
    path = tmp_path / "new.toml"
    editor.document.save(path)
    assert path.read_text(encoding="utf-8") == dumps_map(editor.document.map.starmap())


def test_the_second_save_starts_from_the_first(qtbot: QtBot, tmp_path: Path) -> None:
    editor = opened(qtbot, tmp_path, HAND_MAP)
    doc = editor.document
    b = doc.map.objects.bounds
    drag(editor, "Brush", at(b, "0101"))
    editor.files.save(doc.path)  # type: ignore[arg-type]
    drag(editor, "Brush", at(b, "0102"))
    editor.files.save(doc.path)  # type: ignore[arg-type]
    saved = doc.path.read_text(encoding="utf-8")  # type: ignore[union-attr]
    assert comments(saved) == comments(HAND_MAP)
    assert load_map(doc.path) == doc.map.starmap()  # type: ignore[arg-type]


def test_a_merge_that_would_not_read_back_falls_back_to_the_canonical_layout(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    editor = opened(qtbot, tmp_path, HAND_MAP)
    doc = editor.document
    b = doc.map.objects.bounds
    drag(editor, "Brush", at(b, "0101"))
    # a merge that forgets the edit: the guard must notice and write the whole map
    monkeypatch.setattr(tomledit, "merge", lambda text, old, new: text)
    editor.files.save(doc.path)  # type: ignore[arg-type]
    assert doc.path.read_text(encoding="utf-8") == dumps_map(doc.map.starmap())  # type: ignore[union-attr]
    assert load_map(doc.path) == doc.map.starmap()  # type: ignore[arg-type]


def test_a_merge_that_fails_falls_back_to_the_canonical_layout(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    editor = opened(qtbot, tmp_path, HAND_MAP)
    doc = editor.document
    drag(editor, "Brush", at(doc.map.objects.bounds, "0101"))

    def broken(text: str, old: object, new: object) -> str:
        raise AssertionError("tomlkit lost its way in an odd file")

    monkeypatch.setattr(tomledit, "merge", broken)
    editor.files.save(doc.path)  # type: ignore[arg-type]
    assert load_map(doc.path) == doc.map.starmap()  # type: ignore[arg-type]


HAND_SCENARIO = """\
# A hand-written race for two.
format = "ecliptic-scenario"
version = 1
name = "Hand race"
id = "hand-race"
map = "solar-system"   # the built-in map
ruleset = "interplanetary"
description = '''
Race to Mars and back.'''

[players]
max = 2
min = 1

# The leader starts on Earth.
[[ships]]
id = "lead"
name = "{player}'s ship"
unit = "ship"
landed = "Earth"   # on the planet itself

# A second ship in orbit.
[[ships]]
id = "second"
name = "Escort"
unit = "ship"
hex = "0415"

# Visit Mars, come home.
[[victory]]
kind = "race"
visit = ["Mars"]
orbit = "Earth"
"""


def test_a_scenario_edit_changes_only_its_lines_and_keeps_every_comment(
    qtbot: QtBot, tmp_path: Path
) -> None:
    editor = opened(qtbot, tmp_path, HAND_SCENARIO, "race.toml")
    doc = editor.document
    data = doc.scenario_copy()
    data["name"] = "Hand race II"
    data["ships"][1]["hex"] = "0416"
    edit_scenario(doc, data, "Move ship")
    editor.files.save(doc.path)  # type: ignore[arg-type]
    saved = doc.path.read_text(encoding="utf-8")  # type: ignore[union-attr]
    assert tomllib.loads(saved) == doc.scenario
    removed, added = changed_lines(HAND_SCENARIO, saved)
    assert removed == ['name = "Hand race"', 'hex = "0415"']
    assert added == ['name = "Hand race II"', 'hex = "0416"']
    assert comments(saved) == comments(HAND_SCENARIO)
    assert doc.map_file == SOLAR_SYSTEM_MAP, "the map did not change: not written"


def test_a_ship_added_and_a_ship_removed_in_a_scenario(qtbot: QtBot, tmp_path: Path) -> None:
    editor = opened(qtbot, tmp_path, HAND_SCENARIO, "race.toml")
    doc = editor.document
    data = doc.scenario_copy()
    del data["ships"][0]
    data["ships"].append({"id": "third", "name": "Tender", "unit": "ship", "hex": "0514"})
    edit_scenario(doc, data, "Ships")
    editor.files.save(doc.path)  # type: ignore[arg-type]
    saved = doc.path.read_text(encoding="utf-8")  # type: ignore[union-attr]
    assert tomllib.loads(saved) == doc.scenario
    gone = ["# The leader starts on Earth.", "# on the planet itself"]
    assert comments(saved) == [c for c in comments(HAND_SCENARIO) if c not in gone]
    assert saved.index("# A second ship in orbit.") < saved.index('name = "Escort"')
    assert saved.index('name = "Escort"') < saved.index('name = "Tender"')
    assert saved.index('name = "Tender"') < saved.index("# Visit Mars, come home.")


def test_a_new_scenario_is_written_in_the_canonical_layout(
    scenario_editor: EditorWindow, tmp_path: Path
) -> None:
    from core.files import tomlio

    doc: Document = scenario_editor.document
    path = tmp_path / "fresh.toml"
    doc.save(path)
    assert path.read_text(encoding="utf-8") == tomlio.dumps(doc.scenario or {})
