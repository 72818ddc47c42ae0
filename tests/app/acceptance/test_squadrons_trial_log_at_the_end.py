"""At the end of a squadron game the log below the boards reads to the end, the result
included (it stopped at the last day's start: the last step's events came while nobody
sat at the table), and whole, as the boards then show everything."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable


def test_the_log_ends_with_the_result_once_the_game_is_over(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("The Battle for Tessaly", names=("Ann", "Bob"))
    bar = table.win.turn_bar
    table.everyone_ends(lambda: bar.round_label.text() == "Game over")
    assert table.log_lines()[-1] == "Imperium wins, holding out to day 6"
