"""NPlanetary's fire arithmetic, exact: the velocity term, range and shares.

Positions and vectors are whole hexes in axial coordinates, so every plane quantity the
rules need is an integer: the squared length of a displacement ``q*q + q*r + r*r`` and
twice the dot product of two (:func:`dot2`), in hex units in either map orientation.
The cosine term is then rounded exactly, never by floating point: a 60° pass at speed 1
is exactly one half, and which way a half rounds is a ruling players can check.
"""

from __future__ import annotations

from fractions import Fraction
from math import isqrt

from core.board.hexgrid import Hex, Vector

Axial = Hex | Vector


def norm(a: Axial) -> int:
    """Squared plane length of an axial displacement, in hex units (adjacent centres: 1)."""
    return a.q * a.q + a.q * a.r + a.r * a.r


def dot2(a: Axial, b: Axial) -> int:
    """Twice the plane dot product of two axial displacements (an integer)."""
    return 2 * a.q * b.q + a.q * b.r + a.r * b.q + 2 * a.r * b.r


def round_half_away(numerator: int, squared_denominator: int) -> int:
    """``numerator / sqrt(squared_denominator)`` rounded to the nearest whole number,
    halves away from zero, decided in integers (``squared_denominator`` > 0)."""
    twice = isqrt(4 * numerator * numerator // squared_denominator)  # floor(2 |x|)
    magnitude = (twice + 1) // 2  # floor(|x| + 1/2)
    return magnitude if numerator >= 0 else -magnitude


def velocity_term(towards: Axial, relative: Vector) -> int:
    """The closing-speed modifier: one per hex a turn of the ``relative`` velocity (the
    mover's vector less the target's, the target held still) along ``towards`` (the
    displacement from the mover to the target): plus when closing, minus when opening,
    the cosine of the angle in between; rounded, halves away from zero.

    Ruling: a mover in the target's own hex has no direction to the target, so no term.
    """
    n = norm(towards)
    if n == 0:
        return 0
    # (relative . towards) / |towards| = dot2 / (2 sqrt(n)) = dot2 / sqrt(4 n)
    return round_half_away(dot2(relative, towards), 4 * n)


def hex_range(a: Hex, b: Hex) -> int:
    """The range between two hexes: the hexes counted from one to the other (same hex 0,
    adjacent 1)."""
    return a.distance(b)


def share_strength(
    committed: Fraction, targets: int, range_hexes: int, term: int
) -> tuple[Fraction, Fraction]:
    """One attacker's portion of ``committed`` strength for one of ``targets``, and what
    it adds to that target's tally: the portion, less one per hex of range, plus the
    velocity term, never below zero."""
    portion = Fraction(committed) / targets
    return portion, max(Fraction(0), portion - range_hexes + term)
