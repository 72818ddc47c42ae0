"""Seed "Torpedoes" on the map: two groups in one hex (one each way, passing) each show
their own "#T" tag, one under the other, so the player can hover either for its tooltip
(the one on top used to hide the other; visible controls only)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from app.vector.overlay import ROLE_KEY
from core.board.hexgrid import Vector
from core.campaign import CampaignFile
from core.engine.play import apply
from core.files.resources import SCENARIOS
from core.rules.void.tactical.terms import terms, with_terms
from core.rules.void.tactical.torpedoes import LaunchTorpedoes
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from tests.app.acceptance.test_void_torpedo_scan import to_phase
from tests.app.acceptance.user import Player
from tests.app.acceptance.void_table import open_campaign
from tests.core.rules.void.tactical.make import place


def groups_passing(path: Path) -> None:
    """Into the clouds: each ship launches at the other; the groups meet in one hex."""
    scenario = load_scenario(SCENARIOS / "void-into-the-clouds.toml")
    state, _ = scenario.start([Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")], 7, first=0)
    doctrine, bastet = state.ship("doctrine"), state.ship("bastet")
    state = place(state, "bastet", bastet.motion.position)
    state = place(state, "doctrine", bastet.motion.position + Vector(0, -9))
    state = to_phase(state, bastet.owner, "ordnance")
    state, _ = apply(state, LaunchTorpedoes(bastet.owner, "bastet", "doctrine", 2))
    state = to_phase(state, doctrine.owner, "ordnance")
    state, _ = apply(state, LaunchTorpedoes(doctrine.owner, "doctrine", "bastet", 1))
    now = terms(state)
    first, second = now.torpedoes
    met = replace(second, motion=replace(second.motion, position=first.motion.position))
    state = with_terms(state, replace(now, torpedoes=(first, met)))
    CampaignFile.create(path, "Clouds", state, title=scenario.name).close()


def test_two_groups_in_one_hex_each_show_a_tag_the_player_can_hover(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "clouds.ecliptic"
    groups_passing(path)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
    tags = user.markers("torpedoes")
    assert len(tags) == 2
    view = user.win.map_view
    view.centerOn(tags[0])
    for tag in tags:
        assert isinstance(tag, QGraphicsItem)
        middle = tag.boundingRect().center()
        at = view.mapFromScene(tag.pos()) + QPoint(round(middle.x()), round(middle.y()))
        hovered = next(i for i in view.items(at) if i.data(ROLE_KEY) == "torpedoes")
        assert hovered is tag, (tag.toolTip(), hovered.toolTip())
