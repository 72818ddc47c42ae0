"""NPlanetary's pieces on the map, read as a player reads them by hovering: bases and
outposts in their owner's colour with whose they are, their stocks and damage; ordnance
in flight (a torpedo drawn as a missile, a mine, a nuke) with its kind."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from core.board.hexgrid import ZERO, Hex, Vector
from core.rules.nplanetary.model import Damage, Installation
from core.vector.motion import Motion
from core.vector.state import Ordnance
from tests.app.acceptance.nplanetary_table import base, seat_table, ship, shot


def test_bases_outposts_and_ordnance_are_on_the_map_with_what_they_hold(
    qtbot: QtBot, tmp_path: Path
) -> None:
    outpost = Installation(
        "rock",
        "Rock Camp",
        "outpost",
        "b",
        Motion(Hex(10, 8) + ZERO, ZERO),
        "asteroid",
        None,
        (("ore", 2),),
        Damage(structure=1),
    )
    pieces = (
        Ordnance("t1", "torpedo", "a", "a", Motion(Hex(7, 6) + ZERO, Vector(1, 0)), ship="a1"),
        Ordnance("m1", "mine", "b", "b", Motion(Hex(8, 7) + ZERO, ZERO), ship="b1"),
    )
    you = seat_table(
        qtbot,
        tmp_path,
        (
            ship("a1", "Lance", "a", "frigate", Hex(5, 6), fuel=15, hold=(("torpedo", 1),)),
            ship("b1", "Brand", "b", "destroyer", Hex(9, 6), fuel=15, hold=(("mine", 1),)),
        ),
        (base("depot", "Vesta Depot", "a", Hex(5, 8), (("supplies", 30),)), outpost),
        players=2,
        ordnance=pieces,
    )
    you.take_seat()

    bases = [i.toolTip() for i in you.markers("base")]
    outposts = [i.toolTip() for i in you.markers("outpost")]
    assert len(bases) == 1 and bases[0].startswith("Ann's base Vesta Depot")
    assert "30 supplies" in bases[0] and "Damage: none" in bases[0]
    assert len(outposts) == 1 and outposts[0].startswith("Bob's outpost Rock Camp")
    assert "2 ore" in outposts[0] and "structure 1 of" in outposts[0]
    scene = you.win.map_view.scene()
    tips = {i.toolTip().split(":")[0] for i in scene.items()}
    assert {"mine", "torpedo"} <= tips
    you.win.map_view.centre_on_hex(Hex(7, 7))
    QApplication.processEvents()
    shot(you.win, "nplanetary-map.png")
