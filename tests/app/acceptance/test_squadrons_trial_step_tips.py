"""The turn bar's steps say who moves when hovered: "Move 1" and "Move 2" are side one's
and side two's moves, named (a newcomer read them as the first and second moves)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable


def test_the_steps_of_the_day_name_the_side_that_moves(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("Border Raid", names=("Ann", "Bob"))
    table.take_seat()
    labels = [lb for lb in table.win.turn_bar.step_labels if isinstance(lb, QLabel)]
    moves = [(lb.text(), lb.toolTip()) for lb in labels if lb.text().startswith("Move")]
    assert [title for title, _ in moves] == ["Move 1", "Move 2", "Move 2", "Move 1"]
    assert all(tip.startswith("Imperium moves") for title, tip in moves if title == "Move 1")
    assert all(tip.startswith("Zhodani moves") for title, tip in moves if title == "Move 2")
    assert "the game is here" in moves[0][1]  # the day starts with side one's move
