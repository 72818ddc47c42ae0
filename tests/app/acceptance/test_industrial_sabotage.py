"""Industrial Sabotage through the window for three rounds, boarding on as the scenario
chooses: the science vessel moves last of all, after both players have moved."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.rounds import three_rounds
from tests.app.acceptance.user import Player


def test_guard_raider_and_science_vessel_fly_three_rounds(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Industrial Sabotage", seed=7)
    log = three_rounds(you)
    assert sum(line == "Science vessel moves last of all ships" for line in log) == 3
    assert any(line.startswith("Ann's raider") for line in log)
    assert any(line.startswith("Bob's guard") for line in log)
