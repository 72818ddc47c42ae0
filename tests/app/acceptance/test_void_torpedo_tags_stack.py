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
from core.engine.play import apply
from core.rules.void.tactical.terms import terms, with_terms
from core.rules.void.tactical.torpedoes import LaunchTorpedoes
from core.vector.state import GameState
from tests.app.acceptance.void_clouds import clouds, opened, to_phase


def groups_passing() -> GameState:
    """Into the clouds: each ship launches at the other; the groups meet in one hex."""
    state = clouds(9)
    doctrine, bastet = state.ship("doctrine"), state.ship("bastet")
    state = to_phase(state, bastet.owner, "ordnance")
    state, _ = apply(state, LaunchTorpedoes(bastet.owner, "bastet", "doctrine", 2))
    state = to_phase(state, doctrine.owner, "ordnance")
    state, _ = apply(state, LaunchTorpedoes(doctrine.owner, "doctrine", "bastet", 1))
    now = terms(state)
    first, second = now.torpedoes
    met = replace(second, motion=replace(second.motion, position=first.motion.position))
    return with_terms(state, replace(now, torpedoes=(first, met)))


def test_two_groups_in_one_hex_each_show_a_tag_the_player_can_hover(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = opened(qtbot, tmp_path, groups_passing())
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
