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
:func:`ship_passage` for every course, launched weapons :func:`weapon_passage`; a
:class:`~core.vector.course.Passage` names every owner a mover may pass (a side may hold
several), or all of them with the rule off.
"""

from __future__ import annotations

from collections.abc import Callable

from core.board.starmap import Base, StarMap
from core.rules.interplanetary.scenario.terms import terms_of
from core.vector.course import FREE_PASSAGE, NO_PASSAGE, Passage
from core.vector.state import GameState, Ship

SWITCH = "bases_pick_sides"
ASTEROIDS = "special_asteroids"


def base_side(state: GameState, name: str) -> str | None:
    """The side that holds base ``name`` (None: nobody's)."""
    terms = terms_of(state)
    own = terms.base(name) if terms is not None else None
    if own is not None:
        return own.side
    return map_owner(state.starmap, name)


def map_owner(starmap: StarMap, name: str) -> str | None:
    """The side the map gives base ``name`` to (None: nobody, or no such base)."""
    base = starmap.base(name)
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


def weapon_passage(state: GameState) -> Passage:
    """Whose special asteroids a launched weapon may pass: nobody's under the rule (every
    weapon entering one detonates harmlessly, whoever launched it), everyone's without."""
    if not state.starmap.special_asteroids:
        return FREE_PASSAGE
    return NO_PASSAGE if state.uses(ASTEROIDS, True) else FREE_PASSAGE


def ship_passage(state: GameState, ship: Ship) -> Passage:
    """Whose special asteroids ``ship``'s course may pass (see :func:`passage_for`)."""
    if not state.starmap.special_asteroids:
        return FREE_PASSAGE
    return passage_for(
        state.starmap,
        ship.side,
        rule=state.uses(ASTEROIDS, True),
        holder=lambda owner: base_side(state, owner),
    )


def passage_for(
    starmap: StarMap, side: str | None, *, rule: bool, holder: Callable[[str], str | None]
) -> Passage:
    """Whose special asteroids a ship of ``side`` may pass: everyone's with the rule off
    (ordinary asteroid hexes); under it each owner that is ``side`` itself or a base
    ``holder`` says ``side`` holds, so one side may pass several owners' hexes. A ship
    with no side yet (a scenario's ship for every player) passes none."""
    if not rule:
        return FREE_PASSAGE
    if side is None:
        return NO_PASSAGE
    owners = {s.owner for s in starmap.special_asteroids}
    return Passage(frozenset(o for o in owners if o == side or holder(o) == side))
