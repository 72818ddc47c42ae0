"""Repair and resupply, each rule by name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.engine.errors import IllegalCommand
from core.engine.play import apply
from core.rules.squadrons.commands import Repair
from core.rules.squadrons.damage import now

from .helpers import IMP, ZHO, at, end_step, new_game, play, squadron, to_step

HULL = dict(jump=2, maneuver=3, sensor=2, attack=6, attack_range=2, defense=2)


def damaged(hits: int = 5, **carried: int):
    state = new_game(
        squadron("d", IMP, at("Marlow", "0505"), "Damaged", **HULL, **carried),
        squadron("t", IMP, at("Marlow", "0505"), "Tender", supply=4, defense=1, stores=3),
        squadron("e", IMP, at("Marlow", "0707"), "Elsewhere", supply=4, defense=1, stores=3),
        squadron("z", ZHO, at("Khevra", "0505"), **HULL),
    )
    state = state.with_counter(replace(state.counter("d"), hits=hits))
    state, _ = to_step(state, "repair")
    return state


def test_repair_removes_one_hit_per_repair_step_with_one_supply_counter() -> None:
    state, _ = play(damaged(stores=2), Repair("ann", "d"))
    assert state.counter("d").hits == 4 and state.counter("d").supply == 1
    with pytest.raises(IllegalCommand, match="made its 1 repair"):
        apply(state, Repair("ann", "d"))


def test_repair_may_use_a_supply_squadron_in_the_same_hex() -> None:
    state, _ = play(damaged(), Repair("ann", "d", "t"))
    assert state.counter("d").hits == 4 and state.counter("t").supply == 2
    with pytest.raises(IllegalCommand, match="not in the same hex"):
        apply(damaged(), Repair("ann", "d", "e"))


def test_repair_needs_a_supply_counter() -> None:
    with pytest.raises(IllegalCommand, match="carries no supply counter"):
        apply(damaged(), Repair("ann", "d"))


def test_an_admiral_adds_one_repair_per_step() -> None:
    state, _ = play(damaged(admirals=1), Repair("ann", "d", "t"), Repair("ann", "d", "t"))
    assert state.counter("d").hits == 3
    with pytest.raises(IllegalCommand, match="made its 2 repair"):
        apply(state, Repair("ann", "d", "t"))


def test_repairs_are_counted_afresh_each_day() -> None:
    state, _ = play(damaged(stores=2), Repair("ann", "d"))
    state, _ = end_step(state)
    state, _ = to_step(state, "repair")
    state, _ = play(state, Repair("ann", "d"))
    assert state.counter("d").hits == 3


def test_a_whole_day_at_a_starport_refills_supply_counters_to_the_supply_factor() -> None:
    state = new_game(
        squadron("t", IMP, at("Marlow", "1404"), "Tender", supply=4, defense=1, stores=1),
        squadron("z", ZHO, at("Khevra", "0505"), **HULL),
    )
    state, _ = to_step(state, "place")
    assert state.counter("t").supply == 4


def test_supply_counters_carried_outlast_damage_to_the_supply_factor() -> None:
    """Ruling: hits that wear the Supply factor down do not destroy the supply counters
    already aboard (the seed takes only a fuel counter per hit); the factor limits what
    is loaded at a starport. A wrecked Supply factor still repairs with what it carries."""
    state = damaged(hits=5, supply=2, stores=2)  # 3 hits past defense: Supply 2 -> 0
    assert now(state, state.counter("d")).supply == 0 and state.counter("d").supply == 2
    state, _ = play(state, Repair("ann", "d"))
    assert state.counter("d").hits == 4 and state.counter("d").supply == 1
