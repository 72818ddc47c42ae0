"""Starting the window as ``python -m app`` does (``app.__main__.start_window``): the
built-in map on show, and Python's garbage collector, paused while starting up, back on
once the event loop runs. A plain start paints the map with the window's menus, bars
and dock frames first, and fills in the game panels and the editor's actions right
after (issue 19 req 5), before any key or click can reach the window."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QTreeWidget
from pytestqt.qtbot import QtBot

from app.__main__ import start_window
from app.shell.main_window import MainWindow
from core.engine.gcpause import gc_paused


def test_the_window_starts_on_the_built_in_map_and_collects_garbage_again(
    qtbot: QtBot, tmp_path: Path
) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    _app, window = start_window(settings=settings)
    qtbot.addWidget(window)
    window.ask_before_closing = False
    assert window.isVisible()
    assert window.starmap is not None and window.starmap.name == "The Solar System"
    assert not gc.isenabled()  # paused until the event loop has run
    qtbot.waitUntil(gc.isenabled)


def menu_texts(window: MainWindow, title: str) -> list[str]:
    """The entries of the menu bar's menu ``title``, as a person reads them."""
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == title)
    return [a.text().replace("&", "").replace("…", "") for a in menu.actions()]


def started(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    _app, window = start_window(settings=settings)
    qtbot.addWidget(window)
    window.ask_before_closing = False
    return window


def test_a_plain_start_paints_the_map_first_then_fills_in_every_panel_and_menu(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = started(qtbot, tmp_path)
    # What the first frame shows: the map, the menus, the turn bar, the docks' frames.
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles[:4] == ["&File", "&Edit", "&View", "&Game"]
    assert window.turn_bar.isVisible() and window.docks["ships"].isVisible()
    assert window.findChildren(QTreeWidget, "ship_list") == []  # not yet: after the frame
    with qtbot.waitSignal(window.built):
        pass  # the first frame has been painted, and the window finished at once after it
    ships = window.findChildren(QTreeWidget, "ship_list")
    assert len(ships) == 1 and ships[0].isVisible()
    assert ships[0].headerItem().text(0) == "Ship"
    course = window.findChild(QLabel, "course_info")
    assert course is not None and course.isVisible()
    assert {"Ships", "Course", "Event Log", "Dice"} <= set(menu_texts(window, "&View"))
    assert "New Map" in menu_texts(window, "&File")  # the editor's actions
    assert "Map Editor" in menu_texts(window, "&View")


def test_a_key_pressed_before_the_first_frame_finds_the_window_whole(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A key (as the desktop delivers it: to the window) reaching a window still
    finishing its start: the panels are built, and shown, before the key goes on."""
    window = started(qtbot, tmp_path)
    assert not window.is_built()
    handle = window.windowHandle()
    assert handle is not None
    QTest.keyClick(handle, Qt.Key.Key_Down)  # the map view's pan key
    assert window.is_built()
    ships = window.findChild(QTreeWidget, "ship_list")
    assert ships is not None and ships.isVisible()


def test_a_window_closed_before_its_first_frame_closes_cleanly(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Closing reads the panels (the campaign, the layout kept for next time): a window
    closed at once is finished first, then closes."""
    window = started(qtbot, tmp_path)
    assert not window.is_built()
    assert window.close()
    assert window.is_built() and not window.isVisible()


def test_a_window_that_paints_nothing_at_first_is_finished_all_the_same(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Started minimized (hidden here), the map paints no first frame: the window is
    finished a moment later anyway, and shows whole when it comes up."""
    window = started(qtbot, tmp_path)
    window.hide()
    with qtbot.waitSignal(window.built):
        pass
    window.show()
    ships = window.findChild(QTreeWidget, "ship_list")
    assert ships is not None and ships.isVisible()


def test_the_collector_pause_ends_even_when_the_work_fails() -> None:
    assert gc.isenabled()
    with pytest.raises(ValueError, match="failed"), gc_paused():
        assert not gc.isenabled()
        raise ValueError("the work failed")
    assert gc.isenabled()
