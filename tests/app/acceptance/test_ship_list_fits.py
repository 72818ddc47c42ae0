"""The Ships dock shows every column at the default window size: a newcomer found the
Speed column cut off behind a horizontal scroll bar in a 1440x900 window. Long names,
statuses and goals are cut short to fit, whole in their cell's tooltip; Player, Fuel
and Speed are always whole. Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QTreeWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player

DEFAULT = (1440, 900)


def shown_columns(tree: QTreeWidget) -> dict[str, tuple[int, int]]:
    """Each column's title with where it starts and ends on screen, in the list."""
    header = tree.header()
    return {
        tree.headerItem().text(i): (
            header.sectionViewportPosition(i),
            header.sectionViewportPosition(i) + header.sectionSize(i),
        )
        for i in range(header.count())
    }


@pytest.mark.parametrize("scenario", ["Training", "Hostile Takeover", "Into the clouds"])
def test_every_ship_list_column_fits_the_default_window(
    qtbot: QtBot, tmp_path: Path, scenario: str
) -> None:
    you = Player(qtbot, tmp_path, size=DEFAULT)
    you.new_game(scenario)
    you.take_seat()
    tree = you.ship_list()
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # laid out as shown
    assert not tree.horizontalScrollBar().isVisible()
    room = tree.viewport().width()
    columns = shown_columns(tree)
    for title, (left, right) in columns.items():
        assert left >= 0 and right <= room, f"{title} runs past the list's edge"
    fm = tree.header().fontMetrics()
    for title in ("Player", "Fuel", "Speed"):
        left, right = columns[title]
        assert right - left >= fm.horizontalAdvance(title), f"{title} is cut"
    for row in range(tree.topLevelItemCount()):  # a cut cell says it whole when hovered
        item = tree.topLevelItem(row)
        for col in range(tree.columnCount()):
            text = item.text(col)
            width = columns[tree.headerItem().text(col)]
            if fm.horizontalAdvance(text) > width[1] - width[0]:  # cut, whatever the padding
                assert text in (item.data(col, Qt.ItemDataRole.ToolTipRole) or ""), text
    you.win.grab().save(str(tmp_path / "ships.png"))
