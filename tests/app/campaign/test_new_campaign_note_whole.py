"""New Campaign's note on how the campaign is played is shown whole: choosing *Refereed
by mail* puts a longer note under the choices, and the dialog grows to hold it (its
first and last lines were cut off). Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QLabel, QRadioButton, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player


def test_the_refereed_note_is_shown_whole(qtbot: QtBot, tmp_path: Path) -> None:
    player = Player(qtbot, tmp_path)
    heights: list[tuple[int, int]] = []

    def choose(dialog: QWidget) -> None:
        assert isinstance(dialog, QDialog)
        refereed = player.find(QRadioButton, "mode_refereed", dialog)
        player.click(refereed)
        note = player.find(QLabel, "mode_note", dialog)
        assert isinstance(note, QLabel) and "referee" in note.text()

        def whole() -> bool:
            heights.append((note.height(), note.heightForWidth(note.width())))
            return note.height() >= note.heightForWidth(note.width())

        qtbot.waitUntil(whole)
        player.press("Cancel", dialog)

    player.answer(lambda: player.choose("File", "New Campaign"), choose)
    assert heights
