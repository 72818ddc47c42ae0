"""The exact course tracer against dense sampling, reversal, connectivity and hand cases."""

import math
from fractions import Fraction
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from core.board.hexgrid import Direction, Hex, Layout, Orientation
from core.board.tracer import Entered, Hexside, Step, Vertex, trace

UNIT = Layout.unit(Orientation.POINTY)
origins = st.builds(Hex, st.integers(-40, 40), st.integers(-40, 40))
deltas = st.builds(Hex, st.integers(-12, 12), st.integers(-12, 12)).filter(
    lambda d: 0 < d.length() <= 12
)


def point(a: Hex, b: Hex, t: float) -> tuple[float, float]:
    return (a.q + (b.q - a.q) * t, a.r + (b.r - a.r) * t)


def centre_distances(q: float, r: float, around: Hex) -> list[tuple[float, Hex]]:
    """Distances (in hex units) from the axial point to nearby hex centres, nearest first."""
    x, y = UNIT.fractional_to_pixel(q, r)
    near = around.spiral(2)
    out = []
    for h in near:
        hx, hy = UNIT.to_pixel(h)
        out.append((math.hypot(x - hx, y - hy), h))
    return sorted(out)


def test_straight_course_along_a_hex_row_enters_each_hex_at_its_side() -> None:
    t = trace(Hex(0, 0), Hex(3, 0))
    assert t.steps == (
        Entered(Hex(1, 0), Fraction(1, 6)),
        Entered(Hex(2, 0), Fraction(1, 2)),
        Entered(Hex(3, 0), Fraction(5, 6)),
    )
    assert t.hexsides == () and t.vertices == ()


def test_diagonal_course_runs_along_the_hexside_between_two_hexes() -> None:
    """A course toward a 'corner' direction touches a vertex, runs along a side, touches
    another vertex, then enters the far hex: the case the gravity hexside rule is about."""
    t = trace(Hex(0, 0), Hex(2, -1))
    assert [type(s) for s in t.steps] == [Vertex, Hexside, Vertex, Entered]
    side = t.hexsides[0]
    assert {side.a, side.b} == {Hex(1, -1), Hex(1, 0)}
    assert (side.t0, side.t1) == (Fraction(1, 3), Fraction(2, 3))
    assert side.side_of(Hex(1, 0)) is Direction.N
    assert side.side_of(Hex(1, -1)) is Direction.S
    assert t.entered == (Hex(2, -1),)


def test_course_through_a_vertex_between_two_hexes_touches_the_third() -> None:
    t = trace(Hex(0, 0), Hex(1, -5))
    assert Hex(1, -2) not in t.entered
    assert any(Hex(1, -2) in v.hexes for v in t.vertices)
    assert t.entered == (Hex(0, -1), Hex(0, -2), Hex(1, -3), Hex(1, -4), Hex(1, -5))


def test_zero_length_course_touches_only_its_hex() -> None:
    t = trace(Hex(4, 4), Hex(4, 4))
    assert t.steps == () and t.touched() == [Hex(4, 4)]


@given(origins, deltas)
def test_tracer_agrees_with_dense_sampling(start: Hex, delta: Hex) -> None:
    end = start + delta
    t = trace(start, end)
    steps = t.steps
    # The hex the course is in at each sampled moment is the last hex entered before it.
    for i in range(1, 400):
        f = i / 400
        q, r = point(start, end, f)
        (d1, h1), (d2, _h2) = centre_distances(q, r, start.__class__(round(q), round(r)))[:2]
        if d2 - d1 < 1e-7:
            continue  # on or too near a hexside to call by sampling
        current = start
        for s in steps:
            if isinstance(s, Entered) and s.t <= Fraction(f):
                current = s.hex
        assert h1 == current, f"at t={f} sample is in {h1}, tracer says {current}"


@given(origins, deltas)
def test_tracer_reports_exact_hexsides_and_vertices(start: Hex, delta: Hex) -> None:
    end = start + delta
    for s in trace(start, end).steps:
        if isinstance(s, Hexside):
            q, r = point(start, end, float((s.t0 + s.t1) / 2))
            near = centre_distances(q, r, s.a)
            assert {near[0][1], near[1][1]} == {s.a, s.b}
            assert math.isclose(near[0][0], near[1][0], abs_tol=1e-9)
            assert near[2][0] - near[1][0] > 1e-6
            assert s.a.distance(s.b) == 1
        elif isinstance(s, Vertex):
            q, r = point(start, end, float(s.t))
            near = centre_distances(q, r, s.hexes[0])
            assert {h for _, h in near[:3]} == set(s.hexes)
            for d, _ in near[:3]:
                assert math.isclose(d, 1 / math.sqrt(3), abs_tol=1e-9)


def as_chain(start: Hex, steps: tuple[Step, ...]) -> list[tuple[str, frozenset[Hex]]]:
    return [("hex", frozenset([start]))] + [(type(s).__name__, frozenset(s.hexes)) for s in steps]


@given(origins, deltas)
def test_tracer_is_symmetric_under_reversal(start: Hex, delta: Hex) -> None:
    end = start + delta
    forward = as_chain(start, trace(start, end).steps)
    backward = as_chain(end, trace(end, start).steps)
    # Entering a hex is the event at the other end of the interval when reversed.
    norm = [("hex" if k in ("hex", "Entered") else k, hs) for k, hs in forward]
    back = [("hex" if k in ("hex", "Entered") else k, hs) for k, hs in reversed(backward)]
    assert norm == back
    fwd_t = [s.t for s in trace(start, end).steps if isinstance(s, Vertex)]
    back_t = [1 - s.t for s in trace(end, start).steps if isinstance(s, Vertex)]
    assert fwd_t == sorted(back_t)


@given(origins, deltas)
def test_tracer_yields_a_connected_chain(start: Hex, delta: Hex) -> None:
    end = start + delta
    t = trace(start, end)
    chain = [frozenset([start]), *(frozenset(s.hexes) for s in t.steps)]
    for before, after in pairwise(chain):
        assert before & after or any(a.distance(b) == 1 for a in before for b in after)
    assert t.entered[-1] == end
    assert len(set(t.entered)) == len(t.entered), "a straight course never re-enters a hex"
    times = [s.t if not isinstance(s, Hexside) else s.t0 for s in t.steps]
    assert times == sorted(times)
    assert len(t.touched()) >= delta.length() + 1


@given(origins, deltas)
def test_red_blob_sampled_line_lies_on_the_traced_course(start: Hex, delta: Hex) -> None:
    end = start + delta
    touched = trace(start, end).touched()
    line = start.line_to(end)
    assert set(line) <= set(touched)
    positions = [touched.index(h) for h in line]
    assert positions == sorted(positions)


@given(origins, deltas)
def test_trace_is_translation_invariant(start: Hex, delta: Hex) -> None:
    base = trace(Hex(0, 0), delta)
    moved = trace(start, start + delta)
    assert moved.entered == tuple(h + start for h in base.entered)
    assert len(moved.steps) == len(base.steps)
