"""Editor documents: the mode in the main window, saving, modified state, clipboard,
validation with click-to-locate, and test flight."""

from __future__ import annotations

import tomllib
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.editor.document import Document, open_document
from app.editor.window import EditorWindow
from app.shell.main_window import MainWindow
from core.files.mapfile import load_map
from core.files.resources import SCENARIOS
from core.scenario.reader import load_scenario

from .conftest import NONE, at, drag, small_map


def test_new_map_opens_in_the_editor_mode_of_the_main_window(main: MainWindow) -> None:
    from app.editor.document import Document

    mode = main.editor_mode
    editor = mode.edit(Document(small_map()))
    assert main.stack.currentWidget() is editor
    assert not main.undo_action.isVisible(), "the editor's Ctrl+Z, not the game's"
    assert main.docks["ships"].isHidden()
    mode.mode_action.setChecked(False)
    assert main.stack.currentWidget() is main.map_view and main.undo_action.isVisible()


def test_a_saved_map_reads_back_the_same_and_the_stack_knows_it_is_clean(
    editor: EditorWindow, tmp_path: Path
) -> None:
    b = editor.document.map.objects.bounds
    drag(editor, "Brush", at(b, "0202"), at(b, "0302"))
    assert editor.document.is_modified()
    path = tmp_path / "m.toml"
    assert editor._save(path)
    assert not editor.document.is_modified()
    assert load_map(path) == editor.document.map.starmap()
    editor.document.stack.undo()
    assert editor.document.is_modified()


def test_a_scenario_round_trips_with_fields_the_editor_does_not_know(tmp_path: Path) -> None:
    source = (SCENARIOS / "training.toml").read_text(encoding="utf-8")
    path = tmp_path / "s.toml"
    path.write_text(
        source.replace("version = 1", "version = 2") + "\n[special]\nrespawn = true\n",
        encoding="utf-8",
    )
    document = open_document(path)
    document.map.set_cells({at(document.map.objects.bounds, "0101"): ""})
    document.save(path)
    saved = tomllib.loads(path.read_text(encoding="utf-8"))
    assert saved["special"] == {"respawn": True}
    assert saved["map"] == "s-map.toml", "a changed built-in map is written beside it"
    assert load_scenario(path).starmap.asteroids


def test_issues_list_problems_and_a_click_centres_the_map_on_the_place(
    editor: EditorWindow, qtbot: QtBot
) -> None:
    editor.show()
    qtbot.waitExposed(editor)
    b = editor.document.map.objects.bounds
    tool = editor.tools["Base"]
    far = at(b, "0215")
    editor.set_tool("Base")
    tool.press(far, editor.scene.centre_of(far), NONE)
    editor.check()
    item = next(
        editor.issues.item(i)
        for i in range(editor.issues.count())
        if "gravity hex" in editor.issues.item(i).text()
    )
    editor.view.zoom(8)  # closer than the whole map, so there is room to scroll
    editor.issues.itemClicked.emit(item)
    assert editor.selection.hexes == {far}
    centre = editor.view.mapToScene(editor.view.viewport().rect().center())
    assert editor.scene.hex_at(centre) is not None
    assert (centre - editor.scene.centre_of(far)).manhattanLength() < 60


def test_a_scenario_with_errors_saves_but_does_not_fly(
    main: MainWindow, tmp_path: Path, qtbot: QtBot, monkeypatch: object
) -> None:
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: shown.append(a[2]))  # type: ignore[attr-defined]
    editor = main.editor_mode.new_scenario()
    assert editor is not None and editor.issues.refresh(), "no ships yet: a problem"
    assert editor._save(tmp_path / "broken.toml")
    assert (tmp_path / "broken.toml").exists()
    assert not main.editor_mode.test_flight()
    assert shown and "problem" in shown[0]
    assert main.stack.currentWidget() is editor


def test_test_flight_plays_the_scenario_and_returns_to_the_untouched_editor(
    main: MainWindow,
) -> None:
    editor = main.editor_mode.open_for_editing(SCENARIOS / "training.toml")
    assert editor is not None
    before = (editor.document.scenario_copy(), editor.document.map.starmap())
    assert main.editor_mode.test_flight()
    assert main.session is not None and main.stack.currentWidget() is not editor
    main.session.end_turn()
    main.editor_mode.end_flight()
    assert main.session is None and main.stack.currentWidget() is editor
    assert (editor.document.scenario_copy(), editor.document.map.starmap()) == before
    assert not editor.document.is_modified()


def test_copy_paste_and_paste_in_place_carry_terrain_and_bodies(editor: EditorWindow) -> None:
    doc = editor.document
    b = doc.map.objects.bounds
    drag(editor, "Brush", at(b, "0908"))
    drag(editor, "Select", at(b, "0807"), at(b, "1109"))
    editor.copy()
    editor.view.last_hex = at(b, "0203")
    editor.paste()
    names = [x.name for x in doc.map.objects.bodies]
    assert names == ["Terra", "Terra 2"]
    assert len(doc.map.cells) == 2
    doc.stack.undo()
    assert len(doc.map.objects.bodies) == 1 and len(doc.map.cells) == 1
    editor.selection.set([at(b, "0908")])
    editor.cut()
    assert not doc.map.cells
    editor.paste(in_place=True)
    assert doc.map.cells == {at(b, "0908"): ""}


def test_a_broken_map_file_is_explained_not_opened(main: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('format = "ecliptic-map"\nversion = 1\nname = "x"\n', encoding="utf-8")
    assert main.editor_mode.open_for_editing(path) is None
    assert "bad.toml" in main.status_label.text()


def test_fill_of_a_big_map_changes_only_the_tiles_it_touches(qtbot: QtBot) -> None:
    from app.editor.tools.terrain import fill
    from core.board.starmap import Bounds, StarMap

    editor = EditorWindow(Document(StarMap("big", Bounds(400, 100))))
    qtbot.addWidget(editor)
    plain, _ = editor.scene._asteroid_items()
    b = editor.document.map.objects.bounds
    drag(editor, "Select", at(b, "001001"))
    for r in range(1, 101):
        editor.document.map.set_cells({at(b, f"101{r:03d}"): ""})
    assert fill(editor.document, at(b, "001001"), "") == 100 * 100
    assert sum(len(v) for v in plain._hexes.values()) == 100 * 100 + 100
    editor.document.stack.undo()
    assert sum(len(v) for v in plain._hexes.values()) == 100
    assert Qt.KeyboardModifier.NoModifier == NONE
