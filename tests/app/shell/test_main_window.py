"""The main window: construction, menus and shortcuts, zoom, saved settings."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QGraphicsView, QMessageBox
from pytestqt.qtbot import QtBot

from app.board.items import NAME_KEY
from app.board.scene import StarMapScene
from app.shell.main_window import MainWindow
from core.files.resources import SOLAR_SYSTEM_MAP
from tests.patience import PATIENCE_MS


def ini_settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "ecliptic-test.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    win = MainWindow(settings=ini_settings(tmp_path))
    qtbot.addWidget(win)
    return win


def menu_titles(win: MainWindow) -> list[str]:
    return [action.text().replace("&", "") for action in win.menuBar().actions()]


def test_window_opens_the_solar_system_map_by_default(window: MainWindow) -> None:
    assert window.windowTitle() == "The Solar System (solar-system.toml) — Ecliptic"
    assert "14 bodies" in window.status_label.text()
    view = window.findChild(QGraphicsView, "map_view")
    assert view is window.map_view
    assert window.centralWidget() is window.stack
    assert window.stack.currentWidget() is view
    assert isinstance(window.scene, StarMapScene)
    assert view.scene() is window.scene
    names = {item.data(NAME_KEY) for item in window.scene.items_with_role("body")}
    assert {"Sun", "Earth", "Jupiter", "Io"} <= names


def test_menus(window: MainWindow) -> None:
    assert menu_titles(window) == ["File", "Edit", "View", "Game", "Ships", "Help"]


@pytest.mark.parametrize(
    ("action_name", "standard_key"),
    [
        ("open_action", QKeySequence.StandardKey.Open),
        ("new_campaign_action", QKeySequence.StandardKey.New),
        ("undo_action", QKeySequence.StandardKey.Undo),
        ("zoom_in_action", QKeySequence.StandardKey.ZoomIn),
        ("zoom_out_action", QKeySequence.StandardKey.ZoomOut),
    ],
)
def test_standard_shortcuts(
    window: MainWindow, action_name: str, standard_key: QKeySequence.StandardKey
) -> None:
    shortcuts = getattr(window, action_name).shortcuts()
    assert shortcuts
    assert shortcuts == QKeySequence.keyBindings(standard_key)


def test_other_shortcuts(window: MainWindow) -> None:
    assert window.open_action.shortcut() == QKeySequence("Ctrl+O")
    assert window.new_game_action.shortcut() == QKeySequence("Ctrl+Shift+N")
    assert QKeySequence("Ctrl+Shift+Z") in window.redo_action.shortcuts()
    assert window.fit_action.shortcut() == QKeySequence("Ctrl+0")
    quit_keys = window.quit_action.shortcuts()
    platform_quit = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
    assert quit_keys == (platform_quit or [QKeySequence("Ctrl+Q")])


def test_zoom_in_and_out(window: MainWindow) -> None:
    before = window.map_view.transform().m11()
    window.zoom_in_action.trigger()
    assert window.map_view.transform().m11() == pytest.approx(before * 1.25)
    assert window.map_view.transform().m22() == pytest.approx(before * 1.25)
    window.zoom_out_action.trigger()
    assert window.map_view.transform().m11() == pytest.approx(before)


def test_fit_shows_the_whole_map(window: MainWindow, qtbot: QtBot) -> None:
    window.show()
    qtbot.waitExposed(window)
    window.zoom_in_action.trigger()
    window.zoom_in_action.trigger()
    window.fit_action.trigger()
    view = window.map_view
    # the scroll bars the zoom brought go at the next layout
    qtbot.waitUntil(lambda: not view.horizontalScrollBar().isVisible(), timeout=PATIENCE_MS)
    qtbot.waitUntil(lambda: not view.verticalScrollBar().isVisible(), timeout=PATIENCE_MS)
    assert window.scene is not None
    shown = window.map_view.mapToScene(window.map_view.viewport().rect()).boundingRect()
    assert shown.adjusted(-1, -1, 1, 1).contains(window.scene.map_rect())
    # everything the scene holds fits, so no scroll bar is left over
    assert shown.adjusted(-1, -1, 1, 1).contains(window.scene.sceneRect())
    assert not view.horizontalScrollBar().isVisible()
    assert not view.verticalScrollBar().isVisible()


def test_open_loads_another_map(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "inner-planets.toml"
    path.write_text(
        SOLAR_SYSTEM_MAP.read_text().replace('name = "The Solar System"', 'name = "Inner"', 1)
    )
    assert window.open_path(path)
    assert window.current_path == path
    assert window.starmap is not None and window.starmap.name == "Inner"
    assert "inner-planets.toml" in window.windowTitle()


def test_bad_map_is_explained_and_the_current_map_kept(window: MainWindow, tmp_path: Path) -> None:
    before = window.starmap
    path = tmp_path / "broken.toml"
    path.write_text('format = "ecliptic-map"\nversion = 1\nname = "B"\n[grid]\nwidth = 0\n')
    assert not window.open_path(path)
    assert window.starmap is before
    box = window.findChild(QMessageBox, "problems_box")
    assert box is not None and box.isVisible()
    assert "grid.width" in box.informativeText()
    assert "height" in box.informativeText()
    assert "Could not open broken.toml" in window.status_label.text()


def test_path_argument_opens_that_map(qtbot: QtBot, tmp_path: Path) -> None:
    win = MainWindow(path=SOLAR_SYSTEM_MAP, settings=ini_settings(tmp_path))
    qtbot.addWidget(win)
    assert win.current_path == SOLAR_SYSTEM_MAP


def test_status_bar_names_the_hex_under_the_mouse(window: MainWindow) -> None:
    assert window.starmap is not None and window.scene is not None
    earth = window.starmap.body("Earth")
    assert earth is not None
    window.show_hex(earth.centre)
    assert window.hex_label.text().startswith(window.starmap.bounds.labels.format(earth.centre))
    assert "Earth" in window.hex_label.text() and "Earth Port" in window.hex_label.text()
    ring = earth.centre.ring(1)[0]
    window.show_hex(ring)
    assert "gravity normal" in window.hex_label.text()
    window.show_hex(None)
    assert window.hex_label.text() == ""


def test_hovering_over_the_map_reports_the_hex(window: MainWindow, qtbot: QtBot) -> None:
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    window.show()
    qtbot.waitExposed(window)
    assert window.scene is not None and window.starmap is not None
    sun = window.starmap.body("Sun")
    assert sun is not None
    viewport = window.map_view.viewport()
    point = QPointF(window.map_view.mapFromScene(window.scene.centre_of(sun.centre)))
    move = QMouseEvent(
        QEvent.Type.MouseMove,
        point,
        QPointF(viewport.mapToGlobal(point.toPoint())),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    with qtbot.waitSignal(window.map_view.hex_hovered, timeout=2000) as blocker:
        QApplication.sendEvent(viewport, move)
    assert blocker.args == [sun.centre]
    assert "Sun" in window.hex_label.text()


def test_labels_toggle(window: MainWindow) -> None:
    assert window.scene is not None and not window.scene.labels_visible()
    window.labels_action.trigger()
    assert window.scene.labels_visible()
    assert window.labels_action.shortcut() == QKeySequence("Ctrl+L")


def test_about_mentions_version(window: MainWindow) -> None:
    from app.shell.main_window import application_version

    assert "Ecliptic" in window.about_text()
    assert application_version() in window.about_text()


def test_settings_round_trip(qtbot: QtBot, tmp_path: Path) -> None:
    first = MainWindow(settings=ini_settings(tmp_path))
    qtbot.addWidget(first)
    first.resize(640, 480)
    first.show()
    qtbot.waitExposed(first)
    first.close()  # closeEvent saves geometry and state

    stored = ini_settings(tmp_path)
    assert stored.contains("main_window/geometry")
    assert stored.contains("main_window/state")

    second = MainWindow(settings=ini_settings(tmp_path))
    qtbot.addWidget(second)
    assert second.size() == first.size()
    assert (second.size().width(), second.size().height()) == (640, 480)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="QSettings.setPath: INI only")
def test_default_settings_are_isolated(
    qtbot: QtBot, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """tests/conftest.py redirects QSettings("Ecliptic", "Ecliptic") away from real settings."""
    win = MainWindow()
    qtbot.addWidget(win)
    assert Path(win.settings.fileName()).is_relative_to(tmp_path_factory.getbasetemp())


def test_recent_files_are_remembered_between_runs(qtbot: QtBot, tmp_path: Path) -> None:
    copy = tmp_path / "copy.toml"
    copy.write_text(SOLAR_SYSTEM_MAP.read_text(encoding="utf-8"), encoding="utf-8")
    first = MainWindow(settings=ini_settings(tmp_path))
    qtbot.addWidget(first)
    assert first.open_path(copy)
    first.save_settings()
    again = MainWindow(settings=ini_settings(tmp_path))
    qtbot.addWidget(again)
    assert again.recent_files() == [str(copy.resolve())]
    titles = [a.text() for a in again.recent_menu.actions()]
    assert titles == ["copy.toml"]


def test_game_docks_and_turn_bar_are_part_of_the_window(window: MainWindow) -> None:
    titles = {dock.windowTitle() for dock in window.docks.values()}
    generic = {"Ships", "Course", "Event Log", "Dice", "Campaign", "Referee"}
    # the systems' docks, by the registry
    systems = {"Combat", "Manifest", "Orders", "Cargo && Economy", "Ship", "Squadron Sheet"}
    assert titles == generic | systems
    assert window.turn_bar.round_label.text() == "No game"
    assert not window.end_turn_action.isEnabled()


def test_by_default_the_map_has_the_middle_and_the_sheet_shares_the_ship_lists_place(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(1280, 820)
    window.show()
    qtbot.waitExposed(window)
    assert window.tabifiedDockWidgets(window.docks["ships"]) == [window.docks["manifest"]]
    # a tab behind another is moved out of sight, not hidden
    assert not window.docks["ships"].visibleRegion().isEmpty()
    assert window.docks["manifest"].visibleRegion().isEmpty()
    assert window.docks["ships"].geometry().left() > window.width() / 2  # on the right
    assert window.map_view.width() > window.width() / 2


def test_opening_a_ruleset_says_it_is_not_a_map(window: MainWindow) -> None:
    from core.files.resources import resource_path

    assert not window.open_path(resource_path("rulesets", "interplanetary.toml"))
    assert "ruleset" in window.status_label.text()
    assert window.starmap is not None  # the map on screen is kept
