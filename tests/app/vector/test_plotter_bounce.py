"""The course plotter and a ship that bounces off the map's edge (Industrial sabotage's
science ship): its courses off the map are shown as bounces, not losses."""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsScene
from pytestqt.qtbot import QtBot

from app.board.items import HEX_SIZE
from app.vector.overlay import FATAL, ROLE_KEY, PlotOverlay, _summary, option_danger
from core.board.hexgrid import Layout
from core.vector.course import OffMap
from core.vector.preview import Option, preview
from core.vector.state import GameState
from tests.core.rules.interplanetary.test_scenario_special_rules import at_the_edge


def leaving(state: GameState, ship: str) -> Option:
    return next(
        o
        for o in preview(state, ship).options
        if any(isinstance(h, OffMap) for h in o.result.hazards)
    )


def roles(scene: QGraphicsScene) -> list[object]:
    return [item.data(ROLE_KEY) for item in scene.items()]


def test_bounce_off_the_edge_is_shown_as_a_bounce_not_off_the_map(qtbot: QtBot) -> None:
    state = at_the_edge()
    scene = QGraphicsScene()
    overlay = PlotOverlay(scene.addItem, Layout(state.starmap.bounds.orientation, size=HEX_SIZE))
    science = leaving(state, "science")
    assert option_danger(science) != FATAL
    assert "BOUNCES" in _summary(science) and "OFF MAP" not in _summary(science)
    overlay.show_course(state.ship("science").motion.position, science)
    assert "bounce" in roles(scene) and "off map" not in roles(scene)
    guard = leaving(state, "guard-p2")  # the map's own rule for every other ship: lost
    assert option_danger(guard) == FATAL and "OFF MAP" in _summary(guard)
    overlay.show_course(state.ship("guard-p2").motion.position, guard)
    assert "off map" in roles(scene) and "bounce" not in roles(scene)
