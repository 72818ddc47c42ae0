"""The orders panel's buttons stay where they are whatever the line above the stack list
says: a newcomer who pressed Place "?" (which stays armed) and reaches for it again after
selecting a hex hits it, not the gap the button moved away from."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable


def test_the_place_button_stays_put_when_a_hex_is_selected(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("Border Raid", names=("Ann", "Bob"))
    table.take_seat()
    place = table.button('Place "?"')

    def where() -> QPoint:  # once laid out, as the player sees it
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        return place.mapTo(table.win, place.rect().topLeft())

    before = where()
    assert len(table.label("selected_hex")) > 60  # the three-line hint of an empty panel
    table.click_counter("Candor", lambda t: t.startswith("Frigate Squadron (Imperium"))
    assert table.label("selected_hex") == "Candor 1912"
    assert where() == before
