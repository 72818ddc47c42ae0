"""Where names go on the map: each tries a few places beside what it names and takes the
one that covers least of what is already there (discs, base markers, gravity arrows, the
spots where counters stand, names placed before it).

Simple on purpose: a handful of candidates per name, rectangles for everything, no
search over all names at once. It is enough to keep names off the arrows and counters
that a player must see.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TypeVar

from PySide6.QtCore import QPointF, QRectF

from app.board.items import HEX_SIZE, HEX_UNIT
from core.board.hexgrid import Hex, Layout
from core.board.starmap import Gravity

_D = math.sqrt(0.5)
#: the sides a body's name may take, best first: below, above, right, left, then corners
AROUND: tuple[tuple[float, float], ...] = (
    (0.0, 1.0),
    (0.0, -1.0),
    (1.0, 0.0),
    (-1.0, 0.0),
    (_D, _D),
    (-_D, _D),
    (_D, -_D),
    (-_D, -_D),
)
COUNTER_SPOT = 0.6 * HEX_SIZE
"""Half the side of the square a hex's counters cover when a game is on, at the legible
zoom (counters keep their size on screen, fanned out when they share a hex)."""
CLEAR = 0.03
"""A place whose rectangle is covered no more than this (a corner of a counter's spot)
counts as clear."""
T = TypeVar("T")
Key = tuple[int, int]
FARTHER = 0.01
"""What each step along :data:`AROUND` costs, as a fraction of the name's area."""
NEXT_GAP = 0.03
"""What each step farther out costs, as a fraction of the name's area."""


Box = tuple[float, float, float, float]
"""A placed rectangle: left, top, right, bottom."""


class Taken:
    """Rectangles already placed, bucketed by area so that a new name is only compared
    with its neighbours (comparing with all of them is quadratic on a big map). Kept as
    plain tuples: this runs for every place of every name while a map opens (on the
    100,000-hex map, 5,500 places of 588 names among 14,000 rectangles)."""

    CELL = 1.5 * HEX_UNIT

    def __init__(self) -> None:
        #: per cell, the rectangles that reach into it, each with its own first cell
        self._cells: dict[Key, list[tuple[float, float, float, float, int, int]]] = {}
        self._boxes: set[Box] = set()

    def add(self, rect: QRectF) -> None:
        box = (rect.left(), rect.top(), rect.right(), rect.bottom())
        if box in self._boxes:
            return  # the same rectangle again covers nothing more (see overlap)
        self._boxes.add(box)
        c, cells = self.CELL, self._cells
        first_x, first_y = math.floor(box[0] / c), math.floor(box[1] / c)
        entry = (*box, first_x, first_y)
        for x in range(first_x, math.floor(box[2] / c) + 1):
            for y in range(first_y, math.floor(box[3] / c) + 1):
                cells.setdefault((x, y), []).append(entry)

    def overlap(self, rect: QRectF) -> float:
        """The total area of ``rect`` the placed rectangles cover (overlaps count twice;
        a rectangle placed twice, once). A rectangle reaching into several of the cells
        ``rect`` meets counts in the first of them, in the order they are looked at, so
        the sum is the same, term for term, as with a set of those already counted, and
        quicker: this runs a few hundred times over tens of rectangles each."""
        left, top, right, bottom = rect.left(), rect.top(), rect.right(), rect.bottom()
        c, cells = self.CELL, self._cells
        x0, y0 = math.floor(left / c), math.floor(top / c)
        ys = range(y0, math.floor(bottom / c) + 1)
        total = 0.0
        for x in range(x0, math.floor(right / c) + 1):
            for y in ys:
                for box_left, box_top, box_right, box_bottom, box_x, box_y in cells.get((x, y), ()):
                    if x != (box_x if box_x > x0 else x0) or y != (box_y if box_y > y0 else y0):
                        continue  # counted in an earlier cell
                    w = (right if right <= box_right else box_right) - (
                        left if left >= box_left else box_left
                    )
                    if w > 0:
                        h = (bottom if bottom <= box_bottom else box_bottom) - (
                            top if top >= box_top else box_top
                        )
                        if h > 0:
                            total += w * h
        return total


def arrow_marks(gravity: Mapping[Hex, Gravity], layout: Layout) -> Iterator[QRectF]:
    """Small squares along every gravity arrow (an arrow runs through its hex's centre,
    from behind it to near the far side), close enough to stand for its shape."""
    s = layout.size
    half = 0.16 * s
    for h, g in gravity.items():
        cx, cy = layout.to_pixel(h)
        for arrow in g.arrows:
            x, y = layout.to_pixel(arrow.direction.vector)
            ox, oy = layout.origin
            n = math.hypot(x - ox, y - oy)
            ux, uy = (x - ox) / n, (y - oy) / n
            tail, tip = (0.12 * s, 0.72 * s) if g.two_directed else (-0.5 * s, 0.66 * s)
            for k in range(5):
                t = tail + (tip - tail) * k / 4
                yield QRectF(cx + t * ux - half, cy + t * uy - half, 2 * half, 2 * half)


def counter_spot(centre: QPointF) -> QRectF:
    """Where the counters of ships in the hex at ``centre`` stand."""
    side = 2 * COUNTER_SPOT
    return QRectF(centre.x() - COUNTER_SPOT, centre.y() - COUNTER_SPOT, side, side)


def least_covered(
    candidates: Sequence[tuple[T, float]], rect: Callable[[T], QRectF], taken: Taken
) -> T:
    """The candidate whose rectangle ``taken`` covers least. Each comes with what it
    costs to be there, as a fraction of its area (farther from what it names costs
    more), so of two places about as clear the nearer one wins. Tried cheapest first,
    and a clear place (see :data:`CLEAR`) ends the search."""
    best: tuple[float, T] | None = None
    for candidate, cost in sorted(candidates, key=lambda c: c[1]):
        r = rect(candidate)
        area = r.width() * r.height()
        if best is not None and cost * area >= best[0]:
            break
        covered = taken.overlap(r)
        if best is None or covered + cost * area < best[0]:
            best = (covered + cost * area, candidate)
        if covered <= CLEAR * area:
            break
    assert best is not None, "no candidates"
    return best[1]


def around(gaps: Sequence[float]) -> Iterator[tuple[float, float, float, float]]:
    """``(x, y, gap, cost)`` for every side of :data:`AROUND` at every gap, the cost of a
    place growing with its gap and its side's place in the order."""
    for tier, gap in enumerate(gaps):
        for i, (x, y) in enumerate(AROUND):
            yield x, y, gap, FARTHER * i + NEXT_GAP * tier


def add_all(taken: Taken, rects: Iterable[QRectF]) -> None:
    for r in rects:
        taken.add(r)
