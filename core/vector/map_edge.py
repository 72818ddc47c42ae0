"""Leaving the map and coming back: what the map's edge does to a ship, by the game's
rule or, if its scenario says, the ship's own (out, back after penalty turns, bounce)."""

from __future__ import annotations

from dataclasses import replace

from core.board.hexgrid import ZERO, Direction, Hex
from core.board.starmap import Leaving, LeavingRule
from core.engine.events import Event, event
from core.engine.words import plural
from core.vector.course import OffMap
from core.vector.hooks import hooks_of
from core.vector.motion import Motion, bounce
from core.vector.movement import MoveResult
from core.vector.state import GameState, Ship, ShipStatus


@event
class ShipLeftMap(Event):
    ship: str
    returns_in: int | None


@event
class ShipReturned(Event):
    ship: str


def leaving_rule(state: GameState, ship: Ship) -> Leaving:
    """What leaving the map means in this game, or, if the scenario says, for this ship."""
    own = hooks_of(state).leaving(state, ship)
    return own if own is not None else state.leaving


def bounced(state: GameState, ship: Ship, result: MoveResult) -> Motion | None:
    """Where a course that leaves the map brings the ship back in, when leaving the map
    bounces it (None: the course stays on the map, or the ship is lost off it). The
    course plotter shows this; the movement does the same in :func:`left_map`."""
    if not any(isinstance(h, OffMap) for h in result.hazards):
        return None
    if leaving_rule(state, ship).rule is not LeavingRule.BOUNCES:
        return None
    return bounce(result.next, state.starmap.bounds)


def left_map(state: GameState, ship: Ship, hazard: OffMap) -> tuple[Ship, Event]:
    """What leaving the map means in this game (or, if the scenario says, for this
    ship): out, back after penalty turns, or bounce."""
    rule = leaving_rule(state, ship)
    if rule.rule is LeavingRule.BOUNCES:
        ship = replace(ship, motion=bounce(ship.motion, state.starmap.bounds))
        label = state.starmap.bounds.labels.describe(ship.motion.position)
        text = f"{ship.name} bounces off the edge of the map back to {label}, its course mirrored"
        return ship, ShipLeftMap(text, ship.id, 0)
    if rule.rule is LeavingRule.RETURNS:
        # it waits where its course left the map, to come back there at rest
        at = ship.motion if hazard.exit is None else Motion(hazard.exit, ZERO)
        ship = replace(ship, status=ShipStatus.OFF_MAP, returns_in=rule.penalty_turns, motion=at)
        label = state.starmap.bounds.labels.format(at.position)
        turns = plural(rule.penalty_turns, "turn")
        text = f"{ship.name} will return at rest to {label}, where it left, after {turns}"
        return ship, ShipLeftMap(text, ship.id, rule.penalty_turns)
    ship = replace(ship, status=ShipStatus.OFF_MAP, returns_in=None)
    said = rule.said or "is out of the game"
    return ship, ShipLeftMap(f"{ship.name} {said}", ship.id, None)


def returns(state: GameState) -> tuple[GameState, list[Event]]:
    """At the start of a round, count down ships off the map and bring back those due."""
    events: list[Event] = []
    for ship in state.ships:
        if ship.status is ShipStatus.OFF_MAP and ship.returns_in is not None:
            if ship.returns_in <= 1:
                back = replace(
                    ship,
                    status=ShipStatus.ACTIVE,
                    returns_in=None,
                    motion=Motion(_last_on_map(state, ship), ZERO),
                )
                state = state.with_ship(back)
                events.append(ShipReturned(f"{ship.name} returns to the map at rest", ship.id))
            else:
                state = state.with_ship(replace(ship, returns_in=ship.returns_in - 1))
    return state, events


def _last_on_map(state: GameState, ship: Ship) -> Hex:
    """Where a returning ship reappears: the hex where its course left the map (kept by
    :func:`left_map`); a ship saved off the map before that was kept is pulled in."""
    h = ship.motion.position
    if state.starmap.bounds.contains(h):
        return h
    for d in Direction:
        n = h.neighbour(d)
        if state.starmap.bounds.contains(n):
            return n
    return h
