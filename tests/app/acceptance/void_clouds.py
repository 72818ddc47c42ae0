"""Into the clouds, set up for the System III Void tests of the Battles dock and the map:
the two ships a chosen distance apart at rest, played to a given player's phase, and
opened in the window as a campaign."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from core.board.hexgrid import Vector
from core.campaign import CampaignFile
from core.engine.commands import EndPhase
from core.engine.play import apply, current_phase, waiting_for
from core.files.resources import SCENARIOS
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.state import GameState
from tests.app.acceptance.user import Player
from tests.app.acceptance.void_table import open_campaign
from tests.core.rules.void.tactical.make import place

SCENARIO = SCENARIOS / "void-into-the-clouds.toml"


def to_phase(state: GameState, owner: str, phase: str) -> GameState:
    for _ in range(20):
        who = waiting_for(state)[0]
        if current_phase(state) == phase and who.id == owner:
            return state
        state, _ = apply(state, EndPhase(who.id))
    raise AssertionError(f"never reached {owner}'s {phase}")


def clouds(apart: int) -> GameState:
    """Ann's Doctrine ``apart`` hexes from Bob's Bastet, both at rest, at the start."""
    state, _ = load_scenario(SCENARIO).start(
        [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")], 7, first=0
    )
    bastet = state.ship("bastet")
    state = place(state, "bastet", bastet.motion.position)
    return place(state, "doctrine", bastet.motion.position + Vector(0, -apart))


def save(state: GameState, path: Path) -> None:
    CampaignFile.create(path, "Clouds", state, title=load_scenario(SCENARIO).name).close()


def opened(qtbot: QtBot, tmp_path: Path, state: GameState) -> Player:
    """The game opened from File > Open, the seat taken, Doctrine selected, Battles shown."""
    path = tmp_path / "clouds.ecliptic"
    save(state, path)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
    user.select_ship("Doctrine")
    user.show_tab("Battles")
    return user
