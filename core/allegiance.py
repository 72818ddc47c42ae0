"""Whose bases are whose (seed "Optional rules: Bases pick sides", "Special asteroids").

Under "Bases pick sides" a base belongs to a side (the scenario's ``[[bases]]`` terms, else
the map's ``owner``), and no enemy of that side may land, dock or be served there; a
base with no side is open to all. Special asteroids are passable only to the side that
controls their owner, which is a side, or a base and so whoever holds it (Clandestine);
with the ``special_asteroids`` switch off they are ordinary asteroid hexes. A launched
weapon of any side entering one detonates harmlessly (a ship already inside may launch
out of it: the hex it starts in is not entered); guns fire into and out of them freely.

A base a kinetic buster destroyed (``GameState.bases_lost``) serves nobody, whatever the
switches: no docking, landing, refuelling, refit, loading, repair or launch from it.

Light on purpose (the state and the map only): movement's plan check and the preview ask
:func:`asteroid_side` for every course.
"""

from __future__ import annotations

from core.starmap import Base
from core.state import GameState, Ship

SWITCH = "bases_pick_sides"
ASTEROIDS = "special_asteroids"


def base_side(state: GameState, name: str) -> str | None:
    """The side that holds base ``name`` (None: nobody's)."""
    own = state.terms.base(name) if state.terms is not None else None
    if own is not None:
        return own.side
    base = state.starmap.base(name)
    return base.owner or None if base is not None else None


def refused(state: GameState, ship: Ship, base: Base) -> str | None:
    """Why ``ship`` may not land, dock or be served at ``base``, or None."""
    if base.name in state.bases_lost:
        return lost(base)
    if not state.uses(SWITCH):
        return None
    side = base_side(state, base.name)
    if side is None or side == ship.side:
        return None
    return f"{base.name} belongs to {side}: it serves no enemy, and none may dock or land there"


def lost(base: Base) -> str:
    """Why a destroyed base does nothing for anyone."""
    return f"{base.name} was destroyed by a kinetic buster: it serves no ship any more"


def weapon_side(state: GameState, side: str) -> str | None:
    """The side to compare with special asteroids' owners for a launched weapon of
    ``side``: None (no owner matches, so every weapon entering one detonates harmlessly,
    whoever launched it) under the rule; the owner itself when the rule is off."""
    owners = sorted({s.owner for s in state.starmap.special_asteroids})
    if not owners:
        return side
    return None if state.uses(ASTEROIDS, True) else owners[0]


def asteroid_side(state: GameState, ship: Ship) -> str:
    """The side to compare with special asteroids' owners for ``ship``'s course: the owner
    itself when the ship may pass (its side controls it, or the rule is off)."""
    owners = sorted({s.owner for s in state.starmap.special_asteroids})
    if not owners:
        return ship.side
    if not state.uses(ASTEROIDS, True):
        return owners[0]
    for owner in owners:
        if owner == ship.side or base_side(state, owner) == ship.side:
            return owner
    return ship.side
