"""References stay inside (issue 18 req 3, docs/formats/scenario.md): a file a document
names is a built-in name or a path relative to the document's folder that stays inside
it and names an ordinary file; anything else is a problem at that field and line."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from core.board.problems import FileProblems, Problem
from core.cli.plot import plot
from core.files.mapfile import load_map
from core.files.resources import SCENARIOS, SOLAR_SYSTEM_MAP, resource_path
from core.files.tmx import to_tmx
from core.files.tmx_read import load_tmx
from core.rules.interplanetary.aid.design import load_design
from core.scenario.reader import load_scenario

TRAINING = (SCENARIOS / "training.toml").read_text(encoding="utf-8")
SOLAR = SOLAR_SYSTEM_MAP.read_text(encoding="utf-8")
MAP_LINE = next(n for n, line in enumerate(TRAINING.splitlines(), 1) if line.startswith("map ="))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A scenario's folder inside a parent that holds a good map and ruleset: files a
    scenario must not reach even though they would load."""
    (tmp_path / "outside.toml").write_text(SOLAR, encoding="utf-8")
    rules = resource_path("rulesets", "interplanetary.toml").read_text(encoding="utf-8")
    (tmp_path / "rules.toml").write_text(rules, encoding="utf-8")
    inner = tmp_path / "shared"
    inner.mkdir()
    return inner


def scenario_problems(folder: Path, old: str, new: str, text: str = TRAINING) -> list[Problem]:
    path = folder / "scenario.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(FileProblems) as caught:
        load_scenario(path)
    return caught.value.problems


def only_map_problem(problems: list[Problem]) -> Problem:
    assert len(problems) == 1, problems
    (problem,) = problems
    assert (problem.field, problem.line) == ("map", MAP_LINE)
    return problem


@pytest.mark.parametrize("name", ["/etc/passwd", "/dev/zero", "C:\\Windows\\win.ini"])
def test_a_scenario_map_given_as_an_absolute_path_is_refused_at_its_line(
    folder: Path, name: str
) -> None:
    toml_name = name.replace("\\", "\\\\")
    problems = scenario_problems(folder, 'map = "solar-system"', f'map = "{toml_name}"')
    assert "is an absolute path: give a built-in name or a path relative" in str(
        only_map_problem(problems)
    )


def test_a_scenario_map_outside_its_folder_is_refused_though_it_would_load(
    folder: Path,
) -> None:
    assert load_map(folder.parent / "outside.toml").name == "The Solar System"
    problems = scenario_problems(folder, 'map = "solar-system"', 'map = "../outside.toml"')
    assert "leads outside the folder of the file that names it" in str(only_map_problem(problems))


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges")
def test_a_link_inside_the_folder_that_leads_out_of_it_is_refused(folder: Path) -> None:
    (folder / "link.toml").symlink_to(folder.parent / "outside.toml")
    problems = scenario_problems(folder, 'map = "solar-system"', 'map = "link.toml"')
    assert "leads outside the folder" in str(only_map_problem(problems))


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs are POSIX")
def test_a_scenario_map_that_is_a_fifo_is_refused_without_waiting(folder: Path) -> None:
    os.mkfifo(folder / "pipe.toml")
    problems = scenario_problems(folder, 'map = "solar-system"', 'map = "pipe.toml"')
    assert "'pipe.toml' is not an ordinary file" in str(only_map_problem(problems))


def test_a_scenario_map_in_a_folder_inside_its_own_loads(folder: Path) -> None:
    (folder / "maps").mkdir()
    (folder / "maps" / "home.toml").write_text(SOLAR, encoding="utf-8")
    path = folder / "scenario.toml"
    path.write_text(TRAINING.replace('"solar-system"', '"maps/home.toml"'), encoding="utf-8")
    assert load_scenario(path).starmap.name == "The Solar System"


def test_a_missing_or_overlong_map_name_is_a_problem_at_the_map_line(folder: Path) -> None:
    missing = scenario_problems(folder, '"solar-system"', '"nowhere.toml"')
    assert "no such file 'nowhere.toml' beside the file" in str(only_map_problem(missing))
    long = scenario_problems(folder, '"solar-system"', f'"{"m" * 300}"')
    assert "cannot read 'mmm" in str(only_map_problem(long))


def test_a_scenario_ruleset_outside_its_folder_is_refused(folder: Path) -> None:
    problems = scenario_problems(folder, 'ruleset = "interplanetary"', 'ruleset = "../rules.toml"')
    assert [p.field for p in problems] == ["ruleset"]
    assert "leads outside the folder" in problems[0].message


def test_a_scenario_design_file_outside_its_folder_is_refused(folder: Path) -> None:
    design = resource_path("designs", "courier.toml").read_text(encoding="utf-8")
    (folder.parent / "courier.toml").write_text(design, encoding="utf-8")
    text = TRAINING.replace("version = 1", "version = 2")
    problems = scenario_problems(
        folder, 'unit = "ship" ', 'design = "../courier.toml"\nunit = "ship" ', text
    )
    assert [p.field for p in problems] == ["ships[0].design"]
    assert "leads outside the folder" in problems[0].message


def test_a_design_whose_ruleset_lies_outside_its_folder_is_refused(folder: Path) -> None:
    path = folder / "design.toml"
    path.write_text(
        'format = "ecliptic-design"\nversion = 1\nname = "D"\nruleset = "../rules.toml"\n',
        encoding="utf-8",
    )
    with pytest.raises(FileProblems) as caught:
        load_design(path)
    (problem,) = caught.value.problems
    assert (problem.field, problem.line) == ("ruleset", 4)
    assert "leads outside the folder" in problem.message


def test_a_tmx_tileset_outside_the_map_folder_is_refused_at_its_line(folder: Path) -> None:
    tmx = to_tmx(load_map(SOLAR_SYSTEM_MAP))
    start = tmx.index("<tileset ")
    end = tmx.index("</tileset>") + len("</tileset>")
    line = tmx[:start].count("\n") + 1
    hostile = tmx[:start] + '<tileset firstgid="1" source="../../etc/tiles.tsx"/>' + tmx[end:]
    path = folder / "map.tmx"
    path.write_text(hostile, encoding="utf-8")
    with pytest.raises(FileProblems) as caught:
        load_tmx(path)
    refused = [p for p in caught.value.problems if "leads outside the folder" in p.message]
    assert [(p.line, p.file) for p in refused] == [(line, str(path))]


def test_a_plot_file_map_outside_its_folder_is_refused_at_its_line(folder: Path) -> None:
    path = folder / "plot.toml"
    path.write_text(
        'format = "ecliptic-plot"\nversion = 1\nmap = "../outside.toml"\n\n[ship]\nat = "0101"\n',
        encoding="utf-8",
    )
    with pytest.raises(FileProblems) as caught:
        plot(path)
    (problem,) = caught.value.problems
    assert (problem.field, problem.line, problem.file) == ("map", 3, str(path))
    assert "cannot use the map: '../outside.toml' leads outside the folder" in problem.message
