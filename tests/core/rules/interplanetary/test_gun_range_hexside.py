"""Seed "Gun phase", ruling on range: a vector running exactly along a hexside passes
through both hexes of that side, so a target and its mirror image across the vector are
at the same range, in all six hexside directions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.board.hexgrid import ZERO, Hex, Vector
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.manifest import fit
from core.rules.interplanetary.aid.playaid import Outfit
from core.rules.interplanetary.combat.guns import closest_approach, vector_hexes
from core.vector.motion import Motion
from core.vector.state import Ship

ORIGIN = Hex(20, 20)

# The six hexside directions in cube coordinates (two equal components); swapping the
# two equal components mirrors the plane across the line of the vector.
HEXSIDE_RUNS = [(1, 1, -2), (2, -1, -1), (1, -2, 1), (-1, -1, 2), (-2, 1, 1), (-1, 2, -1)]


def ship(sid: str, at: Hex, v: Vector = ZERO) -> Ship:
    aid = load_ruleset("interplanetary").play_aid
    assert aid is not None
    manifest = fit(aid, Outfit(guns=("artillery",)))
    return Ship(sid, sid.title(), sid, sid, "ship", Motion(at, v), Fraction(15), manifest=manifest)


def mirror(cube: tuple[int, int, int], axis: tuple[int, int, int]) -> tuple[int, int, int]:
    """``cube`` reflected across the line through the origin along ``axis``."""
    i, j = next((k, m) for k in range(3) for m in range(k + 1, 3) if axis[k] == axis[m])
    out = list(cube)
    out[i], out[j] = cube[j], cube[i]
    return (out[0], out[1], out[2])


def at(cube: tuple[int, int, int]) -> Hex:
    return Hex(ORIGIN.q + cube[0], ORIGIN.r + cube[1])


@pytest.mark.parametrize("run", HEXSIDE_RUNS)
def test_gun_range_along_a_hexside_counts_both_hexes_of_the_side(run):
    shooter = ship("shooter", at(run), Vector(run[0], run[1]))
    hexes = set(vector_hexes(shooter))
    # the tail, the tip, and the two hexes either side of the hexside run between them
    sides = {h for h in hexes if h not in (ORIGIN, at(run))}
    assert len(sides) == 2
    assert all(h.distance(ORIGIN) == 1 and h.distance(at(run)) == 1 for h in sides)


@pytest.mark.parametrize("run", HEXSIDE_RUNS)
def test_gun_range_along_a_hexside_is_the_same_for_mirror_image_targets(run):
    shooter = ship("shooter", at(run), Vector(run[0], run[1]))
    near = [(x, y, -x - y) for x in range(-4, 5) for y in range(-4, 5) if abs(x + y) <= 4]
    for cube in near:
        left = ship("left", at(cube))
        right = ship("right", at(mirror(cube, run)))
        assert closest_approach(shooter, left) == closest_approach(shooter, right), cube


def test_gun_range_along_a_hexside_next_to_a_side_hex_is_one_on_either_side():
    # the mirror pair that gave 2 and 3 before: both beside the hexes of the run
    shooter = ship("shooter", at((1, 1, -2)), Vector(1, 1))
    assert closest_approach(shooter, ship("left", at((2, -1, -1)))) == 1
    assert closest_approach(shooter, ship("right", at((-1, 2, -1)))) == 1
