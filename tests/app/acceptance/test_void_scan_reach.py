"""Seed "Torpedoes", ruling on the scan's reach, in the window: an enemy group farther
than a scan reaches leaves Scan greyed out and says how far it is, rather than offering a
scan that is then refused (visible controls only)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QLabel, QWidget
from pytestqt.qtbot import QtBot

from core.board.hexgrid import Vector
from core.campaign import CampaignFile
from core.engine.play import apply
from core.files.resources import SCENARIOS
from core.rules.void.tactical.torpedoes import LaunchTorpedoes
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from tests.app.acceptance.test_void_torpedo_scan import to_phase
from tests.app.acceptance.user import Player
from tests.app.acceptance.void_table import open_campaign
from tests.core.rules.void.tactical.make import place


def torpedoes_far_off(path: Path) -> None:
    """Into the clouds with the ships 14 hexes apart: the Bastet launches at the Doctrine
    (its group flies 3 hexes nearer), whose owner then plots, the group 11 hexes off."""
    scenario = load_scenario(SCENARIOS / "void-into-the-clouds.toml")
    state, _ = scenario.start([Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")], 7, first=0)
    doctrine, bastet = state.ship("doctrine"), state.ship("bastet")
    state = place(state, "bastet", bastet.motion.position)
    state = place(state, "doctrine", bastet.motion.position + Vector(0, -14))
    state = to_phase(state, bastet.owner, "ordnance")
    state, _ = apply(state, LaunchTorpedoes(bastet.owner, "bastet", "doctrine", 2))
    state = to_phase(state, doctrine.owner, "astrogation")
    CampaignFile.create(path, "Clouds", state, title=scenario.name).close()


def test_scan_out_of_reach_is_greyed_out_and_says_how_far(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "clouds.ecliptic"
    torpedoes_far_off(path)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
    user.select_ship("Doctrine")
    user.show_tab("Battles")
    box = user.find(QWidget, "scan_box")
    groups = user.find(QComboBox, "scan_group", box)
    assert isinstance(groups, QComboBox) and "target unknown" in groups.currentText()
    assert not user.button("Scan", box).isEnabled()
    note = user.find(QLabel, "scan_note", box)
    assert isinstance(note, QLabel)
    assert "11 hexes away" in note.text() and "reaches 10" in note.text(), note.text()
    assert "11 hexes" in groups.currentText()  # the list and the note agree
