"""Ordnance in flight (seed "Ordnance"): it moves, meets ships and installations, and
attacks the first it meets.

np-core calls :func:`after_move` (``movement.AFTER_MOVE``) once every ship and
installation has moved, with the state before and after their move. Then:

1. Every piece moves like a ship that coasts (its gravity included); a piece that
   crashes into a body or leaves the map is gone at that moment of the turn.
2. Every piece is matched with every ship and installation it comes within half a hex
   of, both moving over the turn (:mod:`core.rules.nplanetary.ordnance_approach`). Its
   launcher is spared on the turn it was laid, unless the piece is a mine or nuke and the
   launcher kept the piece's course (it did not burn away: the obligation to move).
3. In the order of the turn, each piece attacks the first thing it meets; several met at
   the same moment: the largest (installations, then ships by strength), then a die. One
   target each, and the piece is spent. A nuke destroys its target; a mine or torpedo
   rolls a die plus the velocity term for the damage rolls it earns (a target with
   disabled drives takes the most). Something destroyed is met by nothing later.

Rulings: ships landed on a planet and installations on its surface are out of reach of
ordnance in flight; the velocity term of an ordnance attack is the piece's vector less
the target's along the line from the piece to the target at the start of the turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from core.engine.events import Event, event
from core.rules.nplanetary.combat_dice import damage_rolls, ordnance_roll
from core.rules.nplanetary.combat_math import velocity_term
from core.rules.nplanetary.combat_things import (
    destroy,
    piece_name,
    size_rank,
    table_for,
    take_damage,
)
from core.rules.nplanetary.model import (
    Installation,
    drives_work,
    find_installation,
    holdings_of,
    tables_of,
    with_holdings,
)
from core.rules.nplanetary.ordnance_approach import Course, CourseIndex, Moment, meeting
from core.vector.course import Crash, OffMap
from core.vector.gravity import label
from core.vector.motion import MovementParams
from core.vector.movement import MoveResult, move
from core.vector.reach import default_order
from core.vector.state import GameState, Ordnance, Ship, ShipStatus


@event
class OrdnanceGone(Event):
    """A piece crashed into a body or left the map."""

    ordnance: str


@event
class OrdnanceMet(Event):
    """A piece met ``target`` and attacked it."""

    ordnance: str
    target: str


@dataclass(frozen=True)
class _Flight:
    piece: Ordnance
    result: MoveResult
    course: Course
    lost: str | None


def after_move(before: GameState, after: GameState) -> tuple[GameState, list[Event]]:
    """Move the ordnance, find what each piece meets, and make the attacks."""
    flights = [_fly(after, piece) for piece in after.ordnance]
    targets = dict(_target_courses(before, after))
    state, events, spent = _attacks(after, flights, targets)
    kept: list[Ordnance] = []
    for f in flights:
        if f.piece.id in spent:
            continue
        if f.lost is not None:
            events.append(OrdnanceGone(f"{piece_name(after, f.piece)} {f.lost}", f.piece.id))
            continue
        kept.append(replace(f.piece, motion=f.result.next))
    h = replace(holdings_of(state), fresh=frozenset(), obliged=frozenset())
    return with_holdings(replace(state, ordnance=tuple(kept)), h), events


def flights(state: GameState) -> list[_Flight]:
    """Every piece in flight as the coming movement will fly it (for the course preview,
    :mod:`core.rules.nplanetary.ordnance_threats`)."""
    return [_fly(state, piece) for piece in state.ordnance]


def spares(state: GameState, flight: _Flight, target: Course) -> bool:
    """Whether ``flight``'s piece spares ``target`` (its launcher, on its first turn)."""
    return _exempt(state, flight, target)


def _params(state: GameState) -> MovementParams:
    rules = state.rules
    return MovementParams(
        gravity=rules.gravity,
        start_hex_gravity=rules.start_hex_gravity,
        hexside_entered=state.uses("hexside_entered", True),
    )


def _fly(state: GameState, piece: Ordnance) -> _Flight:
    params = _params(state)
    pulls = piece.motion.pulls if params.gravity else ()
    result = move(state.starmap, piece.motion, default_order(pulls), params, name=piece.id)
    until: Moment = Fraction(1)
    lost = None
    for hazard in result.hazards:
        if isinstance(hazard, Crash):
            until, lost = hazard.t, f"crashes into {hazard.body} and is gone"
            break
        if isinstance(hazard, OffMap):
            until = hazard.t
            lost = f"leaves the map at {label(state.starmap, hazard.hex)} and is gone"
            break
    return _Flight(piece, result, Course(piece.id, result.start, result.tip, until), lost)


def _target_courses(before: GameState, after: GameState) -> Iterable[tuple[str, Course]]:
    for ship in after.ships:
        try:
            was = before.ship(ship.id)
        except KeyError:
            continue
        landed = ship.status is ShipStatus.LANDED
        if not was.in_play or (landed and was.status is ShipStatus.LANDED):
            continue
        start = was.motion.position
        end = start if landed else ship.motion.position  # landing: it goes down where it is
        yield ship.id, Course(ship.id, start, end)
    for inst in holdings_of(after).installations:
        old = find_installation(before, inst.id)
        if inst.site == "surface":
            continue
        start = (old or inst).motion.position
        yield inst.id, Course(inst.id, start, inst.motion.position)


def _exempt(state: GameState, flight: _Flight, target: Course) -> bool:
    """The launcher is spared on the piece's first turn, unless it kept the course of
    the mine or nuke it laid."""
    piece = flight.piece
    if piece.ship != target.id or piece.id not in holdings_of(state).fresh:
        return False
    kind = tables_of(state).piece(piece.weapon)
    same = (target.start, target.end) == (flight.course.start, flight.course.end)
    return not (kind.obliges_move and same)


def _attacks(
    state: GameState, flights: list[_Flight], targets: dict[str, Course]
) -> tuple[GameState, list[Event], set[str]]:
    met: dict[Moment, dict[str, list[str]]] = {}
    index = CourseIndex(targets.values())
    for f in flights:
        for course in index.near(f.course):
            if _exempt(state, f, course):
                continue
            moment = meeting(f.course, course)
            if moment is not None:
                met.setdefault(moment, {}).setdefault(f.piece.id, []).append(course.id)
    by_id = {f.piece.id: f for f in flights}
    spent: set[str] = set()
    events: list[Event] = []
    for moment in sorted(met):
        for pid in sorted(met[moment]):
            if pid in spent:
                continue
            alive = [t for t in met[moment][pid] if _standing(state, t) is not None]
            if not alive:
                continue
            state, target_id, picked = _choose(state, alive, by_id[pid])
            events.extend(picked)
            spent.add(pid)
            state, done = _detonate(state, by_id[pid], targets[target_id], moment)
            events.extend(done)
    return state, events, spent


def _standing(state: GameState, thing_id: str) -> Ship | Installation | None:
    inst = find_installation(state, thing_id)
    if inst is not None:
        return inst
    try:
        ship = state.ship(thing_id)
    except KeyError:  # an installation destroyed earlier in the move
        return None
    return ship if ship.in_play else None


def _choose(
    state: GameState, ids: list[str], flight: _Flight
) -> tuple[GameState, str, list[Event]]:
    """The largest of the things met at once; a die among equals."""
    things = [t for t in (_standing(state, i) for i in sorted(ids)) if t is not None]
    top = max(size_rank(state, t) for t in things)
    largest = [t for t in things if size_rank(state, t) == top]
    if len(largest) == 1:
        return state, largest[0].id, []
    names = ", ".join(f"{i} {t.name}" for i, t in enumerate(largest, 1))
    why = f"{piece_name(state, flight.piece)} meets several as large at once: a die picks ({names})"
    dice, rolled = state.dice.roll(why, sides=len(largest))
    return replace(state, dice=dice), largest[rolled.dice[0] - 1].id, [rolled]


def _detonate(
    state: GameState, flight: _Flight, course: Course, moment: Moment
) -> tuple[GameState, list[Event]]:
    piece = flight.piece
    target = _standing(state, course.id)
    assert target is not None
    kind = tables_of(state).piece(piece.weapon)
    name = piece_name(state, piece)
    when = (
        "as the move begins" if moment == 0 else f"{float(moment):.0%} of the way through the move"
    )
    text = f"{name} meets {target.name} {when} and attacks it"
    if piece.ship == target.id and piece.id in holdings_of(state).fresh:
        text += f" ({target.name} laid it this turn and did not burn away from it)"
    said = OrdnanceMet(text, piece.id, target.id)
    if kind.destroys:
        state, gone = destroy(state, target, f"hit by {name}")
        return state, [said, *gone]
    towards = flight.course.start.to(course.start)
    term = velocity_term(towards, flight.course.vector - course.vector)
    disabled = isinstance(target, Ship) and not drives_work(state, target)
    why = f"{name} attacks {target.name}"
    dice, count, rolled = ordnance_roll(state.dice, kind, term, disabled, why)
    events: list[Event] = [said, *rolled]
    if disabled:
        events.append(
            OrdnanceMet(
                f"{target.name}'s drives are disabled: the {kind.name.lower()} earns "
                f"its most, {count} damage rolls",
                piece.id,
                target.id,
            )
        )
    tables = tables_of(state)
    dice, points, hits = damage_rolls(
        dice, tables.faces(table_for(state, target)), count, target.name
    )
    state, damaged = take_damage(replace(state, dice=dice), target, points)
    return state, events + hits + damaged
