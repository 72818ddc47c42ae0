"""NPlanetary: the Orders dock tells a landed ship's player how it lifts off (a burn
plotted on the map from its hex), not that it "can reach no base or outpost"; and the
map offers the landed ship's burns as course end points (the ruling: lift-off is an
ordinary burn from rest). Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.nplanetary_table import combo, orders, text
from tests.app.acceptance.user import Player

SIX = ("Ann", "Bob", "Cleo", "Dev", "Eve", "Finn")


def test_the_orders_dock_tells_a_landed_ship_how_it_lifts_off(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("NPlanetary: The Six Worlds", names=SIX)
    assert you.take_seat() == "Ann" and you.phase() == "Movement"
    you.show_tab("Orders")
    you.pick(combo(you, "np_dock_ship"), "Hermes")
    said = text(you, "np_dock_none")
    assert "can reach no base" not in said
    assert said.startswith("Hermes is landed at Mercury Base: to lift off, plot a burn")


def test_a_landed_ship_is_offered_burns_to_lift_off_and_no_coast(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("NPlanetary: The Six Worlds", names=SIX)
    assert you.take_seat() == "Ann" and you.phase() == "Movement"
    you.select_ship("Hermes")
    tips = you.courses()
    assert tips and all(t.startswith("1 fuel") for t in tips)  # staying needs no order
    assert not you.markers("launch point")  # no free boosters in NPlanetary
    you.plot(lambda t: t == "1 fuel · speed 1")
    assert len(you.markers("plan")) == 1  # the burn plotted is drawn on the map
    assert orders(you) == ["✓ Hermes: course plotted on the map"]


def test_a_landed_ships_coast_button_is_greyed_out_and_says_why(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("NPlanetary: The Six Worlds", names=SIX)
    assert you.take_seat() == "Ann"
    you.select_ship("Hermes")
    you.show_tab("Course")
    coast = you.button("Coast (no burn)")
    assert not coast.isEnabled()  # it stays landed without an order: nothing to coast
    assert "no course without a burn" in coast.toolTip(), coast.toolTip()
