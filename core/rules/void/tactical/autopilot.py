"""A scripted tactical player, for the scripted battles of the tests, the scenarios and
the benchmark: it returns the next command for the player the battle waits for. Each of
its ships closes on the nearest enemy with burns of up to two hexes (so its crew never
needs the juice), launches torpedoes at an enemy within reach, and fires its guns (and
its railguns when they may) at the nearest enemy in range."""

from __future__ import annotations

from core.board.hexgrid import Direction, Vector
from core.board.starmap import Terrain
from core.engine.commands import Command, EndPhase
from core.engine.play import apply, waiting_for
from core.rules.void.crew import kit_of
from core.rules.void.tables import tables_of
from core.rules.void.tactical.damage import weapons_down
from core.rules.void.tactical.guns import Fire, blocked, railgun_refusal
from core.rules.void.tactical.juice import may_attack
from core.rules.void.tactical.terms import terms
from core.rules.void.tactical.torpedoes import LaunchTorpedoes
from core.vector.motion import Order
from core.vector.orders import Plot
from core.vector.state import GameState, Ship
from core.vector.turns import current_phase

#: hexes within which the pilot launches torpedoes and fires guns
TORPEDO_REACH = 14
GUN_REACH = 8
BURN = 2
SAFE = (Terrain.SPACE, Terrain.ATMOSPHERE)


def _nearest(state: GameState, ship: Ship) -> Ship | None:
    enemies = [s for s in state.ships if s.side != ship.side and s.in_play]
    here = ship.motion.position
    return min(enemies, key=lambda s: (here.distance(s.motion.position), s.id), default=None)


def steer(state: GameState, ship: Ship) -> Order | None:
    """The burn of up to two hexes bringing the ship nearest where its nearest enemy will
    coast to, at the closest matching speed; None to coast."""
    enemy = _nearest(state, ship)
    if enemy is None or ship.disabled:
        return None
    aim = enemy.motion.position + enemy.motion.velocity
    here, velocity = ship.motion.position, ship.motion.velocity
    best: tuple[tuple[int, int], tuple[Direction, ...]] | None = None
    for first in (None, *Direction):
        for second in (None, *Direction) if first is not None else (None,):
            burn = tuple(d for d in (first, second) if d is not None)
            v = velocity
            for d in burn:
                v = v + Vector.of(d)
            end = here + v
            if state.starmap.terrain_at(end) not in SAFE:
                continue
            score = (end.distance(aim) + (v - enemy.motion.velocity).speed, len(burn))
            if best is None or score < best[0]:
                best = (score, burn)
    if best is None or not best[1] or len(best[1]) > BURN:
        return None
    return Order(best[1])


def next_command(state: GameState, player: str) -> Command:
    """The next command for ``player`` in a tactical battle."""
    phase = current_phase(state)
    mine = [s for s in state.ships if s.owner == player and s.in_play and not s.disabled]
    if phase == "astrogation":
        for ship in mine:
            if state.plan(ship.id) is None:
                order = steer(state, ship)
                if order is not None:
                    return Plot(player, ship.id, order)
    if phase == "ordnance":
        launched = {g.ship for g in terms(state).torpedoes if g.launched == state.round}
        for ship in mine:
            command = _launch(state, ship, launched)
            if command is not None:
                return command
    if phase == "combat":
        for ship in mine:
            command = _fire(state, ship)
            if command is not None:
                return command
    return EndPhase(player)


def _launch(state: GameState, ship: Ship, launched: set[str]) -> Command | None:
    kit = kit_of(ship)
    tubes = tables_of(state.rules).row(ship.unit).torpedo_tubes
    enemy = _nearest(state, ship)
    if ship.id in launched or not tubes or not kit.torpedoes or enemy is None:
        return None
    if weapons_down(state, ship) or not may_attack(kit):
        return None
    if ship.motion.position.distance(enemy.motion.position) > TORPEDO_REACH:
        return None
    return LaunchTorpedoes(ship.owner, ship.id, enemy.id, min(tubes, kit.torpedoes))


def _fire(state: GameState, ship: Ship) -> Command | None:
    enemy = _nearest(state, ship)
    row = tables_of(state.rules).row(ship.unit)
    if enemy is None or ship.id in terms(state).fired or row.defensive_only:
        return None
    if weapons_down(state, ship) or not may_attack(kit_of(ship)) or blocked(state, ship, enemy):
        return None
    if ship.motion.position.distance(enemy.motion.position) > GUN_REACH:
        return None
    rail = railgun_refusal(state, ship) is None
    return Fire(ship.owner, (ship.id,), enemy.id, railguns=rail)


def play(state: GameState, *, limit: int = 20000) -> tuple[GameState, list[Command]]:
    """Play a battle to its end with the scripted player on every side."""
    given: list[Command] = []
    for _ in range(limit):
        waiting = waiting_for(state)
        if state.over or not waiting:
            break
        command = next_command(state, waiting[0].id)
        state, _ = apply(state, command)
        given.append(command)
    return state, given
