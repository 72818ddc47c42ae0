"""The Battle for Tessaly played to its end through visible controls: nobody fires, so
the Imperium holds out to the sixth day and wins; the turn bar says so, its button is
off, and the boards show everything, the counters under the "?" included."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable


def test_holding_out_to_the_last_day_wins_and_the_fog_lifts(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("The Battle for Tessaly", names=("Ann", "Bob"))
    table.take_seat()
    assert not any(t.startswith("Raider Squadron (Zhodani") for t in table.counters("Tessaly"))
    table.everyone_ends(lambda: table.win.turn_bar.player_label.text() == "Game over")
    assert table.day() == 6
    assert table.win.turn_bar.hint.text() == "Game over: Ann won"
    assert not table.win.turn_bar.end_button.isEnabled()
    assert not table.handing_over()
    assert any(t.startswith("Raider Squadron (Zhodani") for t in table.counters("Tessaly"))
