"""Scenario files: loading, every problem located, starting a game from one."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from core.board.problems import FileProblems
from core.cli.main import main
from core.engine.errors import IllegalCommand
from core.engine.play import current_phase
from core.files.resources import SCENARIOS
from core.files.scenario_file import FORMAT
from core.scenario.document import Scenario, Seat
from core.scenario.reader import builtin_scenarios, load_scenario
from core.vector.state import ShipStatus
from core.vector.turns import FirstPlayer
from core.vector.victory import Race

SEATS = [Seat("Ann", "#e69f00"), Seat("Bob", "#56b4e9"), Seat("Cy", "#009e73")]


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[tuple[str | None, int | None, str]]:
    with pytest.raises(FileProblems) as info:
        load_scenario(path)
    assert all(p.file == str(path) for p in info.value.problems)
    return [(p.field, p.line, p.message) for p in info.value.problems]


@pytest.mark.parametrize("path", builtin_scenarios(), ids=lambda p: p.name)
def test_every_built_in_scenario_validates(path: Path) -> None:
    scenario = load_scenario(path)
    assert scenario.path == path and scenario.ships and scenario.victory


def test_the_built_in_scenarios_are_the_toml_files_of_the_scenarios_folder() -> None:
    assert SCENARIOS / "training.toml" in builtin_scenarios()
    assert builtin_scenarios() == sorted(SCENARIOS.glob("*.toml"))


def test_training_for_two_starts_with_both_ships_on_earth_and_a_first_player_rolled() -> None:
    training = load_scenario(SCENARIOS / "training.toml")
    assert (training.id, training.min_players, training.max_players) == ("training", 1, 6)
    assert training.victory == (Race(("Venus", "Mercury", "Luna"), True, "Earth"),)
    state, events = training.start(SEATS[:2], seed=5)
    assert [(p.id, p.name, p.side, p.colour) for p in state.players] == [
        ("p1", "Ann", "p1", "#e69f00"),
        ("p2", "Bob", "p2", "#56b4e9"),
    ]
    earth = training.starmap.body("Earth")
    assert earth is not None
    for ship, owner in zip(state.ships, ("p1", "p2"), strict=True):
        assert ship.owner == owner and ship.unit == "ship" and ship.fuel == 15
        assert ship.status is ShipStatus.LANDED and ship.landed_at == "Earth"
        assert ship.motion.position == earth.centre
    assert [s.name for s in state.ships] == ["Ann's ship", "Bob's ship"]
    rolled = [e for e in events if isinstance(e, FirstPlayer) and e.player is not None]
    assert len(rolled) == 1 and rolled[0].player == state.players[state.first].id
    assert state.dice.rolled >= 2 and state.victory == training.victory
    assert current_phase(state) == "launch" and state.round == 1


def test_a_chosen_first_player_is_not_rolled_for() -> None:
    state, events = load_scenario(SCENARIOS / "training.toml").start(SEATS, seed=5, first=2)
    assert state.first == 2 and state.dice.rolled == 0
    assert not any(isinstance(e, FirstPlayer) for e in events)


def test_a_seat_count_outside_the_scenario_s_range_is_refused() -> None:
    training = load_scenario(SCENARIOS / "training.toml")
    with pytest.raises(IllegalCommand, match="Training is for 1 to 6 players, not 7"):
        training.start([Seat(f"P{i}", "#000000") for i in range(7)], seed=1)
    with pytest.raises(IllegalCommand, match="not 0"):
        training.start([], seed=1)


TEAMS = """\
format = "ecliptic-scenario"
version = 1
id = "teams"
name = "Teams"
map = "solar-system"
ruleset = "interplanetary"

[players]
min = 2
max = 4

[switches]
hexside_entered = false

[[sides]]
name = "Guards"

[[sides]]
name = "Raiders"

[[ships]]
id = "science"
name = "Science vessel"
unit = "civilian"
side = "Guards"
hex = "0619"
came_from = "0620"
fuel = 4.5
outfit = { sensors = 2 }

[[ships]]
id = "raider"
name = "{player}'s raider"
unit = "ship"
landed = "Mercury Earthside"

[[victory]]
kind = "race"
ship = "science"
visit = ["Venus", "Mars"]
in_order = false
dock = "Io Research Station"

[[victory]]
kind = "destroy"
ship = "science"
side = "Raiders"

[[victory]]
kind = "turn-limit"
rounds = 40
side = "Guards"
"""


def test_fixed_sides_take_seats_in_turn_and_each_side_s_ships_go_to_its_first_player(
    tmp_path: Path,
) -> None:
    teams = load_scenario(write(tmp_path, TEAMS))
    assert teams.sides == ("Guards", "Raiders") and teams.switches == (("hexside_entered", False),)
    state, _ = teams.start(SEATS, seed=1, first=0)
    assert [p.side for p in state.players] == ["Guards", "Raiders", "Guards"]
    science = state.ship("science")
    assert (science.owner, science.side, science.fuel) == ("p1", "Guards", Fraction(9, 2))
    labels = teams.starmap.bounds.labels
    # It arrived from 0620: moving one hex N, Earth's gravity at 0619 waiting for turn 1.
    assert science.motion.position == labels.parse("0619") and science.motion.velocity.speed == 1
    assert [a.body for p in science.motion.pulls for a in p.arrows] == ["Earth"]
    raiders = [s for s in state.ships if s.id.startswith("raider-")]
    assert [(s.id, s.owner, s.side) for s in raiders] == [
        ("raider-p1", "p1", "Guards"),
        ("raider-p2", "p2", "Raiders"),
        ("raider-p3", "p3", "Guards"),
    ]
    assert all(s.landed_at == "Mercury Earthside" for s in raiders)
    assert teams.ships[0].outfit == (("sensors", 2),)


def test_maps_and_rulesets_may_be_files_beside_the_scenario(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    solar = Path(__file__).parents[3] / "resources" / "maps" / "solar-system.toml"
    (tmp_path / "maps" / "home.toml").write_text(solar.read_text(encoding="utf-8"))
    text = TEAMS.replace('map = "solar-system"', 'map = "maps/home.toml"')
    assert load_scenario(write(tmp_path, text)).starmap.name == "The Solar System"


BAD = """\
format = "ecliptic-scenario"
version = 1
id = "Bad Id"
name = "Bad"
map = "solar-system"
ruleset = "interplanetary"

[players]
min = 3
max = 2

[switches]
warp_drive = true

[[ships]]
id = "a"
name = "A"
unit = "dreadnought"
hex = "0519"

[[ships]]
id = "b"
name = "B"
unit = "ship"
hex = "9999"

[[ships]]
id = "c"
name = "C"
unit = "ship"
landed = "Atlantis"
side = "Blue"

[[ships]]
id = "d"
name = "D"
unit = "ship"
landed = "Earth Station"
fuel = 16

[[victory]]
kind = "race"
visit = ["Venus", "Vulcan"]
orbit = "Earth"
rounds = 3

[[victory]]
kind = "turn-limit"
"""


def test_every_problem_of_a_scenario_names_its_file_field_and_line(tmp_path: Path) -> None:
    found = problems(write(tmp_path, BAD))
    fields = {(field, line) for field, line, _ in found}
    expected = {
        ("id", 3),
        ("players.min", 9),
        ("switches.warp_drive", 13),
        ("ships[0].unit", 18),
        ("ships[0].hex", 19),
        ("ships[1].hex", 25),
        ("ships[2].landed", 31),
        ("ships[2].side", 32),
        ("ships[3].landed", 38),
        ("ships[3].fuel", 39),
        ("victory[0].visit", 43),
        ("victory[0].rounds", 45),
        ("victory[1].rounds", 47),
    }
    assert expected <= fields, sorted(found, key=lambda f: f[1] or 0)
    messages = " | ".join(m for _, _, m in found)
    for words in (
        "'Bad Id' is not a valid id",
        "min (3) is more than max (2)",
        "no switch 'warp_drive'",
        "no unit class 'dreadnought'",
        "0519 is inside Earth",
        "9999 is off the map",
        "no planetary base or body called 'Atlantis'",
        "there is no side 'Blue': this scenario has no [[sides]]",
        "Earth Station is an orbital base",
        "holds at most 15 fuel",
        "there is no body 'Vulcan'",
        "a race condition has no 'rounds'",
        "a turn-limit condition needs 'rounds'",
    ):
        assert words in messages


def test_structure_problems_come_from_the_format_check_with_lines(tmp_path: Path) -> None:
    text = BAD.replace('name = "Bad"', 'name = "Bad"\ncolour = "red"').replace(
        "min = 3", 'min = "three"'
    )
    found = problems(write(tmp_path, text))
    assert ("colour", 5, "unknown field 'colour'") in found
    assert any(field == "players.min" and line == 10 for field, line, _ in found)


def test_an_unknown_map_or_ruleset_is_reported_on_its_line(tmp_path: Path) -> None:
    text = TEAMS.replace('"solar-system"', '"atlantis"').replace('"interplanetary"', '"warp-wars"')
    found = problems(write(tmp_path, text))
    assert any(f == "map" and line == 5 and "atlantis" in m for f, line, m in found)
    assert any(
        f == "ruleset" and line == 6 and "no built-in ruleset 'warp-wars'" in m
        for f, line, m in found
    )


def test_a_start_whose_arrival_course_crashes_is_refused(tmp_path: Path) -> None:
    text = TEAMS.replace('hex = "0619"\ncame_from = "0620"', 'hex = "0620"\ncame_from = "0418"')
    found = problems(write(tmp_path, text))
    assert any(f == "ships[0].came_from" and "crashes into Earth" in m for f, _, m in found)


def test_conditions_must_name_sides_ships_bodies_and_bases_that_exist(tmp_path: Path) -> None:
    text = (
        TEAMS.replace('dock = "Io Research Station"', 'dock = "Earth Port"')
        .replace('side = "Raiders"\n\n[[victory]]', 'side = "Pirates"\n\n[[victory]]')
        .replace('ship = "science"\nside', 'ship = "raider"\nside')
    )
    found = problems(write(tmp_path, text))
    messages = " | ".join(f"{f}: {m}" for f, _, m in found)
    assert "victory[0].dock: Earth Port is a planetary base" in messages
    assert "victory[1].side: there is no side 'Pirates' (sides: Guards, Raiders)" in messages
    assert "victory[1].ship: there is no ship 'raider' of a fixed side" in messages


def test_python_m_core_validates_and_summarises_scenarios(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    training = SCENARIOS / "training.toml"
    assert main(["validate", str(training)]) == 0
    out = capsys.readouterr().out
    assert out == (
        f"{training}: valid scenario 'Training', 1 to 6 players on 'The Solar System' "
        "(interplanetary), 1 ship per player, 1 victory condition\n"
    )
    assert main(["info", str(training)]) == 0
    out = capsys.readouterr().out
    assert "every player is a side of their own" in out and "landed on Earth" in out
    assert main(["validate", str(write(tmp_path, BAD))]) == 1
    err = capsys.readouterr().err
    assert "s.toml:9: players.min: min (3) is more than max (2)" in err


def test_the_format_name_tells_scenarios_apart() -> None:
    assert FORMAT == "ecliptic-scenario"
    assert isinstance(load_scenario(SCENARIOS / "training.toml"), Scenario)


def test_the_example_in_the_format_documentation_validates(tmp_path: Path) -> None:
    doc = Path(__file__).parents[3] / "docs" / "formats" / "scenario.md"
    example = doc.read_text(encoding="utf-8").split("```toml\n")[1].split("```")[0]
    scenario = load_scenario(write(tmp_path, example))
    assert scenario.sides == ("Guards", "Raiders") and len(scenario.victory) == 3
