"""The first hand-over of a squadron game takes Enter, as its button says: right after
New Game the keyboard is on "I am Ann: start my turn (Enter)", not on the page around it
(which took the keyboard from the button, so Enter did nothing until a click)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable


def test_enter_starts_the_first_turn_right_after_new_game(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("The Battle for Tessaly")
    assert table.handing_over()
    assert "start my turn (Enter)" in table.button("I am Ann: start my turn (Enter)").text()
    qtbot.waitUntil(table.win.isActiveWindow)
    keyboard = QApplication.focusWidget()
    assert keyboard is not None, "the keyboard is nowhere"
    qtbot.keyClick(keyboard, Qt.Key.Key_Return)  # Enter, where the keyboard is
    qtbot.waitUntil(lambda: not table.handing_over())
    assert table.seated() == "Ann"
