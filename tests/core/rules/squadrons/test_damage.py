"""Damage, each rule by name: the seed's cruiser example with every number, fuel lost
per hit, half damage under a "?" and its rounding, admirals, the allotted-damage
alternative, wrecks, and repair."""

from __future__ import annotations

from dataclasses import replace

from core.rules.squadrons.damage import destroyed, factors, halved, hit, repaired
from core.rules.squadrons.factors import Factors

from .helpers import CRUISER, IMP, squadron


def cruiser(**extra: int):
    return squadron("cruiser", IMP, None, "Cruiser Squadron", **CRUISER, **extra)


def test_the_cruiser_example_defense_absorbs_six_and_four_fall_on_every_other_factor() -> None:
    before = cruiser(fuel=3)
    assert factors(before) == Factors(4, 6, 7, 20, 7, 6, 0)
    after = hit(before, 10)
    assert after.hits == 10  # one damage counter of 10
    now = factors(after)
    assert (now.jump, now.maneuver, now.sensor, now.attack, now.attack_range, now.defense) == (
        0,
        2,
        3,
        16,
        3,
        0,
    )
    assert after.fuel == 2  # its fuel counters reduced by one


def test_hits_within_defense_wear_down_only_defense() -> None:
    now = factors(hit(cruiser(), 4))
    assert now == Factors(4, 6, 7, 20, 7, 2, 0)


def test_each_hit_costs_one_fuel_counter_and_never_below_none() -> None:
    c = hit(hit(cruiser(fuel=1), 3), 3)
    assert c.fuel == 0 and c.hits == 6


def test_supply_is_worn_down_like_the_other_factors_unless_the_switch_says_not() -> None:
    c = hit(squadron("s", IMP, None, supply=5, defense=1), 3)
    assert factors(c).supply == 3
    assert factors(c, supply_takes_damage=False).supply == 5


def test_half_damage_under_a_question_mark_rounds_down_by_default_and_up_by_switch() -> None:
    assert halved(7, round_up=False) == 3
    assert halved(7, round_up=True) == 4
    assert halved(10, round_up=False) == halved(10, round_up=True) == 5


def test_an_admiral_adds_one_to_sensor_attack_and_attack_range_while_above_zero() -> None:
    c = cruiser(admirals=1)
    assert factors(c) == Factors(4, 6, 8, 21, 8, 6, 0)
    worn = hit(replace(c, admirals=1), 13)  # 7 past defense: sensor and range gone
    now = factors(worn)
    assert (now.sensor, now.attack, now.attack_range) == (0, 14, 0)


def test_a_counter_with_every_factor_worn_to_zero_is_destroyed() -> None:
    assert not destroyed(cruiser())
    assert not destroyed(hit(cruiser(), 25))  # attack 20 - 19 = 1 left
    assert destroyed(hit(cruiser(), 26))


def test_repair_takes_one_hit_off_restoring_the_other_factors_before_defense() -> None:
    c = repaired(hit(cruiser(), 10))
    assert c.hits == 9
    assert factors(c) == Factors(1, 3, 4, 17, 4, 0, 0)


def test_allotted_damage_marks_the_hits_past_defense_against_the_factors_named() -> None:
    c = hit(cruiser(fuel=2), 10, (("attack", 4),))
    assert dict(c.allotted) == {"defense": 6, "attack": 4}
    assert factors(c) == Factors(4, 6, 7, 16, 7, 0, 0)
    assert c.fuel == 1


def test_allotted_damage_left_unallotted_falls_one_by_one_in_counter_order() -> None:
    c = hit(cruiser(), 9, ())
    assert factors(c) == Factors(3, 5, 6, 20, 7, 0, 0)


def test_repair_under_allotted_damage_restores_the_first_marked_factor_defense_last() -> None:
    c = repaired(hit(cruiser(), 8, (("attack", 2),)))
    assert dict(c.allotted) == {"defense": 6, "attack": 1}
