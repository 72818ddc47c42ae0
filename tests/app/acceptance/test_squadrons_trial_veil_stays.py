"""Moving part of a stack from under its own "?": the stack list shows the side's "?" as a
row of its own, ticked to go with the counters moved; unticked, it stays over the counters
left behind, so the enemy sees the one moved in the open and never what stays under the
"?" (Border Raid: Ann's frigate leaves Dunmore's defences under her "?")."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable


def test_a_stack_moving_without_its_question_mark_leaves_it_over_the_rest(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("Border Raid", names=("Ann", "Bob"))
    assert table.take_seat() == "Ann"
    table.click_counter("Dunmore", lambda t: t.startswith("Frigate Squadron (Imperium"))
    veil_row = next(r for r in table.stack_rows() if '"?"' in r)
    assert veil_row.startswith('Your "?" counter')
    table.choose_row('Your "?" counter')
    qtbot.keyClick(table.find(QListWidget, "stack_list"), Qt.Key.Key_Space)  # untick it
    table.click_mark("Dunmore")  # the frigate moves; the planet cannot
    assert not any('"?"' in row for row in table.stack_rows())  # not with the frigate
    assert table.end_step() == "End Move"

    assert table.take_seat() == "Bob"
    seen = table.counters("Dunmore")
    assert any(t.startswith('"?" counter (Imperium)') for t in seen)  # still at 0708
    assert any(t.startswith("Frigate Squadron (Imperium") for t in seen)  # in the open
    assert not any(t.startswith("Dunmore Defences") for t in seen)  # still hidden
