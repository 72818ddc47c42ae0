"""At game over the Place "?" button is greyed without a count: it read "(0 in hand)", a
count of a hand nobody plays any more. Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable
from tests.app.acceptance.user import plain


def test_a_finished_game_greys_place_without_a_count(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("The Battle for Tessaly", names=("Ann", "Bob"))
    table.take_seat()
    bar = table.win.turn_bar
    table.everyone_ends(lambda: bar.round_label.text() == "Game over")
    place = next(b for b in table.win.findChildren(type(bar.end_button)) if "Place" in b.text())
    assert plain(place.text()) == 'Place "?"'
    assert not place.isEnabled()
