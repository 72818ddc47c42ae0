"""New Campaign's note under "Open" does not send a squadron game to File › Export for
Mail, which is off in its games (a copy would carry both sides' secrets): it says to play
it by mail refereed; a ship game's note still offers Export for Mail."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player


def test_the_open_note_of_a_squadron_campaign_points_to_refereed_play(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    notes: list[str] = []

    def look(dialog: QWidget) -> None:
        combo = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        for scenario in ("Border Raid", "Interplanetary: Training"):
            you.pick(combo, scenario)
            notes.append(you.label("mode_note"))
        you.press("Cancel", dialog)

    you.answer(lambda: you.choose("File", "New Campaign"), look)
    squadrons, ships = notes
    assert "Export for Mail" not in squadrons and "Refereed by mail" in squadrons
    assert "Export for Mail" in ships
