"""A new player looks for a new game in the Game menu: Game > New Quick Game… opens the
same New Game dialog as File > New Quick Game…, and starts a game from it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QDialog, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player


def test_game_menu_offers_a_new_game(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    seen: list[str] = []

    def start(dialog: QWidget) -> None:
        assert isinstance(dialog, QDialog)
        combo = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        you.pick(combo, "training")
        seen.append(combo.currentText())
        you.press("Start", dialog)

    you.answer(lambda: you.choose("Game", "New Quick Game"), start)
    qtbot.waitUntil(lambda: you.win.turn_bar.round_label.text() == "Round 1")
    assert seen == ["Interplanetary: Training"]
    you.answer(lambda: you.choose("Game", "New Campaign"), lambda d: you.press("Cancel", d))
