"""A tactical battle's work at the moments of a turn (the system's hooks): after a
player's ships move (each burn's size for juicing and railguns, atmosphere and solid
bodies, then the torpedoes), and as a player's turn ends (juice, damage counting down).

Seed "Solid Bodies" and "Atmospheres": a ship meeting a surface faster than 2 is
destroyed; at 2 it crash-lands for a fuel point, at 1 it lands for a fuel point (rulings:
the program lands at 1 and crash-lands at 2, the choices players make on the table only
when they prefer a worse one; a crash-landed ship stays on the surface for the battle).
A ship reaching a giant's crush depth is destroyed. A ship flying through atmosphere
rolls on the Asteroid column, plus a point per hex of speed above 3 and the level of the
deepest zone it touched.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from core.board.hexgrid import Hex
from core.board.starmap import Floor
from core.engine.events import Event
from core.rules.void.crew import Juice, kit_of, with_kit
from core.rules.void.said import Said
from core.rules.void.tables import tables_of
from core.rules.void.tactical import juice, torpedoes
from core.rules.void.tactical.damage import count_down, strike
from core.rules.void.tactical.terms import Log, tactical_terms, terms, with_terms
from core.vector.state import GameState, Ship, ShipStatus

SAFE_LANDING = 2
#: a crew that entered the battle juiced stays so for this many turns
ENTRY_TURNS = 2


def moved(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    if tactical_terms(state) is None:
        return state, []
    events: list[Event] = []
    for ship in state.ships:
        if ship.owner != player or ship.status is not ShipStatus.ACTIVE:
            continue
        log = terms(state).log(ship.id)
        accel = (ship.motion.velocity - log.velocity).speed
        entry = Log(ship.id, ship.motion.velocity, accel, log.accel, *_rest(log))
        state = with_terms(state, terms(state).with_log(entry))
        state, more = juice.after_move(state, ship, accel)
        events.extend(more)
        state, more = _ground(state, state.ship(ship.id))
        events.extend(more)
    state, more = torpedoes.fly(state, player)
    return state, events + more


def _rest(log: Log) -> tuple[int, int, int, int]:
    return (log.railguns, log.weapons, log.drives, log.structure)


def _ground(state: GameState, ship: Ship) -> tuple[GameState, list[Event]]:
    """Atmosphere and surface along the ship's move."""
    if not ship.in_play or ship.status is not ShipStatus.ACTIVE:
        return state, []
    end = ship.motion.position
    start = Hex(end.q - ship.motion.velocity.q, end.r - ship.motion.velocity.r)
    speed = ship.motion.velocity.speed
    levels: list[int] = []
    for h in start.line_to(end)[1:]:
        found = state.starmap.atmosphere_at(h)
        if found is None:
            continue
        level = found[1]
        if level is Floor.CRUSH:
            state = state.with_ship(replace(ship, status=ShipStatus.DESTROYED))
            return state, [Said(f"{ship.name} sinks to the crush depth and is destroyed")]
        if level is Floor.SURFACE:
            return _surface(state, ship, speed)
        if isinstance(level, int):
            levels.append(level)
    if not levels:
        return state, []
    mods = (("deepest zone", max(levels)), ("speed above 3", max(0, speed - 3)))
    dice, rolled = state.dice.roll(f"{ship.name} flies through the atmosphere", modifiers=mods)
    combat = tables_of(state.rules).combat
    hit = combat.other_result("asteroid", rolled.total)
    hits = dict(combat.other_hits)["asteroid"][min(max(rolled.total, 1), 6) - 1]
    state, said = strike(replace(state, dice=dice), ship, hit, hits, "atmosphere")
    return state, [rolled, *said]


def _surface(state: GameState, ship: Ship, speed: int) -> tuple[GameState, list[Event]]:
    if speed > SAFE_LANDING:
        state = state.with_ship(replace(ship, status=ShipStatus.DESTROYED))
        return state, [Said(f"{ship.name} hits the surface at speed {speed} and is destroyed")]
    fuel = min(ship.fuel, Fraction(1))
    landed = replace(ship, status=ShipStatus.LANDED, fuel=ship.fuel - fuel, disabled=True)
    how = "crash-lands (it cannot take off again without repair)" if speed == 2 else "lands"
    return state.with_ship(landed), [Said(f"{ship.name} {how}, burning a fuel point")]


def _entered_juiced(state: GameState, ship_id: str, accel: int) -> tuple[GameState, list[Event]]:
    """Seed "Entering tactical scale": a crew that came in juiced is juiced for the
    battle's first two turns, then recovers, unless it keeps burning high."""
    now = terms(state)
    ship = state.ship(ship_id)
    kit = kit_of(ship)
    if ship_id not in now.entered_juiced or not ship.in_play:
        return state, []
    if kit.juice is not Juice.JUICED:
        return with_terms(state, replace(now, entered_juiced=now.entered_juiced - {ship_id})), []
    if kit.juice_turns < ENTRY_TURNS + 1 or accel >= juice.HIGH:
        return state, []
    state = with_terms(state, replace(now, entered_juiced=now.entered_juiced - {ship_id}))
    state = state.with_ship(with_kit(ship, juice.stop(kit)))
    return state, [Said(f"{ship.name}'s crew comes off the juice: two turns of recovery")]


def turn_end(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    if tactical_terms(state) is None:
        return state, []
    events: list[Event] = []
    for ship in state.ships:
        if ship.owner != player or not ship.in_play:
            continue
        accel = terms(state).log(ship.id).accel
        state, more = juice.turn_end(state, ship, accel)
        events.extend(more)
        state, more = _entered_juiced(state, ship.id, accel)
        events.extend(more)
        ship = state.ship(ship.id)
        if ship.in_play:
            state, more = count_down(state, ship)
            events.extend(more)
    now = terms(state)
    mine = {s.id for s in state.ships if s.owner == player}
    turned = now.turned or player in now.setup.defenders
    state = with_terms(
        state,
        replace(now, fired=now.fired - mine, scanned=now.scanned - mine, turned=turned),
    )
    return state, events
