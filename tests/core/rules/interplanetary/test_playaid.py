"""The play aid: Interplanetary's game-aid card as data. The built-in card says what the
seed says about it and is playable at every scenario budget; a bad card is refused with
file, field and line."""

import subprocess
import sys
from pathlib import Path

import pytest

from core.board.problems import FileProblems
from core.engine import serial
from core.files.resources import resource_path
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.playaid import (
    BEHAVIOURS,
    EFFECTS,
    SUBSYSTEM_ROLES,
    AttackResult,
    AttackTable,
    Outfit,
    PlayAid,
)
from core.rules.interplanetary.aid.playaid_file import asteroid_rows

#: the ship-point budgets of the seed's scenarios: Industrial sabotage's mercenaries and
#: guards, the Great planet race and Last man standing
ONE_SHIP_BUDGETS = (4, 5, 6)
#: Hostile takeover: ten points between two ships
TWO_SHIP_BUDGET = 10


def aid() -> PlayAid:
    play_aid = load_ruleset("interplanetary").play_aid
    assert play_aid is not None
    return play_aid


def d6_odds(column: str, modifier: int = 0) -> tuple[float, float]:
    """(chance of anything but a miss, expected hits) on a column, over the six faces."""
    table = aid().table(column)
    results = [table.result(face + modifier) for face in range(1, 7)]
    return sum(not r.miss for r in results) / 6, sum(r.hits for r in results) / 6


# ---- the built-in card ----


def test_interplanetary_loads_with_the_whole_play_aid() -> None:
    card = aid()
    assert [t.id for t in card.tables] == ["gun", "missile", "mine", "buckyball", "asteroid"]
    assert {"Artillery gun", "Mass driver"} <= {g.name for g in card.guns}
    assert [w.name for w in card.launched] == ["Missile", "Mine", "Buckyball", "Kinetic buster"]
    assert card.systems and card.single_use and card.loadouts


@pytest.mark.parametrize(
    "ruleset_id", ["nplanetary", "system3void-strategic", "system3void-tactical"]
)
def test_rule_systems_without_a_game_aid_have_no_play_aid(ruleset_id: str) -> None:
    assert load_ruleset(ruleset_id).play_aid is None


def test_the_play_aid_survives_serialisation() -> None:
    card = aid()
    assert serial.from_data(serial.to_data(card)) == card


def test_hit_locations_1_to_6_are_the_six_subsystems_in_the_seeds_order() -> None:
    card = aid()
    assert [(s.location, s.role) for s in card.subsystems] == list(
        enumerate(SUBSYSTEM_ROLES, start=1)
    )
    for roll, role in enumerate(SUBSYSTEM_ROLES, start=1):
        assert card.hit_location(roll).role == role


def test_structure_takes_8_gun_mounts_6_and_the_reactor_6() -> None:
    card = aid()
    assert card.subsystem("structure").capacity == 8
    assert card.subsystem("gun_mounts").capacity == 6
    assert card.subsystem("reactor").capacity == 6


def test_six_launcher_slots_of_one_point_each() -> None:
    launchers = aid().subsystem("launchers")
    assert (launchers.slots, launchers.slot_capacity, launchers.capacity) == (6, 1, 6)


def test_two_system_mounts_of_3_points_each() -> None:
    systems = aid().subsystem("systems")
    assert (systems.slots, systems.slot_capacity) == (2, 3)


def test_fuel_engine_takes_as_much_damage_as_there_is_fuel_left() -> None:
    rules = load_ruleset("interplanetary")
    assert aid().subsystem("fuel_engine").capacity is None  # the fuel left is its capacity
    assert all(unit.fuel > 0 for unit in rules.units)


def test_two_single_use_slots_and_a_detector_range_of_3() -> None:
    hull = aid().hull
    assert hull.single_use_slots == 2
    assert hull.detector_range == 3
    assert hull.disabled_turns >= 1


def test_gun_range_and_relative_velocity_cost_1_per_hex_over_2() -> None:
    card = aid()
    assert [card.range_modifier(d) for d in range(6)] == [0, 0, 0, -1, -2, -3]
    assert [card.velocity_modifier(v) for v in range(6)] == [0, 0, 0, -1, -2, -3]
    # The seed's figure: closest approach 1, relative velocity 4, so -2 in all.
    assert card.range_modifier(1) + card.velocity_modifier(4) == -2


def test_every_column_reads_any_total_and_an_unmodified_die_its_own_row() -> None:
    for table in aid().tables:
        assert table.first_roll <= 1 and table.first_roll + len(table.results) - 1 >= 6
        for total in range(-20, 21):
            table.result(total)  # below or above the rows reads the nearest row
        assert table.result(-20) == table.results[0]
        assert table.result(20) == table.results[-1]


def test_results_are_miss_hit_disabled_or_a_combination() -> None:
    codes = {r.code for t in aid().tables for r in t.results}
    assert {"-", "D", "H", "HD"} <= codes
    assert AttackResult.parse("HD") == AttackResult(1, True)
    assert AttackResult.parse("2H") == AttackResult(2, False)
    assert AttackResult.parse("-") == AttackResult() and AttackResult().miss
    assert AttackResult.parse("X") is None


def test_mines_hit_more_often_than_missiles_but_missiles_do_more_harm() -> None:
    mine_chance, mine_hits = d6_odds("mine")
    missile_chance, missile_hits = d6_odds("missile")
    assert mine_chance > missile_chance
    assert missile_hits > mine_hits


def test_a_higher_total_never_does_less_than_a_miss() -> None:
    for table in aid().tables:
        codes = [r.code for r in table.results]
        first_hit = next(i for i, r in enumerate(table.results) if not r.miss)
        assert all(not r.miss for r in table.results[first_hit:]), (table.id, codes)


def test_a_missile_has_limited_thrust_at_launch_and_is_gone_after_5_turns() -> None:
    missile = aid().launched_weapon("missile")
    assert missile.behaviour == "missile" and missile.table == "missile"
    assert 1 <= missile.thrust <= 2
    assert missile.lifetime == 5


def test_a_mine_has_no_thrust_and_lasts_5_turns() -> None:
    mine = aid().launched_weapon("mine")
    assert (mine.behaviour, mine.thrust, mine.lifetime) == ("mine", 0, 5)


def test_buckyballs_do_damage_by_relative_velocity_and_have_no_thrust() -> None:
    card = aid()
    bucky = card.launched_weapon("buckyball")
    assert bucky.behaviour == "buckyball" and bucky.thrust == 0
    assert bucky.table is not None and card.table(bucky.table).damage == "relative_velocity"


def test_the_kinetic_buster_hits_only_bases_one_is_carried_and_it_is_not_sold() -> None:
    buster = aid().launched_weapon("kinetic_buster")
    assert buster.behaviour == "buster" and buster.table is None
    assert buster.max_carried == 1 and buster.cost is None and buster.min_speed == 3


def test_one_launcher_slot_per_launched_weapon() -> None:
    assert all(w.slots == 1 for w in aid().launched)


def test_the_guns_differ_as_the_seed_describes() -> None:
    card = aid()
    artillery, heavy = card.gun("artillery"), card.gun("heavy_rail")
    laser, driver, flak = card.gun("laser"), card.gun("mass_driver"), card.gun("flak")
    assert artillery.bonus == 0 and artillery.retaliation == "every"
    assert heavy.bonus == 1 and heavy.retaliation == "once"
    assert not laser.velocity_penalty and laser.range_penalty
    assert driver.bonus == 2 and driver.retaliation == "never" and driver.mounts == 2
    assert flak.table is None and flak.flak == 1
    assert all(g.table == "gun" for g in (artillery, heavy, laser, driver))


def test_every_module_effect_and_weapon_behaviour_is_a_known_explained_key() -> None:
    card = aid()
    for module in (*card.systems, *card.single_use):
        assert EFFECTS[module.effect].kind == module.kind
    assert all(w.behaviour in BEHAVIOURS for w in card.launched)
    assert all(e.meaning for e in EFFECTS.values()) and all(BEHAVIOURS.values())
    assert {m.effect for m in (*card.systems, *card.single_use)} == set(EFFECTS)


@pytest.mark.parametrize(
    ("module_id", "effect", "amount", "cost"),
    [
        ("repair_ai", "repair", 5, 2),
        ("armour_ai", "armour", 1, 2),
        ("fuel_scoop", "fuel_scoop", None, 1),
        ("capacitors", "capacitors", 2, 1),
        ("large_capacitors", "large_capacitors", 2, 2),
        ("battery_pack", "battery", 5, 1),
        ("sensors", "sensors", 6, 1),
        ("chemical_booster", "thrust", 1, 1),
        ("orion_booster", "thrust", 2, 2),
        ("spin_booster", "spin", None, 1),
        ("evasive_booster", "evasive", 3, 1),
        ("randomizer", "randomizer", None, 1),
        ("friction_shield", "aerobrake", 1, 1),
        ("reentry_shield", "reentry", 2, 1),
        ("patch_pod", "patch", 1, 1),
    ],
)
def test_each_module_of_the_seeds_payload_notes_is_on_the_card(
    module_id: str, effect: str, amount: int | None, cost: int
) -> None:
    card = aid()
    module = next(m for m in (*card.systems, *card.single_use) if m.id == module_id)
    assert (module.effect, module.amount, module.cost) == (effect, amount, cost)


def test_the_scoop_works_at_sun_and_jupiter_and_the_shields_not_on_airless_bodies() -> None:
    card = aid()
    assert card.system("fuel_scoop").only_at == ("Sun", "Jupiter")
    for shield in ("friction_shield", "reentry_shield"):
        assert set(card.single_use_module(shield).not_at) == {"Sun", "Mercury", "Luna", "Europa"}


def test_systems_need_the_reactor_except_the_battery_pack() -> None:
    card = aid()
    assert [s.id for s in card.systems if not s.needs_reactor] == ["battery_pack"]


def test_every_module_costs_at_least_one_ship_point() -> None:
    card = aid()
    items = (*card.guns, *card.systems, *card.single_use, *card.launched)
    assert all(item.cost is None or item.cost >= 1 for item in items)


# ---- budgets and outfits ----


def test_the_training_kit_is_the_cheapest_sensible_ship_and_fits_4_points() -> None:
    card = aid()
    kit = card.loadout("kit").outfit
    assert kit == Outfit(guns=("artillery",), launched=("missile", "mine"))
    cheapest_gun = min(g.cost for g in card.guns if g.table is not None)
    assert card.cost(kit) == cheapest_gun + 2 == min(ONE_SHIP_BUDGETS)
    assert card.armed(kit)


def test_every_example_outfit_fits_its_budget_and_the_ship() -> None:
    card = aid()
    for loadout in card.loadouts:
        assert card.outfit_problems(loadout.outfit, loadout.budget) == [], loadout.id


def test_every_scenario_budget_buys_at_least_one_armed_ship() -> None:
    card = aid()
    for budget in ONE_SHIP_BUDGETS:
        assert any(x.budget <= budget and card.armed(x.outfit) for x in card.loadouts), budget
    pairs = [
        (a, b)
        for a in card.loadouts
        for b in card.loadouts
        if a.budget + b.budget <= TWO_SHIP_BUDGET and card.armed(a.outfit)
    ]
    assert pairs
    assert card.cost(card.loadout("hunter").outfit) + card.cost(card.loadout("runner").outfit) == 10


def test_an_unarmed_outfit_is_not_armed_and_a_buster_alone_does_not_arm_a_ship() -> None:
    card = aid()
    assert not card.armed(card.loadout("runner").outfit)
    assert not card.armed(Outfit(launched=("kinetic_buster",)))
    assert not card.armed(Outfit(guns=("flak",)))
    assert card.armed(Outfit(launched=("missile",)))


@pytest.mark.parametrize(
    ("outfit", "expected"),
    [
        (Outfit(guns=("artillery",) * 3), ("guns", "needs 3 gun mounts but a ship has 2")),
        (Outfit(guns=("mass_driver", "flak")), ("guns", "needs 3 gun mounts but a ship has 2")),
        (Outfit(launched=("mine",) * 7), ("launched", "needs 7 launcher slots but a ship has 6")),
        (
            Outfit(systems=("repair_ai", "armour_ai", "sensors")),
            ("systems", "needs 3 System mounts but a ship has 2"),
        ),
        (
            Outfit(single_use=("patch_pod",) * 3),
            ("single_use", "needs 3 single-use slots but a ship has 2"),
        ),
        (
            Outfit(launched=("kinetic_buster", "kinetic_buster")),
            ("launched", "a ship may carry 1 Kinetic buster at most, not 2"),
        ),
        (
            Outfit(launched=("kinetic_buster",)),
            ("launched", "Kinetic buster is not for sale: a scenario hands it out"),
        ),
        (Outfit(guns=("phaser",)), ("guns", "there is no gun 'phaser'")),
        (
            Outfit(guns=("mass_driver",), launched=("missile",)),
            ("budget", "the outfit costs 5 ship points, more than the budget of 4"),
        ),
    ],
)
def test_an_outfit_that_does_not_fit_says_why(outfit: Outfit, expected: tuple[str, str]) -> None:
    found = aid().outfit_problems(outfit, budget=4)
    assert any(f == expected[0] and m.startswith(expected[1]) for f, m in found), found


def test_lookups_of_missing_names_raise_key_errors_that_say_what_is_missing() -> None:
    card = aid()
    with pytest.raises(KeyError, match="no gun 'phaser'"):
        card.gun("phaser")
    with pytest.raises(KeyError, match="no attack table 'torpedo'"):
        card.table("torpedo")
    with pytest.raises(KeyError, match="no hit location 7"):
        card.hit_location(7)


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


def test_two_subsystems_on_one_hit_location_are_refused(tmp_path: Path) -> None:
    text = GOOD.replace("location = 6", "location = 5")
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            'location = 5\nname = "Systems"',
            "subsystems.systems.location: hit location 5 is already subsystems.reactor",
        )
    ]


def test_a_hit_location_off_the_die_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace("location = 6", "location = 7")
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            "location = 7",
            "subsystems.systems.location: Input should be less than or equal to 6",
        )
    ]


def test_a_missing_or_unknown_subsystem_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace("[subsystems.reactor]", "[subsystems.shields]")
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            "[subsystems.shields]",
            "subsystems.shields: unknown subsystem 'shields' (known: structure, gun_mounts, "
            "launchers, fuel_engine, reactor, systems)",
        ),
        at(
            tmp_path,
            text,
            "[subsystems.structure]",
            "subsystems: the manifest needs all six subsystems; missing: reactor",
        ),
    ]


def test_fuel_engine_has_no_capacity_of_its_own(tmp_path: Path) -> None:
    text = GOOD.replace('name = "Fuel/Engine"', 'name = "Fuel/Engine"\ncapacity = 10')
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            "capacity = 10",
            "subsystems.fuel_engine.capacity: Fuel/Engine takes as much damage as there is "
            "fuel left: give no capacity",
        )
    ]


def test_structure_needs_a_capacity_and_holds_no_modules(tmp_path: Path) -> None:
    text = GOOD.replace('name = "Structure"\ncapacity = 8', 'name = "Structure"\nslots = 2')
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            "slots = 2\n\n[subsystems.gun",
            "subsystems.structure.slots: Structure holds no modules: give no slots",
        ),
        at(
            tmp_path,
            text,
            "[subsystems.structure]",
            "subsystems.structure.capacity: give the damage it takes (capacity)",
        ),
    ]


def test_a_slotted_subsystem_needs_slots_and_their_capacity(tmp_path: Path) -> None:
    text = GOOD.replace(
        "slots = 2\nslot_capacity = 3\n\n[subsystems.launchers]",
        "capacity = 6\n\n[subsystems.launchers]",
    )
    found = problems_of(tmp_path, text)
    assert found == [
        at(
            tmp_path,
            text,
            "capacity = 6\n\n[subsystems.launchers]",
            "subsystems.gun_mounts.capacity: give slots and slot_capacity; the capacity follows",
        ),
        at(
            tmp_path,
            text,
            "[subsystems.gun_mounts]",
            "subsystems.gun_mounts.slots: Gun Mounts holds modules: give slots (1 or more) "
            "and slot_capacity",
        ),
        at(tmp_path, text, "[[guns]]", "guns[0].mounts: it takes 1 gun mounts; a ship has 0"),
        at(
            tmp_path,
            text,
            'guns = ["artillery"]',
            "loadouts[0].guns: needs 1 gun mounts but a ship has 0",
        ),
    ]


def test_an_unknown_effect_is_refused_naming_the_known_ones(tmp_path: Path) -> None:
    text = GOOD.replace('effect = "thrust"', 'effect = "warp"')
    found = problems_of(tmp_path, text)
    assert len(found) == 1
    assert found[0].startswith(
        at(
            tmp_path,
            text,
            'effect = "warp"',
            "single_use[0].effect: unknown single-use effect 'warp' (known: thrust, spin,",
        )
    )


def test_a_system_effect_on_a_single_use_module_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace('effect = "thrust"\namount = 1', 'effect = "repair"\namount = 5')
    found = problems_of(tmp_path, text)
    assert len(found) == 1
    assert found[0].startswith(
        at(
            tmp_path,
            text,
            'effect = "repair"',
            "single_use[0].effect: unknown single-use effect 'repair'",
        )
    )


def test_an_effect_needs_its_amount_and_refuses_one_it_does_not_take(tmp_path: Path) -> None:
    text = GOOD.replace('effect = "thrust"\namount = 1\n', 'effect = "thrust"\n')
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            "[[single_use]]",
            "single_use[0].amount: effect 'thrust' needs an amount: hexes",
        )
    ]
    text = GOOD.replace('only_at = ["Sun"]', 'only_at = ["Sun"]\namount = 2')
    assert problems_of(tmp_path, text) == [
        at(tmp_path, text, "amount = 2", "systems[0].amount: effect 'fuel_scoop' takes no amount")
    ]


def test_bodies_only_where_the_effect_reads_them(tmp_path: Path) -> None:
    text = GOOD.replace('only_at = ["Sun"]', "")
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            "[[systems]]",
            "systems[0].only_at: effect 'fuel_scoop' works only at bodies: list them in only_at",
        )
    ]
    text = GOOD.replace("amount = 1\n", 'amount = 1\nnot_at = ["Sun"]\n')
    assert problems_of(tmp_path, text) == [
        at(tmp_path, text, "not_at", "single_use[0].not_at: effect 'thrust' takes no not_at list")
    ]


def test_one_id_for_two_modules_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace('id = "scoop"', 'id = "artillery"')
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            'id = "artillery"\nname = "Fuel scoop"',
            "systems[0].id: id 'artillery' is already used by guns[0]",
        )
    ]


def test_an_example_outfit_over_its_budget_or_naming_nothing_known_is_refused(
    tmp_path: Path,
) -> None:
    text = GOOD.replace("budget = 3", "budget = 2").replace(
        'launched = ["missile"]', 'launched = ["missile", "torpedo"]'
    )
    assert problems_of(tmp_path, text) == [
        at(
            tmp_path,
            text,
            'launched = ["missile", "torpedo"]',
            "loadouts[0].launched: there is no launched weapon 'torpedo' (known: missile)",
        ),
        at(
            tmp_path,
            text,
            "budget = 2",
            "loadouts[0].budget: the outfit costs 3 ship points, more than the budget of 2",
        ),
    ]


def test_every_problem_of_a_card_is_listed_not_just_the_first(tmp_path: Path) -> None:
    text = GOOD.replace("location = 6", "location = 5").replace(
        'effect = "thrust"', 'effect = "warp"'
    )
    assert len(problems_of(tmp_path, text)) == 2


def test_the_cli_summarises_the_play_aid() -> None:
    path = resource_path("rulesets", "interplanetary.toml")
    result = subprocess.run(
        [sys.executable, "-m", "core", "info", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    for text in (
        "play aid:",
        "Missile table",
        "1 Structure",
        "Mass driver (4)",
        "Training kit (4)",
    ):
        assert text in result.stdout
