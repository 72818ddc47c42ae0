"""Squadron design files: written for people to read and edit, read back the same, and a
bad file refused with every problem named by file, field and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.board.problems import FileProblems
from core.rules.squadrons.design import Design, Kind
from core.rules.squadrons.design_file import dumps_design, load_design, save_design
from core.rules.squadrons.factors import Factors

CRUISER = Design(
    "Cruiser",
    13,
    Kind.SQUADRON,
    Factors(jump=4, maneuver=6, sensor=7, attack=20, attack_range=7, defense=6),
)


def test_a_design_file_is_read_back_as_written(tmp_path: Path) -> None:
    path = tmp_path / "cruiser.toml"
    save_design(CRUISER, path)
    assert load_design(path) == CRUISER
    fort = Design("Fort", 12, Kind.PLANET, Factors(attack=9))
    save_design(fort, path)
    assert load_design(path) == fort


def test_a_design_file_leaves_factors_of_zero_out() -> None:
    text = dumps_design(Design("Picket", 15, factors=Factors(sensor=5)))
    assert "sensor = 5" in text and "attack" not in text


def test_a_bad_design_file_names_every_problem_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'format = "ecliptic-squadron-design"\n'
        "version = 1\n"
        'name = "Odd"\n'
        'kind = "moon"\n'
        "[factors]\n"
        "jump = -2\n"
        "warp = 3\n",
        encoding="utf-8",
    )
    with pytest.raises(FileProblems) as caught:
        load_design(path)
    shown = [str(p) for p in caught.value.problems]
    assert f"{path}:4: kind: must be 'squadron' or 'planet'" in shown
    assert f"{path}:6: factors.jump: must be a whole number from 0 up, not -2" in shown
    assert any(s.startswith(f"{path}:7: factors.warp: unknown factor") for s in shown)


def test_a_file_of_another_kind_is_refused_by_its_format(tmp_path: Path) -> None:
    path = tmp_path / "map.toml"
    path.write_text('name = "A map"\n', encoding="utf-8")
    with pytest.raises(FileProblems, match="ecliptic-squadron-design"):
        load_design(path)


def test_a_design_without_a_name_is_not_saved(tmp_path: Path) -> None:
    with pytest.raises(FileProblems, match="needs a name"):
        save_design(Design(" "), tmp_path / "x.toml")
    assert not (tmp_path / "x.toml").exists()
