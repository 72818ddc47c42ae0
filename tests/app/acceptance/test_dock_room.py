"""The right-hand docks have the room their controls need: the Combat dock's Weapon and
Thrust boxes of the launch phase are never squashed, and the Course dock shows a ship
with its order without a scroll bar at the window's default size. Played through the
window in the acceptance duel."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QComboBox, QScrollArea
from pytestqt.qtbot import QtBot

from tests.app.acceptance.test_duel import start


@pytest.mark.parametrize("size", [(1400, 900), (1100, 760), (960, 720)])
def test_launch_phase_weapon_and_thrust_boxes_are_never_squashed(
    qtbot: QtBot, tmp_path: Path, size: tuple[int, int]
) -> None:
    you = start(qtbot, tmp_path)
    assert you.phase() == "Launch"
    you.win.resize(*size)
    # the window takes that size: the docks are not held taller than it
    qtbot.waitUntil(lambda: you.win.size().toTuple() == size)
    slot = you.find(QComboBox, "launch_slot")
    thrust = you.find(QComboBox, "launch_thrust")
    you.pick(slot, "Missile")  # type: ignore[arg-type]
    you.pick(thrust, "2 hexes")  # type: ignore[arg-type]
    for box in (slot, thrust):
        hint = box.sizeHint()
        qtbot.waitUntil(
            lambda box=box, hint=hint: box.width() >= hint.width() and box.height() >= hint.height()
        )
    assert you.has_button("Launch")


def test_course_dock_shows_a_ship_and_its_order_without_scrolling_at_the_default_size(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = start(qtbot, tmp_path)
    assert you.primary() == "End Launch Phase"
    you.select_ship("Red gunship")
    you.plot(lambda tip: tip.startswith("1 fuel"))
    scroll = you.win.docks["course"].widget()
    assert isinstance(scroll, QScrollArea)
    assert "Order given" in you.win.course_panel.info.text()
    assert you.has_button("Take Back Order") and you.has_button("Coast (no burn)")
    bar = scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: scroll.viewport().height() >= scroll.widget().sizeHint().height())
    assert not bar.isVisible()
    # hovering another end point adds its lines, still without a scroll bar
    coast = next(i for i in you.markers("end point") if i.toolTip().startswith("coast"))
    at = you.point_of(coast)
    qtbot.mouseMove(you.win.map_view.viewport(), at)
    qtbot.waitUntil(lambda: "stays at" in you.win.course_panel.hovered.text())
    qtbot.waitUntil(lambda: scroll.viewport().height() >= scroll.widget().sizeHint().height())
    assert not bar.isVisible()
