"""When a piece of ordnance meets something: both motions over the turn, continuously.

Every object moves in a straight line from its start hex to its end hex over the turn,
at constant speed (the course the movement phase traced). A piece meets a target when
the distance between the two, both moving, comes within half a hex at some moment of the
turn; the moment it first does orders the pieces' targets ("the first object met").

Decided exactly: with the relative motion ``p(t) = p0 + t v`` in axial hexes, the squared
distance is ``n0 + t B + t^2 A`` with integers ``n0 = |p0|^2``, ``B = 2 p0.v`` and
``A = |v|^2`` (:mod:`core.rules.nplanetary.combat_math`), so whether a piece meets its
target is never a matter of rounding. Only the moment of a meeting that starts outside
half a hex needs a square root; it is exact when that root is whole.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import isqrt, sqrt

from core.board.hexgrid import Hex, Vector
from core.rules.nplanetary.combat_math import dot2, norm

#: the reach of a piece of ordnance, squared: half a hex
REACH_SQUARED = Fraction(1, 4)

Moment = Fraction | float


@dataclass(frozen=True)
class Course:
    """One object's course this turn: from ``start`` to ``end``, present until the
    fraction ``until`` of the turn (less than 1 when it crashed on the way)."""

    id: str
    start: Hex
    end: Hex
    until: Moment = Fraction(1)

    @property
    def vector(self) -> Vector:
        return self.start.to(self.end)


def _relative(piece: Course, target: Course) -> tuple[Hex, Vector]:
    p0 = piece.start - target.start
    v = piece.vector - target.vector
    return p0, v


def closest_squared(piece: Course, target: Course) -> tuple[Fraction, Fraction]:
    """The squared distance of the closest approach while both are present, and its
    earliest moment, exactly."""
    p0, v = _relative(piece, target)
    n0, a, b = norm(p0), norm(v), dot2(p0, v)
    limit = Fraction(min(piece.until, target.until))
    if a == 0:
        return Fraction(n0), Fraction(0)
    t = min(max(Fraction(-b, 2 * a), Fraction(0)), limit)
    return n0 + t * b + t * t * a, t


def _hexes(a: Hex | Vector) -> int:
    return max(abs(a.q), abs(a.r), abs(a.q + a.r))


def meeting(piece: Course, target: Course) -> Moment | None:
    """The first moment of the turn the two are within half a hex (exactly half counts),
    or None when they never are.

    Two that start more hexes apart than their relative vector is long never come
    within 0.87 hexes (the hex count never falls below that difference, and a hex apart
    is at least sqrt(3)/2 on the plane): a test in integers first, for many pairs."""
    p0, v = _relative(piece, target)
    if _hexes(p0) > _hexes(v):
        return None
    n0 = norm(p0)
    if 4 * n0 <= 1:
        return Fraction(0)
    closest, _ = closest_squared(piece, target)
    if closest > REACH_SQUARED:
        return None
    a, b = norm(v), dot2(p0, v)
    disc = b * b - a * (4 * n0 - 1)  # the quadratic n0 + tB + t^2 A = 1/4
    root = isqrt(disc)
    if root * root == disc:
        return Fraction(-b - root, 2 * a)
    return (-b - sqrt(disc)) / (2 * a)


#: the side, in hexes, of the squares (in axial q and r) :class:`CourseIndex` files by
CELL = 4


class CourseIndex:
    """Courses filed by the squares of axial ``q`` and ``r`` their box (widened by a hex
    each way) covers, so that a piece is tested only against courses that pass near it:
    two points within half a hex differ by less than one in ``q`` and in ``r``."""

    def __init__(self, courses: Iterable[Course]) -> None:
        self._cells: dict[tuple[int, int], list[Course]] = {}
        for course in courses:
            for key in _cells(course):
                self._cells.setdefault(key, []).append(course)

    def near(self, course: Course) -> list[Course]:
        """The courses filed in any square ``course`` covers, each once, in filing order."""
        seen: dict[str, Course] = {}
        for key in _cells(course):
            for other in self._cells.get(key, ()):
                seen.setdefault(other.id, other)
        return list(seen.values())


def _cells(course: Course) -> Iterable[tuple[int, int]]:
    a, b = course.start, course.end
    q0, q1 = (min(a.q, b.q) - 1) // CELL, (max(a.q, b.q) + 1) // CELL
    r0, r1 = (min(a.r, b.r) - 1) // CELL, (max(a.r, b.r) + 1) // CELL
    return ((q, r) for q in range(q0, q1 + 1) for r in range(r0, r1 + 1))
