"""NPlanetary's scenarios are named without their rule system: New Game marks each
scenario with it once ("NPlanetary: Duel in the Void"), and the game's window title
reads the scenario's own name, not the rule system twice or a prefix. Only visible
controls are used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player


def test_new_game_marks_nplanetary_once_and_the_title_reads_the_scenario(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    listed: list[str] = []

    def look(dialog: QWidget) -> None:
        combo = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        listed.extend(combo.itemText(i) for i in range(combo.count()))
        you.press("Cancel", dialog)

    you.answer(lambda: you.choose("File", "New Quick Game"), look)
    nplanetary = [t for t in listed if "NPlanetary" in t]
    assert nplanetary == [
        "NPlanetary: Duel in the Void",
        "NPlanetary: Race for the Belt",
        "NPlanetary: The Six Worlds",
    ]
    you.new_game("NPlanetary: Duel in the Void", names=("Ann", "Bob"))
    assert you.win.windowTitle() == "Duel in the Void — Ecliptic"
