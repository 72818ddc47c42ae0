"""Last Man Standing through the window for three rounds: the fighters start at rest
far apart round the Sun, unarmed as their players kept their points, so every launch,
gun and resupply phase passes by itself and only Move stops for them."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.rounds import three_rounds
from tests.app.acceptance.user import Player


def test_fighters_at_rest_round_the_sun_drift_three_rounds(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Last Man Standing", seed=7)
    you.take_seat()
    assert you.phase() == "Astrogation" and you.win.turn_bar.end_button.text() == "Move"
    log = three_rounds(you)
    assert sum("fighter stays at" in line for line in log) == 6
    assert sum("gun phase passes by itself" in line for line in log) == 6
