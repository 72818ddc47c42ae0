"""Plane geometry for courses, bodies and zones, in hex units.

All points are ``(x, y)`` floats in a plane where the centres of adjacent hexes are
exactly 1.0 apart. A course over one turn is the straight segment from its start to
its end, travelled at constant speed over ``t`` in ``[0, 1]``.

Single-object questions (does this course hit this disc, how close do two ships get)
are answered analytically: it is both faster in pure Python and exact up to rounding.
Shapely is used only where many objects meet: an STRtree prefilters discs for long
disc lists, and polygon union draws one outline around many polygons. It (and numpy) is
imported on first use, not with this module: the app opens a map without needing it,
and importing both costs a sixth of a second. Hexes of a zone need no union at all:
:func:`tile_outline` cancels their shared edges.
"""

from __future__ import annotations

import math
from collections.abc import Container, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import shapely

Point = tuple[float, float]

# Below this many discs a plain Python scan beats building and querying an STRtree.
TREE_MIN_DISCS = 32
# Tree boxes are padded by this (relative) margin so that rounding in the box
# coordinates can never hide a tangent hit from the exact test; extra candidates
# are harmless because the exact test rejects them.
_BOX_PAD = 1e-9


@dataclass(frozen=True)
class Disc:
    """A body's printed disc: the closed set of points within ``radius`` of ``centre``."""

    centre: Point
    radius: float

    def __post_init__(self) -> None:
        if not (math.isfinite(self.radius) and self.radius >= 0.0):
            raise ValueError(f"disc radius must be finite and >= 0, got {self.radius!r}")


@dataclass(frozen=True)
class Impact:
    """Where a course first touches something: fraction ``t`` of the turn and the point."""

    t: float
    point: Point


@dataclass(frozen=True)
class Approach:
    """Minimum separation of two moving objects and the earliest ``t`` it occurs."""

    distance: float
    t: float


def lerp(a: Point, b: Point, t: float) -> Point:
    """Point at fraction ``t`` from ``a`` to ``b``; exact at ``t == 0`` and ``t == 1``."""
    s = 1.0 - t
    return (s * a[0] + t * b[0], s * a[1] + t * b[1])


def segment_hits_disc(start: Point, end: Point, disc: Disc) -> Impact | None:
    """First point where the closed segment enters the closed disc, or None.

    A start inside (or on) the disc impacts at ``t = 0``; a tangent touch is a hit at
    the tangent point; a zero-length segment hits iff its point is in the disc.

    Solves ``|f + t d|^2 = r^2`` with ``f = start - centre`` and ``d = end - start``.
    The discriminant is computed as ``|d|^2 r^2 - (f x d)^2`` (no cancellation for
    near-tangent courses) and the smaller root as ``c / (-b + sqrt(disc))`` (no
    cancellation when the course starts near the rim).
    """
    fx = start[0] - disc.centre[0]
    fy = start[1] - disc.centre[1]
    dx = end[0] - start[0]
    dy = end[1] - start[1]
    r2 = disc.radius * disc.radius
    c = fx * fx + fy * fy - r2
    if c <= 0.0:
        return Impact(0.0, start)
    b = fx * dx + fy * dy  # half the linear coefficient
    if b >= 0.0:  # not moving towards the centre (also covers zero length)
        return None
    a = dx * dx + dy * dy
    cross = fx * dy - fy * dx
    disc_ = a * r2 - cross * cross
    if disc_ < 0.0:
        return None
    t = c / (-b + math.sqrt(disc_))
    if t > 1.0:
        return None
    return Impact(t, lerp(start, end, t))


def impact_on(start: Point, end: Point, disc: Disc) -> Impact:
    """Where a course known to meet the closed disc first touches it.

    The caller has decided the hit exactly (:mod:`core.board.rim`); this only places it,
    so rounding that would turn a tangent touch into a miss is clamped away.
    """
    fx = start[0] - disc.centre[0]
    fy = start[1] - disc.centre[1]
    dx = end[0] - start[0]
    dy = end[1] - start[1]
    c = fx * fx + fy * fy - disc.radius * disc.radius
    b = fx * dx + fy * dy
    if c <= 0.0 or b >= 0.0:
        return Impact(0.0, start)
    cross = fx * dy - fy * dx
    root = math.sqrt(max((dx * dx + dy * dy) * disc.radius * disc.radius - cross * cross, 0.0))
    t = min(c / (-b + root), 1.0)
    return Impact(t, lerp(start, end, t))


def _segment_enters_interior(start: Point, end: Point, disc: Disc) -> bool:
    """True when some point of the open segment lies strictly inside the disc.

    For a non-degenerate segment this is ``distance(centre, segment) < radius``: an open
    disc that meets the closed segment also meets points of the open segment.
    """
    dx = end[0] - start[0]
    dy = end[1] - start[1]
    a = dx * dx + dy * dy
    fx = start[0] - disc.centre[0]
    fy = start[1] - disc.centre[1]
    r2 = disc.radius * disc.radius
    if a == 0.0:
        # A point has no open segment; a segment so short its length underflows is,
        # for every purpose here, its start point.
        return (dx != 0.0 or dy != 0.0) and fx * fx + fy * fy < r2
    b = fx * dx + fy * dy
    if b >= 0.0:  # closest point is the start
        return fx * fx + fy * fy < r2
    if -b >= a:  # closest point is the end
        gx, gy = fx + dx, fy + dy
        return gx * gx + gy * gy < r2
    cross = fx * dy - fy * dx
    return cross * cross < r2 * a


class DiscIndex:
    """Reusable spatial index over discs for first-hit and line-of-sight queries.

    Short lists are scanned directly; from ``TREE_MIN_DISCS`` discs on, an STRtree of
    (slightly padded) bounding boxes prefilters candidates for the exact tests. Results
    are identical either way.
    """

    def __init__(self, discs: Sequence[Disc], *, tree_min: int = TREE_MIN_DISCS) -> None:
        self.discs: tuple[Disc, ...] = tuple(discs)
        self._tree: shapely.STRtree | None = None
        if self.discs and len(self.discs) >= tree_min:
            import numpy as np
            import shapely

            cx = np.array([d.centre[0] for d in self.discs], dtype=float)
            cy = np.array([d.centre[1] for d in self.discs], dtype=float)
            r = np.array([d.radius for d in self.discs], dtype=float)
            pad = r + _BOX_PAD * (1.0 + np.abs(cx) + np.abs(cy) + r)
            self._tree = shapely.STRtree(shapely.box(cx - pad, cy - pad, cx + pad, cy + pad))

    def __len__(self) -> int:
        return len(self.discs)

    def candidates(self, a: Point, b: Point) -> Sequence[int]:
        """Indices of the discs the course from a to b might meet, ascending (all of
        them for a short list)."""
        return self._candidates(a, b)

    def _candidates(self, a: Point, b: Point) -> Sequence[int]:
        if self._tree is None:
            return range(len(self.discs))
        import shapely

        geom = shapely.points(a) if a == b else shapely.linestrings([a, b])
        hits = self._tree.query(geom, predicate="intersects")
        return sorted(int(i) for i in hits)

    def first_hit(self, start: Point, end: Point) -> tuple[int, Impact] | None:
        """Index of and impact with the disc hit first (smallest t, then lowest index)."""
        return self._first_of(start, end, self._candidates(start, end))

    def _first_of(
        self, start: Point, end: Point, candidates: Sequence[int]
    ) -> tuple[int, Impact] | None:
        best: tuple[int, Impact] | None = None
        for i in candidates:  # ascending, so a strict < keeps the lowest index on ties
            hit = segment_hits_disc(start, end, self.discs[i])
            if hit is not None and (best is None or hit.t < best[1].t):
                best = (i, hit)
                if hit.t == 0.0:
                    break
        return best

    def first_hits(
        self, segments: Sequence[tuple[Point, Point]]
    ) -> list[tuple[int, Impact] | None]:
        """``first_hit`` for many segments at once, with one vectorised tree query."""
        if self._tree is None or not segments:
            return [self.first_hit(s, e) for s, e in segments]
        import numpy as np
        import shapely

        coords = np.array(segments, dtype=float).reshape(len(segments), 2, 2)
        lines = shapely.linestrings(coords)  # zero-length lines still query correctly
        seg_idx, disc_idx = self._tree.query(lines, predicate="intersects")
        per_segment: list[list[int]] = [[] for _ in segments]
        for s, d in zip(seg_idx.tolist(), disc_idx.tolist(), strict=True):
            per_segment[s].append(d)
        return [
            self._first_of(s, e, sorted(cands))
            for (s, e), cands in zip(segments, per_segment, strict=True)
        ]

    def blocks(self, a: Point, b: Point, *, ignore: Container[int] = ()) -> bool:
        """True when some disc (not in ``ignore``) blocks sight from a to b.

        See ``line_of_sight`` for the rule.
        """
        return any(
            i not in ignore and _segment_enters_interior(a, b, self.discs[i])
            for i in self._candidates(a, b)
        )


def first_disc_hit(start: Point, end: Point, discs: Sequence[Disc]) -> tuple[int, Impact] | None:
    """Index of and impact with the disc the course hits first, or None.

    Smallest ``t`` wins; ties go to the lowest index. Builds a throwaway ``DiscIndex``;
    keep one around when querying the same discs repeatedly.
    """
    return DiscIndex(discs).first_hit(start, end)


def line_of_sight(
    a: Point, b: Point, discs: Sequence[Disc], *, ignore: Container[int] = ()
) -> bool:
    """True when no disc blocks sight between a and b.

    Rule: a disc blocks iff some point of the *open* segment a-b lies in the disc's
    *open* interior (distance from centre < radius). Consequences:

    * grazing a disc tangentially does not block;
    * an endpoint exactly on a rim does not block if the segment leaves outward;
    * an endpoint strictly inside a disc always blocks (the segment is still inside
      just beyond it) -- pass that disc's index in ``ignore`` for e.g. a landed ship;
    * ``a == b`` is never blocked.

    Decided in floats, so a line grazing a rim may go either way; the rules, whose lines
    run between hex centres, ask :mod:`core.board.sight`, which decides it exactly.
    """
    return not DiscIndex(discs).blocks(a, b, ignore=ignore)


def closest_approach(a0: Point, a1: Point, b0: Point, b1: Point) -> Approach:
    """Minimum distance between A (a0 -> a1) and B (b0 -> b1) moving over t in [0, 1].

    Works on the relative motion ``p(t) = p0 + t v``; the minimiser of the convex
    ``|p(t)|^2`` is unique unless ``v == 0`` (constant distance), reported as ``t = 0``.
    An interior minimum's distance is ``|p0 x v| / |v|``, which avoids cancellation.
    """
    px = a0[0] - b0[0]
    py = a0[1] - b0[1]
    vx = (a1[0] - a0[0]) - (b1[0] - b0[0])
    vy = (a1[1] - a0[1]) - (b1[1] - b0[1])
    vv = vx * vx + vy * vy
    if vv == 0.0:
        return Approach(math.hypot(px, py), 0.0)
    t = -(px * vx + py * vy) / vv
    if t <= 0.0:
        return Approach(math.hypot(px, py), 0.0)
    if t >= 1.0:
        return Approach(math.hypot(px + vx, py + vy), 1.0)
    return Approach(abs(px * vy - py * vx) / math.sqrt(vv), t)


def outline(
    polygons: Sequence[Sequence[Point]], *, grid_size: float | None = 1e-9
) -> list[list[Point]]:
    """Boundary rings of the union of ``polygons``: all exteriors first, then all holes.

    Exteriors are counter-clockwise and holes clockwise, so a caller can tell them apart
    by orientation and fill the result with the non-zero rule. Rings are not closed (the
    repeated last point is dropped) and carry no exactly collinear vertices.
    Coordinates are snapped to ``grid_size`` so that hex corners computed separately
    with rounding error still merge (output moves by at most half of it); pass ``None``
    to disable. Invalid (e.g. self-crossing) input polygons are repaired first.
    """
    if not polygons:
        return []
    for poly in polygons:
        if len(poly) < 3:
            raise ValueError(f"a polygon needs at least 3 points, got {len(poly)}")
    import shapely
    from shapely.geometry.polygon import orient

    geoms = shapely.make_valid([shapely.Polygon(p) for p in polygons])
    # simplify(0) only drops exactly collinear vertices, e.g. where two squares met.
    union = shapely.simplify(shapely.union_all(geoms, grid_size=grid_size), 0.0)
    parts = [
        orient(g, sign=1.0)
        for g in shapely.get_parts(union)
        if g.geom_type == "Polygon" and not g.is_empty
    ]
    exteriors = [_ring(p.exterior) for p in parts]
    holes = [_ring(h) for p in parts for h in p.interiors]
    return exteriors + holes


def _ring(ring: Any) -> list[Point]:
    coords = [(float(x), float(y)) for x, y in ring.coords]
    return coords[:-1] if len(coords) > 1 and coords[0] == coords[-1] else coords


def tile_outline(
    polygons: Sequence[Sequence[Point]], *, grid_size: float = 1e-9
) -> list[list[Point]]:
    """:func:`outline` for polygons that tile: they meet only along whole shared edges,
    as the hexes of a zone do. Shared edges cancel out and the rest are chained into
    rings, in pure Python, with the same orientation and order as :func:`outline`.
    Falls back to :func:`outline` where two boundary rings touch at a corner."""
    if not polygons:
        return []
    edges: dict[tuple[int, int], tuple[int, int]] = {}
    pending: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    for poly in polygons:
        if len(poly) < 3:
            raise ValueError(f"a polygon needs at least 3 points, got {len(poly)}")
        keys = [(round(x / grid_size), round(y / grid_size)) for x, y in poly]
        if _area2(keys) < 0:
            keys.reverse()
        for a, b in zip(keys, keys[1:] + keys[:1], strict=True):
            if (b, a) in pending:
                pending.discard((b, a))  # shared with a neighbour: inside the union
            elif a != b:
                pending.add((a, b))
    for a, b in pending:
        if a in edges:
            return outline(polygons, grid_size=grid_size)  # rings touch at a corner
        edges[a] = b
    exteriors: list[list[Point]] = []
    holes: list[list[Point]] = []
    while edges:
        start, nxt = next(iter(edges.items()))
        ring = [start]
        del edges[start]
        while nxt != start:
            ring.append(nxt)
            nxt = edges.pop(nxt)
        ring = _without_collinear(ring)
        points = [(x * grid_size, y * grid_size) for x, y in ring]
        (exteriors if _area2(ring) > 0 else holes).append(points)
    return exteriors + holes


def _area2(ring: Sequence[tuple[int, int]]) -> int:
    """Twice the signed area (positive: counter-clockwise with y up)."""
    return sum(
        x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, [*ring[1:], ring[0]], strict=True)
    )


def _without_collinear(ring: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out = []
    n = len(ring)
    for i, (x, y) in enumerate(ring):
        px, py = ring[i - 1]
        nx, ny = ring[(i + 1) % n]
        if (x - px) * (ny - y) - (y - py) * (nx - x) != 0:
            out.append((x, y))
    return out
