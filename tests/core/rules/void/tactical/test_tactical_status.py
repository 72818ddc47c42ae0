"""Issue 20 requirement 9's core side: the juicing and railgun state a ship's dock shows."""

from __future__ import annotations

from dataclasses import replace

from core.rules.void.crew import Juice, Kit, with_kit
from core.rules.void.tactical.status import status
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
