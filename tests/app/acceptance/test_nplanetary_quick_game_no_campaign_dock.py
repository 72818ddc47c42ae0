"""An NPlanetary quick game shows no Campaign dock: an empty one stood beside the Orders
dock and squeezed it, though a quick game is kept in no campaign. Only visible controls
are used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.nplanetary_table import shot
from tests.app.acceptance.test_nplanetary_campaign import new_campaign
from tests.app.acceptance.user import Player

DUEL = "NPlanetary: Duel in the Void"


def shown_docks(you: Player) -> set[str]:
    return {d.windowTitle() for d in you.win.findChildren(QDockWidget) if d.isVisible()}


def test_a_quick_nplanetary_game_shows_no_campaign_dock(qtbot: QtBot, tmp_path: Path) -> None:
    """The window was last left with a campaign open: its layout, Campaign dock and all,
    comes back with the next start, and the quick game played then showed it empty."""
    before = Player(qtbot, tmp_path)
    new_campaign(before, tmp_path / "duel.ecl", "Duel")
    assert "Campaign" in shown_docks(before)
    before.choose("File", "Quit")
    qtbot.waitUntil(lambda: not before.win.isVisible())
    you = Player(qtbot, tmp_path)  # the next start, the same settings
    you.new_game(DUEL, names=("Ann", "Bob"), seed=7)
    you.take_seat()
    qtbot.waitUntil(lambda: "Orders" in shown_docks(you))
    shot(you.win, "nplanetary-quick-game.png")
    assert "Campaign" not in shown_docks(you)
