"""Where things stand relative to each other: orbits, landing and docking, the bodies and
asteroids a ship is stationary at, and what an asteroid holds. Shared by movement (land
and dock orders), development (where an installation may be deployed) and the income.

Rulings (docs/rules/nplanetary.md): a ship is "in orbit" of a planet when the vector
movement says so (``Ship.orbit``: speed 1 round its gravity ring). "Stationary at" a
body, an asteroid or an installation means the same velocity as it (zero for a body)
and, for a body, a hex of its gravity ring or next to it; for an asteroid, its hex; for
an installation, its hex.
"""

from __future__ import annotations

from core.board.hexgrid import ZERO, Hex
from core.board.starmap import BodyKind
from core.rules.nplanetary.model import Installation, holdings_of, tables_of
from core.vector.motion import Motion
from core.vector.state import GameState, Ship


def stationary_with(a: Motion, b: Motion) -> bool:
    """Same hex, same velocity: at rest relative to each other."""
    return a.position == b.position and a.velocity == b.velocity


def landings(state: GameState, ship: Ship) -> list[Installation]:
    """The bases on the surface of the planet ``ship`` orbits."""
    if ship.orbit is None:
        return []
    return [
        i
        for i in holdings_of(state).installations
        if i.kind == "base" and i.site == "surface" and i.body == ship.orbit
    ]


def free_docks(state: GameState, ship: Ship) -> list[Installation]:
    """The installations ``ship`` may dock at without fuel: an orbital base of the planet
    it orbits, or a base or outpost it is stationary with (not one it is docked at)."""
    found = []
    for inst in holdings_of(state).installations:
        if inst.id == ship.docked_at:
            continue
        if inst.site == "orbit":
            if ship.orbit is not None and inst.body == ship.orbit:
                found.append(inst)
        elif inst.site != "surface" and stationary_with(ship.motion, inst.motion):
            found.append(inst)
    return found


def minor_body_near(state: GameState, motion: Motion) -> str | None:
    """The minor planet a motion is stationary at (zero velocity, on its gravity ring or
    next to it), or None."""
    if motion.velocity != ZERO:
        return None
    minor = tables_of(state).minor
    for body in state.starmap.bodies:
        near = body.centre.distance(motion.position) <= body.size + 1
        if near and body.name in minor and body.kind is not BodyKind.STAR:
            return body.name
    return None


def asteroid_at(state: GameState, motion: Motion) -> bool:
    """Stationary in an asteroid hex."""
    return motion.velocity == ZERO and motion.position in state.starmap.asteroids


def asteroid_good(state: GameState, where: Hex) -> str:
    """What an outpost at the asteroid hex ``where`` yields: "water" when the hex's place
    in the map's asteroid hexes (in hex order, from one) is a multiple of the tables'
    ``water_every``, else "ore" (ruling)."""
    hexes = sorted(state.starmap.asteroids)
    if where not in hexes:
        return "ore"
    place = hexes.index(where) + 1
    return "water" if place % tables_of(state).water_every == 0 else "ore"


def in_space(state: GameState, motion: Motion) -> bool:
    """Open space: no body in the hex and no asteroid."""
    where = motion.position
    return state.starmap.body_at(where) is None and where not in state.starmap.asteroids
