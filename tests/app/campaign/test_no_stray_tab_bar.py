"""The window's layout restored on the next start leaves no stray tab bar: the
"Event Log | Dice" tabs showed a second time, drawn over the Campaign dock, where the
window's first layout had put them before the saved one replaced it. Qt deletes the tab
bars it no longer uses only when the event loop next runs (so a player never saw it),
but a window driven without one (screenshots, tests) showed them. Only visible controls
are used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QTabBar
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player
from tests.app.campaign.test_campaign_results import new_campaign


def tab_bars(you: Player) -> list[tuple[tuple[str, ...], QTabBar]]:
    """The docks' tab bars on screen, with their tabs."""
    direct = Qt.FindChildOption.FindDirectChildrenOnly
    bars = [b for b in you.win.findChildren(QTabBar, options=direct) if b.isVisible()]
    return [(tuple(b.tabText(i) for i in range(b.count())), b) for b in bars if b.count()]


def test_a_restored_layout_shows_each_dock_tab_bar_once_and_none_over_the_campaign(
    qtbot: QtBot, tmp_path: Path
) -> None:
    first = Player(qtbot, tmp_path, size=(1440, 900))
    new_campaign(first, tmp_path / "short.ecliptic", "Short war")
    first.win.close()  # the layout is saved for the next start

    you = Player(qtbot, tmp_path, size=(1440, 900))
    you.choose("File", "Open Recent", "Short war")
    you.take_seat()
    shown = tab_bars(you)
    tabs = [t for t, _ in shown]
    assert tabs.count(("Event Log", "Dice")) == 1, tabs
    assert len(set(tabs)) == len(tabs), tabs
    dock = next(d for d in you.win.findChildren(QDockWidget) if d.windowTitle() == "Campaign")
    assert dock.isVisible()
    campaign = dock.geometry()
    over = [t for t, bar in shown if bar.geometry().intersects(campaign)]
    assert not over, over
