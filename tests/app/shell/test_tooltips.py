"""Every control on a toolbar or in a dock says what it does when the pointer rests on it
(issue 16, requirement 8): the main window before and during a game (the rule system's
docks filled), and the Map Editor's toolbars and docks."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QDockWidget,
    QHeaderView,
    QLineEdit,
    QMainWindow,
    QSlider,
    QTabBar,
    QToolBar,
    QWidget,
)

from app.editor.document import Document, new_scenario
from app.shell.main_window import MainWindow
from core.files.mapfile import load_map
from core.files.resources import SOLAR_SYSTEM_MAP
from core.scenario.document import Seat
from core.scenario.reader import builtin_scenarios, load_scenario

CONTROLS = (QAbstractButton, QComboBox, QAbstractSpinBox, QLineEdit, QSlider, QAbstractItemView)
#: parts of a compound control: they show their owner's tip
PARTS = (QComboBox, QAbstractSpinBox, QTabBar, QHeaderView)


def _part_of_another(widget: QWidget, holder: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None and parent is not holder:
        if isinstance(parent, (*PARTS, QAbstractItemView)):
            return True
        parent = parent.parentWidget()
    return False


def untipped(window: QMainWindow) -> list[str]:
    """Each control of the window's toolbars and docks without a tooltip, by name."""
    missing = []
    for holder in window.findChildren(QToolBar) + window.findChildren(QDockWidget):
        for widget in holder.findChildren(QWidget):
            if (
                not isinstance(widget, CONTROLS)
                or isinstance(widget, QHeaderView)
                or widget.objectName().startswith("qt_")  # Qt's own title and menu buttons
                or _part_of_another(widget, holder)
            ):
                continue
            if not widget.toolTip().strip():
                name = widget.objectName() or getattr(widget, "text", lambda: "")()
                missing.append(f"{holder.windowTitle()}: {type(widget).__name__} {name!r}")
        if isinstance(holder, QToolBar):
            for action in holder.actions():
                if action.text() and not action.toolTip().strip():
                    missing.append(f"{holder.windowTitle()}: action {action.text()!r}")
    return sorted(set(missing))


@pytest.fixture
def window(first_window: MainWindow) -> MainWindow:
    return first_window


def test_every_toolbar_and_dock_control_has_a_tooltip_before_a_game(window: MainWindow) -> None:
    assert untipped(window) == []


@pytest.mark.parametrize("scenario", ["training", "last-man-standing", "hostile-takeover"])
def test_every_toolbar_and_dock_control_has_a_tooltip_during_a_game(
    window: MainWindow, scenario: str
) -> None:
    path = next(p for p in builtin_scenarios() if p.stem == scenario)
    seats = [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")]
    assert window.start_game(load_scenario(path), seats, seed=5)
    assert window.findChildren(QDockWidget)
    assert untipped(window) == []


def test_every_map_editor_toolbar_and_dock_control_has_a_tooltip(window: MainWindow) -> None:
    document = Document(
        load_map(SOLAR_SYSTEM_MAP), None, new_scenario("solar-system"), SOLAR_SYSTEM_MAP
    )
    editor = window.editor_mode.edit(document)
    assert editor.findChildren(QDockWidget) and editor.findChildren(QToolBar)
    assert untipped(editor) == []
