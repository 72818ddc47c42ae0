"""The Combat dock keeps its Gun and Target boxes at full height, however the dock is
sized: its wrapped text no longer squeezes them (they shrank to a few pixels)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from tests.app.rules.interplanetary.test_combat_panel import to_gun_phase, window

__all__ = ["window"]


@pytest.mark.parametrize("size", [(1400, 900), (1100, 700), (900, 600)])
def test_combat_dock_gun_and_target_boxes_are_never_squashed(
    qtbot: QtBot, window: MainWindow, size: tuple[int, int]
) -> None:
    to_gun_phase(qtbot, window, seed=1)
    window.resize(*size)
    panel = window.panel("combat")
    assert panel.gun.isVisible() and panel.target.isVisible()
    for box in (panel.gun, panel.target):
        qtbot.waitUntil(lambda box=box: box.height() >= box.sizeHint().height())
    # the odds text is wrapped, whole, below them
    detail = panel.detail
    qtbot.waitUntil(lambda: detail.height() >= detail.heightForWidth(detail.width()))
