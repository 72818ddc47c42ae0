"""Damage to a ship in a battle, in the basic system (turns disabled, six or an E
destroys) or the advanced one (hits by location on the weapons, drives and structure
tracks), chosen for the whole battle (``TacticalTerms.advanced``).

Rulings for the advanced system: each hit puts one turn on every track its location
roll names; a structure track reaching 6 destroys the ship; a weapons or drives track at
6 is wrecked for the rest of the battle; a ship with weapon damage cannot fire or launch,
one with drive damage cannot manoeuvre (it drifts); the tracks count down by one at the
end of each of the owner's turns, as disabled turns do.
"""

from __future__ import annotations

from dataclasses import replace

from core.engine.events import Event
from core.rules.void.crew import kit_of, with_kit
from core.rules.void.said import Said
from core.rules.void.tables import Hit, tables_of
from core.rules.void.tactical.juice import MAX_STRAIN, damage_ship
from core.rules.void.tactical.terms import Log, terms, with_terms
from core.vector.state import GameState, Ship, ShipStatus

TRACKS = ("weapons", "drives", "structure")


def strike(
    state: GameState, ship: Ship, hit: Hit, hits: int, why: str
) -> tuple[GameState, list[Event]]:
    """Apply a result: ``hit`` in the basic system, ``hits`` in the advanced one."""
    if not terms(state).advanced:
        return damage_ship(state, ship, hit, why)
    if hits == 0:
        return state, [Said(f"{ship.name}: no hits ({why})")]
    tables = tables_of(state.rules).combat
    log = terms(state).log(ship.id)
    events: list[Event] = []
    dice = state.dice
    for _ in range(hits):
        dice, rolled = dice.roll(f"where the hit on {ship.name} lands")
        places = tables.locations[rolled.total - 1]
        events.append(rolled)
        for place in places:
            if place in TRACKS:
                log = replace(log, **{place: min(MAX_STRAIN, getattr(log, place) + 1)})
    state = with_terms(replace(state, dice=dice), terms(state).with_log(log))
    if log.structure >= MAX_STRAIN:
        state = state.with_ship(replace(ship, status=ShipStatus.DESTROYED))
        return state, [*events, Said(f"{ship.name} is destroyed: its structure fails ({why})")]
    state = state.with_ship(replace(ship, disabled=log.drives > 0 or kit_out(ship)))
    tracks = ", ".join(f"{t} {getattr(log, t)}" for t in TRACKS if getattr(log, t))
    return state, [*events, Said(f"{ship.name} is hit ({why}): {tracks}")]


def kit_out(ship: Ship) -> bool:
    """Whether the crew is out (a very-high-acceleration burn before the battle)."""
    return kit_of(ship).crew_out > 0


def weapons_down(state: GameState, ship: Ship) -> bool:
    """Whether the ship cannot fire or launch: disabled (basic) or weapon damage."""
    if terms(state).advanced:
        return terms(state).log(ship.id).weapons > 0 or kit_out(ship)
    return ship.disabled or kit_out(ship)


def count_down(state: GameState, ship: Ship) -> tuple[GameState, list[Event]]:
    """The owner's turn ends: a turn comes off the disabled count (or each damage track
    not wrecked) and off a crew's time out."""
    events: list[Event] = []
    out = kit_of(ship).crew_out
    if out:
        ship = with_kit(ship, replace(kit_of(ship), crew_out=out - 1))
        if out == 1:
            events.append(Said(f"{ship.name}'s crew is back at its stations"))
    log = terms(state).log(ship.id)
    if terms(state).advanced:
        log = Log(
            log.ship,
            log.velocity,
            log.accel,
            log.before,
            log.railguns,
            *(_down(getattr(log, t)) for t in TRACKS),
        )
        state = with_terms(state, terms(state).with_log(log))
        disabled = log.drives > 0
    else:
        left = max(0, ship.disabled_for - 1)
        if ship.disabled_for and not left:
            events.append(Said(f"{ship.name} is no longer disabled"))
        ship = replace(ship, disabled_for=left)
        disabled = left > 0
    ship = replace(ship, disabled=disabled or kit_out(ship))
    return state.with_ship(ship), events


def _down(turns: int) -> int:
    return turns if turns >= MAX_STRAIN else max(0, turns - 1)
