"""Tests for core.board.geometry: hand-computed cases, degenerate cases and properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.geometry import (
    Approach,
    Disc,
    DiscIndex,
    Impact,
    Point,
    closest_approach,
    first_disc_hit,
    lerp,
    line_of_sight,
    outline,
    segment_hits_disc,
    tile_outline,
)
from core.board.hexgrid import Hex, Layout, Orientation

UNIT = Disc((0.0, 0.0), 1.0)

coord = st.floats(min_value=-10, max_value=10, allow_nan=False, allow_infinity=False)
points = st.tuples(coord, coord)
radii = st.floats(min_value=0.05, max_value=4, allow_nan=False, allow_infinity=False)
discs = st.builds(Disc, points, radii)


def dist(p: Point, q: Point) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


def hexagon(cx: float, cy: float) -> list[Point]:
    """Hex with flat sides facing its six neighbours at distance 1 (0°, 60°, ...)."""
    r = 1 / math.sqrt(3)
    return [
        (cx + r * math.cos(math.radians(60 * k + 30)), cy + r * math.sin(math.radians(60 * k + 30)))
        for k in range(6)
    ]


def ring_area(ring: list[Point]) -> float:
    """Signed shoelace area: positive for counter-clockwise rings."""
    n = len(ring)
    return 0.5 * sum(
        ring[i][0] * ring[(i + 1) % n][1] - ring[(i + 1) % n][0] * ring[i][1] for i in range(n)
    )


# --- segment_hits_disc -------------------------------------------------------------


def test_course_through_planet_disc_reports_first_point_of_impact() -> None:
    hit = segment_hits_disc((-3.0, 0.0), (3.0, 0.0), UNIT)
    assert hit == Impact(t=pytest.approx(2 / 6), point=pytest.approx((-1.0, 0.0)))


def test_diagonal_course_hits_offset_disc_at_hand_computed_point() -> None:
    # From (0,0) towards (10,0); disc at (5,3) radius 5: x = 5 - 4 = 1 at y = 0.
    hit = segment_hits_disc((0.0, 0.0), (10.0, 0.0), Disc((5.0, 3.0), 5.0))
    assert hit is not None
    assert hit.t == pytest.approx(0.1)
    assert hit.point == pytest.approx((1.0, 0.0))


def test_course_stopping_short_of_disc_misses() -> None:
    assert segment_hits_disc((-3.0, 0.0), (-1.01, 0.0), UNIT) is None


def test_course_ending_exactly_on_rim_hits_at_t_one() -> None:
    hit = segment_hits_disc((-3.0, 0.0), (-1.0, 0.0), UNIT)
    assert hit == Impact(1.0, (-1.0, 0.0))


def test_course_moving_away_from_disc_misses() -> None:
    assert segment_hits_disc((2.0, 0.0), (5.0, 0.0), UNIT) is None


def test_course_passing_beside_disc_misses() -> None:
    assert segment_hits_disc((-2.0, 1.001), (2.0, 1.001), UNIT) is None


def test_tangent_course_hits_at_tangent_point() -> None:
    hit = segment_hits_disc((-2.0, 1.0), (2.0, 1.0), UNIT)
    assert hit == Impact(0.5, (0.0, 1.0))


def test_course_starting_inside_disc_impacts_at_t_zero() -> None:
    assert segment_hits_disc((0.2, 0.3), (5.0, 5.0), UNIT) == Impact(0.0, (0.2, 0.3))


def test_course_starting_on_rim_impacts_at_t_zero_even_moving_out() -> None:
    assert segment_hits_disc((1.0, 0.0), (3.0, 0.0), UNIT) == Impact(0.0, (1.0, 0.0))


def test_zero_length_course_hits_only_if_its_point_is_in_disc() -> None:
    assert segment_hits_disc((0.5, 0.5), (0.5, 0.5), UNIT) == Impact(0.0, (0.5, 0.5))
    assert segment_hits_disc((0.0, 1.0), (0.0, 1.0), UNIT) == Impact(0.0, (0.0, 1.0))
    assert segment_hits_disc((0.0, 1.5), (0.0, 1.5), UNIT) is None


def test_zero_radius_disc_is_hit_only_through_its_centre() -> None:
    point_disc = Disc((1.0, 1.0), 0.0)
    hit = segment_hits_disc((0.0, 0.0), (2.0, 2.0), point_disc)
    assert hit is not None and hit.t == pytest.approx(0.5)
    assert segment_hits_disc((0.0, 0.0), (2.0, 2.1), point_disc) is None


def test_disc_rejects_negative_radius() -> None:
    with pytest.raises(ValueError):
        Disc((0.0, 0.0), -1.0)


def test_near_rim_start_has_no_cancellation_error() -> None:
    # Start 1e-12 outside the rim heading straight in: the hit is at t ~ 1e-12 / 2.
    hit = segment_hits_disc((1.0 + 1e-12, 0.0), (-1.0, 0.0), UNIT)
    assert hit is not None
    assert hit.t == pytest.approx(1e-12 / (2 + 1e-12), rel=1e-3)


@settings(max_examples=300)
@given(points, points, discs)
def test_segment_hits_disc_agrees_with_dense_sampling(start: Point, end: Point, disc: Disc) -> None:
    hit = segment_hits_disc(start, end, disc)
    n = 2000
    samples = [(i / n, lerp(start, end, i / n)) for i in range(n + 1)]
    tol = 1e-7
    deep = [t for t, p in samples if dist(p, disc.centre) < disc.radius - tol]
    if deep:
        assert hit is not None
        assert hit.t <= deep[0] + 1e-12
    if hit is None:
        return
    assert 0.0 <= hit.t <= 1.0
    # The impact point is on the rim, unless the course starts inside.
    d = dist(hit.point, disc.centre)
    assert d <= disc.radius + 1e-9
    if hit.t > 0:
        assert d == pytest.approx(disc.radius, abs=1e-9)
    # Nothing before the impact is inside the disc.
    assert all(dist(p, disc.centre) >= disc.radius - tol for t, p in samples if t < hit.t)


# --- first_disc_hit and DiscIndex --------------------------------------------------


def test_first_disc_hit_picks_nearest_disc_along_course_not_lowest_index() -> None:
    discs = [Disc((8.0, 0.0), 1.0), Disc((3.0, 0.0), 1.0), Disc((3.0, 5.0), 1.0)]
    result = first_disc_hit((0.0, 0.0), (10.0, 0.0), discs)
    assert result == (1, Impact(pytest.approx(0.2), pytest.approx((2.0, 0.0))))


def test_first_disc_hit_ties_go_to_lowest_index() -> None:
    # Two discs touching the course at the same point (-1, 0) from different sides.
    discs = [Disc((5.0, 5.0), 1.0), Disc((-1.0, 1.0), 1.0), Disc((-1.0, -1.0), 1.0)]
    result = first_disc_hit((-3.0, 0.0), (3.0, 0.0), discs)
    assert result is not None and result[0] == 1
    assert result[1] == Impact(pytest.approx(2 / 6), pytest.approx((-1.0, 0.0)))


def test_first_disc_hit_of_no_discs_or_clear_course_is_none() -> None:
    assert first_disc_hit((0.0, 0.0), (1.0, 1.0), []) is None
    assert first_disc_hit((0.0, 0.0), (1.0, 0.0), [Disc((0.5, 2.0), 1.0)]) is None


def test_tree_prefilter_keeps_tangent_hits_far_from_origin() -> None:
    # Many discs force the STRtree path; the tangent disc sits at large coordinates.
    far = 1e6
    discs = [Disc((far + 10.0 * i, far + 50.0), 1.0) for i in range(40)]
    discs.append(Disc((far + 5.0, far + 1.0), 1.0))
    index = DiscIndex(discs)
    result = index.first_hit((far, far), (far + 10.0, far))
    assert result is not None and result[0] == 40
    assert result[1].point == pytest.approx((far + 5.0, far))


@settings(max_examples=150)
@given(points, points, st.lists(discs, max_size=60), st.integers(min_value=0, max_value=64))
def test_first_disc_hit_agrees_with_brute_force_loop(
    start: Point, end: Point, ds: list[Disc], tree_min: int
) -> None:
    expected: tuple[int, Impact] | None = None
    for i, d in enumerate(ds):
        hit = segment_hits_disc(start, end, d)
        if hit is not None and (expected is None or hit.t < expected[1].t):
            expected = (i, hit)
    assert DiscIndex(ds, tree_min=tree_min).first_hit(start, end) == expected
    assert first_disc_hit(start, end, ds) == expected


@settings(max_examples=60)
@given(st.lists(st.tuples(points, points), max_size=30), st.lists(discs, max_size=50))
def test_batch_first_hits_equal_one_at_a_time(
    segments: list[tuple[Point, Point]], ds: list[Disc]
) -> None:
    tree = DiscIndex(ds, tree_min=0)
    scan = DiscIndex(ds, tree_min=10**9)
    expected = [scan.first_hit(s, e) for s, e in segments]
    assert tree.first_hits(segments) == expected
    assert scan.first_hits(segments) == expected


# --- closest_approach --------------------------------------------------------------


def test_head_on_courses_meet_at_mid_turn() -> None:
    assert closest_approach((0.0, 0.0), (4.0, 0.0), (4.0, 0.0), (0.0, 0.0)) == Approach(0.0, 0.5)


def test_crossing_courses_pass_at_hand_computed_distance_and_time() -> None:
    # A: (0,0)->(2,0); B: (2,1)->(0,1). Relative p(t) = (-2 + 4t, -1): minimum 1 at t=1/2.
    assert closest_approach((0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (0.0, 1.0)) == Approach(1.0, 0.5)


def test_closest_approach_of_parallel_courses_is_constant_distance() -> None:
    result = closest_approach((0.0, 0.0), (5.0, 2.0), (0.0, 3.0), (5.0, 5.0))
    assert result == Approach(3.0, 0.0)


def test_identical_motions_are_at_zero_distance_from_t_zero() -> None:
    assert closest_approach((1.0, 1.0), (4.0, 2.0), (1.0, 1.0), (4.0, 2.0)) == Approach(0.0, 0.0)


def test_diverging_objects_are_closest_at_start() -> None:
    assert closest_approach((0.0, 0.0), (-3.0, 0.0), (1.0, 0.0), (4.0, 0.0)) == Approach(1.0, 0.0)


def test_converging_objects_that_do_not_meet_are_closest_at_end() -> None:
    result = closest_approach((0.0, 0.0), (1.0, 0.0), (10.0, 0.0), (5.0, 0.0))
    assert result == Approach(4.0, 1.0)


def test_stationary_target_against_moving_ship() -> None:
    # Ship (0,0)->(10,0) passes a stationary mine at (3,4): closest at (3,0), t=0.3.
    result = closest_approach((0.0, 0.0), (10.0, 0.0), (3.0, 4.0), (3.0, 4.0))
    assert result.distance == pytest.approx(4.0)
    assert result.t == pytest.approx(0.3)


@settings(max_examples=300)
@given(points, points, points, points)
def test_closest_approach_is_no_farther_than_any_sampled_time(
    a0: Point, a1: Point, b0: Point, b1: Point
) -> None:
    result = closest_approach(a0, a1, b0, b1)
    assert 0.0 <= result.t <= 1.0

    def separation(t: float) -> float:
        return dist(lerp(a0, a1, t), lerp(b0, b1, t))

    assert result.distance == pytest.approx(separation(result.t), abs=1e-9)
    for i in range(51):
        t = i / 50
        assert result.distance <= separation(t) + 1e-9


@given(points, points, points)
def test_closest_approach_is_symmetric_in_the_two_objects(a0: Point, a1: Point, b0: Point) -> None:
    b1 = (b0[0] + 1.5, b0[1] - 0.5)
    ab = closest_approach(a0, a1, b0, b1)
    ba = closest_approach(b0, b1, a0, a1)
    assert ab == ba


# --- line_of_sight -----------------------------------------------------------------


def test_planet_between_ships_blocks_line_of_sight() -> None:
    assert not line_of_sight((-3.0, 0.0), (3.0, 0.0), [Disc((5.0, 5.0), 1.0), UNIT])


def test_grazing_a_disc_tangentially_does_not_block() -> None:
    assert line_of_sight((-3.0, 1.0), (3.0, 1.0), [UNIT])
    assert not line_of_sight((-3.0, 0.999), (3.0, 0.999), [UNIT])


def test_disc_beyond_the_target_does_not_block() -> None:
    assert line_of_sight((-5.0, 0.0), (-2.0, 0.0), [UNIT])


def test_endpoint_on_rim_looking_outward_is_not_blocked_but_inward_is() -> None:
    assert line_of_sight((1.0, 0.0), (4.0, 0.0), [UNIT])
    assert not line_of_sight((1.0, 0.0), (-4.0, 0.0), [UNIT])
    # Along the tangent from a rim point: only the rim point itself touches the disc.
    assert line_of_sight((1.0, 0.0), (1.0, 4.0), [UNIT])


def test_endpoint_strictly_inside_a_disc_blocks_unless_ignored() -> None:
    assert not line_of_sight((0.5, 0.0), (4.0, 0.0), [UNIT])
    assert not line_of_sight((4.0, 0.0), (0.5, 0.0), [UNIT])
    assert line_of_sight((0.5, 0.0), (4.0, 0.0), [UNIT], ignore={0})


def test_zero_length_sight_line_is_never_blocked() -> None:
    assert line_of_sight((0.0, 0.0), (0.0, 0.0), [UNIT])


@settings(max_examples=150)
@given(points, points, st.lists(discs, max_size=50), st.integers(min_value=0, max_value=64))
def test_blocks_agrees_with_per_disc_check_and_sampling(
    a: Point, b: Point, ds: list[Disc], tree_min: int
) -> None:
    blocked = DiscIndex(ds, tree_min=tree_min).blocks(a, b)
    assert blocked == any(not line_of_sight(a, b, [d]) for d in ds)
    assert line_of_sight(a, b, ds) == (not blocked)
    n = 500
    samples = [lerp(a, b, i / n) for i in range(1, n)]
    if a != b and any(dist(p, d.centre) < d.radius - 1e-7 for p in samples for d in ds):
        assert blocked
    if blocked:
        # A blocking disc comes within its radius of the sight line.
        assert any(
            closest_approach(a, b, d.centre, d.centre).distance < d.radius + 1e-9 for d in ds
        )


# --- outline -----------------------------------------------------------------------


def test_outline_of_one_square_is_its_ring() -> None:
    rings = outline([[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]])
    assert len(rings) == 1
    assert sorted(rings[0]) == [(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0)]


def test_outline_merges_adjacent_squares_into_one_rectangle() -> None:
    left = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    right = [(1.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0)]
    rings = outline([left, right])
    assert len(rings) == 1
    assert ring_area(rings[0]) == pytest.approx(2.0)
    assert sorted(rings[0]) == [(0.0, 0.0), (0.0, 1.0), (2.0, 0.0), (2.0, 1.0)]


def test_outline_of_separate_zones_gives_one_ring_each() -> None:
    rings = outline([hexagon(0.0, 0.0), hexagon(5.0, 0.0)])
    assert len(rings) == 2
    assert all(len(r) == 6 for r in rings)


def test_outline_of_hex_and_its_six_neighbours_is_one_18_sided_ring() -> None:
    neighbours = [
        (math.cos(math.radians(60 * k)), math.sin(math.radians(60 * k))) for k in range(6)
    ]
    rings = outline([hexagon(0.0, 0.0)] + [hexagon(x, y) for x, y in neighbours])
    hex_area = math.sqrt(3) / 2  # area of a hex with unit across-flats
    assert len(rings) == 1
    assert len(rings[0]) == 18
    assert ring_area(rings[0]) == pytest.approx(7 * hex_area, rel=1e-6)


def test_outline_of_ring_of_hexes_returns_ccw_exterior_then_cw_hole() -> None:
    neighbours = [
        (math.cos(math.radians(60 * k)), math.sin(math.radians(60 * k))) for k in range(6)
    ]
    rings = outline([hexagon(x, y) for x, y in neighbours])
    hex_area = math.sqrt(3) / 2
    assert len(rings) == 2
    exterior, hole = rings
    assert ring_area(exterior) == pytest.approx(7 * hex_area, rel=1e-6)
    assert ring_area(hole) == pytest.approx(-hex_area, rel=1e-6)


def test_outline_of_nothing_is_empty_and_degenerate_polygon_is_rejected() -> None:
    assert outline([]) == []
    with pytest.raises(ValueError):
        outline([[(0.0, 0.0), (1.0, 1.0)]])


# --- tile_outline: the same rings without shapely, for hexes ----------------------


def _canonical(rings: list[list[Point]]) -> list[tuple[bool, frozenset[tuple[float, float]]]]:
    """Rings as (is exterior, rounded point set), order-free, for comparing outlines."""
    out = []
    for r in rings:
        pts = frozenset((round(x, 6), round(y, 6)) for x, y in r)
        out.append((ring_area(r) > 0, pts))
    return sorted(out, key=lambda t: (t[0], sorted(t[1])))


@settings(max_examples=150, deadline=None)
@given(st.sets(st.tuples(st.integers(-4, 4), st.integers(-4, 4)), min_size=1, max_size=30))
def test_tile_outline_of_hexes_matches_the_shapely_union(cells: set[tuple[int, int]]) -> None:
    layout = Layout.unit(Orientation.FLAT)
    polygons = [layout.corners(Hex(q, r)) for q, r in cells]
    assert _canonical(tile_outline(polygons)) == _canonical(outline(polygons))


def test_tile_outline_of_a_ring_of_hexes_has_its_hole() -> None:
    layout = Layout.unit(Orientation.POINTY)
    rings = tile_outline([layout.corners(h) for h in Hex(0, 0).ring(1)])
    assert len(rings) == 2
    assert ring_area(rings[0]) > 0 > ring_area(rings[1])
    assert len(rings[0]) == 18 and len(rings[1]) == 6
