"""Issue 20 requirement 9's core side: the juicing and railgun state a ship's dock shows."""

from __future__ import annotations

from dataclasses import replace

from core.rules.void.crew import Juice, Kit, with_kit
from core.rules.void.tactical.status import ship_tags, status
from tests.core.rules.void.tactical.make import duel


def test_a_ships_status_says_its_juice_railguns_and_torpedoes() -> None:
    state = duel()
    lines = status(state, "doctrine")
    assert "Crew off the juice: burns of 3 hexes or more hurt it" in lines
    assert any(line.startswith("Railguns silent: railguns do not fire") for line in lines)
    assert "Torpedoes aboard: 30 (6 tubes)" in lines
    juiced = with_kit(state.ship("doctrine"), Kit(30, Juice.JUICED, 0))
    state = replace(state.with_ship(juiced), round=2)
    lines = status(state, "doctrine")
    assert "Crew on the juice (juicing this turn)" in lines
    assert "Combat strength -1 this turn" in lines and "Railguns ready" in lines


def test_a_crew_off_the_juice_that_burns_hard_in_a_battle_is_not_tagged_juiced() -> None:
    """Seed "Juice": in a battle only a crew that took the juice is on it; a hard burn
    without it leaves the crew unprotected, and the Ships dock must not say "juiced"."""
    state = duel()
    burned = replace(state.ship("doctrine"), juiced=True)  # a burn of 3 hexes or more
    state = state.with_ship(burned)
    assert "Crew off the juice: burns of 3 hexes or more hurt it" in status(state, "doctrine")
    assert "juiced" not in ship_tags(state, "doctrine")
    on = with_kit(state.ship("doctrine"), Kit(30, Juice.JUICED, 0))
    assert "juiced" in ship_tags(state.with_ship(on), "doctrine")


def test_a_disabled_ships_railguns_are_silent_not_ready() -> None:
    """Seed "Damage": a disabled ship does not fire, so its docks must not call its
    railguns ready."""
    state = replace(duel(), round=2)
    assert "Railguns ready" in status(state, "doctrine")
    state = state.with_ship(replace(state.ship("doctrine"), disabled=True, disabled_for=2))
    assert any(
        line.startswith("Railguns silent: Doctrine's weapons are down")
        for line in status(state, "doctrine")
    )
    assert "railguns silent" in ship_tags(state, "doctrine")
