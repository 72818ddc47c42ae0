"""Outfitting mount point by mount point (core.rules.interplanetary.aid.outfitting): modules go
where their kind goes, a two-mount gun fills both gun mounts, the budget and the play aid's limits
refuse with the slot named, and whole manifests are checked slot by slot."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid import outfitting
from core.rules.interplanetary.aid.manifest import OutfitError, empty
from core.rules.interplanetary.aid.outfitting import Slot
from core.rules.interplanetary.aid.playaid import PlayAid


@pytest.fixture(scope="module")
def aid() -> PlayAid:
    found = load_ruleset("interplanetary").play_aid
    assert found is not None
    return found


def test_a_module_goes_on_its_mount_and_costs_its_price(aid: PlayAid) -> None:
    m = outfitting.put(aid, empty(aid), Slot("gun_mounts", 1), "artillery", 4)
    m = outfitting.put(aid, m, Slot("launchers", 3), "missile", 4)
    assert m.guns == (None, "artillery")
    assert m.launchers[3] == "missile"
    assert outfitting.cost(aid, m) == 3
    assert outfitting.problems(aid, m, 4) == []


def test_the_mass_driver_fills_both_gun_mounts_from_either(aid: PlayAid) -> None:
    start = outfitting.put(aid, empty(aid), Slot("gun_mounts", 0), "flak")
    m = outfitting.put(aid, start, Slot("gun_mounts", 1), "mass_driver")
    assert m.guns == ("mass_driver", "mass_driver")
    assert outfitting.cost(aid, m) == 4
    assert outfitting.points_of(aid, m, Slot("gun_mounts", 1)) == (0, 1)
    assert outfitting.remove(aid, m, Slot("gun_mounts", 1)).guns == (None, None)
    assert m.outfit(aid).guns == ("mass_driver",)


def test_a_module_of_another_kind_is_refused_saying_where_it_goes(aid: PlayAid) -> None:
    with pytest.raises(OutfitError, match=r"^Launchers 1: .*Artillery gun is a gun .*Gun Mounts"):
        outfitting.put(aid, empty(aid), Slot("launchers", 0), "artillery")
    with pytest.raises(OutfitError, match="no such system module as 'warp'"):
        outfitting.put(aid, empty(aid), Slot("systems", 0), "warp")


def test_over_budget_is_refused_with_the_points_left(aid: PlayAid) -> None:
    m = outfitting.put(aid, empty(aid), Slot("gun_mounts", 0), "heavy_rail", 4)
    with pytest.raises(OutfitError) as refused:
        outfitting.put(aid, m, Slot("gun_mounts", 1), "artillery", 4)
    assert str(refused.value) == (
        "Gun Mounts 2: Artillery gun costs 2 ship points, and only 1 is left of the budget of 4"
    )
    # replacing the rail cannon with something cheaper is allowed
    assert outfitting.put(aid, m, Slot("gun_mounts", 0), "artillery", 4).guns[0] == "artillery"


def test_the_play_aid_limits_and_unsold_items(aid: PlayAid) -> None:
    with pytest.raises(OutfitError, match="Launchers 1: Kinetic buster is not for sale"):
        outfitting.put(aid, empty(aid), Slot("launchers", 0), "kinetic_buster")
    two = replace(empty(aid), launchers=("kinetic_buster", "kinetic_buster", *([None] * 4)))
    found = outfitting.problems(aid, two)
    assert (Slot("launchers", 1), "Launchers 2: a ship carries 1 Kinetic buster at most") in found


def test_swap_exchanges_two_mounts_of_a_subsystem(aid: PlayAid) -> None:
    m = outfitting.put(aid, empty(aid), Slot("launchers", 0), "missile")
    m = outfitting.put(aid, m, Slot("launchers", 4), "mine")
    m = outfitting.swap(aid, m, Slot("launchers", 0), Slot("launchers", 4))
    assert m.launchers == ("mine", None, None, None, "missile", None)
    with pytest.raises(OutfitError, match="same subsystem"):
        outfitting.swap(aid, m, Slot("launchers", 0), Slot("systems", 0))


def test_a_broken_manifest_is_reported_slot_by_slot(aid: PlayAid) -> None:
    half = replace(empty(aid), guns=("artillery", "mass_driver"))
    assert outfitting.problems(aid, half) == [
        (
            Slot("gun_mounts", 1),
            "Gun Mounts 2: Mass driver needs 2 gun mount points side by side, and has 1",
        )
    ]
    over = replace(empty(aid), guns=("mass_driver", "mass_driver"), systems=("repair_ai", None))
    assert outfitting.problems(aid, over, 5) == [
        (None, "The outfit costs 6 ship points, more than the budget of 5")
    ]
    double = replace(empty(aid), systems=("sensors", "sensors"))
    assert outfitting.advice(aid, double) == [
        (Slot("systems", 1), "Systems 2: a second Long-range sensors works no better than one")
    ]
