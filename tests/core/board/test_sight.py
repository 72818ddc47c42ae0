"""Line of sight between hex centres decided exactly (core.board.sight): the grazing
ruling (a line tangent to a disc, along one solid hex's side or through its corner, is not
blocked; the seam between two solid hexes is), the same answer from either end, and the
old float answers kept wherever a line is not on (or within a hair of) a rim, a hexside
or a corner."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.geometry import Disc, line_of_sight
from core.board.hexgrid import Direction, Hex, Layout, Orientation
from core.board.sight import hex_line_blocked, line_enters_disc, sample_cells
from core.board.starmap import Body, BodyKind, Bounds, StarMap
from core.rules.nplanetary.combat_sight import blocking_body

small = st.integers(min_value=-9, max_value=9)
hexes = st.builds(Hex, small, small)
radii = st.sampled_from([0.1, 0.3, 0.4, 0.5, 0.6, 0.75, 1.0, 1.5, 2.0])
near = st.integers(min_value=-3, max_value=3)
solids = st.frozensets(st.builds(Hex, near, near), max_size=12)


def tangent_lines(centre: Hex, radius_sq_times_4: int = 1) -> list[tuple[Hex, Hex]]:
    """Every line between hex centres near ``centre`` that touches the disc of radius
    sqrt(radius_sq_times_4)/2 at a point strictly between its ends."""
    out = []
    span = range(-5, 6)
    for q, r, q2, r2 in ((q, r, q2, r2) for q in span for r in span for q2 in span for r2 in span):
        dq, dr = q2 - q, r2 - r
        length = dq * dq + dq * dr + dr * dr
        twice_dot = 2 * q * dq + 2 * r * dr + q * dr + r * dq
        cross = q * dr - r * dq
        touches = 3 * cross * cross == length * radius_sq_times_4
        if length and twice_dot < 0 and -twice_dot < 2 * length and touches:
            out.append((centre + Hex(q, r), centre + Hex(q2, r2)))
    return out


def test_grazing_a_disc_does_not_block_fire_along_a_side_of_the_suns_hex_every_way() -> None:
    # A disc of radius 0.5 touches every side of its hex: a line along a side grazes it.
    for centre in (Hex(0, 0), Hex(7, -3), Hex(31, 12)):
        lines = tangent_lines(centre)
        assert len(lines) > 100
        for a, b in lines:
            assert not line_enters_disc(a, b, centre, 0.5), (a, b)
            assert line_enters_disc(a, b, centre, 0.5000001), "a hair larger is entered"


def test_grazing_a_disc_does_not_block_nplanetary_fire_past_the_sun() -> None:
    sun = Body("Sun", BodyKind.STAR, Hex(5, 5), radius=0.5)
    m = StarMap("grazed", Bounds(12, 12), bodies=(sun,))
    for a, b in tangent_lines(sun.centre):
        assert blocking_body(m, a, b) is None, (a, b)
        assert blocking_body(m, b, a) is None, (b, a)
    assert blocking_body(m, Hex(3, 5), Hex(7, 5)) == sun, "a line through the disc is blocked"


def test_a_line_of_fire_along_the_side_of_one_solid_hex_grazes_it_in_both_mirror_images() -> None:
    # From (0, 0) to (2, -1) the line runs along the side between (1, -1) and (1, 0).
    a, b = Hex(0, 0), Hex(2, -1)
    assert sample_cells(a, b)[1] == (Hex(1, -1), Hex(1, 0))
    for body in (Hex(1, -1), Hex(1, 0)):
        assert not hex_line_blocked(a, b, {body}.__contains__), body
        assert not hex_line_blocked(b, a, {body}.__contains__), body


def test_a_line_of_fire_along_the_seam_between_two_solid_hexes_is_blocked() -> None:
    a, b = Hex(0, 0), Hex(2, -1)
    seam = {Hex(1, -1), Hex(1, 0)}
    assert hex_line_blocked(a, b, seam.__contains__)
    assert hex_line_blocked(b, a, seam.__contains__)


def test_a_line_of_fire_through_a_solid_hex_is_blocked_but_its_own_ends_never_block() -> None:
    a, b = Hex(0, 0), Hex(3, 0)
    assert hex_line_blocked(a, b, {Hex(1, 0)}.__contains__)
    assert not hex_line_blocked(a, b, {a, b}.__contains__)
    assert not hex_line_blocked(a, a, {a}.__contains__)


@given(hexes, hexes, hexes, radii)
def test_sight_past_a_disc_is_the_same_from_either_end(
    a: Hex, b: Hex, centre: Hex, radius: float
) -> None:
    assert line_enters_disc(a, b, centre, radius) == line_enters_disc(b, a, centre, radius)


@given(hexes, hexes, solids)
def test_sight_past_solid_hexes_is_the_same_from_either_end(
    a: Hex, b: Hex, solid: frozenset[Hex]
) -> None:
    assert hex_line_blocked(a, b, solid.__contains__) == hex_line_blocked(b, a, solid.__contains__)


@settings(max_examples=300)
@given(hexes, hexes, hexes, radii, st.sampled_from(list(Orientation)))
def test_sight_past_a_disc_agrees_with_floats_away_from_the_rim(
    a: Hex, b: Hex, centre: Hex, radius: float, orientation: Orientation
) -> None:
    layout = Layout.unit(orientation)
    pa, pb, pc = layout.to_pixel(a), layout.to_pixel(b), layout.to_pixel(centre)
    if abs(_distance_to_segment(pc, pa, pb) - radius) < 1e-9:
        return  # a grazing line: floats may say either
    old = not line_of_sight(pa, pb, [Disc(pc, radius)])
    assert line_enters_disc(a, b, centre, radius) == old


@settings(max_examples=300)
@given(hexes, hexes, solids)
def test_sight_past_solid_hexes_agrees_with_the_old_sampled_line_off_sides_and_corners(
    a: Hex, b: Hex, solid: frozenset[Hex]
) -> None:
    inner = sample_cells(a, b)[1:-1]
    if any(len(cells) > 1 for cells in inner):
        return  # the line meets a hexside or corner: the nudge chose a side
    old = any(h in solid for h in a.line_to(b)[1:-1])
    assert hex_line_blocked(a, b, solid.__contains__) == old


def test_each_sample_lies_in_the_hex_red_blob_rounds_it_to_off_sides_and_corners() -> None:
    for d in Direction:
        start = Hex(0, 0)
        for end in (start + Hex(5, -2), start + Hex(-4, 7), start.neighbour(d)):
            cells = sample_cells(start, end)
            for got, old in zip(cells, start.line_to(end), strict=True):
                assert got == (old,) or old in got


def _distance_to_segment(
    p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    if length == 0.0:
        return math.dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))
