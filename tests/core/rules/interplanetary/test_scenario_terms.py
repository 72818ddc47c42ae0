"""Scenario format version 2: the purchase budget, outfits, the market, bases' sides,
no-fire zones, mine fields and the scenarios' special rules, each checked with its
file, field and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.board.problems import FileProblems
from core.scenario.reader import load_scenario

HEAD = """\
format = "ecliptic-scenario"
version = 2
id = "t"
name = "T"
map = "solar-system"
ruleset = "interplanetary"

[players]
min = 2
max = 4
"""

SHIP = """
[[ships]]
id = "s"
name = "{player}'s ship"
unit = "ship"
landed = "Earth"
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[tuple[str | None, int | None, str]]:
    with pytest.raises(FileProblems) as info:
        load_scenario(path)
    return [(p.field, p.line, p.message) for p in info.value.problems]


def test_budget_gives_every_player_ship_points_and_a_number_of_ships(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "\n[budget]\npoints = 10\nships = 2\n" + SHIP)
    scenario = load_scenario(path)
    assert (scenario.budget, scenario.max_ships) == (10, 2)
    assert (scenario.budget_for("p1"), scenario.max_ships_for("p1")) == (10, 2)


def test_a_scenario_without_budget_has_no_purchases(tmp_path: Path) -> None:
    scenario = load_scenario(write(tmp_path, HEAD + SHIP))
    assert (scenario.budget, scenario.max_ships) == (None, None)


def test_a_side_may_have_its_own_budget(tmp_path: Path) -> None:
    sides = '\n[[sides]]\nname = "Guards"\npoints = 5\nships = 1\n'
    sides += '\n[[sides]]\nname = "Mercenaries"\npoints = 4\n'
    scenario = load_scenario(write(tmp_path, HEAD + sides + SHIP))
    assert scenario.budget is None
    assert (scenario.budget_for("Guards"), scenario.max_ships_for("Guards")) == (5, 1)
    assert (scenario.budget_for("Mercenaries"), scenario.max_ships_for("Mercenaries")) == (4, None)


def test_version_2_fields_in_a_version_1_file_are_refused_with_their_line(
    tmp_path: Path,
) -> None:
    text = HEAD.replace("version = 2", "version = 1") + "\n[budget]\npoints = 6\n" + SHIP
    assert problems(write(tmp_path, text)) == [
        ("budget", 12, "budget is new in version 2: write version = 2")
    ]


def test_a_negative_budget_is_refused(tmp_path: Path) -> None:
    found = problems(write(tmp_path, HEAD + "\n[budget]\npoints = -1\n" + SHIP))
    assert [(f, line) for f, line, _ in found] == [("budget.points", 13)]
