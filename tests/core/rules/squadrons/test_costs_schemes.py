"""Cost schemes are data: the built-in ones load, a bad file is refused with every
problem named by file, field and line, and a scheme is a value a game can keep."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.board.problems import FileProblems
from core.engine.serial import from_data, to_data
from core.rules.squadrons.cost_schemes import DEFAULT_SCHEME, load_scheme, scheme_ids


def test_the_seeds_scheme_is_the_default_and_listed_first() -> None:
    assert DEFAULT_SCHEME == "seed"
    assert scheme_ids()[0] == "seed" and {"per-level", "flat"} <= set(scheme_ids())


@pytest.mark.parametrize("scheme_id", scheme_ids())
def test_every_built_in_scheme_loads_and_survives_saving(scheme_id: str) -> None:
    scheme = load_scheme(scheme_id)
    assert scheme.id == scheme_id and scheme.name
    assert from_data(to_data(scheme)) == scheme


def test_an_unknown_scheme_id_lists_the_built_in_ones() -> None:
    with pytest.raises(FileProblems, match="built in: seed"):
        load_scheme("nonesuch")


def test_a_bad_scheme_file_names_the_file_field_and_line(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        'name = "House"\n'
        "[cost]\n"
        "best_tech = 15\n"
        "level = -1\n"
        "factor_surcharge = 1\n"
        "level_surcharge = 0\n"
        "[limits]\n"
        "tech = [15, 14]\n"
        "jump = [6]\n"
        "warp = [1, 2]\n"
        "[planet]\n"
        "jump = 0\n"
        "[extras]\n"
        "unknown = 1\n"
        "supply = 1\n",
        encoding="utf-8",
    )
    with pytest.raises(FileProblems) as caught:
        load_scheme(path)
    shown = [str(p) for p in caught.value.problems]
    assert f"{path}:4: cost.level: must be a whole number from 0 up, not -1" in shown
    assert any(s.startswith(f"{path}:9: limits.jump: must give 2 whole numbers") for s in shown)
    assert any(s.startswith(f"{path}:10: limits.warp: unknown factor") for s in shown)
    assert any("extras.admiral: is missing" in s for s in shown)


def test_a_scheme_file_that_is_not_toml_says_where(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("name = \n", encoding="utf-8")
    with pytest.raises(FileProblems, match="not valid TOML"):
        load_scheme(path)


def test_a_groups_own_scheme_file_is_used_as_written(tmp_path: Path) -> None:
    source = Path(__file__).parents[4] / "resources/rulesets/squadron-costs/seed.toml"
    text = source.read_text(encoding="utf-8").replace("admiral = 4", "admiral = 6")
    text = text.replace("[extras]", "[cost.weight]\nattack = 2\n\n[extras]")
    path = tmp_path / "dear-admirals.toml"
    path.write_text(text, encoding="utf-8")
    scheme = load_scheme(path)
    assert scheme.id == "dear-admirals" and scheme.extra_price("admiral") == 6
    assert scheme.weight("attack") == 2 and scheme.weight("defense") == 1
