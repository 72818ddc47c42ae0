"""Which rule system plays a ruleset: the file's ``system`` key, else a ruling by its
turn order, so a group's own ruleset (a copy of a built-in one under a new id) still
starts games as it did before rule systems were packages."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.board.problems import FileProblems
from core.files.resources import SCENARIOS, resource_path
from core.files.rulesets import load_ruleset
from core.scenario.document import Seat
from core.scenario.reader import load_scenario

SEATS = [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")]


def own_copy(tmp_path: Path, built_in: str, new_id: str, system: str | None = None) -> Path:
    """A built-in ruleset saved under a new id, with a ``system`` key if given."""
    text = resource_path("rulesets", f"{built_in}.toml").read_text()
    if system is not None:  # another system does not read NPlanetary's own tables
        text = text.partition("# ---- NPlanetary's own tables")[0]
    text = text.replace(f'id = "{built_in}"', f'id = "{new_id}"', 1)
    if system is not None:
        text = text.replace(f'id = "{new_id}"', f'id = "{new_id}"\nsystem = "{system}"', 1)
    path = tmp_path / f"{new_id}.toml"
    path.write_text(text)
    return path


def test_a_groups_own_ruleset_without_a_system_key_plays_by_its_turn_order(
    tmp_path: Path,
) -> None:
    house = load_ruleset(own_copy(tmp_path, "interplanetary", "house"))
    assert (house.system, house.system_id) == ("", "interplanetary")
    sealed = load_ruleset(own_copy(tmp_path, "nplanetary", "sealed-house"))
    assert sealed.system_id == "nplanetary"


def test_a_groups_own_ruleset_starts_a_scenario_game(tmp_path: Path) -> None:
    own_copy(tmp_path, "interplanetary", "house")
    text = (SCENARIOS / "training.toml").read_text()
    scenario_file = tmp_path / "training-house.toml"
    scenario_file.write_text(text.replace('ruleset = "interplanetary"', 'ruleset = "house.toml"'))
    scenario = load_scenario(scenario_file)
    state, events = scenario.start(SEATS, 5)
    assert state.rules.id == "house" and state.rules.system_id == "interplanetary"
    assert any("Round 1 begins" in e.text for e in events)


def test_the_system_key_names_the_rule_system_that_plays_the_ruleset(tmp_path: Path) -> None:
    chosen = load_ruleset(own_copy(tmp_path, "nplanetary", "house", system="void"))
    assert (chosen.system, chosen.system_id) == ("void", "void")


def test_a_system_that_is_not_installed_is_refused_with_its_field(tmp_path: Path) -> None:
    with pytest.raises(FileProblems) as raised:
        load_ruleset(own_copy(tmp_path, "nplanetary", "house", system="traveller"))
    (problem,) = raised.value.problems
    assert problem.field == "system" and problem.line is not None
    assert "no rule system called 'traveller' is installed" in problem.message
    assert "interplanetary" in problem.message


def test_built_in_rulesets_keep_their_own_systems() -> None:
    systems = {
        r: load_ruleset(r).system_id
        for r in ("interplanetary", "nplanetary", "system3void-strategic", "system3void-tactical")
    }
    assert systems == {
        "interplanetary": "interplanetary",
        "nplanetary": "nplanetary",
        "system3void-strategic": "void",
        "system3void-tactical": "void",
    }
