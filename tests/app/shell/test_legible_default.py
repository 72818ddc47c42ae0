"""Legible by default (issue 16, requirement 6): the first window fills most of the
screen, the default zoom shows every body and base name at 9 points or more, names keep
clear of gravity arrows, counters and the hovered course's label, and at the start of
Training the launch rings are not under the counters."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import QGraphicsScene
from pytestqt.qtbot import QtBot

from app.board.framing import LEGIBLE_POINTS
from app.board.items import HEX_SIZE
from app.board.objects import NameItem
from app.board.scene import StarMapScene
from app.shell.main_window import MainWindow
from app.vector.overlay import LABEL_SPOTS, ROLE_KEY, _clear_of_names
from core.files.mapfile import load_map
from core.files.resources import SOLAR_SYSTEM_MAP
from core.scenario.document import Seat
from core.scenario.reader import builtin_scenarios, load_scenario

TRAINING = next(p for p in builtin_scenarios() if p.stem == "training")


@pytest.fixture
def window(first_window: MainWindow) -> MainWindow:
    return first_window


def smallest_name_points(win: MainWindow) -> float:
    assert win.scene is not None
    names = [i for i in win.scene.items_with_role("name") if isinstance(i, NameItem)]
    assert names
    points_per_pixel = 72.0 / win.map_view.logicalDpiY()
    return min(n.pixels for n in names) * win.map_view.scale_factor() * points_per_pixel


def test_the_first_window_fills_most_of_the_screen(window: MainWindow) -> None:
    area = window.screen().availableGeometry()
    frame = window.frameGeometry()
    assert area.contains(frame)
    assert frame.width() >= 0.85 * area.width()
    assert frame.height() >= 0.85 * area.height()


def test_the_default_zoom_shows_every_body_and_base_name_at_9_points_or_more(
    window: MainWindow,
) -> None:
    assert smallest_name_points(window) >= LEGIBLE_POINTS - 0.01
    # and it is the least zoom that does, not more: the most of the map that is legible
    assert smallest_name_points(window) < LEGIBLE_POINTS * 1.05
    # Fit Map still shows it all, smaller
    window.fit_action.trigger()
    assert smallest_name_points(window) < LEGIBLE_POINTS


def test_starting_training_keeps_names_legible_and_the_ship_in_view(
    qtbot: QtBot, window: MainWindow
) -> None:
    start_training_and_sit(qtbot, window)
    assert smallest_name_points(window) >= LEGIBLE_POINTS - 0.01
    board = window.board
    assert board is not None and board.selected is not None
    counter = board.counters[board.selected]
    at = window.map_view.mapFromScene(counter.scenePos())
    assert window.map_view.viewport().rect().contains(at)


def start_training_and_sit(qtbot: QtBot, win: MainWindow) -> None:
    seats = [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")]
    assert win.start_game(load_scenario(TRAINING), seats, seed=11)
    if win.stack.currentWidget() is win.hand_over:
        qtbot.mouseClick(win.hand_over.button, Qt.MouseButton.LeftButton)
    assert win.stack.currentWidget() is win.map_view


def test_at_the_start_of_training_the_launch_rings_are_not_under_the_counters(
    qtbot: QtBot, window: MainWindow
) -> None:
    start_training_and_sit(qtbot, window)
    board, view, scene = window.board, window.map_view, window.scene
    assert board is not None and scene is not None
    viewport = view.viewportTransform()
    counters = [
        c.deviceTransform(viewport).mapRect(c.boundingRect()) for c in board.counters.values()
    ]
    assert len(counters) == 2  # both ships stand on Earth, stacked
    rings = [i for i in scene.items() if i.data(ROLE_KEY) == "launch point"]
    assert len(rings) == 6
    for ring in rings:
        shown = view.mapFromScene(ring.sceneBoundingRect()).boundingRect()
        area = shown.width() * shown.height()
        hidden = sum(
            (lambda r: r.width() * r.height())(QRectF(shown).intersected(c)) for c in counters
        )
        assert hidden <= 0.2 * area, "a launch ring is hidden under a counter"


def test_names_keep_off_gravity_arrows_and_the_hexes_ships_stand_on() -> None:
    starmap = load_map(SOLAR_SYSTEM_MAP)
    scene = StarMapScene(starmap)
    arrows = [scene.centre_of(h) for h in starmap.gravity]  # every arrow crosses its centre
    stands = [scene.centre_of(b.centre) for b in starmap.bodies]
    stands += [scene.centre_of(b.hex) for b in starmap.bases]
    names = scene.items_with_role("name")
    assert len(names) == len(starmap.bodies) + len(starmap.bases)
    for name in names:
        rect = name.sceneBoundingRect()
        assert not [p for p in arrows if rect.contains(p)], f"{name.data(1)} covers an arrow"
        assert not [p for p in stands if rect.contains(p)], f"{name.data(1)} covers a counter"
    # names do not cover one another either
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not a.sceneBoundingRect().intersects(b.sceneBoundingRect()), (
                a.data(1),
                b.data(1),
            )


def test_the_hovered_course_label_goes_where_it_covers_no_name() -> None:
    starmap = load_map(SOLAR_SYSTEM_MAP)
    scene = StarMapScene(starmap)
    name = scene.items_with_role("name")[0]
    box = QRectF(0, 0, 90, 16)
    # an end point whose usual label place (above right) lies right on the name
    dx, dy = LABEL_SPOTS[0]
    end = name.sceneBoundingRect().topLeft() - QPointF(dx * HEX_SIZE, dy * HEX_SIZE)
    at = _clear_of_names(scene, box, end)
    assert not box.translated(at).intersects(name.sceneBoundingRect())
    # with nothing in the way it takes the usual place
    assert _clear_of_names(QGraphicsScene(), box, end) == end + QPointF(
        dx * HEX_SIZE, dy * HEX_SIZE
    )
