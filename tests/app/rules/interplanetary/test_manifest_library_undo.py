"""Ships › Ship Designs… takes back its changes as the squadron library does: an import
and a delete are undone and redone with the Undo and Redo buttons (and Ctrl+Z). The status
line then says what was undone or redone. Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from app.rules.interplanetary.manifest.library_paths import designs_folder
from tests.app.acceptance.listing import choose_row, row_texts
from tests.app.acceptance.user import Player


def _own_files() -> list[str]:
    folder = designs_folder()
    return sorted(p.name for p in folder.glob("*.toml")) if folder.is_dir() else []


def status_line(player: Player, dialog: QWidget) -> str:
    return player.find(QLabel, "library_status", dialog).text()  # type: ignore[attr-defined]


def test_ship_designs_undo_and_redo_an_import_and_a_delete(qtbot: QtBot, tmp_path: Path) -> None:
    player = Player(qtbot, tmp_path)
    shared = tmp_path / "gunboat-shared.toml"

    def use(dialog: QWidget) -> None:
        assert not player.button("Undo", dialog).isEnabled(), "nothing to undo yet"
        choose_row(player, dialog, "Gunboat  (shipped)")
        player.answer(lambda: player.press("Export", dialog), lambda f: player.pick_file(f, shared))
        player.answer(lambda: player.press("Import", dialog), lambda f: player.pick_file(f, shared))
        assert "Gunboat" in row_texts(dialog), "the player's own copy, listed without (shipped)"
        assert _own_files() == ["gunboat.toml"]
        status = player.find(QLabel, "library_status", dialog).text()  # type: ignore[attr-defined]
        assert status.endswith("undoes it")

        choose_row(player, dialog, "Gunboat")
        player.press("Delete", dialog)
        assert "Gunboat" not in row_texts(dialog) and _own_files() == []
        player.press("Undo", dialog)
        assert "Gunboat" in row_texts(dialog) and _own_files() == ["gunboat.toml"]
        # the status line tells the undo, not the delete any more
        assert status_line(player, dialog).startswith("Undone: Delete Gunboat;")
        # the offscreen platform does not give the focus back after the file dialogs,
        # as a desktop does; the player's window is the active one again
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow)
        qtbot.keyClick(dialog, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        # a button's shortcut clicks it as a player sees it pressed, a moment later
        qtbot.waitUntil(lambda: "Gunboat" not in row_texts(dialog))  # Ctrl+Z: the import undone
        assert _own_files() == [] and not player.button("Undo", dialog).isEnabled()
        player.press("Redo", dialog)
        assert "Gunboat" in row_texts(dialog) and _own_files() == ["gunboat.toml"]
        assert status_line(player, dialog).startswith("Redone: Import gunboat-shared.toml;")
        player.press("Close", dialog)

    player.answer(lambda: player.choose("Ships", "Ship Designs"), use)
