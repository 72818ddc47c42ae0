"""A System III Void tactical battle keeps the window its size: taking the seat shows the
Battles dock's orders (Take the Juice, Launch, Fire, the start turns), which made the
window taller than the screen, its Event Log and status bar off the bottom edge. The
dock scrolls instead. Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QScrollArea
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player


def test_the_battle_orders_do_not_make_the_window_taller(qtbot: QtBot, tmp_path: Path) -> None:
    player = Player(qtbot, tmp_path)
    size = player.win.size()
    player.new_game("Big Danger and the Bastets")
    player.press("I am Bob: start my turn (Enter)")
    take_juice = player.button("Take the Juice")  # the battle's orders are on show
    assert take_juice.isVisible()
    assert player.win.size() == size
    dock = player.win.docks["void"]
    assert dock.geometry().bottom() < player.win.height()
    scroll = dock.findChild(QScrollArea)
    assert scroll is not None and scroll.isVisible()  # the rest of the dock scrolls
