"""Victory conditions no ship can ever meet (issue 8's unreachable objectives), reported
with their field, line and, where there is one, their hex on the map."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.board.hexgrid import Direction
from core.board.problems import FileProblems, Problem
from core.board.starmap import Base, BaseKind, Body, BodyKind, Bounds, GravityOverride, StarMap
from core.files.resources import SCENARIOS
from core.scenario.reader import load_scenario, parse_scenario

BOUNDS = Bounds(20, 16)
TERRA = Body("Terra", BodyKind.PLANET, BOUNDS.labels.parse("1008"))


def race(**fields: Any) -> dict[str, Any]:
    return {
        "format": "ecliptic-scenario",
        "version": 2,
        "id": "reach",
        "name": "Reach",
        "map": "unused",
        "ruleset": "interplanetary",
        "players": {"min": 1, "max": 2},
        "ships": [{"id": "s", "name": "Ship", "unit": "ship", "hex": "0202"}],
        "victory": [fields],
    }


def problems_of(data: dict[str, Any], starmap: StarMap) -> list[Problem]:
    with pytest.raises(FileProblems) as info:
        parse_scenario(data, starmap=starmap)
    return info.value.problems


def test_a_race_to_a_body_that_does_not_exist_is_reported_on_its_field_and_line(
    tmp_path: Path,
) -> None:
    text = (SCENARIOS / "training.toml").read_text(encoding="utf-8")
    path = tmp_path / "s.toml"
    path.write_text(text.replace('"Mercury"', '"Vulcan"'), encoding="utf-8")
    with pytest.raises(FileProblems) as info:
        load_scenario(path)
    (p,) = info.value.problems
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "Vulcan" in t)
    assert (p.file, p.field, p.line) == (str(path), "victory[0].visit", line)
    assert "there is no body 'Vulcan'" in p.message


def test_orbiting_a_body_with_no_two_gravity_hexes_side_by_side_is_unreachable() -> None:
    ring = TERRA.ring()
    cleared = tuple(GravityOverride(h, ()) for h in ring[::2])  # every other ring hex
    starmap = StarMap("m", BOUNDS, bodies=(TERRA,), overrides=cleared)
    (p,) = problems_of(race(kind="race", orbit="Terra"), starmap)
    assert p.field == "victory[0].orbit" and p.hex == TERRA.centre
    assert "no ship can ever orbit Terra" in p.message
    one_gap = StarMap("m", BOUNDS, bodies=(TERRA,), overrides=cleared[:1])
    parse_scenario(race(kind="race", orbit="Terra"), starmap=one_gap)  # still orbitable
    parse_scenario(race(kind="race", visit=["Terra"]), starmap=starmap)  # and visitable


def test_a_body_whose_ring_is_all_cleared_or_off_the_map_cannot_be_visited() -> None:
    cleared = tuple(GravityOverride(h, ()) for h in TERRA.ring())
    starmap = StarMap("m", BOUNDS, bodies=(TERRA,), overrides=cleared)
    (p,) = problems_of(race(kind="race", visit=["Terra"]), starmap)
    assert p.message == "Terra has no gravity hexes" and p.hex == TERRA.centre
    far = Body("Pluto", BodyKind.PLANET, BOUNDS.labels.from_offset(40, 40))
    off = StarMap("m", BOUNDS, bodies=(TERRA, far))
    (p,) = problems_of(race(kind="race", visit=["Pluto"]), off)
    assert "no ship can ever reach Pluto's gravity" in p.message and p.hex == far.centre


def test_docking_at_a_base_off_the_map_is_unreachable() -> None:
    gone = Base("Far Station", BaseKind.ORBITAL, BOUNDS.labels.from_offset(30, 2))
    near = Base("Terra Port", BaseKind.PLANETARY, TERRA.centre, side=Direction.N)
    starmap = StarMap("m", BOUNDS, bodies=(TERRA,), bases=(gone, near))
    (p,) = problems_of(race(kind="race", dock="Far Station"), starmap)
    assert p.field == "victory[0].dock" and "can ever dock at Far Station" in p.message
    (p,) = problems_of(race(kind="race", dock="Terra Port"), starmap)
    assert "planetary base" in p.message and p.hex == near.hex


def test_a_headquarters_off_the_map_is_unreachable() -> None:
    home = Base("Red Home", BaseKind.ORBITAL, TERRA.ring()[0])
    gone = Base("Blue Home", BaseKind.ORBITAL, BOUNDS.labels.from_offset(30, 2))
    starmap = StarMap("m", BOUNDS, bodies=(TERRA,), bases=(home, gone))
    data = race(kind="headquarters", bases={"Red": "Red Home", "Blue": "Blue Home"})
    data["sides"] = [{"name": "Red"}, {"name": "Blue"}]
    data["players"]["min"] = 2
    data["ships"][0]["side"] = "Red"
    (p,) = problems_of(data, starmap)
    assert p.field == "victory[0].bases.Blue"
    assert "no ship can ever reach Blue Home" in p.message
