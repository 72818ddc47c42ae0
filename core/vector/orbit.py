"""Orbits: recognising a ship in orbit, and the motions that circle a body.

Orbit needs no rule of its own: a ship moving at speed 1 in a body's gravity ring is
turned 60 degrees each turn by the arrow of the hex it entered, and so goes round for
ever without fuel. A move is "in orbit" (:func:`orbit_of`) when it coasts at speed 1
from a hex of the body's ring to another. The rule covers weak-gravity moons too, when
the pilot applies their pulls: their orbital bases (Io Research Station) need it.

Double gravity cannot hold a ship in its ring: circling at speed 1 needs the vector to
turn by exactly one hex a turn and a double arrow turns it by two, so a ship next to
the Sun falls in or is flung out (see the tests).
"""

from __future__ import annotations

from core.board.hexgrid import Direction, Hex, Vector
from core.board.starmap import Body, StarMap
from core.vector.gravity import ENTERED, GravityPull
from core.vector.motion import Motion


def ring_bodies(starmap: StarMap, h: Hex) -> tuple[str, ...]:
    """The bodies whose gravity arrows are in ``h`` (their gravity ring)."""
    g = starmap.gravity_at(h)
    if g is None:
        return ()
    return tuple(a.body for a in g.arrows if a.body is not None)


def ring(starmap: StarMap, body: Body) -> list[Hex]:
    """The hexes around ``body`` holding its arrow, counter-clockwise."""
    return [h for h in body.ring() if body.name in ring_bodies(starmap, h)]


def orbit_of(
    starmap: StarMap,
    start: Hex,
    end: Hex,
    velocity: Vector,
    applied: tuple[str | None, ...] = (),
) -> str | None:
    """The body a coasting move keeps the ship in orbit around, or None.

    In orbit: speed 1, from one hex of the body's gravity ring to another (the caller
    checks there was no burn and no crash). Where two rings overlap (a two-directed hex
    at both ends), the body whose arrow was applied this move wins, then the first.
    """
    if velocity.speed != 1:
        return None
    both = [b for b in ring_bodies(starmap, start) if b in ring_bodies(starmap, end)]
    if not both:
        return None
    for name in applied:
        if name in both:
            return name
    return both[0]


def circling(starmap: StarMap, body: Body, index: int = 0, clockwise: bool = False) -> Motion:
    """The motion of a ship that has just arrived in a circular orbit round a one-hex body.

    Position: the ring hex in direction ``index`` from the body; velocity: the neighbour
    direction one step on (counter-clockwise, or clockwise), with the pull of the ring
    hex it entered pending. Gravity then turns the vector to carry it to the next ring
    hex, every turn. (Verified in tests for every body of the built-in map.)
    """
    if body.size != 0:
        raise ValueError(f"{body.name} covers more than one hex: no simple circle")
    d = Direction(index % 6)
    position = body.centre.neighbour(d)
    g = starmap.gravity_at(position)
    pulls = () if g is None else (GravityPull(position, g.arrows, ENTERED),)
    return Motion(position, Vector.of(d.rotated(-1 if clockwise else 1)), pulls)
