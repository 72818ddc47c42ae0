"""Training's armed variation through the window for three rounds: every ship carries a
gun, a missile and a mine, but Earth's control zone is a no-fire zone, so the launch and
gun phases near Earth pass by themselves and the log says why."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.rounds import three_rounds
from tests.app.acceptance.user import Player


def test_armed_trainees_lift_off_and_their_idle_phases_in_the_no_fire_zone_pass(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game(("Training (armed variation)", "Training Variation"), seed=11)
    log = three_rounds(you)
    assert "Bob's launch phase passes by itself: no ship has a weapon it may launch" in log
    assert any("launches from Earth" in line for line in log)
    assert not any("launches Ann's ship's" in line for line in log), "nothing was launched"
