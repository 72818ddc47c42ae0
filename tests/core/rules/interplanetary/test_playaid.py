"""The play aid: Interplanetary's game-aid card as data. The built-in card says what the
seed says about it and is playable at every scenario budget; a bad card is refused with
file, field and line."""

import pytest

from core.engine import serial
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.carried import aid_of
from core.rules.interplanetary.aid.playaid import (
    BEHAVIOURS,
    EFFECTS,
    SUBSYSTEM_ROLES,
    AttackResult,
    Outfit,
    PlayAid,
)

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
    # NPlanetary's own tables travel in the same place; they are no Interplanetary aid
    assert aid_of(load_ruleset(ruleset_id)) is None


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
