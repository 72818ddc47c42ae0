"""The ruling switch ``veering_clears_own_mine`` at the table: Ann's gunship, flying at
speed 2, drops a mine. With the box *Veering off clears your own mine* ticked in New
Game, the course plotter offers burns aside that the mine does not attack, and the move
bears it out; with the box left unticked (the reading of games saved before it), every
course the plotter offers warns of the mine."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player

SCENARIO = Path(__file__).parent / "scenarios" / "mine-veer.toml"
BOX = "Veering off clears your own mine"


def drop_the_mine(qtbot: QtBot, tmp_path: Path, rules: tuple[str, ...]) -> Player:
    you = Player(qtbot, tmp_path)
    you.new_game("Acceptance Mine Veer", browse=SCENARIO, seed=3, rules=rules)
    assert you.take_seat() == "Ann", "Ann plays Red, and rolled first"
    assert you.phase() == "Launch"
    you.pick(you.find(QComboBox, "launch_slot"), "Mine")  # type: ignore[arg-type]
    you.press("Launch")
    assert you.phase() == "Astrogation"
    you.select_ship("Red gunship")
    return you


def attacked(you: Player) -> bool:
    return any("attacks Red gunship" in line for line in you.log())


def test_veering_off_a_dropped_mine_with_the_box_ticked(qtbot: QtBot, tmp_path: Path) -> None:
    you = drop_the_mine(qtbot, tmp_path, rules=(BOX,))
    tips = you.courses()
    coast = next(t for t in tips if t.startswith("coast"))
    assert "weapon attack" in coast  # straight on, it runs into its own mine
    aside = [t for t in tips if you.safe(t)]
    assert len(aside) == 4, tips  # the four burns off the mine's line
    you.plot(lambda t: t == aside[0])
    assert you.primary() == "Move"
    assert not attacked(you), you.log()[-6:]


def test_without_the_box_no_burn_clears_the_mine(qtbot: QtBot, tmp_path: Path) -> None:
    you = drop_the_mine(qtbot, tmp_path, rules=())
    tips = you.courses()
    assert tips and all("weapon attack" in t for t in tips), tips
    you.plot(lambda t: not t.startswith("coast"))
    assert you.primary() == "Move"
    assert attacked(you)
