"""A ship destroyed by a hit is said destroyed once in the Event Log: the hit's last line
says where the damage went ("Systems can take no more: Structure takes 2") and the next
line that the ship is destroyed, in a game played and in a campaign opened again (its
events read back from the file as the engine stored them). Played with the window's
controls: the duel of ``wreck.toml`` fought until the red gunship is lost."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.play.entries import said_once
from app.play.orders import OrderSession
from core.campaign.mail import files, referee
from core.campaign.mail.files import LoggedTurn
from core.rules.interplanetary.combat.attack import DamagePlaced
from core.vector.astrogation import ShipDestroyed
from tests.app.acceptance.test_duel import fight
from tests.app.acceptance.user import Player
from tests.app.campaign.test_campaign_results import new_campaign
from tests.core.mail.games import fixed

WRECK = Path(__file__).parents[1] / "acceptance" / "scenarios" / "wreck.toml"
LOST = "Red gunship is destroyed"


def said_once_in(log: list[str]) -> None:
    """The gunship's loss is one line, after the hit's placing that caused it."""
    assert [line for line in log if LOST in line] == [LOST]
    before = log[log.index(LOST) - 1]
    assert "Structure takes" in before and not before.endswith(LOST), before


def test_a_destroying_hit_says_the_ship_is_destroyed_once_also_after_reopening(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    new_campaign(you, tmp_path / "wreck.ecliptic", "Wreck", WRECK, "Acceptance Wreck", 1)
    for rounds in range(2, 40):
        fight(you, rounds=rounds)
        if any(LOST in line for line in you.log()):
            break
    said_once_in(you.log())
    shown = you.log()

    you.choose("File", "Close")
    you.choose("File", "Open Recent", "Wreck")
    you.take_seat()
    said_once_in(you.log())
    assert you.log() == shown


def test_a_line_ending_with_what_the_next_line_says_is_shown_without_that_ending() -> None:
    placed = DamagePlaced("Structure takes 3: Red gunship is destroyed", "gunship", "structure")
    lost = ShipDestroyed(LOST, "gunship")
    shown = said_once([placed, lost])
    assert [e.text for e in shown] == ["Structure takes 3", LOST]
    assert type(shown[0]) is DamagePlaced and shown[0].ship == "gunship"
    assert placed.text.endswith(LOST), "the event itself is as the engine gave it"
    other = ShipDestroyed("Blue cutter is destroyed", "cutter")
    assert said_once([placed, other]) == [placed, other]  # another ship: both said


def test_a_player_file_says_a_ship_destroyed_once(qtbot: QtBot, tmp_path: Path) -> None:
    """The log a player file carries (play by mail) is shown the same way."""
    master = fixed("interplanetary").campaign(tmp_path)
    try:
        referee.set_mode(master, referee.REFEREED)
        ann = files.read_player_file(referee.export_player_files(master, tmp_path / "out")[0])
    finally:
        master.close()
    placed = DamagePlaced("Structure takes 3: Red gunship is destroyed", "gunship", "structure")
    mail = replace(ann, log=(LoggedTurn(1, "a", (placed, ShipDestroyed(LOST, "gunship"))),))
    session = OrderSession(mail)
    assert [line.event.text for line in session.log] == ["Structure takes 3", LOST]
