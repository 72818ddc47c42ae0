"""NPlanetary: a ship landed at its planet's base reads "landed" in the Cargo & Economy
dock, as in the Ships dock ("landed (Mercury Base)"); the Cargo dock said "docked" of the
same ship. Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QTreeWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player


def test_a_landed_ship_reads_landed_in_both_docks(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("NPlanetary: The Six Worlds", names=("Ann", "Bob", "Cleo", "Dev", "Eve", "Finn"))
    you.take_seat()
    ships = you.ship_list()
    hermes = next(
        ships.topLevelItem(i)
        for i in range(ships.topLevelItemCount())
        if ships.topLevelItem(i).text(0) == "Hermes"
    )
    assert hermes.text(2) == "landed (Mercury Base)"
    you.show_tab("Cargo & Economy")
    tree = you.find(QTreeWidget, "np_holdings")
    assert isinstance(tree, QTreeWidget)
    rows = {
        tree.topLevelItem(i).text(0): tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
    }
    where = tree.columnCount() - 1
    assert rows["Hermes"].text(where) == "landed"
    assert "landed at Mercury Base" in rows["Hermes"].toolTip(where)
