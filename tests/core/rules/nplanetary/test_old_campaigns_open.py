"""A campaign begun before the rebalance of Race for the Belt and The Six Worlds
(2026-11-26) opens and plays on as it began: a campaign file stores its start state and
every command, and never reads the scenario file again, so the new scenario files change
nothing in it. The scenario files as they were are kept in ``before_rebalance/``."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.engine.commands import Command
from core.rules.nplanetary.model import hold_of, holdings_of
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.state import GameState, state_hash
from tests.core.rules.nplanetary.scripted import play_out, through_campaign

BEFORE = Path(__file__).parent / "before_rebalance"


def old_start(name: str, seed: int) -> GameState:
    scenario = load_scenario(BEFORE / f"{name}.toml")
    seats = [Seat(f"Player {i + 1}", "#808080") for i in range(scenario.min_players)]
    state, _ = scenario.start(seats, seed)
    return state


def nothing(state: GameState, player: str) -> list[Command]:
    return []


@pytest.mark.parametrize("name", ["nplanetary-belt-race", "nplanetary-solar-system"])
def test_a_campaign_of_the_old_scenario_reopens_with_its_old_start(
    name: str, tmp_path: Path
) -> None:
    start = old_start(name, seed=7)
    log: list[Command] = []
    played, _ = play_out(start, nothing, rounds=2, log=log)
    reopened = through_campaign(tmp_path / f"{name}.ecliptic", name, start, log)
    assert state_hash(reopened) == state_hash(played)
    # still the old layout and stocks, not the new scenario file's
    if name == "nplanetary-belt-race":
        labels = reopened.starmap.bounds.labels
        assert labels.format(reopened.ship("blue-prospector").motion.position) == "0902"
    else:
        assert hold_of(reopened.ship("mars-freighter")).amount("ore") == 5
        mars = next(i for i in holdings_of(reopened).installations if i.id == "mars-base")
        assert mars.amount("supplies") == 22  # 20 and two rounds' income
