"""Ordnance on the map (issue 16, requirement 7): a launched weapon is drawn beside its
launcher's counter, never under it, at any zoom; choosing a missile's thrust in the
Combat dock draws the course it will fly, as the course plotter draws a ship's, and the
missile flies it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem
from pytestqt.qtbot import QtBot

from app.rules.interplanetary.combat import CombatPanel
from app.shell.main_window import MainWindow
from app.vector.overlay import ROLE_KEY
from app.vector.pieces import OrdnanceMarker
from tests.app.campaign.test_campaign_window import make_window
from tests.app.play.test_game import click
from tests.app.play.test_no_ghost_counters import (
    assert_board_is_the_state,
    end_turn,
    path_end,
    wheel,
)
from tests.app.rules.interplanetary.test_combat_panel import armed_with, sit


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def on_screen(win: MainWindow, item: QGraphicsItem, rect: QRectF | None = None) -> QRectF:
    """Where ``item`` (or part ``rect`` of it) is drawn in the map view, in pixels."""
    transform = item.deviceTransform(win.map_view.viewportTransform())
    return transform.mapRect(rect if rect is not None else item.boundingRect())


def launch_phase(qtbot: QtBot, win: MainWindow, weapon: str) -> CombatPanel:
    assert win.play(armed_with(weapon), [], "Duel")
    sit(qtbot, win)
    session = win.session
    assert session is not None and session.phase() == "launch"
    click(qtbot, win, session.state.ship("alpha").motion.position)  # Ann picks Alpha
    panel = win.panel("combat")
    assert isinstance(panel, CombatPanel) and panel.launch_button.isVisible()
    return panel


def assert_beside(win: MainWindow) -> None:
    assert win.board is not None
    counter = win.board.counters["alpha"]
    markers = [i for i in win.scene.items() if isinstance(i, OrdnanceMarker)]
    assert len(markers) == 1
    marker = markers[0]
    assert marker.pos() == counter.pos(), "in the launcher's hex"
    assert not on_screen(win, marker, marker.marker_rect()).intersects(on_screen(win, counter)), (
        "beside the counter, not under it"
    )


@pytest.mark.parametrize("weapon", ["missile", "mine"])
def test_a_launched_weapon_is_drawn_beside_its_launcher_at_every_zoom(
    qtbot: QtBot, window: MainWindow, weapon: str
) -> None:
    panel = launch_phase(qtbot, window, weapon)
    qtbot.mouseClick(panel.launch_button, Qt.MouseButton.LeftButton)
    session = window.session
    assert session is not None and len(session.state.ordnance) == 1
    assert_beside(window)
    for notches in (-4, -4, 6, 5):  # far out, further, and close in
        wheel(qtbot, window, notches)
        assert_beside(window)
    end_turn(qtbot, window)  # Ann's turn ends: ship and weapon move
    piece = session.state.ordnance[0]
    if piece.motion.position == session.state.ship("alpha").motion.position:
        assert_beside(window)  # they flew together: still side by side
    assert_board_is_the_state(window)


def weapon_course(win: MainWindow) -> QGraphicsPathItem | None:
    items = [i for i in win.scene.items() if i.data(ROLE_KEY) == "weapon course"]
    assert len(items) <= 1
    item = items[0] if items else None
    assert item is None or isinstance(item, QGraphicsPathItem)
    return item


def test_choosing_a_missiles_thrust_draws_the_course_it_then_flies(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = launch_phase(qtbot, window, "missile")
    session = window.session
    assert session is not None and window.scene is not None
    alpha = session.state.ship("alpha")
    drift = alpha.motion.position + alpha.motion.velocity
    course = weapon_course(window)
    assert course is not None, "the course with no thrust of its own is drawn at once"
    assert path_end(course) == window.scene.centre_of(drift)
    assert "Missile" in course.toolTip()
    ends = set()
    for _ in range(3):  # the next thrusts in the list, by keyboard
        panel.thrust.setFocus()
        qtbot.keyClick(panel.thrust, Qt.Key.Key_Down)
        course = weapon_course(window)
        assert course is not None
        ends.add((path_end(course).x(), path_end(course).y()))
    assert len(ends) == 3, "each thrust draws its own course"
    chosen = path_end(course)  # type: ignore[union-attr]
    qtbot.mouseClick(panel.launch_button, Qt.MouseButton.LeftButton)
    assert len(session.state.ordnance) == 1
    assert weapon_course(window) is None, "launched: the sketch goes"
    end_turn(qtbot, window)  # Ann's turn ends: the missile moves with her ships
    missile = session.state.ordnance[0]
    assert window.scene.centre_of(missile.motion.position) == chosen, "it flew the course drawn"
