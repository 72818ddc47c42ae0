"""Scenario lists as a new player reads them: sorted by title with each base game before
its variations, browsed scenarios shown by title, and New Game remembering the scenario
last started."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from core.scenario.reader import builtin_scenarios
from core.scenario.titles import title_order
from tests.app.clicks import button, menu_action, when_modal
from tests.app.shell.test_main_window import ini_settings

SCENARIOS = {p.stem: p for p in builtin_scenarios()}


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    win = MainWindow(settings=ini_settings(tmp_path))
    qtbot.addWidget(win)
    return win


def open_new_game(qtbot: QtBot, win: MainWindow, act) -> None:  # type: ignore[no-untyped-def]
    """File › New Quick Game…, with ``act`` done on the dialog while it is up."""
    when_modal(act)
    menu_action(win, "File", "New Quick Game").trigger()


def items(box: QComboBox) -> list[str]:
    return [box.itemText(i) for i in range(box.count())]


def test_scenario_list_is_sorted_by_title_with_the_base_game_before_its_variations(
    qtbot: QtBot, window: MainWindow
) -> None:
    seen: list[str] = []

    def look(dialog: QWidget) -> None:
        seen.extend(items(dialog.findChild(QComboBox, "scenario_box")))
        button(dialog, "Cancel").click()

    open_new_game(qtbot, window, look)
    assert seen == [  # by rule system, each scenario marked with its own
        "Interplanetary: The Great Planet Race",
        "Interplanetary: Hostile Takeover",
        "Interplanetary: Industrial Sabotage",
        "Interplanetary: Last Man Standing",
        "Interplanetary: Last Man Standing (kill count)",
        "Interplanetary: Training",
        "Interplanetary: Training (armed variation)",
        "NPlanetary: Duel in the Void",
        "NPlanetary: Race for the Belt",
        "NPlanetary: The Six Worlds",
        "System III Void (strategic): Belt Standoff",
        "System III Void (tactical): Big Danger and the Bastets",
        "System III Void (tactical): Into the clouds",
        "Traveller Squadrons: The Battle for Tessaly",  # listed with the others
        "Traveller Squadrons: Border Raid",
        "Traveller Squadrons: Skirmish at Velde",
    ]
    training = seen.index("Interplanetary: Training")
    assert training < seen.index("Interplanetary: Training (armed variation)")


def test_scenario_title_order_puts_a_base_game_before_variations_whatever_they_are_called():
    titles = ["Zeta (b)", "Alpha (z)", "Zeta", "Alpha", "The Beta"]
    assert sorted(titles, key=title_order) == ["Alpha", "Alpha (z)", "The Beta", "Zeta", "Zeta (b)"]


def test_browsed_scenario_is_shown_by_its_title(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "my-own-race.toml"
    text = SCENARIOS["training"].read_text(encoding="utf-8")
    mine.write_text(text.replace('name = "Training"', 'name = "Dash to Luna"'), encoding="utf-8")
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(mine), ""))
    )
    shown: list[str] = []

    def browse(dialog: QWidget) -> None:
        button(dialog, "Browse").click()
        box = dialog.findChild(QComboBox, "scenario_box")
        shown.append(box.currentText())
        shown.append(box.itemData(box.currentIndex(), Qt.ItemDataRole.ToolTipRole))
        button(dialog, "Cancel").click()

    open_new_game(qtbot, window, browse)
    assert shown == ["Interplanetary: Dash to Luna", str(mine)]


def test_new_game_remembers_the_last_scenario_started(qtbot: QtBot, window: MainWindow) -> None:
    def start_variation(dialog: QWidget) -> None:
        box = dialog.findChild(QComboBox, "scenario_box")
        box.setCurrentIndex(box.findText("Interplanetary: Training (armed variation)"))
        button(dialog, "Start").click()

    open_new_game(qtbot, window, start_variation)
    assert window.session is not None
    chosen: list[str] = []

    def look(dialog: QWidget) -> None:
        chosen.append(dialog.findChild(QComboBox, "scenario_box").currentText())
        assert isinstance(dialog, QDialog)
        button(dialog, "Cancel").click()

    window.ask_before_closing = False
    open_new_game(qtbot, window, look)
    assert chosen == ["Interplanetary: Training (armed variation)"]
