"""Last Man Standing with kill count through the window for three rounds."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.rounds import three_rounds
from tests.app.acceptance.user import Player


def test_fighters_of_the_kill_count_game_play_three_rounds(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game(("Last Man Standing (kill count)", "Last Man Standing Respawn"), seed=9)
    log = three_rounds(you)
    assert sum(line.startswith("Round ") and "begins" in line for line in log) == 4
    assert sum("resupply phase passes by itself" in line for line in log) == 6
