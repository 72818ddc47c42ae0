"""A ship left to coast straight off the map's left edge (``scenarios/west-edge.toml``,
opened with New Game's Browse…): its course runs along a hexside line, so the first hex
it enters off the map is two columns out, where no hex label reaches. Ending the turn
asked for the hex's label and failed with a traceback, and End did nothing (found in a
real window, in a System III Void battle fleeing off the map); now it asks, naming the
last hex on the map, and the ship leaves."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player, plain

WEST_EDGE = Path(__file__).parent / "scenarios" / "west-edge.toml"


def test_ending_the_turn_with_a_ship_coasting_off_the_left_edge_asks_and_it_leaves(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Acceptance West Edge", browse=WEST_EDGE, seed=1)
    while you.take_seat() != "Ann":  # Red, the scout's side
        you.primary()
    while you.phase() != "Astrogation":
        you.primary()
    said: list[str] = []

    def give(box: QWidget) -> None:
        assert isinstance(box, QMessageBox) and box.windowTitle() == "Dangerous Course"
        said.append(box.text())
        you.click(next(b for b in box.buttons() if plain(b.text()) == "Give the Order"))

    you.answer(lambda: you.click(you.win.turn_bar.end_button), give)
    assert said == [
        "Red scout has no order: coasting, it leaves the map at 0105 and is out of the game."
    ]
    qtbot.waitUntil(lambda: any("Red scout leaves the map at 0105" in line for line in you.log()))
    assert not any("off-map (" in line for line in you.log())
