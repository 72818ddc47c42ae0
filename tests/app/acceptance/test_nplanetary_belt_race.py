"""NPlanetary's four-player race for the belt, started from File › New Quick Game… and
played with the window's controls: Ann's prospector burns into the ore asteroid beside
it, is refused an outpost while still moving (the Cargo & Economy dock says why, in
red), stops there the next round and sets up its outpost, which is then on the map and
yields ore at the end of the round."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.app.acceptance.nplanetary_table import combo, orders, orders_in, shot, text
from tests.app.acceptance.user import Player

RACE = "NPlanetary: Race for the Belt"
NAMES = ("Ann", "Bob", "Cy", "Di")


def ship_marker_centre(you: Player, name: str) -> tuple[float, float]:
    scene = you.win.map_view.scene()
    found = [i for i in scene.items() if i.isVisible() and i.toolTip().startswith(name)]
    assert found, f"no {name} on the map"
    centre = found[0].sceneBoundingRect().center()
    return centre.x(), centre.y()


def burn_north(you: Player, ship: str) -> str:
    """Select ``ship`` and click its one-fuel course straight up the screen."""
    you.select_ship(ship)
    x, y = ship_marker_centre(you, ship)
    ends = [i for i in you.markers("end point") if i.toolTip().startswith("1 fuel")]
    up = [
        i
        for i in ends
        if abs(i.sceneBoundingRect().center().x() - x) < 5
        and i.sceneBoundingRect().center().y() < y
    ]
    assert len(up) == 1, [i.toolTip() for i in ends]
    tip = up[0].toolTip()
    you.click_marker(up[0])
    return tip


def pass_phase(you: Player, phase: str) -> None:
    while you.phase() == phase and not you.over():
        you.take_seat()
        you.primary()
        you.take_seat()


def test_a_prospector_sets_up_its_outpost_on_the_ore_asteroid(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game(RACE, names=NAMES, seed=7)
    # nobody has ordnance or anything in reach: the first phases pass by themselves
    assert you.take_seat() == "Ann" and you.phase() == "Movement"
    assert orders_in(you) == "orders in: 0 of 4"
    assert "ordnance phase" in you.log() and "combat phase" in you.log()
    burn_north(you, "Ann's prospector")
    assert orders(you) == ["✓ Ann's prospector: course plotted on the map"]
    pass_phase(you, "Movement")

    # development: still moving, the outpost is refused, and the dock says why
    assert you.take_seat() == "Ann" and you.phase() == "Development"
    you.show_tab("Cargo & Economy")
    you.pick(combo(you, "np_deploy_ship"), "Ann's prospector")
    you.press("Deploy")
    refusal = text(you, "np_economy_refusal")
    assert (
        refusal
        == "Refused: Ann's prospector must be at rest in an asteroid hex to deploy an outpost"
    )
    QApplication.processEvents()
    shot(you.win, "nplanetary-refused.png")
    while you.round() == 1:
        you.take_seat()
        you.primary()

    # round 2: the prospector stops in the asteroid hex and deploys its outpost
    pass_phase(you, "Ordnance")
    pass_phase(you, "Combat")
    assert you.take_seat() == "Ann" and you.phase() == "Movement"
    you.select_ship("Ann's prospector")
    you.plot(lambda tip: tip.startswith("1 fuel · speed 0"))
    pass_phase(you, "Movement")
    assert you.take_seat() == "Ann" and you.phase() == "Development"
    you.show_tab("Cargo & Economy")
    you.pick(combo(you, "np_deploy_ship"), "Ann's prospector")
    you.press("Deploy")
    assert text(you, "np_economy_orders").endswith("✓ Ann's prospector deploys its outpost")
    QApplication.processEvents()
    shot(you.win, "nplanetary-belt-race.png")
    while you.round() == 2:
        you.take_seat()
        you.primary()
    you.take_seat()
    outposts = [i.toolTip().splitlines()[0] for i in you.markers("outpost")]
    assert len(outposts) == 1 and outposts[0].startswith("Ann's"), outposts
    assert "end of round: Ann's prospector's Outpost gains 1 ore" in you.log()
