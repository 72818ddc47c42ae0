"""File › Close leaves a true word in the status bar: it kept "Opened <file>" after the
campaign was closed, as if it were still open. Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance import test_squadrons_campaign as squadrons
from tests.app.acceptance.squadron_table import SquadronTable
from tests.app.acceptance.test_nplanetary_campaign import new_campaign
from tests.app.acceptance.user import Player


def test_closing_a_campaign_says_it_is_closed(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    new_campaign(you, tmp_path / "duel.ecl", "Duel")
    assert you.status().startswith("Opened duel.ecl")
    you.choose("File", "Close")
    assert you.status() == "Closed duel.ecl"


def test_closing_a_squadron_campaign_says_it_is_closed(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    squadrons.new_campaign(table, "The Battle for Tessaly", "Tessaly")
    assert table.status().startswith("Opened ")
    table.choose("File", "Close")
    assert table.status().startswith("Closed ")


def test_closing_a_quick_game_says_it_is_closed(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Training")
    you.choose("File", "Close")
    assert you.status() == "Game closed"
