"""The ordnance a course being considered would meet, for the course preview: the engine
decides what pieces do after the movement (:mod:`core.rules.nplanetary.ordnance_flight`);
this asks the same question of each end point the plotter offers, so a player sees before
committing that a course (or staying put beside the torpedo just released) meets a piece.

The pieces are flown ahead once, as the movement will fly them; each course is then a
straight line over the turn, met when a piece comes within half a hex of it. Other ships'
courses are sealed orders nobody can see, so a piece that would meet another ship first
is not known: the warning says "unless it meets something else first". A piece sparing
its launcher this turn, on a course that keeps the two together, is a warning too: it
meets the launcher as the next turn begins. No die is rolled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.board.hexgrid import Hex
from core.rules.nplanetary.combat_things import piece_name
from core.rules.nplanetary.ordnance_approach import Course, meeting
from core.rules.nplanetary.ordnance_flight import flights, spares
from core.vector.movement import MoveResult
from core.vector.state import GameState, Ship


@dataclass(frozen=True)
class OrdnanceMet:
    """A piece the course would meet: which, where the ship's course ends, and why, in
    players' words (a :class:`core.vector.hooks.Threat`)."""

    piece: str
    name: str
    hex: Hex
    reason: str
    certain: bool = True


def watch(state: GameState, ship: Ship) -> Callable[[MoveResult], tuple[OrdnanceMet, ...]]:
    """For each course ``ship`` might fly, the pieces that would meet it."""
    if not state.ordnance:
        return lambda result: ()
    flown = flights(state)

    def met(result: MoveResult) -> tuple[OrdnanceMet, ...]:
        course = Course(ship.id, result.start, result.tip)
        found = []
        for f in flown:
            name = piece_name(state, f.piece)
            if spares(state, f, course):
                if f.lost is None and _together(f.result, result):
                    why = (
                        f"{name} spares {ship.name} this turn only: on this course it keeps "
                        f"pace with it and meets it as the next turn's move begins, unless "
                        f"{ship.name} burns away from it first"
                    )
                    found.append(OrdnanceMet(f.piece.id, name, result.tip, why, certain=False))
                continue
            if meeting(f.course, course) is None:
                continue
            why = (
                f"{name} would come within half a hex of {ship.name} on this course and "
                "attack it, unless it meets something else first"
            )
            found.append(OrdnanceMet(f.piece.id, name, result.tip, why))
        return tuple(found)

    return met


def _together(piece: MoveResult, ship: MoveResult) -> bool:
    """Both end the turn in the same hex with the same vector: still together next turn."""
    return (piece.next.position, piece.next.velocity) == (ship.next.position, ship.next.velocity)
