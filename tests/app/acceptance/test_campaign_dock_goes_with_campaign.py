"""The Campaign dock leaves with its campaign: a quick game started after a campaign
showed an empty Campaign dock beside it, though a quick game is kept nowhere. Only
visible controls are used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable
from tests.app.acceptance.test_squadrons_campaign import new_campaign


def shown_docks(table: SquadronTable) -> set[str]:
    return {d.windowTitle() for d in table.win.findChildren(QDockWidget) if d.isVisible()}


def test_a_quick_game_after_a_campaign_shows_no_campaign_dock(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    new_campaign(table, "The Battle for Tessaly", "Tessaly")
    assert "Campaign" in shown_docks(table)
    table.new_game("Training")
    table.qtbot.waitUntil(lambda: "Ships" in shown_docks(table))
    assert "Campaign" not in shown_docks(table)
    new_campaign(table, "The Battle for Tessaly", "Tessaly again")
    assert "Campaign" in shown_docks(table)  # and back with the next campaign
