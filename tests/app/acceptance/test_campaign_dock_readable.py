"""The Campaign dock opens wide enough to read: a hot-seat campaign shows it alone in
its column (no Referee dock under it), where it came up a sliver ("C…", "The Bat")
until dragged wider. Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QTreeWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable
from tests.app.acceptance.test_squadrons_campaign import new_campaign


def test_a_new_campaigns_dock_shows_its_game_title_whole(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    new_campaign(table, "The Battle for Tessaly", "Tessaly")
    tree = table.find(QTreeWidget, "campaign_browser")
    assert isinstance(tree, QTreeWidget)
    game = tree.topLevelItem(0)
    assert game is not None and game.text(0) == "The Battle for Tessaly"

    def whole() -> bool:
        """The title's words end inside the dock's list (once the window is laid out)."""
        row = tree.visualItemRect(game)
        words = row.left() + tree.fontMetrics().horizontalAdvance(game.text(0))
        return words <= tree.viewport().width()

    qtbot.waitUntil(whole)
