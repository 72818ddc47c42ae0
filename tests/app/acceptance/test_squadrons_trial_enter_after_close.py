"""A second squadron game in the same window (the first closed with File › Close): the
hand-over screen says Enter starts the turn, and Enter does, as in the first game (the
keyboard went to the page instead of the hand-over button)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable


def test_enter_takes_the_seat_in_a_game_started_after_another_was_closed(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("Border Raid", names=("Ann", "Bob"))
    table.choose("File", "Close")
    table.new_game("Border Raid", names=("Cid", "Dee"))
    assert table.handing_over()
    assert table.button("I am Cid: start my turn (Enter)").isVisible()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert not table.handing_over() and table.seated() == "Cid"
