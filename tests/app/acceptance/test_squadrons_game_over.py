"""The Battle for Tessaly played to its end through visible controls: nobody fires, so
the Imperium holds out to the sixth day and wins; the turn bar says "Game over", who won
and why (no day or step, as if play went on), the window's title that the game is over,
its button is off, and the boards show everything, the counters under the "?" included."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable


def test_holding_out_to_the_last_day_wins_and_the_fog_lifts(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("The Battle for Tessaly", names=("Ann", "Bob"))
    table.take_seat()
    assert not any(t.startswith("Raider Squadron (Zhodani") for t in table.counters("Tessaly"))
    bar = table.win.turn_bar
    table.everyone_ends(lambda: bar.round_label.text() == "Game over")
    assert bar.player_label.text() == "Ann won"
    assert bar.hint.text() == "Imperium wins, holding out to day 6"
    assert table.phase() == ""  # no step lit: none is being played
    assert bar.swatch.isVisible()  # in the winner's colour
    title = table.win.windowTitle()
    assert title.endswith(", game over — Ecliptic"), title
    assert not bar.end_button.isEnabled()
    assert not table.handing_over()
    assert any(t.startswith("Raider Squadron (Zhodani") for t in table.counters("Tessaly"))
