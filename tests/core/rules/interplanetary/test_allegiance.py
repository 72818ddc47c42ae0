"""Seed "Optional rules: Bases pick sides" (no service or docking at an enemy base) and
"Special asteroids" (only the side controlling their owner may enter)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.board.hexgrid import Direction, Hex, Vector
from core.board.starmap import DEFAULT_SERVICES, Base, BaseKind, Bounds, SpecialAsteroids, StarMap
from core.engine.errors import IllegalCommand
from core.engine.play import apply, new_game
from core.rules.interplanetary.bases import Refuel
from core.vector.course import ForbiddenAsteroid
from core.vector.course_check import check_plan
from core.vector.motion import Motion
from core.vector.state import Plan
from tests.core.optional_games import RIVALS, armed, to_phase

ROCK = Hex(5, 5)
OUTPOST = Base(
    "Outpost", BaseKind.ASTEROID, ROCK, owner="blue", services=DEFAULT_SERVICES[BaseKind.ASTEROID]
)
BELT = StarMap(
    "Belt",
    Bounds(14, 14),
    asteroids=frozenset({ROCK}),
    bases=(OUTPOST,),
    special_asteroids=(SpecialAsteroids("Outpost", frozenset({Hex(8, 5)})),),
)


def belt_game(ship, **switches: bool):
    state, _ = new_game(
        "interplanetary", BELT, RIVALS, (ship,), seed=1, switches=tuple(switches.items())
    )
    return state


def test_bases_pick_sides_an_enemy_base_serves_nobody_of_the_other_side():
    docked = replace(armed("red1", "a", "red", at=ROCK, fuel=4), docked_at="Outpost")
    state = to_phase(belt_game(docked, bases_pick_sides=True), "resupply")
    with pytest.raises(IllegalCommand, match="Outpost belongs to blue"):
        apply(state, Refuel("a", "red1"))
    state = to_phase(belt_game(docked), "resupply")
    after, _ = apply(state, Refuel("a", "red1"))
    assert after.ship("red1").fuel == 15


def crossing(side: str, **switches: bool):
    ship = armed("runner", "a", side, at=Hex(7, 5), v=Vector.of(Direction(0)))
    ship = replace(ship, motion=Motion(Hex(7, 5), Hex(8, 5) - Hex(7, 5)))
    state = belt_game(ship, **switches)
    return check_plan(state, state.ship("runner"), Plan())


def test_special_asteroids_only_the_side_holding_their_owner_passes():
    assert any(isinstance(h, ForbiddenAsteroid) for h in crossing("red").hazards)
    assert not any(isinstance(h, ForbiddenAsteroid) for h in crossing("blue").hazards)


def test_special_asteroids_switch_off_makes_them_ordinary_asteroids():
    result = crossing("red", special_asteroids=False)
    assert not any(isinstance(h, ForbiddenAsteroid) for h in result.hazards)
