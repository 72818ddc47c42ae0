"""Seed "Solid Bodies" and "Atmospheres" (issue 20 requirement 5): the tactical map
generated for each battle, saved with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.board.hexgrid import Vector
from core.board.starmap import Floor, Terrain
from core.engine import serial
from core.rules.void.tactical.atmospheres import BadAtmospheres, atmosphere_of, parse
from tests.core.rules.void.tactical.make import begin, setup, ship


def _pair(**where: str):  # type: ignore[no-untyped-def]
    return setup(
        ship("a", "frigate-bastet", "attacker", Vector(3, 0)),
        ship("d", "destroyer-doctrine", "defender", Vector(-1, 0)),
        **where,
    )


def test_open_space_is_big_enough_for_the_starting_positions_and_speeds() -> None:
    state = begin(_pair())
    assert not state.starmap.atmospheres and not state.starmap.bodies
    for s in state.ships:
        ahead = s.motion.position + s.motion.velocity * 3
        assert state.starmap.bounds.contains(ahead)


@pytest.mark.parametrize(
    ("body", "zones", "floor"),
    [
        ("Earth", 6, Floor.SURFACE),
        ("Venus", 13, Floor.SURFACE),
        ("Mars", 1, Floor.SURFACE),
        ("Jupiter", 17, Floor.CRUSH),
        ("Titan", 20, Floor.SURFACE),
    ],
)
def test_a_planet_is_one_map_edge_with_its_atmosphere_zones(
    body: str, zones: int, floor: Floor
) -> None:
    state = begin(_pair(body=body, body_kind="planet"))
    (air,) = state.starmap.atmospheres
    assert len(air.layers) == zones and air.floor is floor
    assert air.layers[0] == 0  # the outermost zone is always 0
    bounds = state.starmap.bounds
    bottom = [h for h in bounds.hexes() if bounds.depth_from(air.edge, h) == 0]
    expected = Terrain.CRUSH_DEPTH if floor is Floor.CRUSH else Terrain.SURFACE
    assert {state.starmap.terrain_at(h) for h in bottom} == {expected}
    assert all(state.starmap.terrain_at(s.motion.position) is Terrain.SPACE for s in state.ships)


def test_titan_rises_one_level_every_four_hexes() -> None:
    row = atmosphere_of("Titan")
    assert row is not None and row.levels[:9] == (0, 0, 0, 0, 1, 1, 1, 1, 2)


def test_a_small_body_is_terrain_of_several_hexes() -> None:
    state = begin(_pair(body="Ceres", body_kind="asteroid"))
    (ceres,) = state.starmap.bodies
    assert len(ceres.hexes()) == 7
    assert all(state.starmap.terrain_at(h) is Terrain.BODY for h in ceres.hexes())


def test_the_generated_map_is_saved_with_the_battle() -> None:
    state = begin(_pair(body="Earth", body_kind="planet"))
    assert serial.from_data(serial.to_data(state.starmap)) == state.starmap
    assert serial.from_data(serial.to_data(state.terms)) == state.terms


def test_a_bad_atmosphere_table_names_the_file_and_field() -> None:
    text = '[[atmosphere]]\nid = "x"\nbodies = ["X"]\nlevels = [0, -1]\n'
    with pytest.raises(BadAtmospheres, match=r"atmospheres.toml: atmosphere\[0\].levels"):
        parse(Path("atmospheres.toml"), text)
    with pytest.raises(BadAtmospheres, match="floor"):
        parse(Path("atmospheres.toml"), text.replace("0, -1", "0") + 'floor = "lava"\n')
