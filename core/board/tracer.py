"""The exact course tracer: what a straight course between two hex centres touches.

Gravity, asteroid and mine rules treat a hex entered, a run along a hexside and a touch
of a vertex differently, so a sampled line (Red Blob's ``line_to``) is not enough. The
tracer works in exact integer arithmetic: in cube coordinates every hexside and every
centre-to-corner spoke lies on a line where ``q - r``, ``r - s`` or ``s - q`` is an
integer. Between two consecutive crossings of such lines the course stays inside one
small triangle, so classifying the midpoint of each piece (inside one hex, or on the side
between two) and each crossing point (a vertex when three hexes meet there) is exact.

A trace depends only on the difference between its ends, so the pattern for each
difference is computed once and translated; see ``docs/PERFORMANCE.md``.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import pairwise
from math import lcm
from typing import NamedTuple

from core.board.hexgrid import Direction, Hex


class Entered(NamedTuple):
    """The course enters the interior of ``hex`` at fraction ``t`` of its length."""

    hex: Hex
    t: Fraction

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return (self.hex,)


class Hexside(NamedTuple):
    """The course runs exactly along the side between hexes ``a`` and ``b`` (a < b)."""

    a: Hex
    b: Hex
    t0: Fraction
    t1: Fraction

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return (self.a, self.b)

    def side_of(self, h: Hex) -> Direction:
        """Which side of ``h`` (one of the two hexes) the course runs along."""
        other = self.b if h == self.a else self.a if h == self.b else None
        direction = h.direction_to(other) if other is not None else None
        if direction is None:
            raise ValueError(f"{h!r} is not one of the hexes of this hexside")
        return direction


class Vertex(NamedTuple):
    """The course passes exactly through the corner shared by three hexes (sorted)."""

    hexes: tuple[Hex, Hex, Hex]
    t: Fraction


Step = Entered | Hexside | Vertex


class Trace:
    """Everything a course from ``start`` to ``end`` touches, in order along the course.

    The start hex is not "entered" (the course begins inside it); the end hex is, unless
    the course has zero length.
    """

    __slots__ = ("_steps", "end", "start")

    def __init__(self, start: Hex, end: Hex) -> None:
        self.start = start
        self.end = end
        self._steps: tuple[Step, ...] | None = None

    @property
    def steps(self) -> tuple[Step, ...]:
        if self._steps is None:
            self._steps = _translate(
                _pattern(self.end.q - self.start.q, self.end.r - self.start.r), self.start
            )
        return self._steps

    @property
    def entered(self) -> tuple[Hex, ...]:
        """The hexes whose interior the course enters, in order."""
        if self._steps is not None:
            return tuple(s.hex for s in self._steps if isinstance(s, Entered))
        oq, or_ = self.start
        return tuple(
            Hex(q + oq, r + or_) for q, r in _entered_pattern(self.end.q - oq, self.end.r - or_)
        )

    @property
    def hexsides(self) -> tuple[Hexside, ...]:
        return tuple(s for s in self.steps if isinstance(s, Hexside))

    @property
    def vertices(self) -> tuple[Vertex, ...]:
        return tuple(s for s in self.steps if isinstance(s, Vertex))

    def touched(self) -> list[Hex]:
        """Every hex the course is inside or on the boundary of, start first, no repeats."""
        seen: dict[Hex, None] = {self.start: None}
        for step in self.steps:
            for h in step.hexes:
                seen.setdefault(h)
        return list(seen)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trace) and (self.start, self.end) == (other.start, other.end)

    def __hash__(self) -> int:
        return hash((self.start, self.end))

    def __repr__(self) -> str:
        return f"Trace({self.start!r} -> {self.end!r}: {len(self.steps)} steps)"


def trace(start: Hex, end: Hex) -> Trace:
    """Trace the straight course between the centres of ``start`` and ``end``."""
    return Trace(start, end)


_new = tuple.__new__  # builds a NamedTuple without its Python-level __new__: 2x faster


def hexes_passed(start: Hex, end: Hex) -> tuple[Hex, ...]:
    """The hexes a course from ``start`` to ``end`` passes through, start first: every
    hex it enters and both hexes of a hexside it runs along (a ruling, as for gravity)."""
    seen: dict[Hex, None] = {start: None}
    for step in trace(start, end).steps:
        if isinstance(step, Entered | Hexside):
            for h in step.hexes:
                seen.setdefault(h)
    return tuple(seen)


def _translate(pattern: tuple[Step, ...], origin: Hex) -> tuple[Step, ...]:
    """The pattern moved to start at ``origin``. Hot: called for every trace."""
    if origin.q == 0 and origin.r == 0:
        return pattern
    oq, or_ = origin
    out: list[Step] = []
    for step in pattern:
        if isinstance(step, Entered):
            q, r = step.hex
            out.append(_new(Entered, (_new(Hex, (q + oq, r + or_)), step.t)))
        elif isinstance(step, Hexside):
            (aq, ar), (bq, br) = step.a, step.b
            a, b = _new(Hex, (aq + oq, ar + or_)), _new(Hex, (bq + oq, br + or_))
            out.append(_new(Hexside, (a, b, step.t0, step.t1)))
        else:
            moved = tuple(_new(Hex, (q + oq, r + or_)) for q, r in step.hexes)
            out.append(_new(Vertex, (moved, step.t)))
    return tuple(out)


def _round_div(x: int, scale: int) -> int:
    """Nearest integer to x / scale (halves round up), in exact integer arithmetic."""
    return (2 * x + scale) // (2 * scale)


_NEIGHBOURS = ((0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _cells(x: int, y: int, z: int, scale: int) -> list[Hex]:
    """The hexes whose closed cell holds the cube point (x, y, z) / scale."""
    q, r, s = _round_div(x, scale), _round_div(y, scale), _round_div(z, scale)
    dq, dr, ds = abs(q * scale - x), abs(r * scale - y), abs(s * scale - z)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    found: list[Hex] = []
    for nq, nr in _NEIGHBOURS:
        hq, hr = q + nq, r + nr
        a, b = x - hq * scale, y - hr * scale
        c = -a - b  # z - hs * scale, since x + y + z = 0 and hq + hr + hs = 0
        # A point is in a hex's closed cell when every pairwise cube difference is <= 1.
        if max(abs(a - b), abs(b - c), abs(c - a)) <= scale:
            found.append(Hex(hq, hr))
    return found


@lru_cache(maxsize=8192)
def _entered_pattern(dq: int, dr: int) -> tuple[Hex, ...]:
    return tuple(s.hex for s in _pattern(dq, dr) if isinstance(s, Entered))


@lru_cache(maxsize=8192)
def _pattern(dq: int, dr: int) -> tuple[Step, ...]:
    """The trace of the course from the origin to ``Hex(dq, dr)``."""
    ds = -dq - dr
    rates = [abs(c) for c in (dq - dr, dr - ds, ds - dq) if c != 0]
    if not rates:
        return ()
    span = lcm(*rates)
    # Parameter T in [0, span] stands for t = T / span; crossings are where T * rate / span
    # is an integer for one of the three line families.
    marks = sorted({k * (span // rate) for rate in rates for k in range(rate + 1)})
    steps: list[Step] = []
    current = Hex(0, 0)
    for t1, t2 in pairwise(marks):
        if t1 > 0:
            at = _cells(t1 * dq, t1 * dr, t1 * ds, span)
            if len(at) == 3:
                a, b, c = sorted(at)
                steps.append(Vertex((a, b, c), Fraction(t1, span)))
        mid = t1 + t2
        inside = _cells(mid * dq, mid * dr, mid * ds, 2 * span)
        if len(inside) == 1:
            if inside[0] != current:
                current = inside[0]
                steps.append(Entered(current, Fraction(t1, span)))
        else:
            a, b = sorted(inside)
            last = steps[-1] if steps else None
            if isinstance(last, Hexside) and (last.a, last.b) == (a, b):
                steps[-1] = Hexside(a, b, last.t0, Fraction(t2, span))
            else:
                steps.append(Hexside(a, b, Fraction(t1, span), Fraction(t2, span)))
    return tuple(steps)
