"""Shortest courses for scripted NPlanetary players and the scenario balance checks: a
breadth-first search over the moves the engine's own movement offers (gravity, fuel and
crashes included), so a scripted prospector follows a course the game really allows and
a balance check measures distance in rounds, not in hexes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from core.board.hexgrid import ZERO, Hex
from core.vector.course_check import movement_params
from core.vector.motion import Motion, Order
from core.vector.reach import options
from core.vector.state import GameState, Ship

#: whether a motion (after a move) is where the search wants to be
Goal = Callable[[Motion], bool]


def course(
    state: GameState, ship: Ship, goal: Goal, *, turns: int = 12, top_speed: int = 4
) -> list[Order] | None:
    """The fewest moves taking ``ship`` (where it is, with its fuel) to a motion meeting
    ``goal``, as the orders to plot one round after another; None when no course of at
    most ``turns`` moves, never faster than ``top_speed``, gets there. (The courses to
    rest this serves stay far below it: a freighter must brake one hex a move.)"""
    params = movement_params(state.rules, ship.unit, state.switches)
    first = ship.motion
    if goal(first):
        return []
    frontier: list[tuple[Motion, Fraction, list[Order]]] = [(first, ship.fuel, [])]
    seen = {(first.position, first.velocity, first.pulls)}
    for _ in range(turns):
        step: list[tuple[Motion, Fraction, list[Order]]] = []
        for motion, fuel, orders in frontier:
            for order, result in options(state.starmap, motion, params, fuel=fuel):
                if result.stopped:
                    continue
                after = result.next
                key = (after.position, after.velocity, after.pulls)
                if key in seen or after.velocity.speed > top_speed:
                    continue
                seen.add(key)
                plan = [*orders, order]
                if goal(after):
                    return plan
                step.append((after, fuel - result.fuel, plan))
        frontier = step
    return None


def at_rest_in(hexes: set[Hex]) -> Goal:
    """Goal: at rest in one of ``hexes``."""
    return lambda m: m.velocity == ZERO and m.position in hexes


def rounds_to(state: GameState, ship: Ship, goal: Goal, turns: int = 12) -> int | None:
    """How many moves the shortest course to ``goal`` takes (None: none within turns)."""
    plan = course(state, ship, goal, turns=turns)
    return None if plan is None else len(plan)


def reach(
    state: GameState,
    ships: list[Ship],
    target: Hex,
    *,
    within: int = 1,
    turns: int = 8,
    beam: int = 60,
) -> int | None:
    """The fewest moves after which one of ``ships`` can be within ``within`` hexes of
    ``target``, or None past ``turns``. Only one-hex burns, speeds up to 3 and, each
    move, the ``beam`` positions nearest the target are tried, so the answer is a course
    the game allows, perhaps not the quickest (an upper bound on how soon a warship can
    get there)."""
    frontier = [(s.motion, s.fuel, s) for s in ships]
    if any(m.position.distance(target) <= within for m, _, _ in frontier):
        return 0
    seen = {(s.id, s.motion.position, s.motion.velocity) for s in ships}
    for n in range(1, turns + 1):
        step: list[tuple[Motion, Fraction, Ship]] = []
        for motion, fuel, ship in frontier:
            params = movement_params(state.rules, ship.unit, state.switches)
            params = replace(params, burn_costs=params.burn_costs[:1])
            for _, result in options(state.starmap, motion, params, fuel=fuel):
                after = result.next
                key = (ship.id, after.position, after.velocity)
                if result.stopped or key in seen or after.velocity.speed > 3:
                    continue
                if after.position.distance(target) <= within:
                    return n
                seen.add(key)
                step.append((after, fuel - result.fuel, ship))
        step.sort(key=lambda s: (s[0].position.distance(target), s[2].id))
        frontier = step[:beam]
    return None
