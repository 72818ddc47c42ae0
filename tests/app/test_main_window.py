"""The main window: construction, menus and shortcuts, zoom, saved settings."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QGraphicsView
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow


def ini_settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "ecliptic-test.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    win = MainWindow(settings=ini_settings(tmp_path))
    qtbot.addWidget(win)
    return win


def menu_titles(win: MainWindow) -> list[str]:
    return [action.text().replace("&", "") for action in win.menuBar().actions()]


def test_window_constructs(window: MainWindow) -> None:
    assert window.windowTitle() == "Ecliptic"
    assert window.status_label.text() == "Ready"
    view = window.findChild(QGraphicsView, "map_view")
    assert view is window.map_view
    assert window.centralWidget() is view
    assert view.scene() is window.scene
    assert window.scene.items() == []


def test_menus(window: MainWindow) -> None:
    assert menu_titles(window) == ["File", "View", "Help"]


@pytest.mark.parametrize(
    ("action_name", "standard_key"),
    [
        ("open_action", QKeySequence.StandardKey.Open),
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
    assert window.fit_action.shortcut() == QKeySequence("Ctrl+0")
    quit_keys = window.quit_action.shortcuts()
    platform_quit = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
    assert quit_keys == (platform_quit or [QKeySequence("Ctrl+Q")])


def test_zoom_in_and_out(window: MainWindow) -> None:
    assert window.map_view.transform().m11() == pytest.approx(1.0)
    window.zoom_in_action.trigger()
    assert window.map_view.transform().m11() == pytest.approx(1.25)
    assert window.map_view.transform().m22() == pytest.approx(1.25)
    window.zoom_out_action.trigger()
    assert window.map_view.transform().m11() == pytest.approx(1.0)


def test_fit_on_empty_scene_is_harmless(window: MainWindow) -> None:
    window.fit_action.trigger()
    assert window.map_view.transform().m11() == pytest.approx(1.0)


def test_fit_scales_to_scene(window: MainWindow, qtbot: QtBot) -> None:
    window.scene.addRect(0, 0, 10_000, 10_000)
    window.show()
    qtbot.waitExposed(window)
    window.fit_action.trigger()
    assert window.map_view.transform().m11() < 1.0


def test_open_records_path(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "inner-planets.toml"
    window.set_current_path(path)
    assert window.current_path == path
    assert "inner-planets.toml" in window.windowTitle()
    assert str(path) in window.status_label.text()


def test_path_argument_recorded(qtbot: QtBot, tmp_path: Path) -> None:
    win = MainWindow(path=Path("scenario.toml"), settings=ini_settings(tmp_path))
    qtbot.addWidget(win)
    assert win.windowTitle() == "scenario.toml — Ecliptic"


def test_about_mentions_version(window: MainWindow) -> None:
    from app.main_window import application_version

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
