"""Juicing at tactical scale (seed "High acceleration and Juicing").

A burn of three hexes or more is high acceleration. The crew must have taken the juice
the turn before; otherwise each such burn rolls on the Asteroid column of the Other
Damage table and the ship fights at -3 that turn. A juiced crew fights at -1 on the
turn it juices (and may not attack then), -2 while burning high, -1 otherwise while
juiced and for its two turns of recovery. Each turn on the juice after the first rolls on
the Gun Combat Damage table, from the 1:4 column shifted one right per hex of burn above
3: each D adds its number to the crew's strain (a combat-strength penalty) up to 6,
after which a D is damage to the ship, and a ship's damage reaching 6 again, or an E,
kills the crew. While burning less than 3 hexes the strain eases by one a turn. A crew
that came off the juice and takes it again in the same battle doubles every penalty.

Rulings: a burn's size is the change of the ship's vector (hexes); "every D" counts its
number (D2: two points of strain), as damage does; a crew killed leaves a dead ship,
counted destroyed; a crew stays juiced until its player takes it off, then recovers for
two turns. A crew that burned high to engage enters the battle juiced, its strategic turn
counting as its first on the juice, and comes off after the battle's first two turns
unless it is burning high.
"""

from __future__ import annotations

from dataclasses import replace

from core.engine.events import Event
from core.rules.void.crew import Juice, Kit, kit_of, with_kit
from core.rules.void.said import Said
from core.rules.void.tables import Hit, tables_of
from core.rules.void.tactical.terms import Log
from core.vector.state import GameState, Ship, ShipStatus

HIGH = 3
RECOVERY_TURNS = 2
MAX_STRAIN = 6


def penalty(kit: Kit, log: Log) -> int:
    """The crew's combat-strength penalty this turn (juice, strain, burning high)."""
    base = 0
    if kit.juice is Juice.JUICED:
        if kit.juice_turns == 0:
            base = 1
        elif log.accel >= HIGH:
            base = 2
        else:
            base = 1
    elif log.accel >= HIGH:
        base = 3
    elif kit.juice is Juice.RECOVERY:
        base = 1
    if kit.rejuiced and base != 3:
        base *= 2
    return base + kit.strain


def may_attack(kit: Kit) -> bool:
    """A crew juicing this turn defends but does not attack; one knocked out does nothing."""
    return not (kit.juice is Juice.JUICED and kit.juice_turns == 0) and kit.crew_out == 0


def take(kit: Kit) -> Kit:
    """The crew takes the juice (doubled effects if it came off it in this battle)."""
    again = kit.rejuiced or kit.juice is Juice.RECOVERY
    return replace(kit, juice=Juice.JUICED, juice_turns=0, rejuiced=again)


def stop(kit: Kit) -> Kit:
    return replace(kit, juice=Juice.RECOVERY, juice_turns=RECOVERY_TURNS)


def after_move(state: GameState, ship: Ship, accel: int) -> tuple[GameState, list[Event]]:
    """A burn of three hexes or more without the juice taken the turn before: a roll on
    the Asteroid column."""
    kit = kit_of(ship)
    if accel < HIGH or (kit.juice is Juice.JUICED and kit.juice_turns > 0):
        return state, []
    tables = tables_of(state.rules).combat
    dice, rolled = state.dice.roll(f"{ship.name} burns {accel} hexes without the juice")
    hit = tables.other_result("asteroid", rolled.total)
    state = replace(state, dice=dice)
    state, said = damage_ship(state, ship, hit, "the crew, unprotected")
    return state, [rolled, *said]


def turn_end(state: GameState, ship: Ship, accel: int) -> tuple[GameState, list[Event]]:
    """The crew's turn on (or off) the juice ends: long juicing rolls for strain."""
    kit = kit_of(ship)
    events: list[Event] = []
    if kit.juice is Juice.JUICED:
        kit = replace(kit, juice_turns=kit.juice_turns + 1)
        if kit.juice_turns >= 2:
            tables = tables_of(state.rules).combat
            column = min(len(tables.odds) - 1, max(0, accel - HIGH))
            dice, rolled = state.dice.roll(f"{ship.name}'s crew, long on the juice")
            state = replace(state, dice=dice)
            events.append(rolled)
            hit = tables.gun_result(column, rolled.total)
            if kit.rejuiced and hit.disabled:
                hit = Hit(hit.disabled * 2, hit.eliminated)
            ship = with_kit(ship, kit)
            state = state.with_ship(ship)
            return _strain(state, ship, hit, events)
    elif kit.juice is Juice.RECOVERY:
        left = kit.juice_turns - 1
        kit = replace(
            kit, juice=Juice.OFF if left <= 0 else Juice.RECOVERY, juice_turns=max(0, left)
        )
    if accel < HIGH and kit.strain > 0:
        kit = replace(kit, strain=kit.strain - 1)
    return state.with_ship(with_kit(ship, kit)), events


def _strain(
    state: GameState, ship: Ship, hit: Hit, events: list[Event]
) -> tuple[GameState, list[Event]]:
    kit = kit_of(ship)
    if hit.harmless:
        return state, events
    if hit.eliminated:
        return _crew_dies(state, ship, events)
    room = MAX_STRAIN - kit.strain
    strain = min(room, hit.disabled)
    rest = hit.disabled - strain
    ship = with_kit(ship, replace(kit, strain=kit.strain + strain))
    state = state.with_ship(ship)
    if strain:
        events.append(Said(f"{ship.name}'s crew is strained: -{kit.strain + strain} strength"))
    if rest:
        if ship.disabled_for + rest >= MAX_STRAIN:
            return _crew_dies(state, ship, events)
        ship = replace(ship, disabled_for=ship.disabled_for + rest, disabled=True)
        state = state.with_ship(ship)
        events.append(Said(f"{ship.name} is disabled for {turns(ship.disabled_for)} by the strain"))
    return state, events


def _crew_dies(state: GameState, ship: Ship, events: list[Event]) -> tuple[GameState, list[Event]]:
    state = state.with_ship(replace(ship, status=ShipStatus.DESTROYED))
    return state, [*events, Said(f"{ship.name}'s crew dies of the juice: the ship is lost")]


def damage_ship(state: GameState, ship: Ship, hit: Hit, why: str) -> tuple[GameState, list[Event]]:
    """Standard damage: D# adds turns disabled, six or more (or an E) destroys."""
    if hit.harmless:
        return state, [Said(f"{ship.name}: no effect ({why})")]
    total = ship.disabled_for + hit.disabled
    if hit.eliminated or total >= MAX_STRAIN:
        state = state.with_ship(replace(ship, status=ShipStatus.DESTROYED))
        return state, [Said(f"{ship.name} is destroyed ({why}, {hit.text})")]
    state = state.with_ship(replace(ship, disabled_for=total, disabled=True))
    return state, [Said(f"{ship.name} is disabled for {turns(total)} ({why}, {hit.text})")]


def turns(n: int) -> str:
    """ "1 turn", "4 turns": the log reads as players write."""
    return f"{n} turn{'s' * (n != 1)}"
