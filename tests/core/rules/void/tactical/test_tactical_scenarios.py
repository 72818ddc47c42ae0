"""Issue 20 requirement 10, tactical part: the Big Danger against the six Bastets at
tactical scale only, and a battle over Venus's atmosphere, each played to an outcome by
a scripted game with a fixed seed; and a campaign whose battles are fought at tactical
scale as child games through the campaign file, their results fed back."""

from __future__ import annotations

from pathlib import Path

from core.campaign import CampaignFile, GameRecord
from core.campaign.nesting import standing
from core.engine.play import start, waiting_for
from core.engine.states import state_hash
from core.files.resources import SCENARIOS
from core.rules.void.autopilot import Autopilot
from core.rules.void.tactical import autopilot, entry, scenarios
from core.rules.void.tactical.terms import tactical_terms
from core.rules.void.terms import terms_of
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.state import GameState, Player, ShipStatus
from tests.core.rules.void.tactical.make import rules


def _play(setup_of, seed: int) -> GameState:  # type: ignore[no-untyped-def]
    setup = setup_of(rules())
    sides = {s.owner: s.side for s in setup.ships}
    players = tuple(Player(p, p.title(), sides[p]) for p in setup.seats)
    state, _ = start("system3void-tactical", players, seed=seed, setup=setup)
    assert isinstance(state, GameState)
    state, _ = autopilot.play(state)
    return state


def test_big_danger_against_six_bastets_at_tactical_scale_is_played_to_an_outcome() -> None:
    state = _play(scenarios.big_danger, seed=7)
    assert state.over and len(state.winners) == 1
    result = entry.result(state)
    assert result is not None and result.resolution == "tactical"
    assert any(s.destroyed for s in result.ships)
    assert tactical_terms(state) is not None
    spent = [s for s in result.ships if s.kit.torpedoes < 10]
    assert spent  # torpedoes were fired


def test_the_tactical_scenarios_are_listed_by_id() -> None:
    assert [s.id for s in scenarios.SCENARIOS] == ["void-big-danger", "void-into-the-clouds"]
    assert scenarios.scenario("void-into-the-clouds").make is scenarios.into_the_clouds


def test_a_battle_over_venus_is_played_to_an_outcome_in_its_atmosphere() -> None:
    state = _play(scenarios.into_the_clouds, seed=5)
    assert state.over
    assert len(state.starmap.atmospheres[0].layers) == 13
    assert any(s.status is not ShipStatus.ACTIVE for s in state.ships)


SEATS = [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9"), Seat("Cy", "#009E73")]


def test_a_campaigns_battles_are_fought_at_tactical_scale_through_the_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "belt.ecliptic"
    scenario = load_scenario(SCENARIOS / "void-belt-standoff.toml")
    state, _ = scenario.start(SEATS, 1, first=0)
    CampaignFile.create(path, "Belt war", state, title=scenario.name).close()
    strategic = Autopilot(choose=lambda n: "tactical")
    fought = 0
    for _ in range(4000):
        with CampaignFile.open(path) as file:
            war = GameRecord(file, 1)
            if war.state.over or fought >= 2:
                break
            child = standing(file, 1).open_child
            if child is not None:
                battle = GameRecord(file, child[0])
                while not battle.state.over:
                    who = waiting_for(battle.state)[0].id
                    battle.play(autopilot.next_command(battle.state, who))
                fought += 1
                continue
            who = waiting_for(war.state)[0].id
            war.play(strategic.next(war.state, who))
    assert fought >= 2
    with CampaignFile.open(path, read_only=True) as file:
        war = GameRecord(file, 1)
        battles = [g for g in file.games() if g.parent_id == 1]
        assert {b.scale for b in battles} == {"tactical"}
        assert terms_of(war.state).battle is None  # every result went back
        for game in battles:
            record = GameRecord(file, game.id)
            assert game.result is not None and tactical_terms(record.state) is not None
            for step in record.line():
                assert state_hash(record.state_at(step.id)) == step.hash
        for step in war.line():
            assert state_hash(war.state_at(step.id)) == step.hash
