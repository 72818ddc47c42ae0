"""New Campaign's note on refereed play names what the chosen game keeps secret: it told
squadron-game referees of hidden manifests and dice, which that game does not have.
Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QComboBox, QRadioButton, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.nplanetary_table import shot
from tests.app.acceptance.user import Player


def referee_note(you: Player, scenario: str) -> str:
    """New Campaign: ``scenario`` picked, Refereed by mail chosen; the note shown."""
    said: list[str] = []

    def look(dialog: QWidget) -> None:
        combo = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        you.pick(combo, scenario)
        refereed = you.find(QRadioButton, "mode_refereed", dialog)
        if not refereed.isChecked():  # type: ignore[attr-defined]
            you.click(refereed)
        said.append(you.label("mode_note"))
        QApplication.processEvents()
        shot(dialog, "referee-note.png")
        you.press("Cancel", dialog)

    you.answer(lambda: you.choose("File", "New Campaign"), look)
    return said[0]


def test_a_squadron_referee_is_told_of_the_squadron_games_secrets(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    note = referee_note(you, "Border Raid")
    assert "Nobody but you sees" in note
    assert '"?"' in note
    assert "manifest" not in note and "dice" not in note


def test_an_interplanetary_referee_is_told_of_manifests_and_dice(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    note = referee_note(you, "Training")
    assert "hidden manifests" in note and "dice" in note
