"""The movement rules of one object for one turn: each test is named for the rule it checks."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import (
    Arrow,
    Base,
    BaseKind,
    Body,
    BodyKind,
    Bounds,
    GravityKind,
    GravityOverride,
    SpecialAsteroids,
    StarMap,
)
from core.board.tracer import Hexside, trace
from core.files.mapfile import load_map
from core.files.resources import SOLAR_SYSTEM_MAP
from core.vector.course import AsteroidHex, Crash, ForbiddenAsteroid, OffMap, Passage
from core.vector.gravity import (
    ABOVE,
    AT_REST,
    ENTERED,
    HEXSIDE,
    GravityPull,
    IgnoreError,
    PickError,
)
from core.vector.motion import BurnError, FuelError, Motion, MovementParams, Order
from core.vector.movement import move
from core.vector.orbit import circling
from core.vector.pulls import HexsideGrazed

SE, NE, N, NW, SW, S = Direction
BOUNDS = Bounds(30, 30)
C = Hex(10, 5)  # the centre of the tests: well inside BOUNDS
NORMAL, WEAK, DOUBLE = GravityKind.NORMAL, GravityKind.WEAK, GravityKind.DOUBLE

INTERPLANETARY = MovementParams()
NPLANETARY_CIVILIAN = MovementParams(start_hex_gravity=False)
NPLANETARY_MILITARY = MovementParams(start_hex_gravity=False, burn_costs=(Fraction(1), Fraction(4)))
SIII_STRATEGIC = MovementParams(burn_costs=(Fraction(1, 2), Fraction(1)))
SIII_STRATEGIC_6G = MovementParams(burn_costs=(Fraction(1, 2), Fraction(1), Fraction(3, 2)))
SIII_TACTICAL = MovementParams(gravity=False, burn_costs=(Fraction(0),) * 4)


def e(d: Direction, n: int = 1) -> Vector:
    return Vector.of(d, n)


def space(*overrides: GravityOverride, **changes: object) -> StarMap:
    """An empty test map; gravity set by hand where given."""
    return StarMap("Test", BOUNDS, overrides=overrides, **changes)  # type: ignore[arg-type]


def arrows(h: Hex, *directions: Direction, kind: GravityKind = NORMAL) -> GravityOverride:
    return GravityOverride(h, directions, kind)


def with_body(
    name: str = "Mars", kind: GravityKind = NORMAL, radius: float = 0.35, **changes: object
) -> StarMap:
    body = Body(name, BodyKind.PLANET, C, radius, kind)
    return StarMap("Test", BOUNDS, bodies=(body,), **changes)  # type: ignore[arg-type]


@cache
def solar() -> StarMap:
    return load_map(SOLAR_SYSTEM_MAP)


# ---- 1. inertia, 3. burn ----


def test_inertia_repeats_last_turns_vector() -> None:
    result = move(space(), Motion(C, Vector(2, -1)))
    assert result.end == C + Vector(2, -1)
    assert result.velocity == Vector(2, -1)
    assert result.next == Motion(C + Vector(2, -1), Vector(2, -1))
    assert result.fuel == 0 and result.applied == () and result.hazards == ()


def test_burn_shifts_the_tip() -> None:
    result = move(space(), Motion(C, Vector(2, 0)), Order((N,)))
    assert result.end == C + Vector(2, 0) + e(N)
    assert result.velocity == Vector(2, -1)
    assert result.fuel == 1


def test_disabled_ship_cannot_burn() -> None:
    with pytest.raises(BurnError, match="a disabled ship cannot burn"):
        move(space(), Motion(C, ZERO), Order((N,)), disabled=True)
    assert move(space(), Motion(C, e(N)), disabled=True).end == C + e(N)


def test_fuel_is_checked_and_the_cost_reported() -> None:
    with pytest.raises(FuelError, match="not enough fuel: the burn costs 1, the ship has 0"):
        move(space(), Motion(C, ZERO), Order((N,)), fuel=Fraction(0))
    result = move(space(), Motion(C, ZERO), Order((N,)), fuel=Fraction(5))
    assert result.fuel == 1
    assert move(space(), Motion(C, ZERO), fuel=Fraction(0)).fuel == 0


@pytest.mark.parametrize(
    ("params", "hexes", "cost"),
    [
        (INTERPLANETARY, 1, Fraction(1)),
        (NPLANETARY_CIVILIAN, 1, Fraction(1)),
        (NPLANETARY_MILITARY, 2, Fraction(4)),
        (SIII_STRATEGIC, 1, Fraction(1, 2)),
        (SIII_STRATEGIC, 2, Fraction(1)),
        (SIII_STRATEGIC_6G, 3, Fraction(3, 2)),
        (SIII_TACTICAL, 4, Fraction(0)),
    ],
)
def test_burn_limits_and_costs_follow_the_ruleset(
    params: MovementParams, hexes: int, cost: Fraction
) -> None:
    result = move(space(), Motion(C, ZERO), Order((N,) * hexes), params)
    assert result.fuel == cost
    assert result.end == C + e(N, hexes)
    limit = len(params.burn_costs)
    with pytest.raises(BurnError, match=f"a burn of {limit + 1} hexes is beyond this ship"):
        move(space(), Motion(C, ZERO), Order((N,) * (limit + 1)), params)


def test_interplanetary_refuses_a_two_hex_burn() -> None:
    with pytest.raises(BurnError, match=r"a burn of 2 hexes is beyond this ship \(at most 1\)"):
        move(space(), Motion(C, ZERO), Order((N, N)))


def test_burn_hexes_may_point_different_ways() -> None:
    result = move(space(), Motion(C, ZERO), Order((N, NE)), NPLANETARY_MILITARY)
    assert result.end == C + e(N) + e(NE)
    assert result.fuel == 4


# ---- 2. gravity first, then the burn ----


def test_gravity_applies_the_turn_after_entry() -> None:
    m = space(arrows(C + e(SE), N))
    first = move(m, Motion(C, e(SE)))
    assert first.end == C + e(SE)  # no shift on the turn of entry
    assert first.next.pulls == (GravityPull(C + e(SE), (Arrow(N, NORMAL),), ENTERED),)
    second = move(m, first.next)
    assert second.velocity == e(SE) + e(N)
    assert [(a.hex, a.direction, a.shift) for a in second.applied] == [(C + e(SE), N, 1)]


def test_gravity_applies_in_the_order_entered_before_the_burn() -> None:
    m = space(arrows(C + e(SE), N), arrows(C + e(SE, 2), SW))
    first = move(m, Motion(C, e(SE, 3)))
    assert [p.hex for p in first.next.pulls] == [C + e(SE), C + e(SE, 2)]
    second = move(m, first.next, Order((S,)))
    assert [a.direction for a in second.applied] == [N, SW]
    assert second.velocity == e(SE, 3) + e(N) + e(SW) + e(S)
    texts = [ev.text for ev in second.events]
    gravity_at = next(i for i, t in enumerate(texts) if "shifts" in t)
    burn_at = next(i for i, t in enumerate(texts) if "burns" in t)
    assert gravity_at < burn_at


def test_double_gravity_shifts_two_hexes() -> None:
    m = space(arrows(C + e(SE), N, kind=DOUBLE))
    second = move(m, move(m, Motion(C, e(SE))).next)
    assert second.velocity == e(SE) + e(N, 2)
    assert second.applied[0].shift == 2


def test_weak_gravity_may_be_ignored() -> None:
    m = space(arrows(C + e(SE), N, kind=WEAK))
    arrived = move(m, Motion(C, e(SE))).next
    assert move(m, arrived).velocity == e(SE) + e(N)  # applied unless ignored
    ignored = move(m, arrived, Order(ignore=frozenset({0})))
    assert ignored.velocity == e(SE)
    assert ignored.applied == ()
    assert any("ignored by choice" in ev.text for ev in ignored.events)


def test_normal_gravity_cannot_be_ignored() -> None:
    m = space(arrows(C + e(SE), N))
    arrived = move(m, Motion(C, e(SE))).next
    with pytest.raises(IgnoreError, match="is not weak: it cannot be ignored"):
        move(m, arrived, Order(ignore=frozenset({0})))
    with pytest.raises(IgnoreError, match="no gravity pull number 3"):
        move(m, arrived, Order(ignore=frozenset({3})))


def test_second_of_two_consecutive_weak_hexes_must_apply() -> None:
    moon = with_body("Luna", WEAK, 0.2)
    first = move(moon, Motion(C + Vector(-2, 1), Vector(3, 0)))
    pulls = first.next.pulls
    assert [(p.hex, p.must_apply) for p in pulls] == [(C + Vector(-1, 1), False), (C + e(S), True)]
    with pytest.raises(
        IgnoreError,
        match=r"Luna's weak gravity at .* cannot be ignored: it is the second weak hex entered "
        r"in a row",
    ):
        move(moon, first.next, Order(ignore=frozenset({1})))


def test_weak_hexes_apart_are_each_optional() -> None:
    m = space(arrows(C + e(SE), N, kind=WEAK), arrows(C + e(SE, 3), N, kind=WEAK))
    pulls = move(m, Motion(C, e(SE, 3))).next.pulls
    assert [p.must_apply for p in pulls] == [False, False]


def test_consecutive_weak_rule_can_be_switched_off() -> None:
    moon = with_body("Luna", WEAK, 0.2)
    params = MovementParams(consecutive_weak_rule=False)
    pulls = move(moon, Motion(C + Vector(-2, 1), Vector(3, 0)), params=params).next.pulls
    assert [p.must_apply for p in pulls] == [False, False]


def test_two_directed_gravity_needs_a_pick() -> None:
    m = space(arrows(C + e(SE), NW, SE))
    arrived = move(m, Motion(C, e(SE))).next
    with pytest.raises(PickError, match=r"choose one of the two arrows at .*: NW or SE"):
        move(m, arrived)
    with pytest.raises(PickError, match=r"N is not one of the arrows at .*: choose NW or SE"):
        move(m, arrived, Order(picks=((0, N),)))
    picked = move(m, arrived, Order(picks=((0, NW),)))
    assert picked.velocity == ZERO
    assert move(m, arrived, Order(picks=((0, SE),))).velocity == e(SE, 2)


def test_two_directed_hex_of_two_weak_arrows_may_be_ignored_or_picked() -> None:
    m = space(arrows(C + e(SE), N, S, kind=WEAK))
    arrived = move(m, Motion(C, e(SE))).next
    with pytest.raises(PickError, match="or ignore them: both are weak"):
        move(m, arrived)
    assert move(m, arrived, Order(ignore=frozenset({0}))).velocity == e(SE)
    assert move(m, arrived, Order(picks=((0, N),))).velocity == e(SE) + e(N)
    with pytest.raises(PickError, match="not both"):
        move(m, arrived, Order(ignore=frozenset({0}), picks=((0, N),)))


def test_mixed_two_directed_hex_applies_the_picked_weak_arrow() -> None:
    m = solar()
    h = m.bounds.labels.parse("0518")  # Earth's arrow S and Luna's weak arrow NW
    arrived = Motion(h, ZERO, (GravityPull(h, m.gravity[h].arrows),))
    luna = move(m, arrived, Order(picks=((0, NW),)))
    assert luna.velocity == e(NW)
    with pytest.raises(IgnoreError, match="not weak"):
        move(m, arrived, Order(ignore=frozenset({0})))


def test_a_one_arrow_hex_has_nothing_to_pick() -> None:
    m = space(arrows(C + e(SE), N))
    arrived = move(m, Motion(C, e(SE))).next
    with pytest.raises(PickError, match="has one arrow: there is nothing to choose"):
        move(m, arrived, Order(picks=((0, N),)))


# ---- 4. collecting pulls: hexsides, corners, at rest ----

# The course C -> C + (1, 1) runs along the side between C + SE and C + S.
A, B = C + e(S), C + e(SE)  # side_of(A) is NE, side_of(B) is SW


def test_the_course_used_for_hexside_tests_runs_along_a_side() -> None:
    runs = [s for s in trace(C, C + Vector(1, 1)).steps if isinstance(s, Hexside)]
    assert [(r.a, r.b) for r in runs] == [(A, B)]
    assert (runs[0].side_of(A), runs[0].side_of(B)) == (NE, SW)


def test_hexside_run_opposite_the_arrow_is_not_affected() -> None:
    m = space(arrows(B, NE))  # B's side run along is SW, opposite NE
    result = move(m, Motion(C, Vector(1, 1)))
    assert result.next.pulls == ()
    grazed = [ev for ev in result.events if isinstance(ev, HexsideGrazed)]
    assert [(g.hex, g.applies) for g in grazed] == [(B, False)]
    assert "opposite the arrow: not affected" in grazed[0].text


def test_hexside_run_along_another_side_is_affected() -> None:
    m = space(arrows(B, N))
    result = move(m, Motion(C, Vector(1, 1)))
    assert result.next.pulls == (GravityPull(B, (Arrow(N, NORMAL),), HEXSIDE),)
    assert move(m, result.next).velocity == Vector(1, 1) + e(N)


def test_hexside_between_two_gravity_hexes_takes_only_the_closest_arrow() -> None:
    m = space(arrows(A, NE), arrows(B, S))  # A's arrow points at its side (0), B's is 1 off
    pulls = move(m, Motion(C, Vector(1, 1))).next.pulls
    assert pulls == (GravityPull(A, (Arrow(NE, NORMAL),), HEXSIDE),)


def test_hexside_between_two_gravity_hexes_when_one_is_opposite() -> None:
    m = space(arrows(A, SW), arrows(B, S))  # A's arrow is opposite its side: B counts
    pulls = move(m, Motion(C, Vector(1, 1))).next.pulls
    assert pulls == (GravityPull(B, (Arrow(S, NORMAL),), HEXSIDE),)


def test_hexside_tie_goes_to_the_hex_left_of_the_course() -> None:
    m = space(arrows(A, N), arrows(B, S))  # both one sixth off their side
    result = move(m, Motion(C, Vector(1, 1)))
    assert [p.hex for p in result.next.pulls] == [B]  # B lies left of a course heading SSE
    # The mirrored course heading NNW keeps B on its right, so A counts.
    back = move(m, Motion(C + Vector(1, 1), Vector(-1, -1)))
    assert [p.hex for p in back.next.pulls] == [A]


def test_hexside_runs_count_for_nothing_when_not_entered() -> None:
    m = space(arrows(B, N))
    result = move(m, Motion(C, Vector(1, 1)), params=MovementParams(hexside_entered=False))
    assert result.next.pulls == ()
    assert any("hexside runs are not entered" in ev.text for ev in result.events)


def test_corner_touch_adds_nothing_but_is_explained() -> None:
    touched = C + Vector(1, 1)  # the course C -> C + (4, 1) touches only its corner
    m = space(arrows(touched, N))
    result = move(m, Motion(C, Vector(4, 1)))
    assert touched not in trace(C, C + Vector(4, 1)).entered
    assert result.next.pulls == ()
    assert any("touched a corner" in ev.text and "no effect" in ev.text for ev in result.events)


def test_at_rest_in_a_gravity_hex_feels_it_next_turn() -> None:
    m = with_body()
    above = C + e(N)
    result = move(m, Motion(above, ZERO))
    assert result.next.pulls == (GravityPull(above, (Arrow(S, NORMAL, "Mars"),), AT_REST),)
    fall = move(m, result.next)
    assert isinstance(fall.hazards[-1], Crash) and fall.hazards[-1].body == "Mars"


def test_nplanetary_start_hex_never_applies() -> None:
    m = with_body()
    result = move(m, Motion(C + e(N), ZERO), params=NPLANETARY_CIVILIAN)
    assert result.next.pulls == ()
    assert move(m, result.next, params=NPLANETARY_CIVILIAN).end == C + e(N)


def test_no_gravity_at_tactical_scale() -> None:
    m = with_body()
    result = move(m, Motion(C + Vector(-2, 1), Vector(3, 0)), params=SIII_TACTICAL)
    assert result.next.pulls == ()
    assert not any("gravity" in ev.text for ev in result.events)


def test_passing_between_a_body_and_its_ring_feels_the_hex_above() -> None:
    rock = with_body("Rock", NORMAL, 0.2)
    start = C + e(SW)
    result = move(rock, Motion(start, Vector(3, -2)))
    assert C in result.trace.entered and result.hazards == ()
    assert [(p.hex, p.how) for p in result.next.pulls] == [(C + e(S), ABOVE), (C + e(SE), ENTERED)]


# ---- 5-7. crash, asteroids, leaving the map ----


def test_crash_at_the_point_of_impact() -> None:
    m = with_body()
    result = move(m, Motion(C + e(S, 2), e(N, 4)))
    crash = result.hazards[-1]
    assert isinstance(crash, Crash) and crash.body == "Mars"
    assert crash.t == pytest.approx((2 - 0.35) / 4)
    assert result.end == C and result.next.position == C and result.destroyed
    assert [p.hex for p in result.next.pulls] == [C + e(S)]  # the ring hex beyond is dropped
    crashed = f"crashes into Mars at {m.bounds.labels.format(C)}"
    assert any(ev.text.endswith(crashed) for ev in result.events)


def test_launch_ignores_the_home_body() -> None:
    m = with_body()
    assert isinstance(move(m, Motion(C, ZERO), Order((N,))).hazards[-1], Crash)
    launched = move(m, Motion(C, ZERO), Order((N,)), ignore_bodies=("Mars",))
    assert launched.hazards == () and launched.end == C + e(N)


def test_asteroid_hazard_only_above_speed_1() -> None:
    rocks = frozenset({C + e(SE), C + e(SE, 2)})
    m = space(asteroids=rocks)
    fast = move(m, Motion(C, e(SE, 3)))
    assert fast.hazards == (
        AsteroidHex(C + e(SE), Fraction(1, 6)),
        AsteroidHex(C + e(SE, 2), Fraction(1, 2)),
    )
    assert move(m, Motion(C, e(SE))).hazards == ()


def test_asteroid_base_hex_counts_as_an_asteroid_hex() -> None:
    m = space(bases=(Base("Rock", BaseKind.ASTEROID, C + e(SE)),))
    assert [h.hex for h in move(m, Motion(C, e(SE, 2))).hazards] == [C + e(SE)]  # type: ignore[union-attr]


def test_special_asteroids_are_forbidden_to_other_sides_and_allowed_to_the_owner() -> None:
    special = (SpecialAsteroids("Clandestine", frozenset({C + e(SE)})),)
    m = space(special_asteroids=special, asteroids=frozenset({C + e(SE, 2)}))
    other = move(m, Motion(C, e(SE, 3)), passage=Passage.of("Terrans"))
    assert other.hazards == (ForbiddenAsteroid(C + e(SE), "Clandestine", Fraction(1, 6)),)
    assert other.end == C + e(SE) and other.destroyed
    owner = move(m, Motion(C, e(SE, 3)), passage=Passage.of("Clandestine"))
    assert [type(h) for h in owner.hazards] == [AsteroidHex, AsteroidHex]
    assert move(m, Motion(C, e(SE)), passage=Passage.of("Clandestine")).hazards == ()


def test_off_map_stops_the_course() -> None:
    m = space(asteroids=frozenset({Hex(-2, 5)}))
    start = Hex(0, 5)
    result = move(m, Motion(start, e(NW, 3)))
    assert result.hazards == (OffMap(Hex(-1, 5), Fraction(1, 6), start),)
    assert result.end == Hex(-1, 5) and result.next.position == Hex(-1, 5)
    assert result.stopped and not result.destroyed
    assert any("leaves the map at" in ev.text for ev in result.events)


def test_hazards_after_the_end_of_the_course_are_dropped() -> None:
    m = with_body(asteroids=frozenset({C + e(N, 2)}))
    result = move(m, Motion(C + e(S, 2), e(N, 5)))
    assert [type(h) for h in result.hazards] == [Crash]


# ---- 8. orbit ----


def test_orbit_reported_when_coasting_round_a_body_at_speed_1() -> None:
    m = with_body()
    result = move(m, circling(m, m.bodies[0]))
    assert result.orbit == "Mars"
    assert move(m, circling(m, m.bodies[0]), Order((N,))).orbit is None  # a burn is not orbit
    assert move(m, Motion(C + e(N, 2), e(SE))).orbit is None  # outside the ring
