"""The cost scheme a game's navies were bought under is kept in the game's state: the
scenario's ``costs`` (or the one chosen before the purchases), and "seed" for games saved
before it was kept, which load as they were with the same hash."""

from __future__ import annotations

from dataclasses import replace

from core.engine.play import start
from core.engine.serial import from_data, to_data
from core.engine.states import snapshot_text, state_hash
from core.rules.squadrons.scenario import load_scenario
from core.rules.squadrons.state import RULES, SquadronGame

from .helpers import SEATS


def begin(costs: str | None = None) -> SquadronGame:
    setup = load_scenario("border-raid")
    if costs is not None:
        setup = replace(setup, cost_scheme=costs)
    state, _ = start(RULES, SEATS, seed=7, setup=setup)
    assert isinstance(state, SquadronGame)
    return state


def test_the_game_keeps_the_cost_scheme_its_navies_were_bought_under() -> None:
    assert begin().cost_scheme == "seed"
    kept = begin("flat")
    assert kept.cost_scheme == "flat"
    again = from_data(to_data(kept))
    assert isinstance(again, SquadronGame) and again.cost_scheme == "flat"


def test_a_game_saved_before_the_scheme_was_kept_loads_with_the_seeds_scheme() -> None:
    state = begin()
    data = to_data(state)
    assert "costs" not in str(data)  # the default is left out: old files keep their form
    old = from_data(data)
    assert isinstance(old, SquadronGame) and old.cost_scheme == "seed"
    assert state_hash(old) == state_hash(state)
    assert "costs" not in snapshot_text(state, hashing=True)  # so the hash is as before
    assert state_hash(begin("flat")) != state_hash(state)
