"""A campaign opened again shows how its game began: the roll for the first player and
the first round's start stay in the Event and Dice logs after the campaign is closed and
opened from File › Open Recent, as they were when it was created. Everything is done
with the window's controls."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QAbstractItemView
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player
from tests.app.campaign.test_campaign_results import new_campaign

FIRST = "Ann rolled highest (6) and is first player"


def dice_log(you: Player) -> list[str]:
    view = you.find(QAbstractItemView, "dice_log")
    assert isinstance(view, QAbstractItemView)
    model = view.model()
    return [str(model.index(row, 0).data()) for row in range(model.rowCount())]


def test_the_first_player_roll_is_in_the_logs_after_the_campaign_is_opened_again(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    new_campaign(you, tmp_path / "rolls.ecliptic", "Rolls")
    assert you.take_seat() == "Ann"
    began = you.log()[:2]
    assert began == [FIRST, "Round 1 begins: Ann is first player"]
    rolls = [line for line in dice_log(you) if "for first player" in line]
    assert len(rolls) == 2, dice_log(you)
    you.primary()  # the game goes on a little before it is closed
    played = you.log()

    you.choose("File", "Close")
    assert you.win.turn_bar.round_label.text() == "No game"
    you.choose("File", "Open Recent", "Rolls")
    you.take_seat()
    assert you.log() == played
    assert [line for line in dice_log(you) if "for first player" in line] == rolls
