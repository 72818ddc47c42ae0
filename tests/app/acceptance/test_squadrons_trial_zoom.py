"""The View menu's Zoom In, Zoom Out and Fit Map (Ctrl++, Ctrl+-, Ctrl+0) work on the
squadron board in front, as on the star map: a newcomer whose system board shows only a
corner of it fits the whole board in view from the menu."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QGraphicsView
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable


def test_view_zoom_and_fit_map_act_on_the_squadron_board_in_front(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("Border Raid", names=("Ann", "Bob"))
    table.take_seat()
    board = table.board("Dunmore")
    assert isinstance(board, QGraphicsView)
    scale = board.transform().m11()
    table.choose("View", "Zoom In")
    assert board.transform().m11() > scale
    table.choose("View", "Zoom Out")
    table.choose("View", "Zoom Out")
    assert board.transform().m11() < scale
    table.choose("View", "Fit Map")

    def all_in_view() -> bool:  # once the scroll bars the fit made needless are gone
        whole = board.mapFromScene(board.sceneRect()).boundingRect()
        return board.viewport().rect().adjusted(-2, -2, 2, 2).contains(whole)

    qtbot.waitUntil(all_in_view)
