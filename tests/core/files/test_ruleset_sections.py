"""A rule system's own sections of a ruleset file are read by that system, and the values
it keeps in shared types (the ruleset's play aid, a ship's manifest, the game's terms) are
read back typed only through its accessors."""

import subprocess
import sys
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

import pytest

from core.board.problems import FileProblems, Problem
from core.engine.system import register_system, unregister_system
from core.files.ruleset_sections import Sections, reader_for
from core.files.rulesets import load_ruleset, parse_ruleset
from core.files.tomlio import parse_toml
from core.rules.interplanetary.aid.carried import ForeignValue, aid_of, fitted_of, manifest_of
from core.rules.interplanetary.aid.playaid import PlayAid
from core.rules.interplanetary.aid.playaid_file import PlayAidFields
from core.rules.interplanetary.aid.sections import KEYS, SECTIONS
from core.rules.interplanetary.scenario.terms import terms_of
from core.scenario.document import Seat
from core.scenario.reader import SCENARIOS, load_scenario
from core.vector.game import VectorSystem
from core.vector.state import GameState, Ship
from tests.core.files.test_ruleset import GOOD


class Cards:
    """A toy system's own section: ``cards``, a list of names, none of them blank."""

    keys = frozenset({"cards"})
    asteroid_hint = ""

    def read(self, data: Mapping[str, Any]) -> Sections:
        cards = data.get("cards")
        if cards is None:
            return Sections()
        if not isinstance(cards, list):
            return Sections(malformed=(Problem("give a list of card names", "cards"),))
        blank = [
            Problem("a card needs a name", f"cards[{i}]") for i, c in enumerate(cards) if not c
        ]
        return Sections(value=tuple(cards), problems=tuple(blank))


@pytest.fixture
def toy() -> Iterator[str]:
    register_system(VectorSystem("toy", "Toy", ruleset_sections=Cards()))
    yield "toy"
    unregister_system("toy")


def rules_text(system: str, cards: str) -> str:
    """The test ruleset of ``system`` with ``cards = ...`` on line 5."""
    return GOOD.replace('id = "test"', f'id = "{system}"').replace(
        'name = "Test rules"\n', f'name = "Test rules"\ncards = {cards}\n'
    )


def parsed(text: str) -> Any:
    return parse_ruleset(parse_toml(text, "rules.toml"), text, "rules.toml")


def test_interplanetary_reads_exactly_the_play_aid_keys() -> None:
    assert set(PlayAidFields.model_fields) == KEYS
    assert reader_for("interplanetary", {}) is SECTIONS


def test_a_system_without_sections_of_its_own_reads_none() -> None:
    assert reader_for("squadrons", {"guns": []}) is None


def test_a_ruleset_of_a_system_not_installed_is_read_with_an_installed_systems_sections() -> None:
    assert reader_for("no-such-system", {"guns": []}) is SECTIONS


def test_a_systems_own_section_becomes_the_rulesets_value(toy: str) -> None:
    assert parsed(rules_text(toy, '["ace", "king"]')).play_aid == ("ace", "king")


def test_a_systems_own_section_is_an_unknown_field_to_another_system() -> None:
    with pytest.raises(FileProblems) as info:
        parsed(rules_text("nplanetary", '["ace"]'))
    assert [str(p) for p in info.value.problems] == ["rules.toml:5: cards: unknown field 'cards'"]


def test_problems_of_a_systems_section_are_located_with_file_and_line(toy: str) -> None:
    with pytest.raises(FileProblems) as info:
        parsed(rules_text(toy, '["ace", ""]'))
    assert [str(p) for p in info.value.problems] == ["rules.toml:5: cards[1]: a card needs a name"]


def test_a_malformed_section_is_reported_with_the_files_own_structure_problems(toy: str) -> None:
    text = rules_text(toy, '"ace"').replace("ruleset_version = 2", "ruleset_version = 0")
    with pytest.raises(FileProblems) as info:
        parsed(text)
    assert [str(p) for p in info.value.problems] == [
        "rules.toml:5: cards: give a list of card names",
        "rules.toml:6: ruleset_version: Input should be greater than or equal to 1",
    ]


def test_interplanetary_reads_its_play_aid_back_typed() -> None:
    rules = load_ruleset("interplanetary")
    assert isinstance(aid_of(rules), PlayAid)
    assert aid_of(load_ruleset("nplanetary")) is None
    with pytest.raises(ForeignValue, match="carries no Interplanetary play aid"):
        aid_of(replace(rules, play_aid=("ace", "king")))


def test_a_ship_or_game_carrying_another_systems_values_is_refused_by_the_accessors(
    game: GameState,
) -> None:
    ship: Ship = replace(game.ships[0], manifest="a sheet", fitted="a sheet")
    with pytest.raises(ForeignValue, match="carries no Interplanetary manifest"):
        manifest_of(ship)
    with pytest.raises(ForeignValue):
        fitted_of(ship)
    with pytest.raises(ForeignValue, match="scenario terms"):
        terms_of(replace(game, terms="a deal"))


def test_reading_the_rule_systems_sections_module_creates_no_pydantic_models() -> None:
    script = (
        "import sys\nimport core.rules.interplanetary.aid.sections\n"
        "print('pydantic' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.stdout.strip() == "False", run.stderr


@pytest.fixture
def game() -> GameState:
    scenario = load_scenario(SCENARIOS / "training.toml")
    seats = [Seat(f"P{i}", "#ff0000") for i in range(scenario.min_players)]
    state, _ = scenario.start(seats, seed=1)
    return state
