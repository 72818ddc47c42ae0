"""Seed "Ship subsystems": modules sit on mount points, damage checks circles, the
defender places a hit's damage within the subsystem hit, only the overflow goes to
Structure, Fuel/Engine damage is fuel lost, single-use modules may absorb a point, and a
full Structure destroys the ship."""

from fractions import Fraction

import pytest

from core.engine import serial
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.damage import Allocation, Placement, default_allocation, place
from core.rules.interplanetary.aid.manifest import (
    AllocationError,
    Manifest,
    OutfitError,
    empty,
    fit,
    reactor_down,
    room,
    working_guns,
)
from core.rules.interplanetary.aid.playaid import Outfit, PlayAid


def aid() -> PlayAid:
    play_aid = load_ruleset("interplanetary").play_aid
    assert play_aid is not None
    return play_aid


def kit() -> Manifest:
    return fit(aid(), Outfit(guns=("artillery",), launched=("missile", "mine")))


def test_fit_places_modules_on_mount_points_in_order():
    m = fit(aid(), Outfit(guns=("mass_driver",), launched=("mine",), single_use=("patch_pod",)))
    assert m.guns == ("mass_driver", "mass_driver")
    assert m.launchers == ("mine", None, None, None, None, None)
    assert m.single_use == ("patch_pod", None)
    assert m.outfit(aid()) == Outfit(
        guns=("mass_driver",), launched=("mine",), single_use=("patch_pod",)
    )
    assert serial.from_data(serial.to_data(m)) == m


def test_fit_refuses_an_outfit_too_big_for_the_mounts():
    with pytest.raises(OutfitError, match="gun mounts"):
        fit(aid(), Outfit(guns=("mass_driver", "artillery")))


def test_bare_hull_has_the_seeds_mounts():
    m = empty(aid())
    assert (len(m.guns), len(m.launchers), len(m.systems), len(m.single_use)) == (2, 6, 2, 2)
    assert room(aid(), m, "structure") == 8 and room(aid(), m, "reactor") == 6
    assert room(aid(), m, "gun_mounts") == 6 and room(aid(), m, "systems") == 6


def test_defender_distributes_damage_within_the_subsystem_hit():
    placed = place(
        aid(),
        kit(),
        Fraction(15),
        "gun_mounts",
        4,
        Allocation((Placement("gun_mounts", 1, 3), Placement("gun_mounts", 0, 1))),
    )
    assert placed.manifest.damage_of("gun_mounts") == (1, 3)
    assert placed.to_structure == 0
    # the artillery gun keeps working with two circles left
    assert [g.id for _, g in working_guns(aid(), placed.manifest)] == ["artillery"]


def test_module_works_while_one_circle_is_unchecked():
    placed = place(
        aid(), kit(), Fraction(15), "gun_mounts", 3, Allocation((Placement("gun_mounts", 0, 3),))
    )
    assert working_guns(aid(), placed.manifest) == []


def test_damage_may_not_skip_to_structure_while_the_subsystem_has_room():
    with pytest.raises(AllocationError, match="can still take 1 more"):
        place(
            aid(),
            kit(),
            Fraction(15),
            "gun_mounts",
            4,
            Allocation((Placement("gun_mounts", 1, 3),)),
        )


def test_damage_may_not_go_on_another_subsystem():
    with pytest.raises(AllocationError, match="cannot go on"):
        place(
            aid(), kit(), Fraction(15), "gun_mounts", 1, Allocation((Placement("systems", 0, 1),))
        )


def test_overflow_beyond_a_full_subsystem_goes_to_structure():
    m = kit().with_damage("systems", 0, 3).with_damage("systems", 1, 2)
    placed = place(aid(), m, Fraction(15), "systems", 5, default_allocation(aid(), m, "systems", 5))
    assert placed.manifest.damage_of("systems") == (3, 3)
    assert placed.to_structure == 4
    assert placed.manifest.checked("structure") == 4 and not placed.destroyed


def test_structure_full_destroys_the_ship():
    m = kit().with_damage("structure", 0, 5)
    placed = place(aid(), m, Fraction(15), "structure", 3, Allocation())
    assert placed.destroyed
    assert any("destroyed" in line for line in placed.lines)


def test_fuel_engine_damage_is_fuel_lost_and_overflows_when_the_tanks_are_dry():
    placed = place(aid(), kit(), Fraction(2), "fuel_engine", 5, Allocation())
    assert placed.fuel == 0
    assert placed.to_structure == 3


def test_reactor_full_is_down():
    placed = place(aid(), kit(), Fraction(15), "reactor", 6, Allocation())
    assert reactor_down(aid(), placed.manifest)
    assert placed.to_structure == 0


def test_a_destroyed_launcher_slot_loses_its_round():
    placed = place(
        aid(), kit(), Fraction(15), "launchers", 1, Allocation((Placement("launchers", 0, 1),))
    )
    assert placed.manifest.launchers[0] is None
    assert placed.manifest.launchers[1] == "mine"


def test_single_use_module_sacrificed_absorbs_one_point():
    m = fit(aid(), Outfit(single_use=("chemical_booster", "patch_pod")))
    placed = place(aid(), m, Fraction(15), "structure", 2, Allocation(sacrifice=(1,)))
    assert placed.manifest.single_use == ("chemical_booster", None)
    assert placed.manifest.checked("structure") == 1


def test_single_use_slot_without_a_module_cannot_be_given_up():
    with pytest.raises(AllocationError, match="holds no module"):
        place(aid(), kit(), Fraction(15), "structure", 2, Allocation(sacrifice=(0,)))


def test_default_allocation_fills_empty_mounts_first_then_the_cheapest_module():
    m = fit(aid(), Outfit(launched=("missile", "mine")))
    alloc = default_allocation(aid(), m, "launchers", 5)
    points = [p.point for p in alloc.placements]
    assert points[:4] == [2, 3, 4, 5]  # the empty slots take the damage as armour
    placed = place(aid(), m, Fraction(15), "launchers", 5, alloc)
    assert placed.manifest.launchers.count(None) == 5
