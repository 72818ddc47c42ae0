"""The ruler works click, click as well as by dragging: a click on one hex, then a click
on another, measures between them, the far end following the mouse in between."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from core.board.hexgrid import Direction, Hex
from tests.app.clicks import menu_action
from tests.app.shell.test_main_window import ini_settings

LEFT = Qt.MouseButton.LeftButton


def at(win: MainWindow, h: Hex) -> QPoint:
    assert win.scene is not None
    return win.map_view.mapFromScene(win.scene.centre_of(h))


@pytest.fixture
def win(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The main window, on screen, showing the built-in map."""
    shown = MainWindow(settings=ini_settings(tmp_path))
    qtbot.addWidget(shown)
    shown.resize(1200, 800)
    shown.show()
    qtbot.waitExposed(shown)
    return shown


def test_ruler_measures_click_then_click(qtbot: QtBot, win: MainWindow) -> None:
    assert win.starmap is not None
    sun = win.starmap.body("Sun")
    assert sun is not None
    start = sun.centre + Direction.SW.vector * 3
    middle = start + Direction.NE.vector * 2
    end = start + Direction.NE.vector * 3 + Direction.SE.vector * 2
    assert win.scene is not None
    win.map_view.centerOn(win.scene.centre_of(sun.centre))  # scrolled to, as a player does
    menu_action(win, "View", "Ruler").trigger()
    assert "click one then the other" in win.status_label.text()
    viewport = win.map_view.viewport()
    with qtbot.assertNotEmitted(win.map_view.hex_clicked):
        qtbot.mouseClick(viewport, LEFT, pos=at(win, start))
        assert win.map_view.ruler_measurement() == (start, start, 0)
        qtbot.mouseMove(viewport, at(win, middle))  # no button held: the end follows
        qtbot.waitUntil(lambda: win.map_view.ruler_measurement() == (start, middle, 2))
        qtbot.mouseClick(viewport, LEFT, pos=at(win, end))
    assert win.map_view.ruler_measurement() == (start, end, 5)
    assert "is 5 hexes" in win.status_label.text()
    # once measured, moving the mouse leaves the measurement alone
    qtbot.mouseMove(viewport, at(win, middle))
    assert win.map_view.ruler_measurement() == (start, end, 5)
    # a drag still measures as before
    qtbot.mousePress(viewport, LEFT, pos=at(win, middle))
    qtbot.mouseMove(viewport, at(win, end))
    qtbot.mouseRelease(viewport, LEFT, pos=at(win, end))
    assert win.map_view.ruler_measurement() == (middle, end, start.distance(end) - 2)


def test_plurals_the_ruler_says_1_hex(qtbot: QtBot, win: MainWindow) -> None:
    assert win.starmap is not None
    sun = win.starmap.body("Sun")
    assert sun is not None
    start = sun.centre + Direction.SW.vector * 3
    menu_action(win, "View", "Ruler").trigger()
    for h in (start, start + Direction.NE.vector):
        qtbot.mouseClick(win.map_view.viewport(), LEFT, pos=at(win, h))
    assert win.status_label.text().endswith(" is 1 hex")
