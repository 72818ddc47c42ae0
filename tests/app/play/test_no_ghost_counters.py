"""No ghost counters (issue 16, requirement 3): after End Turn, a wheel zoom, a hand-over,
a crash or a destruction, the ships drawn on the map (counters, vectors, trails) are
exactly the state's ships in play, each where the state puts it, and what the screen
shows is what a fresh paint of the scene shows (nothing left behind by partial repaints).
Everything is driven by clicks, keys and wheel turns on the window's widgets."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QPainterPath
from PySide6.QtWidgets import QApplication, QGraphicsPathItem
from pytestqt.qtbot import QtBot

from app.rules.interplanetary.combat import CombatPanel
from app.shell.main_window import MainWindow
from app.vector.hazards import GIVE
from app.vector.overlay import ROLE_KEY
from app.vector.pieces import SHIP_KEY, Z_TRAIL, Z_VECTOR, ShipCounter
from core.board.hexgrid import Hex, Vector
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.manifest import capacity
from core.rules.interplanetary.combat.attack import PendingHit
from core.scenario.reader import load_scenario
from core.vector.motion import Motion
from core.vector.state import GameState, ShipStatus
from tests.app.board.test_map_view import wheel as turn_wheel
from tests.app.campaign.test_campaign_window import make_window
from tests.app.play.test_game import SEATS, TRAINING, click
from tests.app.play.test_no_silent_loss import ann_alone, asked
from tests.app.rules.interplanetary.test_combat_panel import duel, sit
from tests.core.vector.test_victory import SHIP


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def wheel(qtbot: QtBot, win: MainWindow, notches: int) -> None:
    """Turn the mouse wheel over the middle of the map."""
    turn_wheel(win.map_view, win.map_view.viewport().rect().center(), notches)


def path_end(item: QGraphicsPathItem) -> QPointF:
    """Where the line a trail or vector begins with ends (before its dots or arrowhead)."""
    path: QPainterPath = item.path()
    end = path.elementAt(0)
    for i in range(1, path.elementCount()):
        element = path.elementAt(i)
        if not element.isLineTo():
            break
        end = element
    return QPointF(end.x, end.y)


def assert_board_is_the_state(win: MainWindow) -> None:
    """Every ship item on the map belongs to a ship in play and sits where it is."""
    assert win.session is not None and win.scene is not None
    assert_screen_is_a_fresh_paint(win)
    state = win.session.state
    scene = win.scene
    in_play = {s.id: s for s in state.ships if s.in_play}
    drawn = [i for i in scene.items() if i.data(SHIP_KEY) is not None]
    counters = [i for i in drawn if isinstance(i, ShipCounter)]
    assert sorted(c.data(SHIP_KEY) for c in counters) == sorted(in_play), "one counter a ship"
    assert {i.data(SHIP_KEY) for i in drawn} <= set(in_play), "nothing of a lost ship"
    for counter in counters:
        ship = in_play[counter.data(SHIP_KEY)]
        assert counter.pos() == scene.centre_of(ship.motion.position), ship.name
    vectors = [i for i in drawn if i.zValue() == Z_VECTOR]
    moving = {
        sid
        for sid, s in in_play.items()
        if s.status is ShipStatus.ACTIVE and s.motion.velocity.speed
    }
    assert sorted(v.data(SHIP_KEY) for v in vectors) == sorted(moving)
    for vector in vectors:
        assert isinstance(vector, QGraphicsPathItem)
        ship = in_play[vector.data(SHIP_KEY)]
        tip = scene.centre_of(ship.motion.position + ship.motion.velocity)
        assert path_end(vector) == tip, f"{ship.name}'s vector"
    for trail in [i for i in drawn if i.zValue() == Z_TRAIL]:
        assert isinstance(trail, QGraphicsPathItem)
        ship = in_play[trail.data(SHIP_KEY)]
        assert path_end(trail) == scene.centre_of(ship.motion.position), f"{ship.name}'s trail"
    seat = win.session.seat()
    own_plans = [sid for sid, _ in state.plans if seat and state.ship(sid).owner == seat.id]
    plans = [i for i in scene.items() if i.data(ROLE_KEY) == "plan"]
    assert len(plans) == len(own_plans), "the seat's own orders, and only those"


def assert_screen_is_a_fresh_paint(win: MainWindow) -> None:
    """What the window holds after its partial repaints equals a full repaint of it:
    a counter, vector or trail left behind by an update that missed it would differ."""
    QApplication.processEvents()
    if win.stack.currentWidget() is not win.map_view:
        return
    screen = win.screen().grabWindow(win.winId()).toImage()  # the window as last painted
    assert not screen.isNull() and screen.size() == win.size()
    view = win.map_view.viewport()
    corner = view.mapTo(win, QPoint(0, 0))
    shown = screen.copy(corner.x(), corner.y(), view.width(), view.height())
    win.map_view.resetCachedContent()  # the fresh paint keeps no picture of the map either
    fresh = view.grab().toImage().convertToFormat(shown.format())
    fresh.setDevicePixelRatio(shown.devicePixelRatio())
    worst = _worst_cell(shown, fresh)
    assert worst <= CELL_NOISE, f"{worst} of a {CELL}x{CELL} patch differ from a fresh paint"


CELL = 8
CELL_NOISE = 40
"""A fresh paint may differ from a scrolled one along the edge of a strip painted after
a pan: a grid line's antialiased pixels, up to two rows of a patch (16-19 pixels seen).
A counter left behind fills whole 8x8 patches (62 of 64 seen when ship items were
painted into the map's picture), so more than this many in one patch is a ghost."""


def _worst_cell(a: QImage, b: QImage) -> int:
    """The most pixels that differ between ``a`` and ``b`` in any 8x8 patch."""
    a = a.convertToFormat(QImage.Format.Format_RGB32)
    b = b.convertToFormat(QImage.Format.Format_RGB32)
    assert a.size() == b.size()
    pa, pb = a.constBits(), b.constBits()
    row = a.bytesPerLine()
    cells: dict[tuple[int, int], int] = {}
    for y in range(a.height()):
        ra, rb = bytes(pa[y * row : (y + 1) * row]), bytes(pb[y * row : (y + 1) * row])
        if ra == rb:
            continue
        for x in range(a.width()):
            if ra[4 * x : 4 * x + 4] != rb[4 * x : 4 * x + 4]:
                key = (x // CELL, y // CELL)
                cells[key] = cells.get(key, 0) + 1
    return max(cells.values(), default=0)


def after(win: MainWindow, act: Callable[[], None]) -> None:
    act()
    assert_board_is_the_state(win)


def end_turn(qtbot: QtBot, win: MainWindow) -> None:
    """Press the turn bar's button until the next player's turn (or the game's end)."""
    session = win.session
    assert session is not None
    turn = session.turn_key()
    for _ in range(10):
        if session.turn_key() != turn or session.state.over:
            return
        qtbot.mouseClick(win.turn_bar.end_button, Qt.MouseButton.LeftButton)
    raise AssertionError("the turn did not end")


def test_three_rounds_of_training_leave_no_ghosts_after_end_turn_zoom_and_hand_over(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.start_game(load_scenario(TRAINING), SEATS, seed=11)
    session, board = window.session, window.board
    assert session is not None and board is not None
    while session.state.round <= 3:
        if window.stack.currentWidget() is window.hand_over:
            after(window, lambda: sit(qtbot, window))
        p = board.preview
        assert p is not None
        if p.launch:
            click(qtbot, window, p.launch[0])
        else:
            safe = [o for o in p.options if not o.result.hazards and o.fuel]
            click(qtbot, window, safe[0].tip)
        assert_board_is_the_state(window)
        after(window, lambda: wheel(qtbot, window, -2))
        after(window, lambda: end_turn(qtbot, window))
        after(window, lambda: wheel(qtbot, window, 3))
    assert all(s.status is ShipStatus.ACTIVE for s in session.state.ships)


def test_a_crashed_ship_leaves_no_counter_vector_or_trail(qtbot: QtBot, window: MainWindow) -> None:
    assert window.play(ann_alone(Motion(Hex(19, 8), Vector(-2, 0))), [], "Sun dive")
    session = window.session
    assert session is not None
    after(window, lambda: end_turn(qtbot, window))  # a first coast: the ship has a trail
    assert [i for i in window.scene.items() if i.zValue() == Z_TRAIL]
    after(window, lambda: wheel(qtbot, window, 2))
    assert asked(GIVE, lambda: click(qtbot, window, Hex(15, 8)))  # into the Sun
    after(window, lambda: end_turn(qtbot, window))
    assert session.state.ship(SHIP).status is ShipStatus.DESTROYED
    assert not [i for i in window.scene.items() if i.data(SHIP_KEY) is not None]
    after(window, lambda: wheel(qtbot, window, -3))


def nearly_wrecked(seed: int) -> GameState:
    """The duel, Beta's structure one circle from breaking: any structure hit ends it."""
    state = duel(seed)
    aid = load_ruleset("interplanetary").play_aid
    assert aid is not None
    beta = state.ship("beta")
    assert beta.manifest is not None
    worn = beta.manifest.with_damage("structure", 0, capacity(aid, "structure") - 1)
    return state.with_ship(replace(beta, manifest=worn))


def test_a_ship_destroyed_by_gunfire_leaves_no_counter_vector_or_trail(
    qtbot: QtBot, window: MainWindow
) -> None:
    for seed in range(1, 300):
        assert window.play(nearly_wrecked(seed), [], "Duel")
        session = window.session
        assert session is not None
        sit(qtbot, window)
        # Ann presses Move: her ship coasts, and the game stops in her gun phase (her gun
        # has Beta in range)
        assert window.turn_bar.end_button.text() == "Move"
        qtbot.mouseClick(window.turn_bar.end_button, Qt.MouseButton.LeftButton)
        assert session.phase() == "guns"
        assert_board_is_the_state(window)
        panel = window.panel("combat")
        assert isinstance(panel, CombatPanel) and panel.fire_button.isVisible()
        qtbot.mouseClick(panel.fire_button, Qt.MouseButton.LeftButton)
        while session.state.pending and isinstance(session.state.pending[0], PendingHit):
            after(window, lambda: sit(qtbot, window))  # Bob places the damage
            after(
                window,
                lambda panel=panel: qtbot.mouseClick(
                    panel.suggested_button, Qt.MouseButton.LeftButton
                ),
            )
        if session.state.ship("beta").status is ShipStatus.DESTROYED:
            break
        window.close_game()
    else:
        raise AssertionError("no seed destroys Beta")
    assert_board_is_the_state(window)
    assert "beta" not in window.board.counters  # type: ignore[union-attr]
    after(window, lambda: wheel(qtbot, window, 2))
