"""Map files: round trips, atomic saves, and bad input reported with file, field and line."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.board.hexgrid import Direction
from core.board.problems import FileProblems
from core.board.starmap import DEFAULT_SERVICES, Base, BaseKind, GravityKind, Service
from core.files.mapfile import dumps_map, load_map, parse_map, save_map

GOOD = """\
format = "ecliptic-map"
version = 1
name = "Test"

[grid]
width = 12
height = 10

[[bodies]]
name = "Terra"
kind = "planet"
hex = "0505"

[[bodies]]
name = "Luna"
kind = "moon"
hex = "0807"
gravity = "weak"
radius = 0.25

[[gravity]]
hex = "1003"
arrows = ["N", "SE"]

[asteroids]
hexes = ["1108", "1109", "1110"]

[[special_asteroids]]
owner = "Clandestine"
hexes = ["0109", "0110"]

[[bases]]
name = "Terra Down"
kind = "planetary"
hex = "0505"
side = "N"

[[bases]]
name = "High Terra"
kind = "orbital"
hex = "0504"
owner = "terrans"
services = ["refuel"]

[[bases]]
name = "Rock"
kind = "asteroid"
hex = "1109"

[[zones]]
name = "Terra space"
around = "Terra"
radius = 2
base = "High Terra"
"""


def write(tmp_path: Path, text: str, name: str = "map.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(FileProblems) as info:
        load_map(write(tmp_path, text))
    return [str(p) for p in info.value.problems]


def test_good_map_loads_with_everything_in_it(tmp_path: Path) -> None:
    m = load_map(write(tmp_path, GOOD))
    labels = m.bounds.labels
    assert [b.name for b in m.bodies] == ["Terra", "Luna"]
    assert m.bodies[1].gravity is GravityKind.WEAK
    g = m.gravity_at(labels.parse("1003"))
    assert g is not None and g.overridden and g.two_directed
    down = m.base("Terra Down")
    assert down is not None and down.side is Direction.N and down.kind is BaseKind.PLANETARY
    assert Service.PLANETSIDE_LAUNCH in down.services  # defaults by kind
    high = m.base("High Terra")
    assert high is not None and high.services == frozenset({Service.REFUEL})
    assert len(m.zones[0].hexes) == 19  # Terra and two rings around it


def test_a_base_built_in_code_offers_the_same_services_as_one_read_from_a_map(
    tmp_path: Path,
) -> None:
    m = load_map(write(tmp_path, GOOD))
    labels = m.bounds.labels
    assert m.base("Terra Down") == Base(
        "Terra Down", BaseKind.PLANETARY, labels.parse("0505"), Direction.N
    )
    assert m.base("Rock") == Base("Rock", BaseKind.ASTEROID, labels.parse("1109"))
    for kind in BaseKind:
        assert Base("B", kind, labels.parse("0101")).services == DEFAULT_SERVICES[kind]


def test_a_base_given_an_empty_list_of_services_offers_none(tmp_path: Path) -> None:
    text = GOOD.replace('hex = "1109"\n', 'hex = "1109"\nservices = []\n')
    rock = load_map(write(tmp_path, text)).base("Rock")
    assert rock is not None and rock.services == frozenset()
    assert rock == Base("Rock", BaseKind.ASTEROID, rock.hex, services=frozenset())


def test_save_then_load_gives_an_equal_map(tmp_path: Path) -> None:
    m = load_map(write(tmp_path, GOOD))
    out = tmp_path / "again.toml"
    save_map(m, out)
    assert load_map(out) == m
    assert parse_map(__import__("tomllib").loads(dumps_map(m))) == m


def test_save_is_atomic_and_leaves_no_temporary_files(tmp_path: Path) -> None:
    m = load_map(write(tmp_path, GOOD))
    out = tmp_path / "out.toml"
    out.write_text("old contents")
    save_map(m, out)
    assert load_map(out) == m
    assert sorted(os.listdir(tmp_path)) == ["map.toml", "out.toml"]


def test_saving_an_invalid_map_writes_nothing(tmp_path: Path) -> None:
    from dataclasses import replace

    m = load_map(write(tmp_path, GOOD))
    broken = replace(m, bodies=(m.bodies[0], replace(m.bodies[1], centre=m.bodies[0].centre)))
    out = tmp_path / "out.toml"
    out.write_text("keep me")
    with pytest.raises(FileProblems, match="both on hex 0505"):
        save_map(broken, out)
    assert out.read_text() == "keep me"
    assert sorted(os.listdir(tmp_path)) == ["map.toml", "out.toml"]


def test_file_that_is_not_toml_names_the_line(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace('name = "Rock"', "name = Rock"))
    assert len(found) == 1 and "not valid TOML" in found[0]
    assert found[0].startswith(f"{tmp_path / 'map.toml'}:46:")


def test_unknown_field_names_field_and_line(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("radius = 0.25", 'radius = 0.25\ncolour = "grey"'))
    assert found == [f"{tmp_path / 'map.toml'}:20: bodies[1].colour: unknown field 'colour'"]


def test_wrong_value_names_field_and_line(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace('gravity = "weak"', 'gravity = "strong"'))
    assert len(found) == 1
    assert ":18: bodies[1].gravity:" in found[0] and "'weak'" in found[0]


def test_base_where_it_cannot_be_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace('hex = "0504"', 'hex = "0202"'))
    assert len(found) == 1
    assert ":41: bases[1].hex: orbital base 'High Terra' must sit on a gravity hex" in found[0]
    found = problems_of(tmp_path, GOOD.replace('hex = "1109"', 'hex = "0202"'))
    assert "asteroid base 'Rock' must be on an asteroid hex" in found[0]
    found = problems_of(tmp_path, GOOD.replace('side = "N"', 'side = "E"'))
    assert "unknown direction 'E' on a flat map" in found[0]


def test_planetary_base_without_a_body_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace(
        'name = "Terra Down"\nkind = "planetary"\nhex = "0505"',
        'name = "Terra Down"\nkind = "planetary"\nhex = "0202"',
    )
    found = problems_of(tmp_path, text)
    assert "must be on a body's hex; 0202 is empty space" in found[0]


def test_override_arrow_pointing_off_the_map_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace('hex = "1003"', 'hex = "1001"'))
    assert found == [
        f"{tmp_path / 'map.toml'}:23: gravity[0].arrows: the N arrow at 1001 points off the map"
    ]


def test_two_bodies_on_one_hex_are_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace('hex = "0807"', 'hex = "0505"'))
    assert any(":17: bodies[1].hex: Luna and Terra are both on hex 0505" in p for p in found)


def test_bounds_too_small_for_bodies_are_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace("width = 12", "width = 6"))
    assert any("bounds (6x10) are too small" in p for p in found)


def test_bad_label_names_the_field(tmp_path: Path) -> None:
    found = problems_of(
        tmp_path, GOOD.replace('hexes = ["1108", "1109", "1110"]', 'hexes = ["1108", "11x9"]')
    )
    assert any("asteroids.hexes: hex label '11x9' should be 4 digits" in p for p in found)


def test_missing_required_field_is_named(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace('kind = "moon"\n', ""))
    assert found == [f"{tmp_path / 'map.toml'}:14: bodies[1].kind: this field is required"]


def test_map_from_a_newer_ecliptic_is_refused_untouched(tmp_path: Path) -> None:
    text = GOOD.replace("version = 1", "version = 7")
    found = problems_of(tmp_path, text)
    assert len(found) == 1 and "made by a newer Ecliptic (format version 7)" in found[0]
    assert (tmp_path / "map.toml").read_text() == text


def test_every_problem_is_listed_not_just_the_first(tmp_path: Path) -> None:
    text = GOOD.replace('hex = "1003"', 'hex = "1001"').replace('hex = "0807"', 'hex = "0505"')
    assert len(problems_of(tmp_path, text)) >= 2


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "core", *args], capture_output=True, text=True, check=False
    )


def test_cli_validate_accepts_a_good_map(tmp_path: Path) -> None:
    result = run_cli("validate", str(write(tmp_path, GOOD)))
    assert result.returncode == 0
    assert result.stdout.count("\n") == 1 and "valid map 'Test'" in result.stdout


def test_cli_validate_lists_every_problem_without_a_traceback(tmp_path: Path) -> None:
    good = write(tmp_path, GOOD, "good.toml")
    bad = write(tmp_path, GOOD.replace('hex = "1003"', 'hex = "1001"'), "bad.toml")
    result = run_cli("validate", str(good), str(bad), str(tmp_path / "missing.toml"))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "points off the map" in result.stderr and "no such file" in result.stderr
    assert "valid map" in result.stdout


def test_cli_info_summarises_a_map(tmp_path: Path) -> None:
    result = run_cli("info", str(write(tmp_path, GOOD)))
    assert result.returncode == 0
    for text in ("12 columns x 10 rows", "Terra", "Luna", "High Terra", "Terra space"):
        assert text in result.stdout


def test_body_inside_another_bodys_gravity_ring_is_refused(tmp_path: Path) -> None:
    found = problems_of(tmp_path, GOOD.replace('hex = "0807"', 'hex = "0605"'))
    assert any("Luna sits in Terra's gravity ring at 0605" in p for p in found)


def test_hex_pulled_by_three_bodies_must_be_set_by_hand(tmp_path: Path) -> None:
    from core.board.hexgrid import Hex
    from core.board.mapcheck import map_problems
    from core.board.starmap import Body, BodyKind, Bounds, StarMap

    centre = Hex(6, 2)
    bodies = tuple(
        Body(f"B{i}", BodyKind.MOON, centre + d.vector, 0.2)
        for i, d in enumerate([Direction.N, Direction.SE, Direction.SW])
    )
    m = StarMap("Three", Bounds(14, 14), bodies=bodies)
    problems = [p.message for p in map_problems(m)]
    assert any("pulled by 3 bodies" in p for p in problems), problems
