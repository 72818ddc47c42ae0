"""Hot seat with secrets (issue 23): the window shows the player at the table the same
view a refereed campaign's player file would give them, never the whole game."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.play.session import GameSession
from core.engine import play as engine
from core.scenario.document import Seat
from core.scenario.reader import load_scenario

FAR_PICKET = Path(__file__).parents[1] / "acceptance" / "scenarios" / "far-picket.toml"


def session(fog: bool) -> GameSession:
    scenario = load_scenario(FAR_PICKET)
    scenario = replace(scenario, switches=(*scenario.switches, ("fog_of_war", fog)))
    state, events = scenario.start([Seat("Ann", "#e69f00"), Seat("Bob", "#56b4e9")], 11)
    return GameSession(state, events)


def test_fog_of_war_at_one_table_shows_the_seated_player_their_view(qtbot: QtBot) -> None:
    game = session(fog=True)
    seat = game.seat()
    assert seat is not None
    shown = game.state
    view = engine.view(game.live, seat.id)
    assert [s.manifest for s in shown.ships] == [s.manifest for s in view.ships]
    assert shown.dice == game.live.dice  # never shown at the table, kept for the plotter
    # whoever sits, an undetected enemy's manifest is not on screen
    hidden = [s for s in game.live.ships if s.manifest != shown.ship(s.id).manifest]
    assert hidden and all(s.owner != seat.id for s in hidden)


def test_a_game_without_secrets_is_shown_as_it_is(qtbot: QtBot) -> None:
    game = session(fog=False)
    assert game.state is game.live
