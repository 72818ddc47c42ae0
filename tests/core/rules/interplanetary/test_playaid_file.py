"""Bad play-aid cards in a ruleset file: every problem named with file, field and line, and
the asteroid roll read off the card."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.board.problems import FileProblems
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.playaid import (
    AttackResult,
    AttackTable,
)
from core.rules.interplanetary.aid.playaid_file import asteroid_rows

# ---- bad cards: every problem named with file, field and line ----

BASE = """\
format = "ecliptic-ruleset"
version = 1
id = "test"
name = "Test rules"
ruleset_version = 1

[sequence]
order = "rotating"
phases = ["move"]
movement_phase = "move"

[profiles.standard]
costs = [1]

[[units]]
id = "ship"
name = "Ship"
fuel = 15
"""

ROCKS = """
[[asteroid_table]]
low = 1
high = 6
effect = "none"
text = "passes"
"""

CARD = """
[hull]
single_use_slots = 2
detector_range = 3
disabled_turns = 2

[prices]
fuel_per_point = 10

[attack]
free_range = 2
free_velocity = 2
rolls = [1, 2, 3, 4, 5, 6, 7]

[[attack_tables]]
id = "gun"
name = "Gun"
results = ["-", "-", "-", "D", "H", "HD", "HD"]

[[attack_tables]]
id = "asteroid"
name = "Asteroid"
results = ["-", "-", "-", "-", "D", "H", "H"]

[subsystems.structure]
location = 1
name = "Structure"
capacity = 8

[subsystems.gun_mounts]
location = 2
name = "Gun Mounts"
slots = 2
slot_capacity = 3

[subsystems.launchers]
location = 3
name = "Launchers"
slots = 6
slot_capacity = 1

[subsystems.fuel_engine]
location = 4
name = "Fuel/Engine"

[subsystems.reactor]
location = 5
name = "Reactor"
capacity = 6

[subsystems.systems]
location = 6
name = "Systems"
slots = 2
slot_capacity = 3

[[guns]]
id = "artillery"
name = "Artillery gun"
cost = 2
table = "gun"

[[launched]]
id = "missile"
name = "Missile"
cost = 1
behaviour = "missile"
table = "gun"
thrust = 2
lifetime = 5

[[systems]]
id = "scoop"
name = "Fuel scoop"
cost = 1
effect = "fuel_scoop"
only_at = ["Sun"]

[[single_use]]
id = "booster"
name = "Chemical booster"
cost = 1
effect = "thrust"
amount = 1

[[loadouts]]
id = "kit"
name = "Kit"
budget = 3
guns = ["artillery"]
launched = ["missile"]
"""

GOOD = BASE + CARD


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rules.toml"
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(FileProblems) as info:
        load_ruleset(write(tmp_path, text))
    return [str(p) for p in info.value.problems]


def at(tmp_path: Path, text: str, needle: str, rest: str) -> str:
    """A problem as printed, on the line where ``needle`` first appears in ``text``."""
    line = text[: text.index(needle)].count("\n") + 1
    return f"{tmp_path / 'rules.toml'}:{line}: {rest}"


def test_a_small_card_loads_and_gives_the_asteroid_roll(tmp_path: Path) -> None:
    rules = load_ruleset(write(tmp_path, GOOD))
    assert rules.play_aid is not None and rules.play_aid.loadout("kit").budget == 3
    assert [(r.low, r.high, r.effect) for r in rules.asteroid_table] == [
        (1, 4, "none"),
        (5, 5, "disabled"),
        (6, 6, "damage"),
    ]


def test_asteroid_rows_join_equal_rolls_and_say_how_many_rocks_struck() -> None:
    codes = ["-", "-", "D", "D", "H", "2HD"]
    cells = tuple(AttackResult.parse(code) or AttackResult() for code in codes)
    rows = asteroid_rows(AttackTable("asteroid", "Asteroid", "d6", 1, cells))
    assert [(r.low, r.high, r.effect, r.text) for r in rows] == [
        (1, 2, "none", "threads the rocks unharmed"),
        (3, 4, "disabled", "is shaken by a glancing strike and disabled"),
        (5, 5, "damage", "is struck by a rock: roll for damage"),
        (6, 6, "damage", "is struck by 2 rocks and disabled: roll for damage 2 times"),
    ]


def test_a_ruleset_without_the_asteroid_column_keeps_its_own_asteroid_table(
    tmp_path: Path,
) -> None:
    text = GOOD.replace('id = "asteroid"\nname = "Asteroid"', 'id = "rocks"\nname = "Rocks"')
    rules = load_ruleset(write(tmp_path, text + ROCKS))
    assert [(r.low, r.high, r.effect) for r in rules.asteroid_table] == [(1, 6, "none")]


def test_the_asteroid_roll_given_twice_is_refused(tmp_path: Path) -> None:
    text = GOOD + ROCKS
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            "[[asteroid_table]]",
            "asteroid_table: give either [[asteroid_table]] or the play aid's attack table "
            "'asteroid', not both",
        )
    ]


def test_no_asteroid_roll_at_all_is_refused(tmp_path: Path) -> None:
    assert problems_of(tmp_path, BASE) == [
        f"{tmp_path / 'rules.toml'}: asteroid_table: this field is required "
        "(or give the play aid an attack table 'asteroid')"
    ]


def test_half_a_card_is_refused_naming_what_is_missing(tmp_path: Path) -> None:
    text = BASE + ROCKS + "\n[[guns]]\nid = 'a'\nname = 'A'\ncost = 1\ntable = 'gun'\n"
    found = problems_of(tmp_path, text)
    file = tmp_path / "rules.toml"
    assert f"{file}: hull: a play aid needs hull as well (this file gives guns)" in found
    assert len(found) == 4 and all("a play aid needs" in p for p in found)


def test_attack_totals_with_a_gap_are_refused(tmp_path: Path) -> None:
    text = GOOD.replace("rolls = [1, 2, 3, 4, 5, 6, 7]", "rolls = [1, 2, 3, 5, 6, 7, 8]")
    assert at(
        tmp_path,
        text,
        "rolls =",
        "attack.rolls: the totals must rise by one from row to row (5 follows 3)",
    ) in problems_of(tmp_path, text)


def test_attack_rows_must_include_every_face_of_the_die(tmp_path: Path) -> None:
    text = GOOD.replace("rolls = [1, 2, 3, 4, 5, 6, 7]", "rolls = [0, 1, 2, 3, 4, 5, 5]")
    found = problems_of(tmp_path, text)
    assert (
        at(
            tmp_path,
            text,
            "rolls =",
            "attack.rolls: the rows must include every roll of a die, 1 to 6 "
            "(these run from 0 to 5)",
        )
        in found
    )


def test_a_column_needs_one_result_per_total(tmp_path: Path) -> None:
    text = GOOD.replace('["-", "-", "-", "D", "H", "HD", "HD"]', '["-", "-", "D", "H", "HD", "HD"]')
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            'results = ["-", "-", "D"',
            "attack_tables[0].results: give one result for each total in attack.rolls: "
            "7 totals but 6 results",
        )
    ]


def test_an_unknown_result_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace('"D", "H", "HD", "HD"]', '"D", "X", "HD", "HD"]')
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            '"X"',
            "attack_tables[0].results: total 5: 'X' is not a result "
            "(write -, D, H, HD, 2H, 2HD...)",
        )
    ]


def test_a_higher_total_that_misses_where_a_lower_does_not_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace(
        '"-", "-", "-", "D", "H", "HD", "HD"]', '"-", "-", "-", "D", "-", "HD", "HD"]'
    )
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            '"D", "-"',
            "attack_tables[0].results: total 5 misses though total 4 does not: a higher total "
            "must never miss where a lower one does not",
        )
    ]


def test_a_gun_on_a_table_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace('cost = 2\ntable = "gun"', 'cost = 2\ntable = "laser"')
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            'table = "laser"',
            "guns[0].table: there is no attack table 'laser' (tables: gun, asteroid)",
        )
    ]


def test_a_gun_without_a_table_must_be_flak(tmp_path: Path) -> None:
    text = GOOD.replace('cost = 2\ntable = "gun"', "cost = 2")
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            "[[guns]]",
            "guns[0].table: a gun needs an attack table, unless it is flak (flak 1 or more)",
        )
    ]


def test_a_gun_taking_more_mounts_than_a_ship_has_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace('cost = 2\ntable = "gun"', 'cost = 2\ntable = "gun"\nmounts = 3')
    found = problems_of(tmp_path, text)
    assert (
        at(tmp_path, text, "mounts = 3", "guns[0].mounts: it takes 3 gun mounts; a ship has 2")
        in found
    )


def test_a_cost_below_one_point_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace("cost = 2\n", "cost = 0\n")
    assert problems_of(tmp_path, text) == [
        at(tmp_path, text, "cost = 0", "guns[0].cost: Input should be greater than or equal to 1")
    ]


def test_an_unknown_field_in_a_module_is_named(tmp_path: Path) -> None:
    text = GOOD.replace("amount = 1\n", "amount = 1\nspeed = 3\n")
    assert problems_of(tmp_path, text) == [
        at(tmp_path, text, "speed = 3", "single_use[0].speed: unknown field 'speed'")
    ]


def test_a_missile_needs_a_table_and_a_buster_has_none(tmp_path: Path) -> None:
    text = GOOD.replace('behaviour = "missile"\ntable = "gun"\n', 'behaviour = "missile"\n')
    assert problems_of(tmp_path, text) == [
        at(tmp_path, text, "[[launched]]", "launched[0].table: a missile needs an attack table")
    ]
    text = GOOD.replace('behaviour = "missile"', 'behaviour = "buster"')
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            'table = "gun"\nthrust',
            "launched[0].table: a kinetic buster rolls against the relative velocity, on no table",
        )
    ]


def test_an_unknown_behaviour_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace('behaviour = "missile"', 'behaviour = "torpedo"')
    found = problems_of(tmp_path, text)
    assert len(found) == 1
    assert found[0].startswith(at(tmp_path, text, "behaviour", "launched[0].behaviour: Input"))
