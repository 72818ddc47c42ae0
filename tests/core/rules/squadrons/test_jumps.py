"""Jumps, each rule by name: a secret destination within the jump factor, a fuel counter
per jump hex, never arriving inside a 100-diameter limit, seven days in transit, and
fuel free after a day at a gas giant or starport."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.engine.errors import IllegalCommand
from core.engine.play import apply
from core.rules.squadrons.commands import BeginJump, CancelJump, Move
from core.rules.squadrons.design import Kind
from core.rules.squadrons.events import Arrived
from core.rules.squadrons.state import Jump

from .helpers import IMP, ZHO, at, end_step, hx, new_game, play, squadron, to_step

SCOUT = dict(jump=3, maneuver=6, sensor=4, attack=1, attack_range=1, defense=1)
OUT_THERE = "0505"  # outside every limit on Marlow's board


def scout(fuel: int = 3, label: str = OUT_THERE, **more: int):
    return new_game(
        squadron("s", IMP, at("Marlow", label), "Scout", **{**SCOUT, **more}, fuel=fuel),
        squadron("z", ZHO, at("Khevra", "0505"), "Picket", **SCOUT),
    )


def days(state, n: int):
    events = []
    for _ in range(n):
        state, said = to_step(state, "place")
        events += said
        state, said = end_step(state)
        events += said
    return state, events


def test_a_jump_goes_to_a_secret_system_and_hex_and_arrives_on_the_seventh_day() -> None:
    state = scout()
    to = hx("Dunmore", "0303")
    state, _ = play(state, BeginJump("ann", "s", "Dunmore", to))  # 3 jump hexes
    assert state.counter("s").jump == Jump("Marlow", "Dunmore", to, 3)
    state, events = days(state, 1)
    s = state.counter("s")
    assert s.place is None and s.transit == Jump("Marlow", "Dunmore", to, 3, day=1)
    assert s.fuel == 0  # one fuel counter per jump hex
    for day in range(2, 7):
        state, events = days(state, 1)
        assert state.counter("s").transit.day == day
    assert not any(isinstance(e, Arrived) for e in events)
    state, events = days(state, 1)  # the seventh day
    assert state.counter("s").place == at("Dunmore", "0303")
    assert [e.system for e in events if isinstance(e, Arrived)] == ["Dunmore"]
    assert state.day == 8


def test_a_jump_longer_than_the_jump_factor_is_refused() -> None:
    with pytest.raises(IllegalCommand, match="4 jump hexes away; Scout's jump factor is 3"):
        apply(scout(), BeginJump("ann", "s", "Tessaly", hx("Tessaly", "0303")))


def test_a_jump_needs_one_fuel_counter_per_jump_hex() -> None:
    with pytest.raises(IllegalCommand, match="needs 3 fuel counters for that jump and carries 2"):
        apply(scout(fuel=2), BeginJump("ann", "s", "Dunmore", hx("Dunmore", "0303")))


def test_a_jump_never_ends_inside_a_100_diameter_limit() -> None:
    with pytest.raises(IllegalCommand, match="inside a 100-diameter limit"):
        apply(scout(), BeginJump("ann", "s", "Dunmore", hx("Dunmore", "1310")))  # the star


def test_a_jump_begins_outside_every_limit_unless_the_switch_is_off() -> None:
    state = scout(label="1310")  # on Marlow's star
    with pytest.raises(IllegalCommand, match="must move out of it before it can jump"):
        apply(state, BeginJump("ann", "s", "Dunmore", hx("Dunmore", "0303")))


def test_a_planet_never_jumps() -> None:
    fort = squadron("p", IMP, at("Marlow", "0505"), "Fort", Kind.PLANET, attack=2, defense=2)
    state = new_game(fort)
    with pytest.raises(IllegalCommand, match="planet and never jumps"):
        apply(state, BeginJump("ann", "p", "Dunmore", hx("Dunmore", "0303")))


def test_a_jump_order_can_be_taken_back_before_the_jump_step() -> None:
    state, _ = play(scout(), BeginJump("ann", "s", "Dunmore", hx("Dunmore", "0303")))
    state, _ = play(state, CancelJump("ann", "s"))
    state, _ = days(state, 1)
    assert state.counter("s").place == at("Marlow", OUT_THERE)


def test_fuel_is_taken_on_free_after_a_whole_day_at_a_gas_giant_or_starport() -> None:
    state = scout(fuel=0, label="2008")  # beside Marlow II, a gas giant
    state, _ = days(state, 1)
    assert state.counter("s").fuel == 3  # the tanks filled to the jump factor


def test_no_fuel_for_a_squadron_that_moved_during_the_day() -> None:
    state = scout(fuel=0, label="2007")
    state, _ = play(state, Move("ann", ("s",), hx("Marlow", "2008")))
    state, _ = days(state, 1)
    assert state.counter("s").fuel == 0
    state, _ = days(state, 1)
    assert state.counter("s").fuel == 3


def test_a_jump_damage_has_made_impossible_is_called_off_at_the_jump_step() -> None:
    state, _ = play(scout(), BeginJump("ann", "s", "Dunmore", hx("Dunmore", "0303")))
    state = state.with_counter(replace(state.counter("s"), fuel=2))
    state, _ = days(state, 1)
    s = state.counter("s")
    assert s.place == at("Marlow", OUT_THERE) and s.jump is None and s.transit is None
