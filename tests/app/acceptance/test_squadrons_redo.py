"""Edit › Redo in a squadron game, through visible controls only: a move undone with
Ctrl+Z is given again with Edit › Redo (or Ctrl+Shift+Z), in a campaign and in a quick
game; a new order forgets what was undone; and the next player at the table can never
redo the last one's orders."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable
from tests.app.acceptance.test_squadrons_campaign import new_campaign

FRIGATE = "Frigate Squadron (Imperium"


def move_frigate(table: SquadronTable) -> tuple[str, str]:
    """Ann's frigate moves to a marked hex: (where it was, where it went)."""
    table.click_counter("Tessaly", lambda t: t.startswith(FRIGATE))
    before = table.label("selected_hex")
    table.click_mark("Tessaly")
    after = table.label("selected_hex")
    assert after != before
    return before, after


def where_frigate(table: SquadronTable) -> str:
    table.click_counter("Tessaly", lambda t: t.startswith(FRIGATE))
    return table.label("selected_hex")


def undo(table: SquadronTable) -> None:
    table.qtbot.keyClick(table.win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)


def test_redo_gives_an_undone_move_again_in_a_campaign(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    new_campaign(table, "The Battle for Tessaly", "Tessaly")
    assert table.take_seat() == "Ann"
    redo = table.menu("Edit", "Redo")
    assert not redo.isEnabled()
    before, after = move_frigate(table)
    undo(table)
    assert where_frigate(table) == before
    assert redo.isEnabled()
    table.choose("Edit", "Redo")
    assert where_frigate(table) == after
    assert not redo.isEnabled()
    assert "Redone" in table.win.status_label.text()

    # undone again, and redone with the keys
    undo(table)
    assert where_frigate(table) == before
    qtbot.keyClick(
        table.win,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert where_frigate(table) == after

    # what was undone is kept in the campaign: closed and opened again, it stays played
    table.choose("File", "Close")
    table.choose("File", "Open Recent", "Tessaly")
    assert table.take_seat() == "Ann"
    assert where_frigate(table) == after


def test_a_new_order_or_the_next_seat_forgets_what_was_undone(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("The Battle for Tessaly")
    assert table.take_seat() == "Ann"
    redo = table.menu("Edit", "Redo")
    before, after = move_frigate(table)
    undo(table)
    assert redo.isEnabled()
    table.choose("Edit", "Redo")  # a quick game redoes too
    assert where_frigate(table) == after
    undo(table)
    # a different order: the undone move is gone for good
    table.click_counter("Tessaly", lambda t: t.startswith("Cruiser Squadron (Imperium"))
    table.click_mark("Tessaly")
    assert not redo.isEnabled()
    assert where_frigate(table) == before

    # Ann undoes the cruiser's move and ends her step: Bob cannot redo it
    undo(table)
    assert redo.isEnabled()
    table.end_step()
    assert not redo.isEnabled()  # the hand-over screen
    assert table.take_seat() == "Bob"
    assert not redo.isEnabled()


def test_the_log_shows_the_game_as_it_stands_after_undo_and_redo(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    new_campaign(table, "The Battle for Tessaly", "Tessaly")
    assert table.take_seat() == "Ann"
    before = table.log_lines()
    move_frigate(table)
    moved = table.log_lines()
    assert len(moved) > len(before)
    undo(table)
    assert table.log_lines() == before  # the undone move's lines are gone
    assert table.win.status_label.text().startswith("Undone")  # not the move's words
    table.choose("Edit", "Redo")
    assert table.log_lines() == moved  # and back with the move


def test_the_log_drops_an_undone_move_in_a_quick_game(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("The Battle for Tessaly")
    assert table.take_seat() == "Ann"
    before = table.log_lines()
    move_frigate(table)
    assert table.log_lines() != before
    undo(table)
    assert table.log_lines() == before
