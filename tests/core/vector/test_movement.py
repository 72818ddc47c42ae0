"""The movement rules of one object for one turn: each test is named for the rule it checks."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.hexgrid import ZERO, Direction, Hex, Layout, Orientation, Vector
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
from core.engine.serial import from_data, to_data
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
    MoveError,
    PickError,
)
from core.vector.motion import BurnError, FuelError, Motion, MovementParams, Order, bounce
from core.vector.movement import move
from core.vector.orbit import circling, ring
from core.vector.pulls import HexsideGrazed
from core.vector.reach import coast, options

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
    assert result.hazards == (OffMap(Hex(-1, 5), Fraction(1, 6)),)
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


# ---- the manual's figures ----


def test_figure_1_a_ship_keeps_its_vector() -> None:
    a, b = C, C + Vector(2, -1)
    c = move(space(), Motion(b, a.to(b))).end
    assert b.to(c) == a.to(b)


def test_figures_2_and_3_a_burn_moves_the_tip_one_hex() -> None:
    motion = Motion(C, Vector(2, -1))
    reach = {r.end for _, r in options(space(), motion)}
    tip = C + Vector(2, -1)
    assert reach == {tip, *tip.neighbours()}
    final = move(space(), motion, Order((NE,)))
    assert final.end == tip + e(NE) and final.next.velocity == Vector(3, -2)


def test_figure_4_gravity_bends_a_course_over_three_turns() -> None:
    m = with_body()
    a = Motion(C + Vector(0, 3), Vector(-1, -2))
    ab, bc, cd = coast(m, a, turns=3)
    assert [p.hex for p in ab.next.pulls] == [C + e(SW)]  # B is a gravity hex
    assert bc.velocity == ab.velocity + e(NE)  # bent by B's arrow
    assert [p.hex for p in bc.next.pulls] == [C + e(NW)]  # the new vector crosses another
    assert cd.velocity == bc.velocity + e(SE)
    assert cd.next.pulls == () and not any(r.hazards for r in (ab, bc, cd))


def test_figure_6_hexside_rules() -> None:
    m = with_body()
    ring_n = C + e(N)  # arrow S
    along_opposite = move(m, Motion(C + Vector(-1, -1), Vector(2, -1)))
    assert ring_n not in {p.hex for p in along_opposite.next.pulls}
    along_other = move(m, Motion(C + e(N, 2), Vector(1, 1)))
    assert [(p.hex, p.how) for p in along_other.next.pulls] == [
        (ring_n, HEXSIDE),
        (C + e(NE), ENTERED),
    ]


def test_figure_7_weak_gravity_entered_twice() -> None:
    moon = with_body("Luna", WEAK, 0.2)
    ab = move(moon, Motion(C + Vector(-2, 1), Vector(3, 0)))
    chose_to_ignore_first = move(moon, ab.next, Order(ignore=frozenset({0})))
    assert chose_to_ignore_first.velocity == Vector(3, 0) + e(N)
    applied_both = move(moon, ab.next)
    assert applied_both.velocity == chose_to_ignore_first.velocity + e(NE)


def test_figure_9_entering_orbit() -> None:
    m = with_body()
    b = C + e(SE)
    ab = move(m, Motion(C + Vector(1, 1), e(N)))  # arrive next to the planet at speed 1
    assert ab.end == b and ab.velocity.speed == 1
    c1 = move(m, ab.next)  # gravity alone would take it round to C1
    assert c1.end == C + e(N) and c1.hazards == ()
    c2 = move(m, ab.next, Order((SE,)), fuel=Fraction(1))  # brake to C2 instead
    assert c2.end == C + e(NE) and c2.orbit is None and c2.fuel == 1
    circling_turns = coast(m, c2.next, turns=18)
    assert len(circling_turns) == 18
    for turn in circling_turns:
        assert turn.orbit == "Mars" and turn.velocity.speed == 1 and turn.fuel == 0
        assert turn.end in ring(m, m.bodies[0])


# ---- orbits around every body of the built-in map ----


def _bodies(*kinds: GravityKind) -> list[str]:
    return [b.name for b in solar().bodies if b.gravity in kinds]


# Double gravity (the Sun) turns a vector two hexes a turn, so nothing circles it at
# speed 1: test_the_sun_holds_no_orbit_in_its_ring proves that by search.
@pytest.mark.parametrize("name", _bodies(NORMAL))
def test_orbits_round_every_body_with_normal_gravity_last_18_turns(name: str) -> None:
    _assert_orbits(solar(), name)


@pytest.mark.parametrize("name", _bodies(WEAK))
def test_weak_moons_hold_orbits_when_their_pulls_are_applied(name: str) -> None:
    _assert_orbits(solar(), name)


def _assert_orbits(m: StarMap, name: str) -> None:
    body = m.body(name)
    assert body is not None
    hexes = set(ring(m, body))
    for index, clockwise in itertools.product(range(6), (False, True)):
        start = circling(m, body, index, clockwise)
        turns = coast(m, start, turns=18, prefer=name)  # pick this body's arrow where two
        assert len(turns) == 18, (name, index, clockwise, turns[-1].hazards)
        for turn in turns:
            assert turn.end in hexes and turn.velocity.speed == 1 and turn.fuel == 0
            assert turn.orbit == name


def test_the_sun_holds_no_orbit_in_its_ring() -> None:
    """Circling at speed 1 needs a one-hex turn each turn; a double arrow gives two."""
    m = solar()
    sun = m.body("Sun")
    assert sun is not None and sun.gravity is DOUBLE
    hexes = set(ring(m, sun))
    for h in hexes:
        pending = (GravityPull(h, m.gravity[h].arrows),)
        for q, r in itertools.product(range(-3, 4), repeat=2):
            for pulls in ((), pending):
                turns = coast(m, Motion(h, Vector(q, r), pulls), turns=18)
                assert len(turns) < 18 or not all(t.end in hexes for t in turns)


def test_default_coast_picks_the_first_arrow_of_two() -> None:
    m = solar()
    luna = m.body("Luna")
    assert luna is not None
    h = m.bounds.labels.parse("0518")
    pull = GravityPull(h, m.gravity[h].arrows)
    (turn,) = coast(m, Motion(h, ZERO, (pull,)), turns=1)
    assert turn.applied[0].body == "Earth"  # the first arrow listed
    (turn,) = coast(m, Motion(h, ZERO, (pull,)), turns=1, prefer="Luna")
    assert turn.applied[0].body == "Luna"


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
    from core.vector.motion import BurnError, launched

    ship = Motion(C, Vector(1, 0))
    missile = launched(ship, (N, N), thrust=2)
    assert missile.velocity == Vector(1, 0) + Vector.of(N, 2)
    with pytest.raises(BurnError, match="at most 2 hexes: it cannot adjust by 3"):
        launched(ship, (N, N, N), thrust=2)
    with pytest.raises(BurnError, match="no thrust"):
        launched(ship, (N,))
