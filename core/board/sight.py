"""Line of sight between hex centres, decided exactly.

Fire is drawn between hex centres, so whether a line only grazes something (runs exactly
along a hexside, passes exactly through a hex corner, touches a disc's rim) is a question
with an exact answer in axial or cube coordinates. Floats answered it by rounding: a line
along a side of the Sun's hex (a disc of radius 0.5) was blocked in some directions and
not in others, and Red Blob's sampled line nudged a point on a hexside to one side,
so a body beside such a line blocked it in one mirror image of a position only.

Here integers decide it, with the ruling that grazing never blocks
(``docs/RULES-MAPPING.md``): a disc blocks only a line passing strictly inside it, and a
hex line is blocked at a point on a hexside or corner only when every hex meeting there
is solid (the seam between two body hexes runs through the body). Both answers are the
same from either end of the line.
"""

from __future__ import annotations

from collections.abc import Callable

from core.board.hexgrid import Hex
from core.board.rim import hex_norm, radius_squared


def line_enters_disc(a: Hex, b: Hex, centre: Hex, radius: float) -> bool:
    """Whether some point of the open line between the centres of ``a`` and ``b`` lies
    strictly inside the disc of ``radius`` round ``centre`` (a tangent line, or one ending
    on the rim and leaving outward, does not; a line of no length never does)."""
    dq, dr = b.q - a.q, b.r - a.r
    if dq == 0 and dr == 0:
        return False
    p, n = radius_squared(radius)
    fq, fr = a.q - centre.q, a.r - centre.r
    twice_dot = 2 * fq * dq + 2 * fr * dr + fq * dr + fr * dq
    if twice_dot >= 0:  # the nearest point is the start
        return hex_norm(fq, fr) * n < p
    length = hex_norm(dq, dr)
    if -twice_dot >= 2 * length:  # the nearest point is the end
        return hex_norm(fq + dq, fr + dr) * n < p
    cross = fq * dr - fr * dq
    return 3 * cross * cross * n < 4 * length * p


def inside_disc(h: Hex, centre: Hex, radius: float) -> bool:
    """Whether the centre of ``h`` lies strictly inside the disc."""
    p, n = radius_squared(radius)
    return hex_norm(h.q - centre.q, h.r - centre.r) * n < p


def sample_cells(a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """The hex line from ``a`` to ``b`` as Red Blob samples it (one point a hex of
    distance), each point with every hex whose closed outline holds it: one hex, or two
    when the point lies on the side between them, three at a corner.

    In cube coordinates a hex holds a point when ``|dq - dr|``, ``|dr - ds|`` and
    ``|ds - dq|`` (``d``: the point less the hex's centre) are at most 1; everything is
    scaled by the distance so that it stays in integers."""
    n = a.distance(b)
    if n == 0:
        return [(a,)]
    out = []
    for i in range(n + 1):
        pq = a.q * n + (b.q - a.q) * i
        pr = a.r * n + (b.r - a.r) * i
        cells = tuple(
            Hex(q, r)
            for q in sorted({pq // n, -(-pq // n)})
            for r in sorted({pr // n, -(-pr // n)})
            if _holds(pq - q * n, pr - r * n, n)
        )
        out.append(cells)
    return out


def _holds(dq: int, dr: int, n: int) -> bool:
    ds = -dq - dr
    return max(abs(dq - dr), abs(dr - ds), abs(ds - dq)) <= n


def hex_line_blocked(a: Hex, b: Hex, solid: Callable[[Hex], bool]) -> bool:
    """Whether solid hexes block the hex line between ``a`` and ``b`` (their own hexes
    never do): some point of it lies only in solid hexes. A point on a hexside or corner
    with one open hex there grazes the solid ones and passes."""
    ends = (a, b)
    return any(all(h not in ends and solid(h) for h in cells) for cells in sample_cells(a, b)[1:-1])
