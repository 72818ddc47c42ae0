"""Editors on small documents, and a way to use a tool as the mouse would."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from pytestqt.qtbot import QtBot

from app.editor.document import Document, new_scenario
from app.editor.window import EditorWindow
from app.shell.main_window import MainWindow
from core.board.hexgrid import Hex
from core.board.starmap import Body, BodyKind, Bounds, StarMap
from core.files.mapfile import load_map
from core.files.resources import SOLAR_SYSTEM_MAP

NONE = Qt.KeyboardModifier.NoModifier


def small_map() -> StarMap:
    """A 20x16 map with one planet at 1008."""
    bounds = Bounds(20, 16)
    return StarMap("Test map", bounds, bodies=(Body("Terra", BodyKind.PLANET, at(bounds, "1008")),))


def at(bounds: Bounds, label: str) -> Hex:
    return bounds.labels.parse(label)


@pytest.fixture
def editor(qtbot: QtBot) -> EditorWindow:
    win = EditorWindow(Document(small_map()))
    qtbot.addWidget(win)
    win.resize(1100, 800)
    return win


@pytest.fixture
def scenario_editor(qtbot: QtBot) -> EditorWindow:
    data = new_scenario("solar-system")
    win = EditorWindow(Document(load_map(SOLAR_SYSTEM_MAP), None, data, SOLAR_SYSTEM_MAP))
    qtbot.addWidget(win)
    win.resize(1100, 800)
    return win


@pytest.fixture
def main(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.ask_before_closing = False
    qtbot.addWidget(win)
    return win


def drag(editor: EditorWindow, tool: str, *hexes: Hex, mods: Qt.KeyboardModifier = NONE) -> None:
    """Use ``tool`` as a press on the first hex, moves over the others, release on the last."""
    editor.set_tool(tool)
    t = editor.tool
    centre = editor.scene.centre_of
    t.press(hexes[0], centre(hexes[0]), mods)
    for h in hexes[1:]:
        t.move(h, centre(h), mods)
    t.release(hexes[-1], centre(hexes[-1]), mods)


def click_near(editor: EditorWindow, tool: str, h: Hex, toward: Hex) -> None:
    """A click inside ``h``, close to its side facing ``toward``."""
    editor.set_tool(tool)
    a, b = editor.scene.centre_of(h), editor.scene.centre_of(toward)
    pos = a + (b - a) * 0.4
    editor.tool.press(h, QPointF(pos), NONE)
    editor.tool.release(h, QPointF(pos), NONE)
