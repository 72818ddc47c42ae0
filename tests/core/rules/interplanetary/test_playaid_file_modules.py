"""Bad play-aid cards, continued: subsystems and their hit locations, module effects, ids
and example outfits, each problem named with file, field and line; the command line's
summary of the card."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from core.files.resources import resource_path
from tests.core.rules.interplanetary.test_playaid_file import GOOD, at, problems_of


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
