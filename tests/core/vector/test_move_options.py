"""Every choice of a move (the preview's options), properties of movement that hold for any
vector, moves explained in players' words, values that round-trip, the bounce off the
map's edge, and launched weapons moving by the same rules."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.hexgrid import ZERO, Direction, Hex, Layout, Orientation, Vector
from core.board.starmap import (
    Bounds,
    StarMap,
)
from core.engine.serial import from_data, to_data
from core.vector.course import AsteroidHex, ForbiddenAsteroid, OffMap, Passage
from core.vector.gravity import (
    MoveError,
)
from core.vector.motion import BurnError, Motion, MovementParams, Order, bounce
from core.vector.movement import move
from core.vector.reach import coast, options
from tests.core.vector.test_movement import (
    INTERPLANETARY,
    NPLANETARY_MILITARY,
    NW,
    SE,
    SIII_STRATEGIC,
    SIII_STRATEGIC_6G,
    SW,
    WEAK,
    C,
    N,
    S,
    arrows,
    e,
    solar,
    space,
    with_body,
)

# ---- options ----


def test_options_give_seven_end_points_for_a_one_hex_burn() -> None:
    result = options(space(), Motion(C, Vector(1, 0)), INTERPLANETARY)
    ends = [r.end for _, r in result]
    assert len(ends) == len(set(ends)) == 7
    assert result[0][0] == Order()  # coasting first: cheapest
    assert sorted(len(o.burn) for o, _ in result) == [0] + [1] * 6


@pytest.mark.parametrize(
    ("params", "count"),
    [(NPLANETARY_MILITARY, 19), (SIII_STRATEGIC_6G, 37), (SIII_STRATEGIC, 19)],
)
def test_options_reach_every_hex_within_the_burn_limit(params: MovementParams, count: int) -> None:
    result = options(space(), Motion(C, ZERO), params)
    assert len({r.end for _, r in result}) == count
    for order, r in result:  # the cheapest way: no two-hex burn where one hex will do
        assert len(order.burn) == r.end.distance(C)


def test_options_respect_fuel_and_disabled() -> None:
    assert len(options(space(), Motion(C, ZERO), fuel=Fraction(0))) == 1
    assert len(options(space(), Motion(C, ZERO), disabled=True)) == 1
    two = options(space(), Motion(C, ZERO), NPLANETARY_MILITARY, fuel=Fraction(3))
    assert len(two) == 7


def test_options_include_weak_and_two_directed_choices() -> None:
    m = space(arrows(C + e(SE), N, kind=WEAK), arrows(C + e(SE, 2), NW, S))
    motion = move(m, Motion(C, e(SE, 2))).next
    result = options(m, motion)
    coasts = {(o.ignore, o.picks) for o, _ in result if not o.burn}
    assert coasts == {
        (frozenset(), ((1, NW),)),
        (frozenset(), ((1, S),)),
        (frozenset({0}), ((1, NW),)),
        (frozenset({0}), ((1, S),)),
    }


def test_options_refuse_nothing_legal() -> None:
    m = space(arrows(C + e(SE), N, kind=WEAK), arrows(C + e(SE, 2), NW, S))
    motion = move(m, Motion(C, e(SE, 2))).next
    params = NPLANETARY_MILITARY
    best = {r.end: r.fuel for _, r in options(m, motion, params)}
    legal = 0
    for n in range(3):
        for burn in itertools.product(Direction, repeat=n):
            for ignore in (frozenset(), frozenset({0}), frozenset({1})):
                for picks in ((), ((1, NW),), ((1, S),), ((1, N),)):
                    try:
                        r = move(m, motion, Order(burn, ignore, picks), params)
                    except MoveError:
                        continue
                    legal += 1
                    assert r.end in best and best[r.end] <= r.fuel
    assert legal > 100


# ---- properties ----

velocities = st.builds(Vector, st.integers(-6, 6), st.integers(-6, 6))
big_empty = StarMap("Empty", Bounds(200, 200))


@given(velocities, st.integers(3, 5))
def test_property_inertia_without_gravity_repeats_any_vector(v: Vector, turns: int) -> None:
    start = Hex(100, 50)
    results = coast(big_empty, Motion(start, v), turns=turns)
    assert [r.velocity for r in results] == [v] * turns
    assert results[-1].end == start + Vector(v.q * turns, v.r * turns)


@settings(max_examples=200)
@given(
    st.integers(0, 47),
    st.integers(0, 31),
    velocities,
    st.sampled_from([(), (N,), (SE,), (SW,)]),
)
def test_property_determinism(col: int, row: int, v: Vector, burn: tuple[Direction, ...]) -> None:
    m = solar()
    start = m.bounds.labels.from_offset(col, row)
    motion = Motion(start, v)
    first = move(m, motion, Order(burn), passage=Passage.of("Terrans"), name="Frigate")
    again = move(m, motion, Order(burn), passage=Passage.of("Terrans"), name="Frigate")
    assert first == again
    assert first.next == again.next and first.events == again.events


@settings(max_examples=100)
@given(st.integers(0, 47), st.integers(0, 31), velocities)
def test_property_every_legal_option_moves_and_coasting_is_among_them(
    col: int, row: int, v: Vector
) -> None:
    m = solar()
    motion = Motion(m.bounds.labels.from_offset(col, row), v)
    result = options(m, motion)
    assert move(m, motion).end in {r.end for _, r in result}


# ---- explanations, values, bounce ----


def test_every_move_explains_itself_in_players_words() -> None:
    m = with_body()
    labels = m.bounds.labels
    first = move(m, Motion(C + Vector(0, 3), Vector(-1, -2)), name="Frigate")
    start, end = labels.format(C + Vector(0, 3)), labels.format(C + e(SW))
    texts = [ev.text for ev in first.events]
    assert texts[0] == f"Frigate coasts from {start} to {end} (speed 3)"
    assert texts[1] == (
        f"Frigate entered Mars gravity at {end}: it will shift the vector 1 hex NE next turn"
    )
    second = move(m, first.next, Order((N,)), name="Frigate")
    texts = [ev.text for ev in second.events]
    assert texts[0] == f"Mars gravity at {end} (entered last turn) shifts Frigate's vector 1 hex NE"
    assert texts[1] == "Frigate burns 1 fuel: vector shifted 1 hex N"


def test_values_round_trip_through_serialisation() -> None:
    m = with_body()
    result = move(m, Motion(C + e(S, 2), e(N, 4)))
    values = [
        result.next,
        Order((N, N), frozenset({1}), ((0, SE),)),
        MovementParams(burn_costs=(Fraction(1, 2), Fraction(1))),
        *result.hazards,
        *result.events,
        *result.applied,
        AsteroidHex(C),
        OffMap(C, Fraction(1, 2)),
        OffMap(C, Fraction(1, 2), C + e(N)),
        ForbiddenAsteroid(C, "Clandestine"),
    ]
    for value in values:
        assert from_data(to_data(value)) == value


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize("d", list(Direction))
def test_bounce_mirrors_the_component_that_left_the_map(
    orientation: Orientation, d: Direction
) -> None:
    bounds = Bounds(12, 10, orientation)
    m = StarMap("Small", bounds)
    layout = Layout.unit(orientation)
    for h in bounds.hexes():
        result = move(m, Motion(h, e(d, 2)))
        if not result.stopped:
            continue
        back = bounce(result.next, bounds)
        assert bounds.contains(back.position)
        assert back.velocity.speed == 2
        vx, vy = layout.to_pixel(Hex(*e(d, 2)))
        bx, by = layout.to_pixel(Hex(*back.velocity))
        assert (abs(bx), abs(by)) == pytest.approx((abs(vx), abs(vy)))
        assert (bx, by) != pytest.approx((vx, vy))


# ---- launched weapons ----


def test_launched_weapon_inherits_the_ships_old_vector_and_moves_by_the_same_rules() -> None:
    from core.vector.motion import launched

    m = with_body()
    ship = move(m, Motion(C + Vector(2, -1), Vector(-1, 0))).next  # entered the ring
    assert ship.pulls, "the ship must have gravity waiting for the weapon to inherit"
    mine = launched(ship)
    assert mine.position == ship.position and mine.velocity == ship.velocity
    assert mine.pulls == ship.pulls
    # The ship burns this turn; the weapon keeps the old vector and feels the same gravity.
    ship_moved = move(m, ship, Order((N,)), fuel=Fraction(1))
    mine_moved = move(m, mine)
    assert mine_moved.end == move(m, ship).end != ship_moved.end


def test_launched_weapon_thrust_is_limited_by_its_own_engine() -> None:
    from core.vector.motion import launched

    ship = Motion(C, Vector(1, 0))
    missile = launched(ship, (N, N), thrust=2)
    assert missile.velocity == Vector(1, 0) + Vector.of(N, 2)
    with pytest.raises(BurnError, match="at most 2 hexes: it cannot adjust by 3"):
        launched(ship, (N, N, N), thrust=2)
    with pytest.raises(BurnError, match="no thrust"):
        launched(ship, (N,))
