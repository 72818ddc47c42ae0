"""The Great Planet Race through the window for three rounds, the players keeping their
ship points (the game may ask whether to start with points unspent: they say yes)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.rounds import three_rounds
from tests.app.acceptance.user import Player


def test_racers_lift_off_from_earth_and_fly_three_rounds(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game(("The Great Planet Race", "Great Planet Race"), seed=7)
    log = three_rounds(you)
    for name in ("Ann", "Bob"):
        assert any(line.startswith(f"{name}'s racer launches from Earth") for line in log)
        assert any(line.startswith(f"{name}'s racer burns 1 fuel") for line in log)
