"""No silent loss (issue 16, requirement 4): an order the preview marks red (a crash,
leaving the map) is given only after the player confirms it, named; Coast and End Turn,
which give a course without a hover, ask too; the Course dock keeps naming the loss
while the order stands."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from app.vector.hazards import GIVE, KEEP_PLOTTING
from app.vector.overlay import ROLE_KEY
from core.board.hexgrid import Hex, Vector
from core.engine.commands import EndPhase
from core.engine.play import apply, current_phase
from core.vector.motion import Motion
from core.vector.state import GameState, ShipStatus
from tests.app.campaign.test_campaign_window import make_window
from tests.app.play.hazard_box import asked
from tests.app.play.test_game import click, hover
from tests.core.vector.test_victory import SHIP, training

SUN_DIVE = Motion(Hex(17, 8), Vector(-2, 0))
"""Two hexes from the Sun, heading straight for it: coasting crashes."""


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def ann_alone(motion: Motion) -> GameState:
    """Training for Ann alone, her ship in flight with ``motion``, in astrogation."""
    state = training(1)
    while current_phase(state) != "astrogation":
        state, _ = apply(state, EndPhase("p1"))
    ship = replace(state.ship(SHIP), status=ShipStatus.ACTIVE, landed_at=None, motion=motion)
    return state.with_ship(ship)


def play(qtbot: QtBot, win: MainWindow, motion: Motion) -> None:
    assert win.play(ann_alone(motion), [], "Sun dive")
    assert win.board is not None and win.board.selected == SHIP


def test_clicking_a_crash_end_point_asks_naming_the_body_and_cancel_gives_no_order(
    qtbot: QtBot, window: MainWindow
) -> None:
    play(qtbot, window, SUN_DIVE)
    board, session = window.board, window.session
    assert board is not None and session is not None and board.preview is not None
    crash = board.preview.at(Hex(15, 8))
    assert crash is not None
    hover(qtbot, window, crash.tip)
    assert "CRASH" in "".join(i.toolTip() for i in window.scene.items() if i.toolTip())
    drawn: list[str] = []

    def look() -> None:  # the course asked about stays on the map while the question is open
        drawn.extend(i.data(ROLE_KEY) for i in window.scene.items() if i.data(ROLE_KEY))

    seen = asked(KEEP_PLOTTING, lambda: click(qtbot, window, crash.tip), look)
    assert seen == ["Ann's ship crashes into Sun."]
    assert "course" in drawn and "crash" in drawn
    assert session.state.plan(SHIP) is None, "cancelled: no order given"
    assert not window.course_panel.hazard.isVisible()


def test_a_confirmed_crash_is_ordered_and_the_course_dock_names_it_until_the_ship_moves(
    qtbot: QtBot, window: MainWindow
) -> None:
    play(qtbot, window, SUN_DIVE)
    board, session = window.board, window.session
    assert board is not None and session is not None
    seen = asked(GIVE, lambda: click(qtbot, window, Hex(15, 8)))
    assert seen == ["Ann's ship crashes into Sun."]
    assert session.state.plan(SHIP) is not None
    warning = window.course_panel.hazard
    assert warning.isVisible() and "crashes into Sun" in warning.text()
    # still said when the player comes back to the ship (Tab picks it again)
    window.next_ship_action.trigger()
    assert warning.isVisible() and "crashes into Sun" in warning.text()
    window.end_turn_action.trigger()  # the order stands: End Turn does not ask again
    assert session.state.ship(SHIP).status is ShipStatus.DESTROYED
    assert not warning.isVisible() and warning.text() == ""


def test_a_safe_course_is_given_without_asking(qtbot: QtBot, window: MainWindow) -> None:
    play(qtbot, window, SUN_DIVE)
    board, session = window.board, window.session
    assert board is not None and session is not None
    seen = asked(KEEP_PLOTTING, lambda: click(qtbot, window, Hex(16, 7)))
    assert seen == [] and session.state.plan(SHIP) is not None
    assert not window.course_panel.hazard.isVisible()


def test_the_coast_button_asks_before_coasting_into_the_sun(
    qtbot: QtBot, window: MainWindow
) -> None:
    play(qtbot, window, SUN_DIVE)
    session = window.session
    assert session is not None
    coast = window.course_panel.coast_button
    assert coast.isEnabled()
    seen = asked(KEEP_PLOTTING, coast.click)
    assert seen == ["Ann's ship crashes into Sun."] and session.state.plan(SHIP) is None
    seen = asked(GIVE, coast.click)
    assert seen and session.state.plan(SHIP) is not None


@pytest.mark.parametrize("button", [KEEP_PLOTTING, GIVE])
def test_end_turn_asks_when_a_ship_left_without_orders_would_leave_the_map(
    qtbot: QtBot, window: MainWindow, button: str
) -> None:
    labels = ann_alone(SUN_DIVE).starmap.bounds.labels
    edge = labels.from_offset(0, 10)  # on the left edge, heading out of the map
    play(qtbot, window, Motion(edge, Vector(-2, 0)))
    session = window.session
    assert session is not None
    seen = asked(button, window.turn_bar.end_button.click)
    assert len(seen) == 1
    assert "Ann's ship has no order: coasting, it leaves the map" in seen[0]
    if button == KEEP_PLOTTING:
        assert session.state.ship(SHIP).status is ShipStatus.ACTIVE
        assert session.phase() == "astrogation", "the turn did not end"
    else:
        assert session.state.ship(SHIP).status is ShipStatus.OFF_MAP
