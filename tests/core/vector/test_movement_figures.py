"""The rule book's movement figures played through, and orbits round every body of the
built-in map."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from core.board.hexgrid import ZERO, Vector
from core.board.starmap import (
    GravityKind,
    StarMap,
)
from core.vector.gravity import (
    ENTERED,
    HEXSIDE,
    GravityPull,
)
from core.vector.motion import Motion, Order
from core.vector.movement import move
from core.vector.orbit import circling, ring
from core.vector.reach import coast, options
from tests.core.vector.test_movement import (
    DOUBLE,
    NE,
    NORMAL,
    NW,
    SE,
    SW,
    WEAK,
    C,
    N,
    e,
    solar,
    space,
    with_body,
)

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
