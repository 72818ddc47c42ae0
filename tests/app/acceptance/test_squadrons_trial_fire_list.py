"""In a fire step, selecting a firer lists everything it may fire at in the Target box,
nearest first with its hex and distance, whether or not the board shows it: a newcomer
whose enemy is off the visible part of the board fires from the list, the damage
previewed (Skirmish at Velde, the navies bought in New Game); the firer's row in the
stack list then names its target."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable
from tests.app.acceptance.test_squadrons_trial_purchases import skirmish, spin


def _buy_cruisers(table: SquadronTable) -> None:
    """New Quick Game of Skirmish at Velde, one cruiser a side."""

    def buy(dialog: QWidget) -> None:
        for side in ("Imperium", "Zhodani"):
            table.show_tab(f"{1 + (side == 'Zhodani')} {side}")
            table.press(f"Show {side}'s Purchase", dialog)
            table.type_into(spin(dialog, "Cruiser"), "1")
        table.press("OK", dialog)

    skirmish(table, buy)


def _close_in(table: SquadronTable, side: str) -> None:
    """Click the side's cruiser, then the marked hex furthest towards the enemy."""
    table.click_counter("Velde", lambda t: t.startswith(f"Cruiser ({side}"))
    marks = table.items("Velde", "squadron mark")
    east = 1 if side == "Imperium" else -1
    table.click_item("Velde", max(marks, key=lambda m: m.sceneBoundingRect().center().x() * east))


def test_a_firer_lists_every_target_in_range_even_off_the_visible_board(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    _buy_cruisers(table)  # 22 hexes apart; a cruiser moves 6 and fires 7 hexes
    for side in ("Imperium", "Zhodani"):  # Move 1, Move 2: 10 hexes apart
        table.take_seat()
        _close_in(table, side)
        table.end_step()
    table.everyone_ends(lambda: table.win.turn_bar.current_phase() == "Move 2")
    table.take_seat()
    _close_in(table, "Zhodani")  # 4 hexes apart
    table.everyone_ends(lambda: table.win.turn_bar.current_phase() == "Fire")
    assert table.take_seat() == "Ann"
    table.click_counter("Velde", lambda t: t.startswith("Cruiser (Imperium"))
    targets = table.combo("fire_target")
    listed = [targets.itemText(i) for i in range(targets.count())]
    assert len(listed) == 1 and re.fullmatch(r"Cruiser \(\d{4}, [1-7] hex(es)?\)", listed[0])
    assert table.label("fire_preview").startswith("Cruiser fires 20 at Cruiser")
    table.press("Order Fire")
    assert table.fire_orders() == ["Cruiser → Cruiser"]
    # the firer's row says it has its order (two counters of one design told apart)
    assert table.stack_rows() == ["Cruiser (Imperium) 20/6 → Cruiser"]
