"""The squadron game's boards: the jump board, system boards, the transit track, and
the built-in subsector, each rule named by its test."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from core.board.mapcheck import map_warnings
from core.board.starmap import BodyKind
from core.files.mapfile import dumps_map, load_map, parse_map
from core.files.resources import SOLAR_SYSTEM_MAP
from core.files.tomlio import parse_toml
from core.rules.squadrons.boards import (
    JUMP_FILE,
    TRANSIT_DAYS,
    BoardProblems,
    builtin_subsectors,
    load_builtin,
    load_subsector,
)

REACH = "marlow-reach"


@pytest.fixture(scope="module")
def reach():
    return load_builtin(REACH)


def copy_of(tmp_path: Path) -> Path:
    folder = tmp_path / REACH
    shutil.copytree(builtin_subsectors()[REACH], folder)
    return folder


def test_every_builtin_subsector_loads_with_eight_to_twelve_systems_each_with_a_board():
    assert builtin_subsectors()
    for name in builtin_subsectors():
        sub = load_builtin(name)
        assert 8 <= len(sub.systems) <= 12
        for system in sub.systems:
            board = sub.board(system.name)
            assert board.stars, f"{system.name} has no star"
            assert board.arrival_hexes()


def test_builtin_subsector_has_systems_with_and_without_fuel(reach):
    kinds = {(s.gas_giant, s.starport) for s in reach.systems}
    assert kinds == {(True, True), (True, False), (False, True), (False, False)}


def test_jump_distance_is_the_hexes_between_systems_on_the_jump_board(reach):
    marlow, khevra = reach.system("Marlow"), reach.system("Khevra")
    assert reach.jump_distance("Marlow", "Khevra") == marlow.hex.distance(khevra.hex) == 8
    assert reach.jump_distance("Marlow", "Marlow") == 0
    assert [s.name for s in reach.in_reach("Marlow", 2)] == ["Orrin's Gate"]
    assert [s.name for s in reach.in_reach("Marlow", 3)] == ["Orrin's Gate", "Dunmore"]


def test_unknown_system_is_named_in_the_error(reach):
    with pytest.raises(KeyError, match="Nowhere"):
        reach.system("Nowhere")


def test_jump_board_shows_gas_giants_and_starports_read_off_the_system_boards(reach):
    for system in reach.systems:
        board = reach.board(system.name)
        assert system.gas_giant == any(b.kind is BodyKind.GAS_GIANT for b in board.map.bodies)
        assert system.starport == bool(board.map.bases)
        assert reach.system_at(system.hex) == system


def test_hundred_diameter_limit_is_a_radius_in_hexes_round_each_body(reach):
    board = reach.board("Marlow")
    star = board.stars[0]
    assert star.limit == 3
    assert board.inside_limit(star.centre)
    edge = star.centre.ring(3)[0]
    assert board.limit_at(edge) == star
    assert (
        board.limit_at(star.centre.ring(4)[0]) is None
        or board.limit_at(star.centre.ring(4)[0]) != star
    )
    giant = board.gas_giants[0]
    assert giant.limit == 2
    assert all(board.limit_at(h) == giant for h in giant.centre.ring(2))


def test_jump_arrivals_never_inside_a_hundred_diameter_limit(reach):
    for system in reach.systems:
        board = reach.board(system.name)
        arrivals = board.arrival_hexes()
        assert all(not board.inside_limit(h) and board.contains(h) for h in arrivals)
        limits = {h for b in board.map.bodies for h in b.centre.spiral(b.limit or 0)}
        assert not limits & set(arrivals)


def test_fuel_is_free_in_or_next_to_a_gas_giant_or_a_starport(reach):
    board = reach.board("Khevra")
    giant = board.gas_giants[0]
    port = board.starports[0]
    assert [f.kind for f in board.fuel_sources(giant.centre)] == ["gas giant"]
    assert board.fuel_sources(giant.centre.ring(1)[0])[0].name == giant.name
    assert not board.fuel_sources(giant.centre.ring(2)[0])
    assert [f.name for f in board.fuel_sources(port.approach)] == [port.name]
    empty = reach.board("Quill")
    assert not any(empty.fuel_sources(h) for h in empty.map.bounds.hexes())


def test_system_board_neighbours_stay_on_the_board_and_distance_counts_hexes(reach):
    board = reach.board("Marlow")
    corner = board.parse("0101")
    assert len(board.neighbours(corner)) < 6
    assert all(board.contains(h) for h in board.neighbours(corner))
    assert len(board.neighbours(board.parse("1310"))) == 6
    assert board.distance(board.parse("0101"), board.parse("0401")) == 3
    assert set(board.within(corner, 1)) == {corner, *board.neighbours(corner)}


def test_transit_track_has_seven_spaces_one_per_day_of_a_jump():
    assert TRANSIT_DAYS == 7


def test_system_board_problem_names_file_field_and_line(tmp_path):
    folder = copy_of(tmp_path)
    path = folder / "quill.toml"
    text = path.read_text(encoding="utf-8").replace("size = 0\n", "")
    text = text.replace('kind = "planet"\nhex', 'kind = "planet"\nsize = 2\nhex', 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BoardProblems) as caught:
        load_subsector(folder)
    (problem,) = caught.value.problems
    assert problem.file == str(path)
    assert problem.field is not None and problem.field.endswith(".limit")
    assert "100-diameter limit" in problem.message
    line = text.splitlines()[problem.line - 1]
    assert line.startswith("limit")


def test_jump_board_system_without_a_board_is_named(tmp_path):
    folder = copy_of(tmp_path)
    (folder / "quill.toml").unlink()
    with pytest.raises(BoardProblems, match="Quill has no system board") as caught:
        load_subsector(folder)
    (problem,) = caught.value.problems
    assert problem.file == str(folder / JUMP_FILE) and problem.line


def test_system_board_not_on_the_jump_board_is_named(tmp_path):
    folder = copy_of(tmp_path)
    text = (folder / "quill.toml").read_text(encoding="utf-8")
    (folder / "stray.toml").write_text(text.replace('name = "Quill"', 'name = "Stray"'))
    with pytest.raises(BoardProblems, match="'Stray' is not a system") as caught:
        load_subsector(folder)
    assert caught.value.problems[0].file == str(folder / "stray.toml")


def test_system_board_needs_a_star(tmp_path):
    folder = copy_of(tmp_path)
    path = folder / "quill.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('"star"', '"planet"'))
    with pytest.raises(BoardProblems, match="needs its star"):
        load_subsector(folder)


def test_folder_without_a_jump_board_says_so(tmp_path):
    with pytest.raises(BoardProblems, match="no jump board"):
        load_subsector(tmp_path)


def test_old_maps_without_limits_or_gas_giants_still_open_and_save_as_before():
    solar = load_map(SOLAR_SYSTEM_MAP)
    assert all(b.limit is None for b in solar.bodies)
    assert "limit" not in dumps_map(solar)


def test_gas_giant_and_limit_are_saved_and_read_back(reach):
    board = reach.board("Marlow").map
    again = parse_map(parse_toml(dumps_map(board), None))
    assert again == board
    assert any(b.kind is BodyKind.GAS_GIANT and b.limit == 2 for b in again.bodies)


def test_editor_warns_of_a_limit_smaller_than_its_body(reach):
    board = reach.board("Quill").map
    planet = board.bodies[1]
    small = replace(board, bodies=(board.bodies[0], replace(planet, size=2, limit=1)))
    (warning,) = map_warnings(small)
    assert warning.warning and warning.field == "bodies[1].limit"
    assert "squadron game will refuse" in warning.message
