"""At the window's default size and at 1400x900 the Campaign dock's entries take the
dock's width (no horizontal scroll bar hiding their ends) and each says itself whole in
its tooltip; the Ships dock's Status column, when cut short, says itself whole in its
tooltip. Newcomers found both cut off with no way to read them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player
from tests.app.campaign.test_campaign_results import new_campaign


def rows(tree: QTreeWidget) -> list[QTreeWidgetItem]:
    found: list[QTreeWidgetItem] = []

    def walk(item: QTreeWidgetItem) -> None:
        found.append(item)
        for i in range(item.childCount()):
            child = item.child(i)
            assert child is not None
            walk(child)

    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        assert top is not None
        walk(top)
    return found


@pytest.mark.parametrize("size", [(1280, 820), (1400, 900)])
def test_campaign_and_ship_docks_show_or_tell_their_whole_text(
    qtbot: QtBot, tmp_path: Path, size: tuple[int, int]
) -> None:
    you = Player(qtbot, tmp_path, size)
    new_campaign(you, tmp_path / "fits.ecliptic", "Fits")
    you.show_tab("Campaign")
    log = you.find(QTreeWidget, "campaign_browser")
    assert isinstance(log, QTreeWidget)
    qtbot.waitUntil(lambda: any(r.toolTip(0).startswith("Entry") for r in rows(log)))
    qtbot.waitUntil(lambda: log.viewport().width() >= 150)  # wide enough to read, not a sliver
    log.expandAll()
    assert not log.horizontalScrollBar().isVisible()
    columns = sum(log.columnWidth(c) for c in range(log.columnCount()))
    assert columns <= log.viewport().width()
    entries = [r for r in rows(log) if r.toolTip(0).startswith("Entry")]
    assert entries and all(r.text(0) in r.toolTip(0) for r in entries)
    ships = you.ship_list()
    status = [r for r in rows(ships) if r.text(2)]
    assert status
    for row in status:  # a Status cell cut short says itself whole on hover
        rect = ships.visualRect(ships.indexFromItem(row, 2))
        wide = ships.fontMetrics().horizontalAdvance(row.text(2)) + 12
        if rect.width() < wide:
            assert row.toolTip(2).startswith(row.text(2))
    shots = os.environ.get("ECLIPTIC_SHOTS")
    if shots:  # for looking at, offscreen
        you.win.grab().save(f"{shots}/docks-{size[0]}x{size[1]}.png")
