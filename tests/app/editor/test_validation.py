"""The issues dock on scenarios (issue 8, requirement 5): victory conditions naming what
is not there, objectives no ship can meet, each clicked to its place on the map or, with
no place, to its field in the inspector."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from app.editor.document import Document, new_scenario
from app.editor.window import EditorWindow
from core.board.starmap import GravityOverride

from .conftest import small_map


def scenario_editor_on_small_map(qtbot: QtBot, **victory: Any) -> EditorWindow:
    data = new_scenario("test")
    data["sides"] = [{"name": "Red"}, {"name": "Blue"}]
    data["players"] = {"min": 2, "max": 2}
    data["ships"] = [
        {"id": "red", "name": "Red", "unit": "ship", "side": "Red", "hex": "0202"},
        {"id": "blue", "name": "Blue", "unit": "ship", "side": "Blue", "hex": "1414"},
    ]
    data["victory"] = [{"kind": "last-standing"}, victory]
    editor = EditorWindow(Document(small_map(), None, data, None))
    qtbot.addWidget(editor)
    editor.resize(1100, 800)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


def click_issue(editor: EditorWindow, text: str) -> None:
    editor.check()
    texts = [editor.issues.item(i).text() for i in range(editor.issues.count())]
    found = [i for i, t in enumerate(texts) if text in t]
    assert found, texts
    editor.issues.itemClicked.emit(editor.issues.item(found[0]))


def test_a_victory_condition_naming_a_missing_body_shows_its_condition_in_the_inspector(
    qtbot: QtBot,
) -> None:
    editor = scenario_editor_on_small_map(qtbot, kind="race", visit=["Terra", "Vulcan"])
    click_issue(editor, "victory[1].visit: there is no body 'Vulcan' on this map")
    assert editor.inspector.currentWidget() is editor.inspector.document_page
    assert editor.inspector.victory.currentRow() == 1
    assert "Vulcan" in editor.inspector.condition.text()
    assert editor.focusWidget() is editor.inspector.condition
    assert editor.selection.hexes == set(), "nothing on the map to show"


def test_a_destroy_target_that_does_not_exist_is_listed_and_located_in_the_inspector(
    qtbot: QtBot,
) -> None:
    editor = scenario_editor_on_small_map(qtbot, kind="destroy", ship="ghost", side="Red")
    click_issue(editor, "victory[1].ship: there is no ship 'ghost'")
    assert editor.inspector.victory.currentRow() == 1
    data = editor.document.scenario_copy()
    data["victory"][1]["ship"] = "blue"
    editor.document.set_scenario(data)
    editor.check()
    assert editor.issues.problems == []


def test_an_orbit_no_ship_can_make_is_shown_at_the_body(qtbot: QtBot) -> None:
    editor = scenario_editor_on_small_map(qtbot, kind="race", orbit="Terra")
    terra = editor.document.map.objects.bodies[0]
    objects = editor.document.map.objects
    cleared = tuple(GravityOverride(h, ()) for h in terra.ring()[::2])
    editor.document.map.set_objects(
        objects.__class__(objects.name, objects.bounds, bodies=objects.bodies, overrides=cleared)
    )
    click_issue(editor, "no ship can ever orbit Terra")
    assert editor.selection.hexes == {terra.centre}


def test_a_race_docking_at_a_base_off_the_map_is_listed(qtbot: QtBot) -> None:
    from dataclasses import replace

    from core.board.starmap import Base, BaseKind

    editor = scenario_editor_on_small_map(qtbot, kind="race", dock="Far Station")
    objects = editor.document.map.objects
    far = Base("Far Station", BaseKind.ORBITAL, objects.bounds.labels.from_offset(30, 3))
    editor.document.map.set_objects(replace(objects, bases=(far,)))
    click_issue(editor, "no ship can ever dock at Far Station")
    assert editor.inspector.victory.currentRow() == 1


def test_an_arrow_pointing_at_no_body_is_a_warning_shown_at_its_hex_and_the_game_still_flies(
    qtbot: QtBot,
) -> None:
    from core.board.hexgrid import Direction

    editor = scenario_editor_on_small_map(qtbot, kind="turn-limit", rounds=10)
    objects = editor.document.map.objects
    bounds = objects.bounds
    away = Direction(0)
    toward_terra = Direction(3)  # the opposite way
    stray = objects.bodies[0].centre
    for _ in range(4):
        stray = stray.neighbour(away)
    overrides = (GravityOverride(stray, (away,)),)
    editor.document.map.set_objects(
        objects.__class__(objects.name, bounds, bodies=objects.bodies, overrides=overrides)
    )
    click_issue(editor, "points at no body")
    assert editor.selection.hexes == {stray}
    assert "No problems: this can be played (1 warning below)." in editor.issues.item(0).text()
    editor.document.build_scenario()  # a warning does not stop a test flight
    # pointing the arrow at Terra clears the warning
    pointed = (GravityOverride(stray, (toward_terra,)),)
    editor.document.map.set_objects(
        objects.__class__(objects.name, bounds, bodies=objects.bodies, overrides=pointed)
    )
    editor.check()
    texts = [editor.issues.item(i).text() for i in range(editor.issues.count())]
    assert not any("points at no body" in t for t in texts), texts


def test_an_unsaved_scenario_lists_its_problems_without_a_made_up_file_name(
    qtbot: QtBot,
) -> None:
    data = new_scenario("test")
    editor = EditorWindow(Document(small_map(), None, data, None))
    qtbot.addWidget(editor)
    editor.check()
    texts = [editor.issues.item(i).text() for i in range(editor.issues.count())]
    assert "ships: needs at least 1 entry" in texts, texts
    assert not any("untitled" in t for t in texts), texts
