"""The tactical map generated for a battle (seed "Solid Bodies", "Atmospheres"): open
space sized to the starting positions and speeds; when the ships met in a body's gravity
hexes, a planet as the bottom edge with its atmosphere zones (and a crush depth for the
giants), or a small body (an asteroid such as Ceres) as terrain of several hexes.

Rulings: the map leaves room for six turns at the fastest starting speed around the
ships (at least 12 hexes); a planet's atmosphere begins 8 hexes below the lowest ship; a
planet or moon with no atmosphere in the table is an airless edge (surface only); an
asteroid stands 6 hexes off the defender's side, seven hexes across for a body the
strategic map draws as more than one hex, otherwise one.
"""

from __future__ import annotations

from core.board.hexgrid import Hex, Vector
from core.board.starmap import Atmosphere, Body, BodyKind, Bounds, Edge, Floor, StarMap
from core.rules.void.tactical.atmospheres import atmosphere_of

#: ruling: turns of movement at the fastest start the map leaves room for
TURNS_OF_ROOM = 6
MIN_MARGIN = 12
GAP_TO_AIR = 8
ASTEROID_OFFSET = 6
#: strategic body kinds met as terrain rather than as a map edge
SMALL = {"asteroid"}
#: the largest asteroids, drawn several hexes across
LARGE_ASTEROIDS = {"Ceres", "Vesta", "Pallas"}


def arena(
    places: tuple[tuple[str, Hex, Vector], ...], body: str | None, body_kind: str | None
) -> tuple[StarMap, tuple[tuple[str, Hex, Vector], ...]]:
    """The battle's map and the ships' places moved onto it."""
    fastest = max((v.speed for _, _, v in places), default=0)
    margin = max(MIN_MARGIN, TURNS_OF_ROOM * fastest)
    bounds = Bounds(1, 1)
    offsets = [bounds.labels.to_offset(h) for _, h, _ in places]
    cols = [c for c, _ in offsets]
    rows = [r for _, r in offsets]
    dq = margin - min(cols)
    dq += dq % 2
    shift_col = Hex(dq, -(dq // 2))
    drow = margin - min(rows)
    moved = tuple((i, h + Vector(shift_col.q, shift_col.r + drow), v) for i, h, v in places)
    width = max(cols) - min(cols) + 2 * margin + 2
    height = max(rows) - min(rows) + 2 * margin + 1
    bodies: tuple[Body, ...] = ()
    atmospheres: tuple[Atmosphere, ...] = ()
    name = "Open space"
    if body is not None and body_kind in SMALL:
        large = body in LARGE_ASTEROIDS
        defender = moved[-1][1]
        centre = defender + Vector(ASTEROID_OFFSET, -ASTEROID_OFFSET // 2)
        size = 1 if large else 0
        bodies = (Body(body, BodyKind.ASTEROID, centre, size + 0.5, None, size),)
        name = f"Near {body}"
    elif body is not None and body_kind is not None:
        row = atmosphere_of(body)
        kind_giant = body_kind == "gas giant"
        levels = row.levels if row is not None else ()
        floor = row.floor if row is not None else Floor.SURFACE
        if row is None and kind_giant:
            levels, floor = tuple(range(17)), Floor.CRUSH
        lowest = max(bounds.labels.to_offset(h)[1] for _, h, _ in moved)
        height = lowest + GAP_TO_AIR + len(levels) + 2
        atmospheres = (Atmosphere(body, Edge.BOTTOM, tuple(levels), floor),)
        name = f"{body}'s edge"
    starmap = StarMap(name, Bounds(width, height), bodies=bodies, atmospheres=atmospheres)
    return starmap, moved
