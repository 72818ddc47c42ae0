"""Seed "Solid Bodies" and "Atmospheres" (issue 20 requirement 6): crashing, landing and
crash-landing, the crush depth, atmosphere damage, the defensive bonus of fire through
atmosphere, and torpedoes in atmosphere."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.board.hexgrid import Direction, Hex, Vector
from core.board.starmap import Edge
from core.rules.void.tactical import moments
from core.rules.void.tactical.guns import atmosphere_bonus
from core.rules.void.tactical.terms import Torpedoes, terms, with_terms
from core.rules.void.tactical.torpedoes import fly
from core.vector.motion import Motion
from core.vector.state import GameState, ShipStatus
from tests.core.rules.void.tactical.make import begin, place, setup, ship, texts

DOWN = Direction.S


def over(body: str, kind: str = "planet", loaded: tuple[int, ...] = ()) -> GameState:
    state = begin(
        setup(
            ship("doctrine", "destroyer-doctrine", "attacker", torpedoes=30),
            ship("bastet", "frigate-bastet", "defender", torpedoes=10),
            body=body,
            body_kind=kind,
        )
    )
    return replace(state, dice=replace(state.dice, loaded=loaded))


def at_depth(state: GameState, depth: int, col: int = 10) -> Hex:
    bounds = state.starmap.bounds
    h = bounds.labels.from_offset(col, bounds.height - 1 - depth)
    assert bounds.depth_from(Edge.BOTTOM, h) == depth
    return h


@pytest.mark.parametrize(
    ("speed", "status", "fuel"),
    [(3, ShipStatus.DESTROYED, 20), (2, ShipStatus.LANDED, 19), (1, ShipStatus.LANDED, 19)],
)
def test_meeting_a_surface_destroys_above_speed_2_and_lands_at_2_or_1(
    speed: int, status: ShipStatus, fuel: int
) -> None:
    state = over("Mercury")  # airless: the surface alone
    state = place(state, "bastet", at_depth(state, 0), Vector.of(DOWN, speed))
    state, events = moments.moved(state, "blue")
    assert state.ship("bastet").status is status
    assert state.ship("bastet").fuel == fuel
    assert ("crash-lands" in texts(events)) == (speed == 2)


def test_a_giants_crush_depth_destroys_a_ship() -> None:
    state = over("Jupiter", "gas giant")
    state = place(state, "bastet", at_depth(state, 0), Vector.of(DOWN, 1))
    state, events = moments.moved(state, "blue")
    assert state.ship("bastet").status is ShipStatus.DESTROYED
    assert "crush depth" in texts(events)


def test_flying_through_atmosphere_rolls_asteroid_plus_depth_and_speed() -> None:
    state = over("Earth", loaded=(1,))
    state = place(state, "bastet", at_depth(state, 2), Vector.of(DOWN, 4))
    state, events = moments.moved(state, "blue")
    said = texts(events)
    # zones from depth 6 (level 0) down to depth 2 (level 4); 1 + 4 + 1 = 6: D2
    assert "+ 4 (deepest zone) + 1 (speed above 3) = 6" in said
    assert state.ship("bastet").disabled_for == 2


def test_fire_through_atmosphere_adds_each_hexs_level_to_the_defence() -> None:
    state = over("Earth")
    state = place(state, "doctrine", at_depth(state, 8, col=10))
    state = place(state, "bastet", at_depth(state, 3, col=10))
    # the fire passes depths 7..3: levels -, 0, 1, 2 (at depth 4) and 3 (the target's hex)
    bonus = atmosphere_bonus(state, state.ship("doctrine"), state.ship("bastet"))
    assert bonus == 0 + 1 + 2 + 3


def test_torpedoes_entering_atmosphere_are_lost_on_any_damage() -> None:
    state = over("Earth", loaded=(6,))
    state = place(state, "bastet", at_depth(state, 2))
    start = at_depth(state, 7)
    group = Torpedoes(
        "T1", "red", "Red", "doctrine", "bastet", 2, Motion(start, Vector.of(DOWN, 2)), 1
    )
    state = with_terms(replace(state, round=2), replace(terms(state), torpedoes=(group,)))
    state, events = fly(state, "red")
    assert "burns up in the atmosphere" in texts(events)
    assert not terms(state).torpedoes
    assert state.ship("bastet").disabled_for == 0
