"""Line of fire in NPlanetary: planets, moons and the Sun block it, asteroids never do.

A shot is a straight line between the two hex centres (a planetary base fires from the
edge of its hexside, above the surface); a body blocks it when the line passes strictly
inside the body's printed disc (:func:`core.board.geometry.line_of_sight`: grazing the
rim does not block). Every kind of asteroid, Ceres' disc included, is left out: the seed
lets fire pass them.
"""

from __future__ import annotations

from core.board.geometry import Disc, Point, line_of_sight
from core.board.hexgrid import Direction, Hex
from core.board.starmap import Body, BodyKind, StarMap


def fire_point(starmap: StarMap, h: Hex, side: Direction | None = None) -> Point:
    """Where a shot leaves or arrives: the centre of ``h``, or for something on a body's
    hexside ``side`` of ``h``, the middle of that hexside."""
    x, y = starmap.layout.to_pixel(h)
    if side is None:
        return (x, y)
    nx, ny = starmap.layout.to_pixel(h.neighbour(side))
    return ((x + nx) / 2, (y + ny) / 2)


def blocking_body(starmap: StarMap, a: Point, b: Point) -> Body | None:
    """The first body (in map order) that blocks the line from ``a`` to ``b``, or None
    when the line is clear; asteroids never block."""
    for body in starmap.bodies:
        if body.kind is BodyKind.ASTEROID:
            continue
        disc = Disc(starmap.layout.to_pixel(body.centre), body.radius)
        if not line_of_sight(a, b, [disc]):
            return body
    return None
