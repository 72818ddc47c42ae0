"""The turn bar reads whole at a laptop's 1400x900 window, in every rule system: the
primary button shows its whole label (it was cut to "Ordnance Ph"), whose turn it is,
the round and the turn's phases too (NPlanetary's were missing), and at game over the
result and why ("Game ov", "Imperium wins, hold" were cut short). Checked right after
each click, as the window is then painted. Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel, QPushButton
from pytestqt.qtbot import QtBot

from tests.app.acceptance.nplanetary_table import shot
from tests.app.acceptance.squadron_table import SquadronTable
from tests.app.acceptance.user import Player


def whole(widget: QLabel | QPushButton) -> bool:
    """The widget's text fits its width."""
    room = widget.contentsRect().width()
    return widget.isVisible() and widget.fontMetrics().horizontalAdvance(widget.text()) <= room


def bar_reads_whole(player: Player) -> None:
    bar = player.win.turn_bar
    for widget in (bar.round_label, *bar.step_labels, bar.player_label, bar.end_button):
        assert whole(widget), f"{widget.text()!r} is cut short"


def test_the_primary_button_shows_its_whole_label_in_nplanetary(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("NPlanetary: Duel in the Void", names=("Ann", "Bob"), seed=7)
    assert you.take_seat() == "Ann"
    assert you.win.turn_bar.end_button.text() == "End Ordnance Phase"
    bar_reads_whole(you)
    shot(you.win.turn_bar, "turn-bar-nplanetary.png")


def test_the_primary_button_shows_its_whole_label_in_interplanetary(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Duel", names=("Ann", "Bob"))
    you.take_seat()
    bar_reads_whole(you)


def test_the_primary_button_shows_its_whole_label_in_the_void(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Big Danger and the Bastets")
    you.take_seat()
    assert you.win.turn_bar.end_button.text() == "End Astrogation Phase"
    bar_reads_whole(you)


def test_the_squadron_games_result_reads_whole_at_game_over(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("The Battle for Tessaly", names=("Ann", "Bob"))
    table.take_seat()
    bar_reads_whole(table)
    bar = table.win.turn_bar
    table.everyone_ends(lambda: bar.round_label.text() == "Game over")
    assert bar.hint.text() == "Imperium wins, holding out to day 6"
    bar_reads_whole(table)
    assert whole(bar.hint)
    shot(bar, "turn-bar-squadrons-game-over.png")


def test_a_narrow_window_keeps_the_primary_button_and_the_current_phase(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path, size=(720, 720))
    you.new_game("Big Danger and the Bastets")
    you.take_seat()
    bar = you.win.turn_bar
    assert bar.width() <= 720
    assert whole(bar.end_button) and bar.end_button.text() == "End Astrogation Phase"
    shown = [lb.text() for lb in bar.step_labels if lb.isVisible()]
    assert shown == [you.phase()] == ["Astrogation"]  # the others give way
    assert whole(bar.player_label)
    you.win.resize(1400, 900)  # room again: every phase is back
    assert all(lb.isVisible() for lb in bar.step_labels)
