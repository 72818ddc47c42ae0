"""Line of fire in NPlanetary: planets, moons and the Sun block it, asteroids never do.

A shot is a straight line between the two hex centres; a body blocks it when the line
passes strictly inside the body's printed disc, decided exactly
(:func:`core.board.sight.line_enters_disc`: grazing the rim does not block). Every kind
of asteroid, Ceres' disc included, is left out: the seed lets fire pass them. Ruling:
something standing inside a body's disc (a base on its surface, a landed ship) fires out
of it, so that body does not block its own shots; every other body does.
"""

from __future__ import annotations

from core.board.hexgrid import Hex
from core.board.sight import inside_disc, line_enters_disc
from core.board.starmap import Body, BodyKind, StarMap


def blocking_body(starmap: StarMap, a: Hex, b: Hex) -> Body | None:
    """The first body (in map order) that blocks fire between the centres of hexes ``a``
    and ``b``, or None when the line is clear; asteroids never block."""
    for body in starmap.bodies:
        if body.kind is BodyKind.ASTEROID:
            continue
        centre, radius = body.centre, body.radius
        if inside_disc(a, centre, radius) or inside_disc(b, centre, radius):
            continue
        if line_enters_disc(a, b, centre, radius):
            return body
    return None
