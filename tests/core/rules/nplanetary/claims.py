"""Scripted claimants for NPlanetary's race scenarios: each freighter follows the shortest
course the movement allows (:mod:`tests.core.rules.nplanetary.routes`) to where it can set
up the installation it carries, stops there and deploys it. The courses are worked out
once from the start, so a whole game replays the same commands."""

from __future__ import annotations

from collections.abc import Iterable

from core.board.hexgrid import ZERO
from core.engine.commands import Command
from core.engine.play import current_phase
from core.rules.nplanetary.model import drives_work, hold_of, may_attack, strength
from core.rules.nplanetary.orders import Attack, Deploy
from core.rules.nplanetary.sites import asteroid_at, minor_body_near
from core.vector.motion import Order
from core.vector.orders import Plot
from core.vector.state import GameState
from tests.core.rules.nplanetary.routes import Goal, at_rest_in, course
from tests.core.rules.nplanetary.scripted import Policy

#: the belt race's four ore asteroids, three hexes from the rendezvous 3414
CLAIMS = ("3411", "3417", "3517", "3616")


def claim_site(kind: str, state: GameState) -> Goal:
    """Where an installation of ``kind`` may be deployed, as a course's goal."""
    if kind == "outpost":
        return lambda m: asteroid_at(state, m)
    return lambda m: m.velocity == ZERO and minor_body_near(state, m) is not None


#: courses already searched: (id of the start state, ship id) -> (start, course)
_KNOWN: dict[tuple[int, str], tuple[GameState, list[Order]]] = {}


def claim_course(start: GameState, ship_id: str, goal: Goal) -> list[Order]:
    """The ship's shortest course from ``start`` to ``goal`` (searched once per start
    state and ship: the six worlds' courses take seconds)."""
    key = (id(start), ship_id)
    if key not in _KNOWN or _KNOWN[key][0] is not start:
        plan = course(start, start.ship(ship_id), goal)
        assert plan is not None, f"{ship_id} has no course to its claim"
        _KNOWN[key] = (start, plan)
    return _KNOWN[key][1]


def claimant(start: GameState, ships: dict[str, Goal]) -> Policy:
    """A policy moving each of ``ships`` (id -> goal) on its shortest course from
    ``start`` and deploying what it carries when it gets there; others stay put."""
    plans = {ship_id: claim_course(start, ship_id, goal) for ship_id, goal in ships.items()}

    def orders(state: GameState, player: str) -> list[Command]:
        out: list[Command] = []
        for ship_id, plan in plans.items():
            ship = state.ship(ship_id)
            carried = [k for k in ("outpost", "base") if hold_of(ship).amount(k)]
            if ship.owner != player or not ship.in_play or not carried:
                continue
            phase, step = current_phase(state), state.round - 1
            if not drives_work(state, ship):
                continue  # a crippled prospector drifts: its claim is lost
            if phase == "movement" and step < len(plan) and plan[step] != Order():
                out.append(Plot(player, ship_id, plan[step]))
            elif phase == "development" and step == len(plan) - 1:
                out.append(Deploy(player, ship_id, carried[0]))
        return out

    return orders


def belt_claims(start: GameState, players: Iterable[str]) -> Policy:
    """The belt race: each of ``players``' prospectors to its own ore asteroid (seat 1
    to 3411, seat 2 to 3417, seat 3 to 3517, seat 4 to 3616)."""
    labels = start.starmap.bounds.labels
    goals: dict[str, Goal] = {}
    for player in players:
        seat = int(player.removeprefix("p")) - 1
        goals[f"prospector-{player}"] = at_rest_in({labels.parse(CLAIMS[seat])})
    return claimant(start, goals)


def six_world_claims(start: GameState, worlds: Iterable[str]) -> Policy:
    """The Six Worlds: each named world's freighter to the nearest minor planet it can
    stop beside, where it sets up its second base."""
    return claimant(start, {f"{w}-freighter": claim_site("base", start) for w in worlds})


def both(*policies: Policy) -> Policy:
    """Every policy's orders, one after another."""
    return lambda state, player: [c for p in policies for c in p(state, player)]


def hunters(quarry: dict[str, str]) -> Policy:
    """Combat: each ship in ``quarry`` (hunter id -> target id) fires its full strength
    at its target whenever the target is in play and in reach (closer than its strength)."""

    def orders(state: GameState, player: str) -> list[Command]:
        if current_phase(state) != "combat":
            return []
        out: list[Command] = []
        for hunter_id, target_id in quarry.items():
            hunter, target = state.ship(hunter_id), state.ship(target_id)
            if hunter.owner != player or not (hunter.in_play and target.in_play):
                continue
            if not may_attack(state, hunter):
                continue
            gap = hunter.motion.position.distance(target.motion.position)
            if gap < strength(state, hunter):
                out.append(Attack(player, hunter_id, (target_id,)))
        return out

    return orders
