"""New Game's points row reads plainly once a side has bought: "Imperium: navy bought",
not "Points to spend: Imperium has bought its navy". Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QLabel, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.nplanetary_table import shot
from tests.app.acceptance.squadron_table import SquadronTable


def test_a_side_that_has_bought_reads_navy_bought(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    said: list[str] = []

    def buy(dialog: QWidget) -> None:
        table.show_tab("1 Imperium")
        table.press("Show Imperium's Purchase", dialog)
        table.type_into(table.find(QSpinBox, "buy_0_1", dialog), "1")
        table.press("OK", dialog)

    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, QDialog)
        combo = table.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        table.pick(combo, "Skirmish at Velde")
        table.answer(lambda: table.press("Navy Purchases", dialog), buy)
        QApplication.processEvents()
        said.extend(
            label.text()
            for label in dialog.findChildren(QLabel)
            if label.isVisible() and "Zhodani" in label.text()
        )
        shot(dialog, "squadron-navy-bought.png")
        table.press("Cancel", dialog)

    table.answer(lambda: table.choose("File", "New Quick Game"), fill)
    assert "Imperium: navy bought; Zhodani: 150 of 150 points left" in said, said
