"""Seed "Torpedoes", guidance: a torpedo group's plotted burn is drawn on the map before
the group moves, as a ship's order is (an arrow from the group to where the burn ends
its move), to its owner only (the other side's view holds no burn:
tests/app/rules/void/test_torpedo_guidance_secret.py). Visible controls only."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from core.rules.void.tactical.terms import terms
from core.rules.void.tactical.torpedoes import guided_end
from tests.app.acceptance.user import Player
from tests.app.acceptance.void_clouds import clouds, opened, to_phase
from tests.app.acceptance.void_table import shot


def launched_and_guided(user: Player) -> str:
    """The seated player's Bastet launches two torpedoes at the Doctrine and plots two
    hexes of guidance with the direction buttons; the label of the hex it aims for."""
    user.select_ship("Bastet")
    user.show_tab("Battles")
    orders = user.find(QWidget, "tactical_orders")
    user.pick(user.find(QComboBox, "tactical_target", orders), "Doctrine")
    user.press("Launch", orders)
    guidance = user.find(QWidget, "guidance_box", orders)
    pad = [b for b in guidance.findChildren(QPushButton) if b.objectName().startswith("guide_")]
    user.click(pad[0])
    user.click(pad[1])
    user.press("Plot Guidance", guidance)
    assert any("guidance plotted" in line for line in user.log()), user.status()
    state = user.win.session.live
    (group,) = terms(state).torpedoes
    end = guided_end(group, state.round)
    assert end is not None
    return state.starmap.bounds.labels.format(end)


def test_a_torpedo_groups_plotted_guidance_is_drawn_for_its_owner_alone(
    qtbot: QtBot, tmp_path: Path
) -> None:
    state = clouds(9)
    bob = state.ship("bastet").owner
    user = opened(qtbot, tmp_path, to_phase(state, bob, "ordnance"))
    owner = user.seated()
    assert not user.markers("torpedo plan")
    aimed = launched_and_guided(user)
    (course,) = user.markers("torpedo plan")
    assert course.toolTip().endswith(f"ends its move at {aimed}"), course.toolTip()
    (tag,) = user.markers("torpedoes")
    for _ in range(3):
        user.choose("View", "Zoom In")
    user.win.map_view.centerOn(tag)
    shot(user.win.map_view, "torpedo-guidance")
    while user.take_seat() == owner:  # to the other player's turn: the group has flown
        user.primary()
    assert not user.markers("torpedo plan"), "another side's guidance on the screen"
    assert not terms(user.win.session.live).torpedoes[0].burn, "flown: the burn is spent"
