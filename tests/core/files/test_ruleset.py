"""Rulesets: the built-in rule tables say what the seeds say, and bad files are reported
with file, field and line."""

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from core.board.problems import FileProblems
from core.engine import serial
from core.files.resources import resource_path
from core.files.ruleset import BurnProfile, Ruleset, RulesetRef, burn_costs_for
from core.files.rulesets import load_ruleset, ruleset_ids

BUILT_IN = ["interplanetary", "nplanetary", "system3void-strategic", "system3void-tactical"]
#: each built-in ruleset's own version (raised when its tables change how a game plays)
VERSIONS = {
    "interplanetary": 2,
    "nplanetary": 1,
    "system3void-strategic": 1,
    "system3void-tactical": 1,
}

GOOD = """\
format = "ecliptic-ruleset"
version = 1
id = "test"
name = "Test rules"
ruleset_version = 2

[sequence]
order = "rotating"
phases = ["plot", "move", "fire"]
movement_phase = "move"

[switches]
hexside_entered = false

[profiles.plain]
costs = [1]

[profiles.fast]
costs = [0.5, 1, 1.5]
high_from = 2
cooldown = [0, 1, 3]
min_max_accel = 6

[[units]]
id = "scout"
name = "Scout"
fuel = 12.5
profile = "fast"
max_accel = 8

[[units]]
id = "hauler"
name = "Hauler"
fuel = 40
military = false
profile = "plain"

[[asteroid_table]]
low = 1
high = 5
effect = "none"
text = "passes safely"

[[asteroid_table]]
low = 6
high = 6
effect = "damage"
text = "is hit"
"""


def write(tmp_path: Path, text: str, name: str = "rules.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(FileProblems) as info:
        load_ruleset(write(tmp_path, text))
    return [str(p) for p in info.value.problems]


def at(tmp_path: Path, line: int, rest: str) -> str:
    """A problem as printed: ``file:line: field: message``."""
    return f"{tmp_path / 'rules.toml'}:{line}: {rest}"


# ---- the built-in rulesets ----


def test_the_four_built_in_rulesets_are_listed() -> None:
    assert ruleset_ids() == sorted(BUILT_IN)


@pytest.mark.parametrize("ruleset_id", BUILT_IN)
def test_each_built_in_ruleset_loads_under_its_file_name(ruleset_id: str) -> None:
    rules = load_ruleset(ruleset_id)
    assert rules.id == ruleset_id and rules.version == VERSIONS[ruleset_id]
    assert load_ruleset(resource_path("rulesets", f"{ruleset_id}.toml")) == rules
    for unit in rules.units:
        rules.profile(unit.profile)  # every unit's profile exists


def test_built_in_rulesets_are_loaded_once() -> None:
    assert load_ruleset("interplanetary") is load_ruleset("interplanetary")


def test_interplanetary_players_take_turns_and_the_first_player_rotates() -> None:
    seq = load_ruleset("interplanetary").sequence
    assert seq.order == "rotating"
    assert seq.phases == ("launch", "astrogation", "guns", "resupply")
    assert seq.movement_phase == "astrogation"


def test_interplanetary_burn_costs_one_fuel_and_moves_the_tip_one_hex_once_a_turn() -> None:
    rules = load_ruleset("interplanetary")
    for unit in rules.units:
        assert burn_costs_for(rules, unit) == (Fraction(1),)
    assert rules.gravity and rules.start_hex_gravity
    assert rules.switch("hexside_entered")


def test_interplanetary_has_a_warship_and_a_civilian_class_with_the_play_aids_tank() -> None:
    rules = load_ruleset("interplanetary")
    assert rules.unit("ship").military
    assert not rules.unit("civilian").military
    assert rules.unit("ship").fuel == rules.unit("civilian").fuel == 15


def test_interplanetary_asteroid_roll_is_the_play_aids_asteroid_column() -> None:
    rules = load_ruleset("interplanetary")
    effects = {n: r.effect for r in rules.asteroid_table for n in range(r.low, r.high + 1)}
    assert effects == {1: "none", 2: "none", 3: "none", 4: "none", 5: "disabled", 6: "damage"}
    assert rules.asteroid_hazard
    assert rules.play_aid is not None
    column = rules.play_aid.table("asteroid")
    for row in rules.asteroid_table:
        for roll in range(row.low, row.high + 1):
            result = column.result(roll)
            assert (row.effect == "none") == result.miss
            assert (row.effect == "damage") == bool(result.hits)


def test_nplanetary_orders_are_simultaneous_in_five_phases() -> None:
    seq = load_ruleset("nplanetary").sequence
    assert seq.order == "simultaneous"
    assert seq.phases == ("ordnance", "combat", "movement", "development", "logistics")
    assert seq.movement_phase == "movement"


def test_nplanetary_gravity_of_the_starting_hex_never_applies() -> None:
    rules = load_ruleset("nplanetary")
    assert rules.gravity and not rules.start_hex_gravity


def test_nplanetary_military_ships_burn_two_hexes_for_four_fuel_civilians_only_one() -> None:
    rules = load_ruleset("nplanetary")
    for unit in rules.units:
        costs = burn_costs_for(rules, unit)
        if unit.military:
            assert costs == (Fraction(1), Fraction(4)), unit.id
        else:
            assert costs == (Fraction(1),), unit.id
    assert {u.id for u in rules.units if not u.military} == {"freighter", "tanker"}


def test_nplanetary_ship_classes_have_the_seeds_strength_fuel_cargo_and_cost() -> None:
    rules = load_ruleset("nplanetary")
    table = {u.id: (u.combat, u.fuel, u.cargo, u.cost) for u in rules.units}
    assert table == {
        "freighter": (1, Fraction(10), 50, 10),
        "tanker": (1, Fraction(50), 0, 10),
        "transport": (1, Fraction(10), 50, 20),
        "oiler": (1, Fraction(50), 0, 20),
        "frigate": (2, Fraction(15), 10, 40),
        "destroyer": (3, Fraction(15), 10, 60),
        "cruiser": (5, Fraction(20), 15, 100),
        "battleship": (10, Fraction(10), 30, 150),
    }


def test_nplanetary_has_no_asteroid_hazard() -> None:
    rules = load_ruleset("nplanetary")
    assert all(r.effect == "none" for r in rules.asteroid_table)
    assert not rules.asteroid_hazard


def test_system3void_strategic_turn_is_astrogation_movement_combat_resupply() -> None:
    rules = load_ruleset("system3void-strategic")
    assert rules.sequence.order == "fixed"  # ruling: standard Triplanetary's turn order
    assert rules.sequence.phases == ("astrogation", "movement", "combat", "resupply")
    assert rules.sequence.movement_phase == "movement"
    assert rules.gravity


def test_system3void_strategic_one_hex_costs_half_a_fuel_and_two_hexes_one_fuel() -> None:
    rules = load_ruleset("system3void-strategic")
    for unit in rules.units:
        assert burn_costs_for(rules, unit)[:2] == (Fraction(1, 2), Fraction(1)), unit.id


def test_system3void_strategic_two_hex_burn_is_high_and_bars_high_burns_for_a_turn() -> None:
    rules = load_ruleset("system3void-strategic")
    for unit in rules.units:
        profile = rules.profile(unit.profile)
        assert profile.high_from == 2
        assert profile.cooldown[:2] == (0, 1)


def test_system3void_strategic_three_hexes_for_one_and_a_half_only_at_6g_or_more() -> None:
    rules = load_ruleset("system3void-strategic")
    for unit in rules.units:
        assert unit.max_accel is not None
        costs = burn_costs_for(rules, unit)
        if unit.max_accel >= 6:
            assert costs == (Fraction(1, 2), Fraction(1), Fraction(3, 2)), unit.id
            assert rules.profile(unit.profile).cooldown == (0, 1, 3)
        else:
            assert len(costs) == 2, unit.id
    assert len(burn_costs_for(rules, rules.unit("battleship-big-danger"))) == 3  # exactly 6 G
    assert len(burn_costs_for(rules, rules.unit("liner"))) == 2  # 4 G


def test_system3void_strategic_combat_costs_each_ship_one_fuel() -> None:
    assert load_ruleset("system3void-strategic").engagement_fuel == 1


def test_system3void_tactical_has_no_gravity_and_costs_one_fuel_per_engagement() -> None:
    rules = load_ruleset("system3void-tactical")
    assert not rules.gravity
    assert rules.engagement_fuel == 1
    assert rules.sequence.phases == ("astrogation", "ordnance", "movement", "combat", "resupply")
    assert rules.sequence.movement_phase == "movement"


def test_system3void_tactical_burns_are_free_up_to_one_hex_per_2g() -> None:
    rules = load_ruleset("system3void-tactical")
    korf = rules.unit("korf")  # 20 G
    assert burn_costs_for(rules, korf) == (Fraction(0),) * 10
    assert burn_costs_for(rules, rules.unit("transport")) == (Fraction(0),)  # 2 G
    assert len(burn_costs_for(rules, rules.unit("battleship-godfinger"))) == 4  # 8 G
    assert rules.profile(korf.profile).high_from == 3  # 6 G and above


def test_system3void_both_scales_list_the_same_ships() -> None:
    strategic = load_ruleset("system3void-strategic").units
    tactical = load_ruleset("system3void-tactical").units
    same = [(u.id, u.name, u.fuel, u.max_accel, u.military, u.combat) for u in strategic]
    assert same == [(u.id, u.name, u.fuel, u.max_accel, u.military, u.combat) for u in tactical]


def test_system3void_ship_table_values() -> None:
    rules = load_ruleset("system3void-strategic")
    bastet = rules.unit("frigate-bastet")
    assert (bastet.combat, bastet.defence, bastet.fuel, bastet.cargo) == (4, 5, Fraction(20), 10)
    assert bastet.max_accel == 20 and bastet.military
    explorer = rules.unit("colonial-explorer")
    assert (explorer.combat, explorer.fuel, explorer.max_accel) == (3, Fraction(30), 2)
    assert not explorer.military  # "3D": defensive only


# ---- the API ----


def test_good_file_loads_with_exact_fractions(tmp_path: Path) -> None:
    rules = load_ruleset(write(tmp_path, GOOD))
    assert rules.version == 2
    assert rules.profile("fast") == BurnProfile(
        (Fraction(1, 2), Fraction(1), Fraction(3, 2)), 2, (0, 1, 3), 6
    )
    assert rules.unit("scout").fuel == Fraction(25, 2)
    assert burn_costs_for(rules, rules.unit("hauler")) == (Fraction(1),)


def test_switch_default_and_game_override(tmp_path: Path) -> None:
    rules = load_ruleset(write(tmp_path, GOOD))
    assert rules.switch("hexside_entered") is False
    assert rules.switch("hexside_entered", (("hexside_entered", True),)) is True
    assert rules.switch("hexside_entered", {"hexside_entered": True}) is True


def test_unknown_names_raise_key_errors_that_say_what_is_missing(tmp_path: Path) -> None:
    rules = load_ruleset(write(tmp_path, GOOD))
    with pytest.raises(KeyError, match="no unit class 'dreadnought'"):
        rules.unit("dreadnought")
    with pytest.raises(KeyError, match="no burn profile 'warp'"):
        rules.profile("warp")
    with pytest.raises(KeyError, match="no switch 'fog'"):
        rules.switch("fog")
    with pytest.raises(KeyError, match="no switch 'fog'"):
        rules.switch("hexside_entered", (("fog", True),))


@pytest.mark.parametrize("ruleset_id", BUILT_IN)
def test_rulesets_survive_serialisation(ruleset_id: str) -> None:
    rules = load_ruleset(ruleset_id)
    back = serial.from_data(serial.to_data(rules))
    assert isinstance(back, Ruleset) and back == rules


def test_a_campaign_stores_id_version_and_every_switch() -> None:
    rules = load_ruleset("interplanetary")
    ref = rules.ref((("hexside_entered", False),))
    defaults = rules.switch_values()
    assert {"hexside_entered", "kinetic_buster", "fog_of_war"} <= defaults.keys()
    assert defaults["weak_gravity_carries_over"] is False
    switches = tuple(sorted({**defaults, "hexside_entered": False}.items()))
    assert ref == RulesetRef("interplanetary", 2, switches)
    assert serial.from_data(serial.to_data(ref)) == ref
    assert rules.ref() == RulesetRef("interplanetary", 2, tuple(sorted(defaults.items())))


def test_unknown_built_in_id_is_refused_naming_the_built_ins() -> None:
    with pytest.raises(FileProblems) as info:
        load_ruleset("traveller")
    message = str(info.value)
    assert "no built-in ruleset 'traveller'" in message and "nplanetary" in message


# ---- the command line ----


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "core", *args], capture_output=True, text=True, check=False
    )


def test_cli_validates_the_built_in_rulesets() -> None:
    files = sorted(str(p) for p in resource_path("rulesets").glob("*.toml"))
    assert len(files) == len(BUILT_IN)
    result = run_cli("validate", *files)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("valid ruleset") == len(BUILT_IN)


def test_cli_validates_maps_and_rulesets_together(tmp_path: Path) -> None:
    maps = resource_path("maps", "solar-system.toml")
    result = run_cli("validate", str(maps), str(write(tmp_path, GOOD)))
    assert result.returncode == 0, result.stderr
    assert "valid map" in result.stdout and "valid ruleset 'Test rules'" in result.stdout


def test_cli_bad_ruleset_exits_1_without_a_traceback(tmp_path: Path) -> None:
    bad = write(tmp_path, GOOD.replace('profile = "plain"', 'profile = "warp"'))
    result = run_cli("validate", str(bad))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert f"{bad}:36: units[1].profile: there is no burn profile 'warp'" in result.stderr


def test_cli_info_summarises_a_ruleset() -> None:
    result = run_cli("info", str(resource_path("rulesets", "nplanetary.toml")))
    assert result.returncode == 0, result.stderr
    for text in ("NPlanetary", "simultaneous", "[movement]", "Battleship", "1, 4"):
        assert text in result.stdout
