"""NPlanetary's fire arithmetic (seed "Ordnance" and "Combat"): the velocity term, range,
shares, closest approach within half a hex, and line of fire."""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from core.board.hexgrid import Direction, Hex, Layout, Orientation, Vector
from core.board.starmap import Body, BodyKind, Bounds, StarMap
from core.rules.nplanetary.combat_math import (
    hex_range,
    norm,
    round_half_away,
    share_strength,
    velocity_term,
)
from core.rules.nplanetary.combat_sight import blocking_body
from core.rules.nplanetary.ordnance_approach import Course, CourseIndex, closest_squared, meeting

E = Vector.of(Direction.SE)
small = st.integers(min_value=-6, max_value=6)


def plane(v: Hex | Vector) -> tuple[float, float]:
    return Layout.unit(Orientation.FLAT).to_pixel(Hex(v.q, v.r))


# ---- the velocity term ----


def test_velocity_term_adds_one_per_hex_per_turn_closing_head_on() -> None:
    assert velocity_term(Hex(3, 0), Vector(2, 0)) == 2


def test_velocity_term_subtracts_one_per_hex_per_turn_opening() -> None:
    assert velocity_term(Hex(3, 0), Vector(-3, 0)) == -3


def test_velocity_term_is_zero_across_the_line_of_fire() -> None:
    # (1, -2) is perpendicular to (1, 0) in the plane: 2*1*1 + 1*(-2) = 0
    assert velocity_term(Hex(4, 0), Vector(1, -2)) == 0


def test_velocity_term_rounds_a_sixty_degree_half_away_from_zero() -> None:
    # speed 1 at 60 degrees to the line: exactly one half, a ruling rounds it to 1
    assert velocity_term(Hex(2, 0), Vector(1, -1)) == 1
    assert velocity_term(Hex(2, 0), Vector(-1, 1)) == -1


def test_velocity_term_in_the_same_hex_is_zero_by_ruling() -> None:
    assert velocity_term(Hex(0, 0), Vector(3, 0)) == 0


@given(small, small, small, small)
def test_velocity_term_is_the_rounded_cosine_of_the_relative_velocity(
    dq: int, dr: int, vq: int, vr: int
) -> None:
    d, v = Hex(dq, dr), Vector(vq, vr)
    if norm(d) == 0:
        return
    (dx, dy), (vx, vy) = plane(d), plane(v)
    exact = (dx * vx + dy * vy) / math.hypot(dx, dy)
    if abs(abs(exact) % 1 - 0.5) > 1e-9:  # off the halves, plain rounding agrees
        assert velocity_term(d, v) == round(exact)


def test_rounding_halves_away_from_zero_exactly() -> None:
    assert [round_half_away(n, 4) for n in (-5, -3, -1, 1, 3, 5)] == [-3, -2, -1, 1, 2, 3]


def test_range_counts_hexes_from_attacker_to_target() -> None:
    assert hex_range(Hex(0, 0), Hex(0, 0)) == 0
    assert hex_range(Hex(0, 0), Hex(1, 0)) == 1
    assert hex_range(Hex(0, 0), Hex(2, 1)) == 3


# ---- shares and bands ----


def test_strength_is_split_into_equal_shares_less_range_plus_velocity() -> None:
    portion, applied = share_strength(Fraction(5), 2, 1, 1)
    assert (portion, applied) == (Fraction(5, 2), Fraction(5, 2))


def test_a_share_never_falls_below_zero() -> None:
    assert share_strength(Fraction(1), 1, 4, -2)[1] == 0


# ---- closest approach within half a hex ----


def test_ordnance_meets_a_ship_whose_course_crosses_its_own() -> None:
    mine = Course("m", Hex(2, 0), Hex(2, 0))
    ship = Course("s", Hex(0, 0), Hex(4, 0))
    assert meeting(mine, ship) == Fraction(3, 8)  # half a hex before the centre


def test_ordnance_meets_only_within_half_a_hex() -> None:
    mine = Course("m", Hex(0, 1), Hex(0, 1))
    ship = Course("s", Hex(0, 0), Hex(2, 0))  # passes the mine's hex at 0.866 hexes
    assert meeting(mine, ship) is None


def test_exactly_half_a_hex_counts_as_met() -> None:
    # two courses side by side one hex apart, closing to half a hex at the end
    a = Course("a", Hex(0, 0), Hex(0, 0))
    b = Course("b", Hex(2, 0), Hex(1, 0))
    assert closest_squared(a, b)[0] == 1
    head = Course("h", Hex(0, 0), Hex(4, 0))
    tail = Course("t", Hex(1, 0), Hex(1, 0))
    assert meeting(head, tail) == Fraction(1, 8)


def test_both_motions_count_two_ships_passing_mid_turn() -> None:
    # head on, each ends in the other's start hex: they meet mid-turn, not at its ends
    a = Course("a", Hex(0, 0), Hex(3, 0))
    b = Course("b", Hex(3, 0), Hex(0, 0))
    assert meeting(a, b) == Fraction(5, 12)


def test_ordnance_moving_with_a_ship_meets_it_from_the_start() -> None:
    a = Course("a", Hex(0, 0), Hex(2, -1))
    b = Course("b", Hex(0, 0), Hex(2, -1))
    assert meeting(a, b) == 0


def test_a_crashed_course_meets_nothing_after_the_crash() -> None:
    mine = Course("m", Hex(3, 0), Hex(3, 0))
    ship = Course("s", Hex(0, 0), Hex(4, 0), until=Fraction(1, 2))
    assert meeting(mine, ship) is None


@given(small, small, small, small, small, small, small, small)
def test_meeting_agrees_with_sampling_the_turn(
    a: int, b: int, c: int, d: int, e: int, f: int, g: int, h: int
) -> None:
    one, two = Course("1", Hex(a, b), Hex(c, d)), Course("2", Hex(e, f), Hex(g, h))
    met = meeting(one, two)
    best = min(norm_at(one, two, k / 2000) for k in range(2001))
    if met is None:
        assert best > 0.25 - 1e-9
    else:
        assert norm_at(one, two, float(met)) <= 0.25 + 1e-9
        assert all(norm_at(one, two, k / 2000) > 0.25 - 1e-9 for k in range(int(float(met) * 2000)))


def norm_at(one: Course, two: Course, t: float) -> float:
    q = (one.start.q - two.start.q) + t * ((one.end.q - one.start.q) - (two.end.q - two.start.q))
    r = (one.start.r - two.start.r) + t * ((one.end.r - one.start.r) - (two.end.r - two.start.r))
    return q * q + q * r + r * r


# ---- line of fire ----


def sight_map() -> StarMap:
    return StarMap(
        "sight",
        Bounds(10, 10),
        bodies=(
            Body("Mars", BodyKind.PLANET, Hex(3, 0), radius=0.4),
            Body("Ceres", BodyKind.ASTEROID, Hex(3, 3), radius=0.3),
        ),
    )


def test_a_planet_between_attacker_and_target_blocks_fire() -> None:
    body = blocking_body(sight_map(), Hex(0, 0), Hex(6, 0))
    assert body is not None and body.name == "Mars"


def test_asteroids_never_block_fire_not_even_ceres() -> None:
    assert blocking_body(sight_map(), Hex(0, 3), Hex(6, 3)) is None


def test_a_base_on_a_planet_fires_out_of_it_but_not_through_another() -> None:
    m = sight_map()
    assert blocking_body(m, Hex(3, 0), Hex(6, 0)) is None  # from Mars' own hex
    assert blocking_body(m, Hex(6, 0), Hex(0, 0)) is not None


@given(st.lists(st.tuples(small, small, small, small), min_size=1, max_size=12), small, small)
def test_the_course_index_finds_every_course_a_piece_can_meet(
    spans: list[tuple[int, int, int, int]], q: int, r: int
) -> None:
    courses = [Course(str(i), Hex(a, b), Hex(c, d)) for i, (a, b, c, d) in enumerate(spans)]
    piece = Course("p", Hex(q, r), Hex(q + 2, r - 1))
    near = {c.id for c in CourseIndex(courses).near(piece)}
    assert {c.id for c in courses if meeting(piece, c) is not None} <= near
