"""Requirements 8 and 10 of issue 20: a System III Void campaign on the solar system map,
played to its outcome by scripted players with a fixed seed, crossing battles through the
campaign file: battles fought at tactical scale, by strategic combat and by a table result
entered by hand, each a child game (the strategic game frozen meanwhile), one closed and
reopened mid-battle, each result fed back; every game replays to its stored hashes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.campaign import CampaignFile, GameRecord, playing
from core.campaign.errors import GameFrozen
from core.campaign.nesting import standing
from core.engine import serial
from core.engine.commands import EndPhase
from core.engine.encounter import Outcome
from core.engine.play import waiting_for
from core.engine.states import state_hash
from core.files.resources import SCENARIOS
from core.rules.void.autopilot import Autopilot
from core.rules.void.battle import BattleResult, BattleSetup, Resolution
from core.rules.void.fight import Reported
from core.rules.void.terms import terms_of
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.state import GameState, ShipStatus

SEATS = [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9"), Seat("Cy", "#009E73")]
WAYS: tuple[Resolution, ...] = ("tactical", "strategic", "hand")
#: two navies: the quicker ways first, the tactical battle last (one settles a duel)
WAYS2: tuple[Resolution, ...] = ("hand", "strategic", "tactical")


def table_result(setup: BattleSetup) -> tuple[Reported, ...]:
    """What the players report of a battle fought on the table: the first engaged ship
    lost, the others disabled 2 turns with two torpedoes fewer."""
    first, *rest = setup.side("defender")
    spent = [Reported(s.id, disabled_for=2, torpedoes=max(0, s.kit.torpedoes - 2)) for s in rest]
    return (Reported(first.id, destroyed=True), *spent)


def pilot(ways: tuple[Resolution, ...] = WAYS) -> Autopilot:
    return Autopilot(choose=lambda n: ways[n % len(ways)], report=table_result, aggression=2)


def new_campaign(path: Path, players: int, seed: int) -> None:
    scenario = load_scenario(SCENARIOS / "void-belt-standoff.toml")
    state, _ = scenario.start(SEATS[:players], seed, first=0)
    CampaignFile.create(path, "Belt war", state, title=scenario.name).close()


def play_battle(
    file: CampaignFile, battle_id: int, auto: Autopilot, steps: int | None = None
) -> None:
    battle = GameRecord(file, battle_id)
    n = 0
    while not battle.state.over and (steps is None or n < steps):
        (who, *_) = [p.id for p in _waiting(battle.state)]
        battle.play(auto.next(battle.state, who))
        n += 1


def _waiting(state: object) -> list[Any]:
    return waiting_for(state)


@pytest.mark.parametrize(("players", "seed", "ways"), [(2, 5, WAYS2), (3, 7, WAYS)])
def test_a_scripted_void_campaign_crosses_battles_through_the_file_to_its_outcome(
    tmp_path: Path, players: int, seed: int, ways: tuple[Resolution, ...]
) -> None:
    path = tmp_path / "belt.ecliptic"
    new_campaign(path, players, seed)
    auto = pilot(ways)
    reopened = False
    for _ in range(3000):
        with CampaignFile.open(path) as file:
            war = GameRecord(file, 1)
            if war.state.over:
                break
            child = standing(file, 1).open_child
            if child is not None:
                with pytest.raises(GameFrozen):
                    war.play(EndPhase(_waiting(war.state)[0].id))
                resolution = terms_of(war.state).battle.resolution  # type: ignore[union-attr]
                if not reopened and resolution != "hand":  # a table result is one order
                    play_battle(file, child[0], auto, steps=1)  # then closed mid-battle
                    assert not playing.is_over(GameRecord(file, child[0]).state)
                    reopened = True
                    continue
                play_battle(file, child[0], auto)
                continue
            (who, *_) = [p.id for p in _waiting(war.state)]
            war.play(auto.next(war.state, who))
    assert reopened
    with CampaignFile.open(path, read_only=True) as file:
        war = GameRecord(file, 1)
        state = war.state
        assert isinstance(state, GameState) and state.over
        battles = [g for g in file.games() if g.parent_id == 1]
        assert len(battles) >= 2
        assert terms_of(state).battles == len(battles)
        kinds = set()
        for game in battles:
            assert game.result is not None
            outcome = serial.from_data(json.loads(game.result))
            assert isinstance(outcome, Outcome) and isinstance(outcome.details, BattleResult)
            record = GameRecord(file, game.id)
            assert playing.is_over(record.state)
            kinds.add(outcome.details.resolution)
            for step in record.line():
                assert state_hash(record.state_at(step.id)) == step.hash
        assert kinds == set(ways)  # a battle of each kind the players chose
        assert {b.scale for b in battles} == {
            "tactical" if w == "tactical" else "strategic" for w in ways
        }
        for step in war.line():
            assert state_hash(war.state_at(step.id)) == step.hash
        standing_sides = {s.side for s in state.ships if s.status is not ShipStatus.DESTROYED}
        assert state.winners and len(standing_sides) == 1  # the last navy standing
        assert state.round >= 2  # fought over more than one strategic turn
        assert any(s.status is ShipStatus.DESTROYED for s in state.ships)
