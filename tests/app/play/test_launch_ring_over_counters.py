"""A launch ring shows over the counters standing in its hex: at Mercury Earthside (a
base in a gravity hex, Hostile Takeover) the landed ships are drawn in the one hex they
launch into, and the ring the Course dock asks the player to click was under them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player


def test_launch_ring_is_drawn_over_the_counters_in_its_hex(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Hostile Takeover", seed=5)
    for _ in range(4):
        you.take_seat()
        landed = [n for n in you.my_ships() if "landed" in status_of(you, n)]
        if landed:
            break
        you.primary()
    assert landed, "the Mercurian player's ships stand at their base"
    you.select_ship(landed[0])
    assert "click a green ring" in you.win.course_panel.info.text()
    scene, board = you.win.scene, you.win.board
    assert scene is not None and board is not None
    rings = you.markers("launch point")
    assert rings
    counters = set(board.counters.values())
    covered = 0
    for ring in rings:  # counters fanned round the hex's centre: any under the ring's disc
        order = Qt.SortOrder.DescendingOrder
        shape = Qt.ItemSelectionMode.IntersectsItemShape
        stack = scene.items(ring.sceneBoundingRect(), shape, order, you.win.map_view.transform())
        over = [i for i in stack if i in counters]
        if over:
            covered += 1
            assert stack.index(ring) < stack.index(over[0]), "the ring is under a counter"
    assert covered, "a ring shares its hex with the landed ships"
    you.lift_off()
    assert "launch" in order_of(you, landed[0])


def _row(you: Player, ship: str, column: int) -> str:
    tree = you.ship_list()
    rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    return next(r.text(column) for r in rows if r.text(0) == ship)


def status_of(you: Player, ship: str) -> str:
    return _row(you, ship, 2)


def order_of(you: Player, ship: str) -> str:
    return _row(you, ship, 5)
