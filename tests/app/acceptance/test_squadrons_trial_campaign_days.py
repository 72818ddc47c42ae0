"""In a squadron campaign the Campaign dock heads each day's entries "Day 1", "Day 2", as
the turn bar counts them, not "Round 1" (a newcomer read two counts of one thing); the
referee's dock of a refereed one says "day 1" too."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable
from tests.app.acceptance.test_squadrons_by_mail import new_refereed_campaign
from tests.app.acceptance.test_squadrons_campaign import new_campaign


def test_the_campaign_dock_counts_days_in_a_squadron_campaign(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    new_campaign(table, "The Battle for Tessaly", "Tessaly days")
    table.everyone_ends(lambda: table.day() == 2)
    table.end_step()  # the first entry of day 2
    qtbot.waitUntil(lambda: "Day 2" in table.campaign_rows())  # the dock catches up
    rows = table.campaign_rows()
    assert "Day 1" in rows
    assert not any(r.startswith("Round ") for r in rows)


def test_the_referee_dock_counts_days_in_a_squadron_campaign(qtbot: QtBot, tmp_path: Path) -> None:
    referee = SquadronTable(qtbot, tmp_path)
    new_refereed_campaign(referee, tmp_path / "raid.ecliptic")
    heading = referee.label("referee_turn")
    assert "day 1, " in heading and "round" not in heading
