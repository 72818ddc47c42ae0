"""The Map Editor in the main window as a user meets it: the title and the status line
name the document being edited, a test flight shows the docks the user had (and gives
the editor back its own), and closing a test flight does not ask about keeping a quick
game (the scenario is safe in the editor)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from core.files.resources import SCENARIOS
from tests.app.clicks import menu_action


def visible(docks) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(k for k, d in docks.items() if d.isVisible())


@pytest.fixture
def shown(main: MainWindow, qtbot: QtBot) -> MainWindow:
    main.resize(1300, 900)
    main.show()
    qtbot.waitExposed(main)
    return main


def test_editor_title_and_status_line_name_the_document_being_edited(
    shown: MainWindow, qtbot: QtBot
) -> None:
    assert "Solar System" in shown.status_label.text()
    editor = shown.editor_mode.open_for_editing(SCENARIOS / "training.toml")
    assert editor is not None
    assert shown.windowTitle() == "Training (training.toml) — Map Editor — Ecliptic"
    assert shown.status_label.text() == "Map Editor: Training (training.toml)"
    name = editor.inspector.name_edit
    name.selectAll()
    qtbot.keyClicks(name, "Dash")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert shown.windowTitle().startswith("*Dash (training.toml)")
    assert shown.status_label.text() == "Map Editor: *Dash (training.toml)"
    menu_action(shown, "View", "Map Editor").trigger()  # back to the map
    assert "Solar System" in shown.status_label.text()
    menu_action(shown, "View", "Map Editor").trigger()
    assert shown.status_label.text() == "Map Editor: *Dash (training.toml)"


def test_test_flight_keeps_the_docks_the_user_had_and_closing_it_does_not_ask(
    shown: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    monkeypatch.setattr(
        QMessageBox,
        "question",
        staticmethod(lambda *a, **k: asked.append(a[1]) or QMessageBox.StandardButton.Yes),
    )
    shown.ask_before_closing = True
    menu_action(shown, "View", "Dice").trigger()  # the user puts the Dice dock away
    had = visible(shown.docks)
    assert "dice" not in had and "events" in had
    editor = shown.editor_mode.open_for_editing(SCENARIOS / "training.toml")
    assert editor is not None and visible(shown.docks) == []
    editor.docks["issues"].hide()
    editor_had = visible(editor.docks)
    editor.flight_action.trigger()  # Test Flight (F5)
    assert shown.session is not None
    assert visible(shown.docks) == had, "the flight shows the docks the user had"
    menu_action(shown, "File", "Close").trigger()
    assert asked == [], "closing a test flight does not ask about keeping a quick game"
    assert shown.session is None and shown.stack.currentWidget() is editor
    assert visible(shown.docks) == [] and visible(editor.docks) == editor_had
    assert shown.windowTitle() == "Training (training.toml) — Map Editor — Ecliptic"
    menu_action(shown, "View", "Map Editor").trigger()
    assert visible(shown.docks) == had, "leaving the editor gives the docks back"
