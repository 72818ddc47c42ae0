"""Seed "Torpedoes" in the window: a torpedo group's target is secret from the side it
flies at until a ship of that side scans it (the Battles dock's Incoming torpedoes box;
visible controls only)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import QComboBox, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from core.engine.play import apply
from core.rules.void.tactical.torpedoes import LaunchTorpedoes
from core.vector.state import GameState
from tests.app.acceptance.void_clouds import clouds, opened, to_phase
from tests.app.acceptance.void_table import shot


def torpedoes_incoming(apart: int = 9) -> GameState:
    """Into the clouds with the ships ``apart`` hexes apart at rest: the Bastet's owner
    launches two torpedoes at the Doctrine; the Doctrine's owner's astrogation phase comes
    next, with a 5 to come up on the die."""
    state = clouds(apart)
    doctrine, bastet = state.ship("doctrine"), state.ship("bastet")
    state = to_phase(state, bastet.owner, "ordnance")
    state, _ = apply(state, LaunchTorpedoes(bastet.owner, "bastet", "doctrine", 2))
    state = to_phase(state, doctrine.owner, "astrogation")
    return replace(state, dice=replace(state.dice, loaded=(5,)))


def test_torpedo_target_stays_secret_until_a_ship_of_its_side_scans_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = opened(qtbot, tmp_path, torpedoes_incoming())
    box = user.find(QWidget, "scan_box")
    assert box.isVisible()
    groups = user.find(QComboBox, "scan_group", box)
    assert isinstance(groups, QComboBox) and "target unknown" in groups.currentText()
    assert groups.currentText().startswith("2T T1: target unknown")  # a narrow dock shows it
    assert "Doctrine" not in groups.currentText()
    (tag,) = user.markers("torpedoes")  # the group on the map, its target unknown too
    assert tag.toolTip().startswith("Bob's torpedoes 2T") and "target unknown" in tag.toolTip()
    user.press("Scan", box)
    assert any("finds its target" in line for line in user.log()), user.status()
    assert any("is after Doctrine" in line for line in user.log())
    assert groups.currentText().startswith("2T T1: after Doctrine")
    (tag,) = user.markers("torpedoes")
    assert tag.toolTip().endswith("after Doctrine")
    button = user.button("Scan", box)
    assert isinstance(button, QPushButton) and not button.isEnabled()  # known: no more to scan
    shot(box.parentWidget(), "torpedo-scan")
    user.win.map_view.centerOn(tag)
    shot(user.win.map_view, "torpedo-tag")
