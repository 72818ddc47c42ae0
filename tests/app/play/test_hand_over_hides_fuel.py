"""Fog of war keeps each side's fuel hidden from the other; while the seat is handed over
(the player who just moved still at the screen) the Ships dock shows nobody's fuel, and
the next player's fuel shows only once they have taken the seat (Hostile Takeover)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player


def fuel_column(you: Player) -> dict[str, str]:
    tree = you.ship_list()
    rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    return {r.text(0): r.text(3) for r in rows}


def test_fog_of_war_hides_every_fuel_during_the_hand_over(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Hostile Takeover", seed=5)
    first = you.take_seat()
    mine = {n: f for n, f in fuel_column(you).items() if n.startswith(f"{first}'s")}
    assert mine and "?" not in mine.values()
    you.primary()
    while you.win.stack.currentWidget() is not you.win.hand_over:
        you.primary()
    assert set(fuel_column(you).values()) == {"?"}, fuel_column(you)
    second = you.take_seat()
    assert second != first
    shown = fuel_column(you)
    assert all(f != "?" for n, f in shown.items() if n.startswith(f"{second}'s")), shown
    assert all(f == "?" for n, f in shown.items() if n.startswith(f"{first}'s")), shown
