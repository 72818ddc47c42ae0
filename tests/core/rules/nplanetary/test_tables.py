"""Issue 21 requirement 1: ships and rules as data. The seed's values and our designed
ones come from the ruleset file's ``[nplanetary]`` section, checked on load with the
file, line and field of every problem."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from core.board.problems import FileProblems
from core.files.resources import resource_path
from core.files.rulesets import load_ruleset
from core.rules.nplanetary.model import tables_of

TEXT = resource_path("rulesets", "nplanetary.toml").read_text()


def test_ships_the_eight_classes_with_strength_fuel_cargo_and_cost_from_the_seed() -> None:
    rules = load_ruleset("nplanetary")
    table = {u.id: (u.military, u.combat, u.fuel, u.cargo, u.cost) for u in rules.units}
    assert table == {
        "freighter": (False, 1, 10, 50, 10),
        "tanker": (False, 1, 50, 0, 10),
        "transport": (True, 1, 10, 50, 20),
        "oiler": (True, 1, 50, 0, 20),
        "frigate": (True, 2, 15, 10, 40),
        "destroyer": (True, 3, 15, 10, 60),
        "cruiser": (True, 5, 20, 15, 100),
        "battleship": (True, 10, 10, 30, 150),
    }


def test_ordnance_sizes_and_costs_from_the_seed() -> None:
    t = tables_of(load_ruleset("nplanetary"))
    assert {k.id: (k.cargo, k.cost) for k in t.ordnance} == {
        "mine": (1, 2),
        "torpedo": (2, 4),
        "nuke": (2, 40),
    }
    assert t.piece("torpedo").thrust == 2 and t.piece("nuke").destroys


def test_combat_the_seven_bands_and_the_three_damage_tables_from_the_seed() -> None:
    t = tables_of(load_ruleset("nplanetary"))
    assert [b.ratio for b in t.bands] == [
        Fraction(n) for n in ("0", "1/4", "1/2", "1", "2", "3", "4")
    ]
    assert t.band(Fraction(1), 4)[0] == 1  # exactly a quarter: the second band
    assert t.faces("military")[3] == ("weapons", "structure")
    assert t.faces("civilian")[0] == ("drives",)
    assert t.faces("base")[0] == ()


def test_ruling_designed_values_are_data_a_group_can_change() -> None:
    """Damage capacity per class and for bases, the installations' size and cost, the
    planets, what asteroids hold: our values, in the file."""
    t = tables_of(load_ruleset("nplanetary"))
    assert t.capacity_of("battleship").structure == 6
    assert (t.installation("base").cargo, t.installation("base").cost) == (20, 80)
    assert (t.installation("outpost").cargo, t.installation("outpost").cost) == (10, 30)
    assert "Mars" in t.major and "Titan" in t.minor and t.water_every == 3
    assert t.income.fuel_bodies == ("Earth", "Europa", "Titan")


def own(tmp_path: Path, old: str, new: str) -> Path:
    text = TEXT.replace('id = "nplanetary"', 'id = "house"', 1)
    assert old in text
    path = tmp_path / "house.toml"
    path.write_text(text.replace(old, new, 1))
    return path


def test_a_bad_value_is_reported_with_its_file_line_and_field(tmp_path: Path) -> None:
    path = own(tmp_path, 'from = "1/4"', 'from = "a quarter"')
    with pytest.raises(FileProblems) as raised:
        load_ruleset(path)
    text = str(raised.value)
    assert "nplanetary.bands[1].from" in text and "'a quarter' is not a ratio" in text
    assert f"{path}:" in text


def test_a_class_without_damage_capacity_is_reported(tmp_path: Path) -> None:
    path = own(tmp_path, "[nplanetary.classes.tanker]", "[nplanetary.classes.tankerx]")
    with pytest.raises(FileProblems) as raised:
        load_ruleset(path)
    assert "class 'tanker' has no damage capacity" in str(raised.value)


def test_a_wrong_type_is_reported_without_a_traceback(tmp_path: Path) -> None:
    path = own(tmp_path, "water_every = 3", 'water_every = "three"')
    with pytest.raises(FileProblems) as raised:
        load_ruleset(path)
    assert "nplanetary.asteroids.water_every" in str(raised.value)
