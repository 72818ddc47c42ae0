"""An ended game reads as over: the turn bar says "Game over" and who won where the
round and phase were, and the window's title says the game is over, not the round it
ended in. Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player
from tests.app.campaign.test_campaign_results import new_campaign


def test_an_ended_game_shows_game_over_and_the_winner_not_a_round(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    new_campaign(you, tmp_path / "short.ecliptic", "Short war", seed=1)
    for _ in range(30):
        if you.over():
            break
        you.primary()
    bar = you.win.turn_bar
    assert bar.round_label.text() == "Game over"
    assert bar.player_label.text() == "Bob won"
    assert you.phase() == ""  # no phase lit: none is being played
    assert "Round" not in bar.round_label.text()
    assert "round 1, the last, is over" in bar.hint.text()
    assert not bar.end_button.isEnabled()
    title = you.win.windowTitle()
    assert "game over" in title and "round 2" not in title, title
    you.win.grab().save(str(Path("/tmp/eg/over.png")))
