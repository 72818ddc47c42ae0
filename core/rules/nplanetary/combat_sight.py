"""Line of fire in NPlanetary: planets, moons and the Sun block it, asteroids never do.

A shot is a straight line between the two hex centres; a body blocks it when the line
passes strictly inside the body's printed disc (:func:`core.board.geometry.line_of_sight`:
grazing the rim does not block). Every kind of asteroid, Ceres' disc included, is left
out: the seed lets fire pass them. Ruling: something standing inside a body's disc (a base
on its surface, a landed ship) fires out of it, so that body does not block its own
shots; every other body does.
"""

from __future__ import annotations

from core.board.geometry import Disc, Point, line_of_sight
from core.board.hexgrid import Hex
from core.board.starmap import Body, BodyKind, StarMap


def _inside(point: Point, disc: Disc) -> bool:
    dx, dy = point[0] - disc.centre[0], point[1] - disc.centre[1]
    return dx * dx + dy * dy < disc.radius * disc.radius


def blocking_body(starmap: StarMap, a: Hex, b: Hex) -> Body | None:
    """The first body (in map order) that blocks fire between the centres of hexes ``a``
    and ``b``, or None when the line is clear; asteroids never block."""
    pa, pb = starmap.layout.to_pixel(a), starmap.layout.to_pixel(b)
    for body in starmap.bodies:
        if body.kind is BodyKind.ASTEROID:
            continue
        disc = Disc(starmap.layout.to_pixel(body.centre), body.radius)
        if _inside(pa, disc) or _inside(pb, disc):
            continue
        if not line_of_sight(pa, pb, [disc]):
            return body
    return None
