"""System III Void plots in its astrogation phase: the selected ship's end points (the
burn dots) are on the map then and go when the player ends it (they stayed through the
ordnance, movement and combat phases), while the order given stays drawn and stands (no
Take Back Order once no other can be clicked); the next astrogation phase brings them
back around where the ship is then. Visible controls only."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player
from tests.app.acceptance.void_table import shot


def test_burn_dots_show_in_astrogation_only_and_come_back_next_turn(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = Player(qtbot, tmp_path)
    user.new_game("Into the clouds", names=("Ann", "Bob"), seed=7)
    first = user.take_seat()
    ship = user.my_ships()[0]
    user.select_ship(ship)
    assert user.phase() == "Astrogation"
    assert user.courses(), "no burn dots while plotting"
    user.plot(lambda tip: tip.endswith("speed 1"))
    assert user.markers("plan"), "the order given is drawn"
    shown = 0
    while user.round() == 1:  # every later phase of the turn, both players'
        user.primary()
        if user.take_seat() == first and user.phase() != "Astrogation":
            user.select_ship(ship)
            assert not user.courses(), f"burn dots left in the {user.phase()} phase"
            if user.phase() == "Ordnance":
                assert user.markers("plan"), "the order still drawn, it moves later"
                # and it stands: no taking it back to leave the ship coasting unawares
                assert not user.has_button("Take Back Order")
                shot(user.win, "burn-dots-gone")
            shown += 1
    assert shown >= 2, "ordnance and movement passed unseen"
    user.take_seat()
    while user.seated() != first or user.phase() != "Astrogation":
        user.primary()
        user.take_seat()
    user.select_ship(ship)
    moved = next(s for s in user.win.session.live.ships if s.name.endswith(ship.split("'s ")[-1]))
    drift = moved.motion.position + moved.motion.velocity
    dots = user.markers("end point")
    assert dots, "the burn dots are back in the next astrogation phase"
    hexes = {user.win.scene.hex_at(d.sceneBoundingRect().center()) for d in dots}
    assert drift in hexes, "around where the ship is now"
