"""Seed "Baseline ITS": a side's additional ships may start within 2 hexes of its first
ship. They start in their lead ship's hex, and the side's player may place each within
2 hexes of it in the side's first astrogation phase, before any of its ships moves."""

from __future__ import annotations

import pytest

from core.board.hexgrid import Vector
from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand
from core.engine.play import apply, current_phase
from core.rules.void.tactical.orders import PlaceShip
from core.vector.state import GameState
from tests.core.rules.void.tactical.make import begin, setup, ship


def _battle() -> GameState:
    return begin(
        setup(
            ship("a", "frigate-bastet", "attacker", Vector(1, 0)),
            ship("d1", "destroyer-doctrine", "defender", Vector(-2, 0)),
            ship("d2", "frigate-bastet", "defender", Vector(-1, 0)),
        )
    )


def test_extra_ships_start_in_their_lead_ships_hex_by_default() -> None:
    state = _battle()
    assert state.ship("d2").motion == state.ship("d1").motion  # d1 is faster: it leads


def test_extra_ships_may_be_placed_within_2_hexes_of_their_lead_ship_at_the_start() -> None:
    state = _battle()
    lead = state.ship("d1").motion
    state, events = apply(state, PlaceShip("blue", "d2", lead.position + Vector(2, -1)))
    placed = state.ship("d2").motion
    assert placed.position == lead.position + Vector(2, -1)
    assert placed.velocity == lead.velocity  # the lead's vector, as the seed keeps headings
    assert "2 hexes from D1" in events[0].text
    # placed again while the phase lasts, even back in the lead's hex
    state, _ = apply(state, PlaceShip("blue", "d2", lead.position))
    assert state.ship("d2").motion == lead


def test_extra_ships_are_not_placed_further_than_2_hexes_nor_the_lead_nor_anothers() -> None:
    state = _battle()
    lead = state.ship("d1").motion.position
    with pytest.raises(IllegalCommand, match="within 2 hexes"):
        apply(state, PlaceShip("blue", "d2", lead + Vector(3, 0)))
    with pytest.raises(IllegalCommand, match="leads its side"):
        apply(state, PlaceShip("blue", "d1", lead + Vector(1, 0)))
    with pytest.raises(IllegalCommand):
        apply(state, PlaceShip("blue", "a", lead))  # not blue's ship


def test_extra_ships_are_placed_only_in_the_battles_first_astrogation_phase() -> None:
    state = _battle()
    state, _ = apply(state, EndPhase("blue"))
    assert current_phase(state) != "astrogation"
    lead = state.ship("d1").motion.position
    with pytest.raises(IllegalCommand, match="first astrogation phase"):
        apply(state, PlaceShip("blue", "d2", lead + Vector(1, 0)))
