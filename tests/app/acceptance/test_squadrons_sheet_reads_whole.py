"""The Squadron Sheet lays its lines out whole when a counter is clicked: the heading's
second line, the details (hits, fuel, supply, admirals) and the cost scheme wrapped to
two lines each get their height, none clipped or drawn over the next (the details were
one line high under the cost scheme). At a laptop's 1400x900 window, with clicks only."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.nplanetary_table import shot
from tests.app.acceptance.squadron_table import SquadronTable


def needed(label: QLabel) -> int:
    if label.wordWrap():
        return label.heightForWidth(label.contentsRect().width())
    return label.sizeHint().height()


def test_the_sheets_lines_are_laid_out_whole(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("The Battle for Tessaly", names=("Ann", "Bob"))
    table.take_seat()
    table.click_counter("Tessaly", lambda tip: tip.startswith("Cruiser Squadron"))
    sheet = table.find(QWidget, "squadron_sheet")
    lines = [sheet.findChild(QLabel, n) for n in ("sheet_heading", "sheet_details", "sheet_costs")]
    assert all(isinstance(lb, QLabel) and lb.isVisible() for lb in lines)
    costs = lines[2]
    assert isinstance(costs, QLabel) and costs.text().startswith("Cost scheme: ")
    for label in lines:
        assert isinstance(label, QLabel)
        assert label.height() >= needed(label), f"{label.text()!r} is cut short"
    factors = table.find(QWidget, "sheet_factors").geometry()
    heading, details = lines[0].geometry(), lines[1].geometry()
    assert heading.bottom() < factors.top() and factors.bottom() < details.top()
    assert details.bottom() < costs.geometry().top()
    shot(sheet, "squadron-sheet-whole.png")
