"""System III Void's start position of an extra ship and a torpedo group's guidance
chosen on the map (Pick on Map, Aim on Map: the board marks the hexes allowed and a click
on one gives the order), with visible controls only; the Battles dock's own controls stay
the keyboard's way (test_void_tactical_battles.py)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QGraphicsItem, QWidget
from pytestqt.qtbot import QtBot

from core.board.hexgrid import ZERO, Hex, Vector
from core.rules.void.tactical.terms import terms
from tests.app.acceptance.user import Player
from tests.app.acceptance.void_table import at_the_window, extra_ship_at_start, shot


def hex_of(user: Player, mark: QGraphicsItem) -> Hex:
    found = user.win.scene.hex_at(mark.sceneBoundingRect().center())
    assert found is not None
    return found


def test_an_extra_ships_start_and_a_torpedo_groups_aim_are_clicked_on_the_map(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = at_the_window(qtbot, tmp_path)
    picked, box = extra_ship_at_start(user)
    assert not user.markers("asked hex")
    user.press("Pick on Map", box)
    marks = user.markers("asked hex")
    assert len(marks) == 19 and f"Start {picked} here" in marks[0].toolTip()  # within 2 hexes
    shot(user.win, "pick-on-map")
    ship = next(s for s in user.win.session.live.ships if s.name == picked)
    there = next(m for m in marks if hex_of(user, m) != ship.motion.position)
    user.click_marker(there)
    assert any(f"{picked} starts at" in line for line in user.log()), user.status()
    moved = next(s for s in user.win.session.live.ships if s.id == ship.id)
    assert moved.motion.position == hex_of(user, there)
    assert not user.markers("asked hex")  # answered: the map asks no more
    where = user.find(QComboBox, "placement_hex", box)
    assert isinstance(where, QComboBox)
    assert where.currentText().endswith("(here now)"), where.currentText()  # not the lead's
    for _ in range(5):
        if user.phase() == "Ordnance":
            break
        user.primary()
        user.take_seat()
    user.select_ship(f"{user.seated()}'s Bastet")
    user.show_tab("Battles")
    orders = user.find(QWidget, "tactical_orders")
    user.pick(user.find(QComboBox, "tactical_target", orders), "Whirlwind")
    user.press("Launch", orders)
    guidance = user.find(QWidget, "guidance_box", orders)
    user.press("Aim on Map", guidance)
    marks = user.markers("asked hex")
    assert len(marks) == 37  # the launch turn's burn: anywhere within 3 hexes of its coast
    (group,) = terms(user.win.session.live).torpedoes
    coast = group.motion.position + group.motion.velocity
    aim = next(m for m in marks if hex_of(user, m).distance(coast) == 2)
    user.click_marker(aim)
    assert any("guidance plotted" in line for line in user.log()), user.status()
    (group,) = terms(user.win.session.live).torpedoes
    assert group.burn is not None and len(group.burn) == 2
    burned = sum((Vector.of(d) for d in group.burn), ZERO)
    assert coast + burned == hex_of(user, aim)
    assert "burn 2 plotted" in user.find(QComboBox, "guidance_group", guidance).currentText()


def test_a_pick_on_the_map_says_what_to_do_and_escape_cancels_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = at_the_window(qtbot, tmp_path)
    _, box = extra_ship_at_start(user)
    user.press("Pick on Map", box)
    assert user.markers("asked hex")
    assert user.status() == "Click a highlighted hex (Esc cancels)"
    shot(user.win, "pick-on-map-hint")
    user.win.activateWindow()  # the person's window has the keyboard (a dialog just closed)
    qtbot.waitUntil(user.win.isActiveWindow)
    qtbot.keyClick(user.button("Pick on Map", box), Qt.Key.Key_Escape)
    assert not user.markers("asked hex")  # cancelled: the map asks no more
    assert not user.button("Pick on Map", box).isChecked()
    assert user.status() == ""
