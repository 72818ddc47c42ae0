"""File › Close leaves no colour of the closed game's player in the turn bar: it reads "No
game" alone, as when the window opened (the swatch stayed, in the last seat's colour)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable


def test_closing_a_game_takes_the_players_colour_off_the_turn_bar(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("Border Raid", names=("Ann", "Bob"))
    table.take_seat()
    bar = table.win.turn_bar
    assert bar.swatch.isVisible()
    table.choose("File", "Close")
    assert bar.round_label.text() == "No game"
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # the bar laid out anew
    bar.resize(bar.width() - 1, bar.height())  # as the window's width changes
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    assert not bar.swatch.isVisible()
