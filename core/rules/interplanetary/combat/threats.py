"""The launched weapons a plotted course would meet, for the course preview.

The engine decides what pieces do after a player's movement
(:mod:`core.rules.interplanetary.combat.ordnance_attacks`); this module asks the same questions of
a course that is only being considered, so the plotter can warn before the player commits: a mine or
buckyball whose vector the course would cross or whose move would pass the ship's end
hex (own pieces included: a mine does not know its friends, though with the switch
``veering_clears_own_mine`` the ship that dropped it clears it by veering off), and an
enemy missile in whose hex the ship would stop (or whose tip would reach it, when everyone moves at
once). Pieces that move in the same movement are flown ahead by the engine's own
:func:`core.rules.interplanetary.combat.ordnance.flight`.

Whether a missile strikes is its owner's choice, so a missile is reported as a chance
of attack, not a certainty. Dice are never rolled here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.board.hexgrid import Hex
from core.rules.interplanetary.aid.carried import aid_of
from core.rules.interplanetary.combat.guns import exposed
from core.rules.interplanetary.combat.ordnance import (
    course_hexes,
    flight,
    name_of,
    params,
    switch_on,
    weapon_of,
)
from core.rules.interplanetary.combat.ordnance_attacks import meets
from core.rules.interplanetary.combat.veer import VEER_SWITCH, veered_off
from core.vector.course import ENDS_COURSE
from core.vector.gravity import label
from core.vector.movement import MoveResult
from core.vector.state import GameState, Ordnance, Ship


@dataclass(frozen=True)
class WeaponMet:
    """A launched weapon the course would meet: which piece, where, and why, in
    players' words. ``certain`` is False for a missile, whose owner may hold it."""

    piece: str
    name: str
    hex: Hex
    reason: str
    certain: bool = True


def _moves_now(state: GameState, piece: Ordnance, mover: str) -> bool:
    """Whether ``piece`` flies in the movement ``mover``'s ships are about to make."""
    if piece.permanent:
        return False
    return state.rules.sequence.order == "simultaneous" or piece.owner == mover


@dataclass(frozen=True)
class _Piece:
    """One piece as the coming movement will leave it: its vector's hexes (``trail``),
    whether it flies now, and where it ends."""

    id: str
    name: str
    behaviour: str
    side: str
    trail: tuple[Hex, ...]
    moving: bool
    end: Hex
    #: the ship that dropped it (None for a mine field)
    ship: str | None = None


def _pieces(state: GameState, mover: str) -> list[_Piece]:
    rules = params(state)
    pieces: list[_Piece] = []
    for piece in state.ordnance:
        moving = _moves_now(state, piece, mover)
        if moving:
            flown = flight(state, piece, rules)
            if any(isinstance(h, ENDS_COURSE) for h in flown.hazards):
                continue  # gone: crashed, off the map, or detonated in special asteroids
            trail, end = course_hexes(flown.start, flown.end), flown.end
        else:
            trail, end = piece.path or (piece.motion.position,), piece.motion.position
        behaviour = weapon_of(state, piece).behaviour
        name = name_of(state, piece)
        found = _Piece(piece.id, name, behaviour, piece.side, trail, moving, end, piece.ship)
        pieces.append(found)
    return pieces


def watch(state: GameState, ship: Ship) -> Callable[[MoveResult], tuple[WeaponMet, ...]]:
    """What :mod:`core.rules.interplanetary.combat.ordnance_attacks` would do to ``ship`` for each
    course it might fly: the pieces are flown ahead once, then each course is checked against
    them."""
    if not state.ordnance or aid_of(state.rules) is None or not exposed(state, ship):
        return lambda result: ()
    pieces = _pieces(state, ship.owner)
    veer = switch_on(state, VEER_SWITCH)

    def met(result: MoveResult) -> tuple[WeaponMet, ...]:
        course = course_hexes(result.start, result.end)[1:]
        stop = result.end
        found: list[WeaponMet] = []
        for p in pieces:
            if p.behaviour in ("mine", "buckyball"):
                if veer and veered_off(p.ship, p.trail[0], p.end, ship.id, result.start, stop):
                    continue
                meeting = meets(p.trail, p.trail[1:] if p.moving else (), course, stop)
                if meeting is None:
                    continue
                where, crossed = meeting
                at = label(state.starmap, where)
                why = (
                    f"the course would cross its vector at {at}"
                    if crossed
                    else f"its vector would pass through {ship.name}'s end hex {at}"
                )
                found.append(WeaponMet(p.id, p.name, where, f"{p.name} would attack: {why}"))
            elif p.behaviour == "missile" and p.side != ship.side and course and stop == p.end:
                at = label(state.starmap, stop)
                how = (
                    f"its vector would end in {ship.name}'s hex {at}"
                    if p.moving
                    else f"{ship.name} would stop in its hex {at}"
                )
                text = f"{p.name} may strike: {how}; its owner decides"
                found.append(WeaponMet(p.id, p.name, stop, text, certain=False))
        return tuple(found)

    return met


def weapons_met(state: GameState, ship: Ship, result: MoveResult) -> tuple[WeaponMet, ...]:
    """The launched weapons ``ship`` would meet flying ``result``."""
    return watch(state, ship)(result)
