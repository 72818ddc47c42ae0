"""The Course dock tells a player to click a green ring to launch a landed ship only
while there are rings to click: in the astrogation phase, for their own ship. In the
resupply phase (a duel's tender at Luna Base) it says only that the ship is landed."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.test_duel import launch, start


def test_landed_ship_is_told_to_click_a_ring_only_when_rings_are_shown(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = start(qtbot, tmp_path)
    launch(you, "Missile")
    assert you.phase() == "Astrogation"
    you.select_ship("Red tender")
    info = you.win.course_panel.info
    assert "click a green ring to launch there" in info.text()
    you.select_ship("Red gunship")
    you.press("Coast (no burn)")
    you.primary()
    while you.phase() == "Gun":
        you.primary()
        you.take_seat()
    assert you.phase() == "Resupply" and you.seated() == "Ann"
    you.select_ship("Red tender")
    assert "Landed." in info.text()
    assert "green ring" not in info.text()
