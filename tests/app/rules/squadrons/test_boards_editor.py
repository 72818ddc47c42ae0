"""The squadron game's boards in the Map Editor, through visible controls only: a
system board and the jump board open as maps, are edited with the Body tool and the
inspector, undone with the editor's undo, and saved to files the game loads."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox, QTabWidget
from pytestqt.qtbot import QtBot

from core.board.starmap import BodyKind
from core.rules.squadrons.boards import builtin_subsectors, load_subsector
from tests.app.acceptance.user import Player


def subsector_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "reach"
    shutil.copytree(builtin_subsectors()["marlow-reach"], folder)
    return folder


def open_in_editor(player: Player, path: Path):  # type: ignore[no-untyped-def]
    player.answer(
        lambda: player.choose("File", "Edit Map or Scenario"),
        lambda d: player.pick_file(d, path),
    )
    editor = player.win.editor_mode.editor
    assert editor is not None and editor.document.path == path
    player.qtbot.waitExposed(editor.view)
    return editor


def click_hex(player: Player, editor, label: str) -> None:  # type: ignore[no-untyped-def]
    h = editor.document.map.objects.bounds.labels.parse(label)
    view = editor.view
    view.centerOn(editor.scene.centre_of(h))
    point = view.mapFromScene(editor.scene.centre_of(h))
    player.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_gas_giant_with_its_limit_placed_on_a_system_board_and_saved(
    qtbot: QtBot, tmp_path: Path
) -> None:
    folder = subsector_copy(tmp_path)
    assert not load_subsector(folder).system("Quill").gas_giant
    player = Player(qtbot, tmp_path)
    editor = open_in_editor(player, folder / "quill.toml")
    player.press("Body (O)")
    kind = player.find(QComboBox, "body_kind")
    assert isinstance(kind, QComboBox)
    player.pick(kind, "gas giant")
    limit = player.find(QSpinBox, "body_limit")
    player.type_into(limit, "2")
    name = player.find(QLineEdit, "body_name")
    player.type_into(name, "Quill Giant")
    click_hex(player, editor, "2104")
    placed = editor.document.map.objects.body("Quill Giant")
    assert placed is not None and placed.kind is BodyKind.GAS_GIANT and placed.limit == 2
    player.press("Save")
    saved = load_subsector(folder)
    assert saved.system("Quill").gas_giant
    board = saved.board("Quill")
    assert board.limit_at(placed.centre.ring(2)[0]) == placed
    assert board.fuel_sources(placed.centre)[0].name == "Quill Giant"


def test_limit_changed_in_the_inspector_is_one_undo_step(qtbot: QtBot, tmp_path: Path) -> None:
    folder = subsector_copy(tmp_path)
    player = Player(qtbot, tmp_path)
    editor = open_in_editor(player, folder / "khevra.toml")
    player.press("Select (S)")
    star = editor.document.map.objects.body("Khevra")
    assert star is not None and star.limit == 3
    click_hex(player, editor, "1310")
    tabs = player.find(QTabWidget, "inspector")
    assert isinstance(tabs, QTabWidget)
    tabs.setCurrentIndex(1)
    limit = player.find(QSpinBox, "sel_body_limit", tabs)
    assert isinstance(limit, QSpinBox) and limit.value() == 3
    player.type_into(limit, "5")
    assert editor.document.map.objects.body("Khevra").limit == 5  # type: ignore[union-attr]
    steps = editor.document.stack.count()
    player.press("Undo 100D limit 5")
    assert editor.document.map.objects.body("Khevra").limit == 3  # type: ignore[union-attr]
    assert editor.document.stack.index() == steps - 1
    player.press("Redo 100D limit 5")
    player.press("Save")
    assert load_subsector(folder).board("Khevra").stars[0].limit == 5


def test_jump_board_opens_in_the_editor_and_a_moved_system_changes_jump_distances(
    qtbot: QtBot, tmp_path: Path
) -> None:
    folder = subsector_copy(tmp_path)
    before = load_subsector(folder).jump_distance("Marlow", "Quill")
    player = Player(qtbot, tmp_path)
    editor = open_in_editor(player, folder / "jump.toml")
    assert {b.name for b in editor.document.map.objects.bodies} >= {"Marlow", "Quill"}
    player.press("Body (O)")
    view = editor.view
    labels = editor.document.map.objects.bounds.labels
    start = editor.scene.centre_of(labels.parse("0506"))
    end = editor.scene.centre_of(labels.parse("0303"))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(start))
    qtbot.mouseMove(view.viewport(), pos=view.mapFromScene(end))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(end))
    assert editor.document.map.objects.body("Quill").centre == labels.parse("0303")  # type: ignore[union-attr]
    player.press("Save")
    after = load_subsector(folder)
    assert after.jump_distance("Marlow", "Quill") == 1 != before
