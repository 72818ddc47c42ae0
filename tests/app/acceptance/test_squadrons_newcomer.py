"""What a newcomer to Border Raid is told, through visible controls only: the turn bar
says when there is nothing to do in a step and which button goes on; an empty hex
clicked says so; the sheet says nothing is selected; and the board a player was
looking at is not what the next player sees (it would tell where they were busy)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable, plain

RAIDER = "Raider Squadron (Zhodani"


def test_the_window_says_what_to_do_and_keeps_each_sides_board_to_itself(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("Border Raid", names=("Ann", "Bob"))
    table.take_seat()
    assert "No squadron selected." in table.sheet()
    view = table.board("Candor")
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(20, 20))
    assert "nothing seen here" in table.label("selected_hex")
    table.end_step()

    # Bob works at Ashfall, where his raiders are
    table.take_seat()
    table.click_counter("Ashfall", lambda t: t.startswith(RAIDER))
    table.end_step()

    # Ann's fire step: nothing in range, and the bar says how to go on
    table.take_seat()
    assert table.seated() == "Ann"
    tabs = table.tabs()
    assert plain(tabs.tabText(tabs.currentIndex())) == "Candor"  # her own board, not Bob's
    assert table.win.turn_bar.hint.text() == (
        "nothing of yours has a target in range: press Seal Fire Orders to go on"
    )
    table.end_step()
    table.take_seat()
    assert table.seated() == "Bob"
    assert plain(tabs.tabText(tabs.currentIndex())) == "Ashfall"
