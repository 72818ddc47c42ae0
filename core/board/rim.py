"""The crash test decided exactly: does a course between hex centres meet a closed disc?

Courses start and end on hex centres and bodies sit on hex centres, so every quantity
the test needs is an integer in axial coordinates: the squared distance between centres
``q*q + q*r + r*r`` (hex units, the same in both orientations) and the cross product
``q1*r2 - r1*q2`` (times the constant sqrt(3)/2, which squares to 3/4). The radius is
read as the decimal the map file wrote (0.5, not its binary neighbour). Deciding the rim
in floats made a course along the Sun's hexside crash in some directions and not in
others; here a tangent course is a touch of the rim (a crash) in every direction.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from core.board.hexgrid import Hex


@lru_cache(maxsize=256)
def radius_squared(radius: float) -> tuple[int, int]:
    """The radius squared as numerator and denominator of the decimal written."""
    r = Fraction(repr(radius))
    r2 = r * r
    return r2.numerator, r2.denominator


def hex_norm(q: int, r: int) -> int:
    """Squared length of an axial displacement, in hex units."""
    return q * q + q * r + r * r


def course_meets_disc(start: Hex, end: Hex, centre: Hex, radius: float) -> bool:
    """Whether the closed course from ``start`` to ``end`` meets the closed disc of
    ``radius`` round ``centre`` (a point of the rim counts)."""
    p, n = radius_squared(radius)
    fq, fr = start.q - centre.q, start.r - centre.r
    dq, dr = end.q - start.q, end.r - start.r
    if hex_norm(fq, fr) * n <= p:  # starts inside or on the rim
        return True
    twice_dot = 2 * fq * dq + 2 * fr * dr + fq * dr + fr * dq  # 2 (f . d)
    if twice_dot >= 0:  # not moving towards the centre (also a course of no length)
        return False
    length = hex_norm(dq, dr)
    if -twice_dot >= 2 * length:  # the nearest point is the end
        return hex_norm(fq + dq, fr + dr) * n <= p
    cross = fq * dr - fr * dq
    # nearest point inside the course: distance squared is 3 cross^2 / (4 length)
    return 3 * cross * cross * n <= 4 * length * p
