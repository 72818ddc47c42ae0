"""Problems that name a hex carry it, so the editor's issues dock can show the place;
a scenario can be checked against a map being edited instead of its map file."""

from __future__ import annotations

import tomllib
from dataclasses import replace

import pytest

from core.board.hexgrid import Hex
from core.board.mapcheck import map_problems
from core.board.problems import FileProblems
from core.board.starmap import Bounds, GravityOverride, StarMap
from core.files.mapfile import load_map
from core.files.resources import SCENARIOS, SOLAR_SYSTEM_MAP
from core.scenario.reader import parse_scenario


def test_an_asteroid_off_the_map_names_its_hex() -> None:
    m = StarMap("m", Bounds(5, 5), asteroids=frozenset({Hex(20, 0)}))
    (problem,) = map_problems(m)
    assert problem.field == "asteroids.hexes"
    assert problem.hex == Hex(20, 0)


def test_an_override_inside_a_body_names_its_hex() -> None:
    base = load_map(SOLAR_SYSTEM_MAP)
    sun = base.body("Sol") or base.bodies[0]
    m = replace(base, overrides=(*base.overrides, GravityOverride(sun.centre, ())))
    found = [p for p in map_problems(m) if p.hex == sun.centre]
    assert found and found[0].field is not None and found[0].field.startswith("gravity[")


def test_a_scenario_is_checked_against_the_map_given_instead_of_its_file() -> None:
    data = tomllib.loads((SCENARIOS / "training.toml").read_text(encoding="utf-8"))
    data["ships"][0] = {"id": "t", "name": "T", "unit": "ship", "hex": "0909"}
    small = StarMap("tiny", Bounds(3, 3))
    with pytest.raises(FileProblems) as info:
        parse_scenario(data, path=SCENARIOS / "training.toml", starmap=small)
    located = [p for p in info.value.problems if p.hex is not None]
    assert [p.field for p in located] == ["ships[0].hex"], "the start off the tiny map is named"
    assert any("Venus" in p.message for p in info.value.problems)
    assert parse_scenario(data, path=SCENARIOS / "training.toml").starmap.name != "tiny"


def test_tables_inside_an_array_of_tables_are_written_inline_and_read_back() -> None:
    from core.files import tomlio

    doc = {"ships": [{"id": "x", "outfit": {"Gun A": 1, "fuel": 2}}]}
    assert tomllib.loads(tomlio.dumps(doc)) == doc
