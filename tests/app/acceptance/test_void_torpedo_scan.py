"""Seed "Torpedoes" in the window: a torpedo group's target is secret from the side it
flies at until a ship of that side scans it (the Battles dock's Incoming torpedoes box;
visible controls only)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import QComboBox, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from core.board.hexgrid import Vector
from core.campaign import CampaignFile
from core.engine.commands import EndPhase
from core.engine.play import apply, current_phase, waiting_for
from core.files.resources import SCENARIOS
from core.rules.void.tactical.torpedoes import LaunchTorpedoes
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.state import GameState
from tests.app.acceptance.user import Player
from tests.app.acceptance.void_table import open_campaign, shot
from tests.core.rules.void.tactical.make import place


def to_phase(state: GameState, owner: str, phase: str) -> GameState:
    for _ in range(20):
        who = waiting_for(state)[0]
        if current_phase(state) == phase and who.id == owner:
            return state
        state, _ = apply(state, EndPhase(who.id))
    raise AssertionError(f"never reached {owner}'s {phase}")


def torpedoes_incoming(path: Path) -> None:
    """Into the clouds with the ships 9 hexes apart at rest: the Bastet's owner launches
    two torpedoes at the Doctrine; the Doctrine's owner's astrogation phase comes next,
    with a 5 to come up on the die."""
    scenario = load_scenario(SCENARIOS / "void-into-the-clouds.toml")
    state, _ = scenario.start([Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")], 7, first=0)
    doctrine, bastet = state.ship("doctrine"), state.ship("bastet")
    state = place(state, "bastet", bastet.motion.position)
    state = place(state, "doctrine", bastet.motion.position + Vector(0, -9))
    state = to_phase(state, bastet.owner, "ordnance")
    state, _ = apply(state, LaunchTorpedoes(bastet.owner, "bastet", "doctrine", 2))
    state = to_phase(state, doctrine.owner, "astrogation")
    state = replace(state, dice=replace(state.dice, loaded=(5,)))
    CampaignFile.create(path, "Clouds", state, title=scenario.name).close()


def test_torpedo_target_stays_secret_until_a_ship_of_its_side_scans_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "clouds.ecliptic"
    torpedoes_incoming(path)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
    user.select_ship("Doctrine")
    user.show_tab("Battles")
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
