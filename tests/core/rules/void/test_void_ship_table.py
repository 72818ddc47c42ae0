"""Requirement 1 of issue 20: the seed's *Ships of System III Void* table as data, every
row and column, the four rows it takes from standard Triplanetary, costs by a stated
ruling, and the file checked on load with the field and line named."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import pytest

from core.board.problems import FileProblems
from core.files.resources import resource_path
from core.files.rulesets import load_ruleset
from core.rules.void.tables import Hit, strength, tables_of

SCALES = ("system3void-strategic", "system3void-tactical")

# the seed's table: strength (defence), fuel, cargo, tubes, light, heavy, missiles, max G
SEED = {
    "colonial-explorer": (3, 3, 30, 100, 0, 0, 0, 0, 2),
    "colonial-explorer-militarized": (12, 15, 15, 50, 10, 0, 3, 100, 4),
    "korf": (2, 2, 20, 5, 2, 0, 0, 6, 20),
    "frigate-don-quixote": (4, 4, 20, 10, 2, 0, 0, 20, 20),
    "frigate-bastet": (4, 5, 20, 10, 2, 1, 0, 10, 20),
    "destroyer-doctrine": (8, 8, 20, 20, 6, 1, 0, 30, 16),
    "cruiser-whirlwind": (12, 12, 20, 30, 10, 1, 0, 50, 10),
    "cruiser-bird-of-prey": (12, 12, 20, 30, 6, 0, 1, 30, 10),
    "battleship-big-danger": (15, 15, 15, 50, 10, 0, 2, 100, 6),
    "battleship-eisenhower": (15, 15, 15, 50, 10, 0, 4, 50, 6),
    "battleship-godfinger": (16, 16, 15, 50, 9, 0, 2, 100, 8),
}
# "see standard Triplanetary": strength, fuel, cargo and cost from the reference, max G
# from the seed; "1D" and "2D" are defensive only
STANDARD = {
    "transport": (1, 10, 50, 10, 2, True),
    "packet": (2, 10, 50, 20, 6, False),
    "tanker": (1, 50, 0, 10, 2, True),
    "liner": (2, 10, 0, 50, 4, True),
}


@pytest.mark.parametrize("ruleset", SCALES)
def test_every_row_of_the_seeds_ship_table_is_data(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    tables = tables_of(rules)
    for unit_id, figures in SEED.items():
        unit, row = rules.unit(unit_id), tables.row(unit_id)
        defence = unit.defence if unit.defence is not None else unit.combat
        got = (unit.combat, defence, unit.fuel, unit.cargo, row.torpedo_tubes)
        got += (row.light_railguns, row.heavy_railguns, row.missile_load, unit.max_accel)
        assert got == figures, unit_id
    assert tables.row("frigate-bastet").stealth
    assert tables.row("colonial-explorer").defensive_only  # "3D"


@pytest.mark.parametrize("ruleset", SCALES)
def test_the_four_standard_rows_come_from_standard_triplanetary(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    for unit_id, (combat, fuel, cargo, cost, accel, defensive) in STANDARD.items():
        unit = rules.unit(unit_id)
        assert (unit.combat, unit.fuel, unit.cargo, unit.cost) == (combat, fuel, cargo, cost)
        assert unit.max_accel == accel and not unit.military
        assert tables_of(rules).row(unit_id).defensive_only is defensive


def _standard_price(combat: int) -> float:
    points = [(2, 40), (4, 80), (8, 150), (15, 600)]
    for (a, pa), (b, pb) in pairwise(points):
        if combat <= b:
            return pa + (pb - pa) * (combat - a) / (b - a)
    (a, pa), (b, pb) = points[-2:]
    return pb + (pb - pa) / (b - a) * (combat - b)


def test_ruling_warship_costs_follow_the_standard_price_of_their_strength_plus_weapons() -> None:
    rules = load_ruleset("system3void-strategic")
    for unit in rules.units:
        if not unit.military:
            continue
        row = tables_of(rules).row(unit.id)
        assert unit.combat is not None
        special = (unit.defence or unit.combat) - unit.combat
        price = _standard_price(unit.combat) + 10 * max(0, row.torpedo_tubes - 2)
        price += 20 * row.light_railguns + 50 * row.heavy_railguns + 20 * special
        assert unit.cost == round(price / 10) * 10, unit.id
    assert rules.unit("colonial-explorer").cost == 30


def test_total_combat_strength_adds_railguns_and_tube_pairs_to_attack_only() -> None:
    rules = load_ruleset("system3void-strategic")
    tables = tables_of(rules)
    big = strength(rules.unit("battleship-big-danger"), tables.row("battleship-big-danger"))
    bastet = strength(rules.unit("frigate-bastet"), tables.row("frigate-bastet"))
    assert (big.attack, big.defence) == (24, 15)  # 15 + 4 railguns + 5 for 10 tubes
    assert (bastet.attack, bastet.defence) == (6, 5)  # 4 + 1 railgun + 1; 4 + 1 stealth
    godfinger = strength(rules.unit("battleship-godfinger"), tables.row("battleship-godfinger"))
    assert godfinger.attack == 16 + 4 + 5  # 9 tubes: 5 pairs, rounded up
    transport = strength(rules.unit("transport"), tables.row("transport"))
    assert (transport.attack, transport.defence) == (0, 1)  # 1D: defensive only


def test_the_standard_gun_combat_table_and_odds_rounding_for_the_defender() -> None:
    combat = tables_of(load_ruleset("system3void-strategic")).combat
    assert combat.odds_text(combat.column(36, 15)) == "2:1"
    assert combat.odds_text(combat.column(24, 30)) == "1:2"
    assert combat.column(1, 5) is None  # worse than 1:4: no effect
    assert combat.odds_text(combat.column(50, 2)) == "4:1"
    assert combat.gun_result(combat.column(36, 15), 3) == Hit(2)
    rolls = [combat.gun_result(combat.column(24, 30), r).text for r in (6, 6, 5, 5, 2, 1)]
    assert rolls == ["D3", "D3", "D2", "D2", "-", "-"]
    assert combat.gun_result(5, 5).eliminated and combat.gun_result(0, 0).harmless
    assert [combat.other_result("torpedo", r).text for r in range(1, 7)] == [
        "-",
        "D1",
        "D1",
        "D1",
        "D2",
        "D3",
    ]
    assert combat.other_result("asteroid", 6) == Hit(2)


def test_the_combat_aggression_factor_table() -> None:
    combat = tables_of(load_ruleset("system3void-strategic")).combat
    table = [
        [combat.factor(attacker, defender) for attacker in (1, 2, 3)] for defender in (1, 2, 3)
    ]
    assert table == [[1, 1, 2], [1, 2, 2], [2, 3, 3]]


def _broken(tmp_path: Path, old: str, new: str) -> list[str]:
    text = resource_path("rulesets", "system3void-strategic.toml").read_text()
    assert old in text
    path = tmp_path / "void.toml"
    path.write_text(
        text.replace(old, new, 1).replace(
            'id = "system3void-strategic"', 'id = "house"\nsystem = "void"', 1
        )
    )
    with pytest.raises(FileProblems) as info:
        load_ruleset(path)
    return [str(p) for p in info.value.problems]


def test_a_ship_table_row_for_no_unit_is_refused_with_its_field_and_line(tmp_path: Path) -> None:
    problems = _broken(tmp_path, 'unit = "korf"', 'unit = "korv"')
    assert any("void_ships[6].unit" in p and "no unit class 'korv'" in p for p in problems)
    assert any("'korf' has no row" in p for p in problems)
    assert all(str(tmp_path / "void.toml") in p for p in problems)


def test_a_bad_damage_result_or_odds_is_refused_by_field(tmp_path: Path) -> None:
    problems = _broken(
        tmp_path, '["D1", "D3", "D4", "D5", "E", "E"]', '["D1", "D3", "X", "D5", "E", "E"]'
    )
    assert any("void_combat.gun[5]" in p and "'X' is not a damage result" in p for p in problems)
    problems = _broken(tmp_path, '"1:4", "1:2"', '"1:2", "1:4"')
    assert any("void_combat.odds" in p and "rise" in p for p in problems)


def test_a_negative_torpedo_count_is_a_structure_problem(tmp_path: Path) -> None:
    problems = _broken(tmp_path, "torpedo_tubes = 10", "torpedo_tubes = -1")
    assert any("void_ships" in p and "torpedo_tubes" in p for p in problems)


def test_fuel_is_exact() -> None:
    assert load_ruleset("system3void-strategic").unit("korf").fuel == Fraction(20)
