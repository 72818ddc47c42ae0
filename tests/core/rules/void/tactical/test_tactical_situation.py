"""Seed "Initial tactical situation" (issue 20 requirement 4): the battle's start derived
from how the ships met at strategic scale, and the defender's turn of one hexside."""

from __future__ import annotations

import pytest

from core.board.hexgrid import Direction, Vector
from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand
from core.engine.play import apply
from core.rules.void.tactical.orders import TurnStart
from core.rules.void.tactical.situation import APART, heading, start, turned
from core.rules.void.tactical.terms import terms
from tests.core.rules.void.tactical.make import begin, setup, ship


def _positions(s):  # type: ignore[no-untyped-def]
    return {i: (h, v) for i, h, v in start(s).places}


def test_baseline_its_places_the_sides_40_hexes_apart_facing_at_twice_strategic_speed() -> None:
    s = setup(
        ship("a", "frigate-bastet", "attacker", Vector(1, 0)),
        ship("b", "frigate-bastet", "attacker", Vector(1, 0)),
        ship("d", "destroyer-doctrine", "defender", Vector(-1, 0)),
    )
    found = start(s)
    assert found.situation.kinds == ("baseline",)
    p = _positions(s)
    assert p["a"][0].distance(p["d"][0]) == APART
    assert p["a"][1] == Vector(2, 0) and p["d"][1] == Vector(-2, 0)
    assert p["b"] == p["a"]  # extra ships start with the first ship
    assert "40 hexes apart" in found.situation.text


def test_chase_its_gives_the_attacker_three_times_speed_for_a_fuel_point() -> None:
    s = setup(
        ship("a", "frigate-bastet", "attacker", Vector(1, 0)),
        ship("d", "destroyer-doctrine", "defender", Vector(1, 0)),
    )
    found = start(s)
    p = _positions(s)
    assert found.situation.kinds == ("chase",) and found.chase_fuel
    assert p["a"][1] == Vector(3, 0) and p["d"][1] == Vector(2, 0)
    assert p["d"][0] == p["a"][0] + Vector(APART, 0)  # the attacker comes from astern
    paid = setup(*s.ships, cost="fuel")
    assert not start(paid).chase_fuel and _positions(paid)["a"][1] == Vector(2, 0)


def test_angled_intercept_keeps_the_headings_the_ships_crossed_with() -> None:
    s = setup(
        ship("a", "frigate-bastet", "attacker", Vector(1, 0)),
        ship("d", "destroyer-doctrine", "defender", Vector(-1, 1) * 1),
    )
    s = setup(
        ship("a", "frigate-bastet", "attacker", Vector.of(Direction.SE)),
        ship("d", "destroyer-doctrine", "defender", Vector.of(Direction.N)),
    )
    p = _positions(s)
    assert start(s).situation.kinds == ("angled",)
    assert heading(p["a"][1]) is Direction.SE and heading(p["d"][1]) is Direction.N


def test_fast_intercept_starts_the_faster_ship_at_three_times_speed() -> None:
    s = setup(
        ship("a", "frigate-bastet", "attacker", Vector(3, 0)),
        ship("d", "destroyer-doctrine", "defender", Vector(-1, 0)),
        difference=2,
    )
    p = _positions(s)
    assert "fast" in start(s).situation.kinds
    assert p["a"][1].speed == 9 and p["d"][1].speed == 2


def test_the_defender_may_turn_its_start_one_hexside_before_its_first_move() -> None:
    state = begin(
        setup(
            ship("a", "frigate-bastet", "attacker", Vector(1, 0)),
            ship("d", "destroyer-doctrine", "defender", Vector(-1, 0)),
        )
    )
    with pytest.raises(IllegalCommand):
        apply(state, TurnStart("red", 1))  # the attacker has no such choice
    before = state.ship("d").motion.velocity
    state, events = apply(state, TurnStart("blue", 1))
    assert state.ship("d").motion.velocity == turned(before, 1) != before
    assert terms(state).turned and "turns its start" in events[0].text
    with pytest.raises(IllegalCommand):
        apply(state, TurnStart("blue", -1))  # once only


def test_the_defender_cannot_turn_its_start_once_its_first_move_has_begun() -> None:
    state = begin(
        setup(
            ship("a", "frigate-bastet", "attacker", Vector(1, 0)),
            ship("d", "destroyer-doctrine", "defender", Vector(-1, 0)),
        )
    )
    state, _ = apply(state, EndPhase("blue"))  # astrogation over
    with pytest.raises(IllegalCommand, match="before it first moves"):
        apply(state, TurnStart("blue", 1))
