"""Bad ruleset files: every problem named with its file, field and line, all of them at
once, and nothing loaded."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from core.board.problems import FileProblems
from core.files.ruleset import KNOWN_SWITCHES, burn_costs_for
from core.files.rulesets import load_ruleset
from tests.core.files.test_ruleset import GOOD, at, problems_of, write

# ---- bad files: every problem named with file, field and line ----


def test_missing_file_is_a_problem(tmp_path: Path) -> None:
    with pytest.raises(FileProblems, match="no such file"):
        load_ruleset(tmp_path / "none.toml")


def test_unknown_field_is_named_with_its_line(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace('profile = "plain"', 'profile = "plain"\nspeed = 3'))
    assert found == [at(tmp_path, 37, "units[1].speed: unknown field 'speed'")]


def test_unknown_top_level_field_is_named(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("ruleset_version = 2", "ruleset_version = 2\nx = 1"))
    assert found == [at(tmp_path, 6, "x: unknown field 'x'")]


def test_movement_phase_must_be_one_of_the_phases(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace('movement_phase = "move"', 'movement_phase = "go"'))
    assert found == [
        at(
            tmp_path,
            10,
            "sequence.movement_phase: movement phase 'go' is not one of the phases "
            "(plot, move, fire)",
        )
    ]


def test_phase_listed_twice_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace('["plot", "move", "fire"]', '["plot", "move", "plot"]')
    assert problems_of(tmp_path, text) == [
        at(tmp_path, 9, "sequence.phases: phase 'plot' is listed twice")
    ]


def test_unit_naming_an_unknown_profile_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace('profile = "plain"', 'profile = "warp"'))
    assert found == [
        at(
            tmp_path,
            36,
            "units[1].profile: there is no burn profile 'warp' (profiles: plain, fast)",
        )
    ]


def test_asteroid_table_with_a_gap_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("high = 5", "high = 4"))
    assert found == [
        at(tmp_path, 38, "asteroid_table: the table must cover every roll from 1 to 6; missing: 5")
    ]


def test_asteroid_table_covering_a_roll_twice_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("low = 6", "low = 5"))
    assert found == [
        at(tmp_path, 44, "asteroid_table[1]: a roll of 5 is already covered by asteroid_table[0]")
    ]


def test_asteroid_roll_outside_a_die_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("high = 6", "high = 7"))
    assert found == [
        at(tmp_path, 46, "asteroid_table[1].high: Input should be less than or equal to 6")
    ]


def test_asteroid_range_upside_down_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("low = 1\nhigh = 5", "low = 5\nhigh = 1"))
    assert at(tmp_path, 39, "asteroid_table[0].low: low (5) is above high (1)") in found


def test_negative_fuel_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("fuel = 40", "fuel = -4"))
    assert found == [at(tmp_path, 34, "units[1].fuel: fuel cannot be negative")]


def test_negative_cost_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("costs = [1]", "costs = [-1]"))
    assert found == [
        at(tmp_path, 16, "profiles.plain.costs: the 1-hex burn cannot cost less than 0")
    ]


def test_costs_that_do_not_rise_are_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("[0.5, 1, 1.5]", "[0.5, 1, 1]"))
    assert found == [
        at(
            tmp_path,
            19,
            "profiles.fast.costs: the 3-hex burn must cost more than the 2-hex burn "
            "(1 is not more than 1)",
        )
    ]


def test_fractions_written_as_strings_are_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("fuel = 12.5", 'fuel = "25/2"'))
    assert found == [at(tmp_path, 27, "units[0].fuel: Input should be a valid number")]


def test_duplicate_unit_ids_are_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace('id = "hauler"', 'id = "scout"'))
    assert found == [at(tmp_path, 32, "units[1].id: unit id 'scout' is used twice")]


def test_bad_ids_are_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace('id = "hauler"', 'id = "Big Hauler"'))
    assert len(found) == 1 and found[0].startswith(at(tmp_path, 32, "units[1].id: unit id"))


def test_ruleset_from_a_newer_ecliptic_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("version = 1", "version = 3", 1))
    assert found == [
        at(
            tmp_path,
            2,
            "version: this ruleset was made by a newer Ecliptic (format version 3); "
            "this one reads up to version 1",
        )
    ]


def test_unit_too_slow_for_its_profile_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("max_accel = 8", "max_accel = 4"))
    assert found == [
        at(
            tmp_path,
            28,
            "units[0].profile: profile 'fast' is only for units with max_accel 6 or more "
            "(this one: 4)",
        )
    ]


def test_cooldown_on_a_burn_that_is_not_high_acceleration_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("cooldown = [0, 1, 3]", "cooldown = [1, 1, 3]"))
    assert found == [
        at(
            tmp_path,
            21,
            "profiles.fast.cooldown: only high-acceleration burns can have a cooldown, "
            "and a 1-hex burn is not one",
        )
    ]


def test_one_cooldown_per_burn_length(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("cooldown = [0, 1, 3]", "cooldown = [0, 1]"))
    assert found == [
        at(
            tmp_path,
            21,
            "profiles.fast.cooldown: give one cooldown per burn length: 3 costs but 2 cooldowns",
        )
    ]


def test_derived_profile_needs_units_with_max_accel(tmp_path: Path) -> None:
    text = GOOD.replace("costs = [1]", "derive_from_max_accel = true")
    found = problems_of(tmp_path, text)
    assert found == [
        at(
            tmp_path,
            31,
            "units[1].max_accel: profile 'plain' derives its burns from max_accel, "
            "which this unit does not give",
        )
    ]


def test_derived_profile_gives_free_burns_from_max_accel(tmp_path: Path) -> None:
    text = GOOD.replace("costs = [1]", "derive_from_max_accel = true\ng_per_hex = 3").replace(
        'profile = "plain"', 'profile = "plain"\nmax_accel = 7'
    )
    rules = load_ruleset(write(tmp_path, text))
    assert burn_costs_for(rules, rules.unit("hauler")) == (Fraction(0), Fraction(0))


def test_profile_without_costs_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("costs = [1]", "costs = []"))
    assert found == [
        at(
            tmp_path,
            16,
            "profiles.plain.costs: give the costs of 1-, 2-, ... hex burns (at least one)",
        )
    ]


def test_unknown_switch_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("hexside_entered = false", "warp_drive = true"))
    known = ", ".join(sorted(KNOWN_SWITCHES))
    assert found == [
        at(tmp_path, 13, f"switches.warp_drive: unknown switch 'warp_drive' (known: {known})")
    ]


def test_missing_required_field_is_named(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace('name = "Hauler"\n', ""))
    assert found == [at(tmp_path, 31, "units[1].name: this field is required")]


def test_malformed_toml_gives_its_line(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("fuel = 40", "fuel = = 40"))
    assert len(found) == 1 and found[0].startswith(at(tmp_path, 34, "not valid TOML"))


def test_every_problem_is_listed_not_just_the_first(tmp_path: Path) -> None:
    text = GOOD.replace("fuel = 40", "fuel = -4").replace(
        'movement_phase = "move"', 'movement_phase = "go"'
    )
    assert len(problems_of(tmp_path, text)) == 2
