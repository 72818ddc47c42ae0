"""System III Void's tactical-only scenarios (issue 20 requirement 10), started as a group
starts any scenario (File › New Quick Game…) and their first tactical turn played in the
window with its visible controls only: the generated map shown, the battle's situation in
the log, courses plotted on the map, each phase ended with the turn bar's button."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player


@pytest.mark.parametrize(
    ("title", "situation", "ships"),
    [
        (
            "Big Danger and the Bastets",
            "Battle in deep space: Baseline situation, 40 hexes apart",
            7,
        ),
        ("Into the clouds", "Battle over Venus: Chase situation, 40 hexes apart", 2),
    ],
)
def test_a_tactical_scenario_starts_from_new_game_and_plays_its_first_tactical_turn(
    qtbot: QtBot, tmp_path: Path, title: str, situation: str, ships: int
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game(title, names=("Ann", "Bob"), seed=7)
    assert you.round() == 1
    assert any(line.startswith(situation) for line in you.log())
    assert you.ship_list().topLevelItemCount() == ships
    you.play_rounds(1)  # every phase of the first tactical turn, for both players
    assert you.round() == 2
    moved = [line for line in you.log() if " moves " in line or " coasts " in line]
    assert moved, you.log()
