"""System modules in play (play aid "System modules"): when a system works, and what it
does for the rules that ask.

A system works while one of its circles is unchecked and it has power: the Reactor up,
or a battery pack still holding. A disabled ship's Reactor is offline (seed "The attack
roll"), so its systems stop while it is disabled, except the capacitors, which are there
to bridge exactly that. Two of the same system do no more than one.

The other rules modules ask here instead of reading the manifest: the guns (may they
fire, fire back?), flak, the placement of a hit (the Armour AI's point, a spin booster's
spread) and the detector range; the turn hooks run the Repair AI, the battery and the
fuel scoop.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from core.board.hexgrid import Hex
from core.board.tracer import trace
from core.engine.errors import IllegalCommand
from core.engine.events import Event, event
from core.rules.interplanetary.aid.carried import aid_of, manifest_of, manifest_or_empty
from core.rules.interplanetary.aid.damage import (
    Allocation,
    Placed,
    Placement,
    default_allocation,
    place,
)
from core.rules.interplanetary.aid.manifest import (
    AllocationError,
    capacity,
    mend_one,
    reactor_down,
    working_systems,
)
from core.rules.interplanetary.aid.playaid import SLOTTED, Module
from core.vector.astrogation import movers
from core.vector.state import GameState, Ship, ShipStatus

#: systems that work while the ship is disabled: they exist to bridge it
BRIDGES = ("capacitors", "large_capacitors")
#: the hit locations whose hits an Armour AI may move a point of
ARMOURED = ("structure", "reactor")


@event
class SystemAction(Event):
    """A system module did something: ``effect`` is its play-aid effect key."""

    ship: str
    effect: str


def reactor_up(state: GameState, ship: Ship) -> bool:
    aid = aid_of(state.rules)
    return aid is None or not reactor_down(aid, manifest_or_empty(aid, ship))


def _carried(state: GameState, ship: Ship, effect: str) -> Module | None:
    """The first system with ``effect`` that still has a circle, powered or not."""
    aid = aid_of(state.rules)
    m = manifest_of(ship)
    if aid is None or m is None:
        return None
    return next((s for s in working_systems(aid, m) if s.effect == effect), None)


def on_battery(state: GameState, ship: Ship) -> bool:
    """Reactor down, and a working battery pack still holding."""
    pack = _carried(state, ship, "battery")
    if pack is None or reactor_up(state, ship):
        return False
    return ship.battery_rounds < (pack.amount or 0)


def powered(state: GameState, ship: Ship) -> bool:
    """Whether guns and systems have power: the Reactor, or the battery pack."""
    return reactor_up(state, ship) or on_battery(state, ship)


def system(state: GameState, ship: Ship, effect: str) -> Module | None:
    """The system with ``effect`` if it works now, else None: not carried, destroyed,
    without power, or offline while the ship is disabled."""
    module = _carried(state, ship, effect)
    if module is None or not module.needs_reactor:
        return module
    if not powered(state, ship):
        return None
    if ship.disabled and effect not in BRIDGES:
        return None
    return module


def _bridging(state: GameState, ship: Ship, effect: str) -> bool:
    """Whether a capacitor of ``effect`` covers this round: the round the ship was
    disabled counts as the first."""
    module = system(state, ship, effect)
    return module is not None and state.round < ship.disabled_round + (module.amount or 0)


def gun_block(state: GameState, ship: Ship, *, answering: bool = False) -> str | None:
    """Why the ship's guns cannot work now (disabled, no power), or None. Large
    capacitors keep them working for their rounds once disabled; capacitors only for
    firing back (``answering``)."""
    if ship.disabled:
        bridged = _bridging(state, ship, "large_capacitors") or (
            answering and _bridging(state, ship, "capacitors")
        )
        if not bridged:
            return f"{ship.name} is disabled"
    if not powered(state, ship):
        flat = " and its battery is flat" if _carried(state, ship, "battery") else ""
        return f"{ship.name}'s Reactor is down{flat}"
    return None


def detector_range(state: GameState, ship: Ship) -> int:
    """How near an enemy must come for this ship to see its manifest (fog of war):
    the hull's range, or a working long-range sensor's."""
    aid = aid_of(state.rules)
    if aid is None:
        return 0
    sensors = system(state, ship, "sensors")
    return sensors.amount or 0 if sensors is not None else aid.hull.detector_range


# ---- placing a hit: the Armour AI's point and a spin booster's spread ----


def movable(state: GameState, ship: Ship, role: str, amount: int, *, spread: bool) -> int:
    """How many of a hit's points the defender may place outside the subsystem hit:
    all of them after a spin booster, a working Armour AI's amount on Structure or the
    Reactor, else none."""
    if spread:
        return amount
    armour = system(state, ship, "armour") if role in ARMOURED else None
    return min(amount, armour.amount or 0) if armour is not None else 0


def place_hit(
    state: GameState, ship: Ship, role: str, amount: int, allocation: Allocation, *, spread: bool
) -> Placed:
    """Place one hit of ``amount`` points on ``role`` as the defender chose, where
    placements on other subsystems are the points moved by an Armour AI or spread by a
    spin booster; each part is placed by the ordinary rules (fill before Structure)."""
    aid = aid_of(state.rules)
    if aid is None:
        raise IllegalCommand(f"{state.rules.name} has no ship manifests")
    m = manifest_or_empty(aid, ship)
    home = tuple(p for p in allocation.placements if p.role == role)
    away = [p for p in allocation.placements if p.role != role]
    moved = sum(p.points for p in away)
    limit = movable(state, ship, role, amount, spread=spread)
    if moved > limit:
        sub = aid.subsystem(role).name
        if not limit:
            there = aid.subsystem(away[0].role).name
            raise AllocationError(
                f"this hit is on {sub}: damage cannot go on {there} (only a spin booster, or "
                "a working Armour AI on a hit to Structure or the Reactor, moves points)"
            )
        raise AllocationError(f"{limit} of this hit's points may go elsewhere, not {moved}")
    placed = place(
        aid,
        m,
        ship.fuel,
        role,
        amount - moved,
        Allocation(home, allocation.sacrifice),
        ship=ship.name,
    )
    lines = list(placed.lines)
    if moved and not spread:
        lines.insert(0, f"{ship.name}'s Armour AI moves {moved} point of the hit elsewhere")
    for other in dict.fromkeys(p.role for p in away):
        if placed.destroyed:
            break
        part = tuple(p for p in away if p.role == other)
        points = sum(p.points for p in part)
        mine = Allocation(part if other in SLOTTED else ())
        more = place(aid, placed.manifest, placed.fuel, other, points, mine, ship=ship.name)
        lines.extend(more.lines)
        placed = Placed(
            more.manifest,
            more.fuel,
            placed.to_structure + more.to_structure,
            more.destroyed,
            (),
        )
    return replace(placed, lines=tuple(lines))


def suggest(state: GameState, ship: Ship, role: str, amount: int, *, spread: bool) -> Allocation:
    """The placement offered to the defender: the ordinary suggestion, with the points
    that may go elsewhere put on empty mount points (armour) where there are any."""
    aid = aid_of(state.rules)
    if aid is None:
        return Allocation()
    m = manifest_or_empty(aid, ship)
    free = movable(state, ship, role, amount, spread=spread)
    away: list[Placement] = []
    for other in SLOTTED:
        if other == role:
            continue
        for i, module in enumerate(m.mounts(other)):
            room = capacity(aid, other, i) - m.checked(other, i)
            take = min(room, free - sum(p.points for p in away))
            if module is None and take > 0:
                away.append(Placement(other, i, take))
    moved = sum(p.points for p in away)
    home = default_allocation(aid, m, role, amount - moved)
    return Allocation((*home.placements, *away))


# ---- the turn hooks ----


def scoop(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """A working fuel scoop refuels a d6, up to the tank, on a course that was inside or
    on the edge of the hex of a body it works at (clear of the body itself, or the ship
    would have crashed). Only the ships that have just moved are asked: a ship the
    scenario moves last skims when it moves, not in its owner's movement."""
    events: list[Event] = []
    for ship_id in movers(state, player):  # the same ships the movement just moved
        ship = state.ship(ship_id)
        if ship.status is not ShipStatus.ACTIVE:
            continue
        module = system(state, ship, "fuel_scoop")
        v = ship.motion.velocity
        if module is None or not (v.q or v.r):
            continue
        end = ship.motion.position
        touched = set(trace(Hex(end.q - v.q, end.r - v.r), end).touched())
        near = [
            b.name
            for b in state.starmap.bodies
            if b.name in module.only_at and touched & set(b.hexes())
        ]
        tank = state.rules.unit(ship.unit).fuel
        if not near or ship.fuel >= tank:
            continue
        dice, rolled = state.dice.roll(f"{ship.name}'s {module.name} at {near[0]}")
        gained = min(Fraction(rolled.total), tank - ship.fuel)
        state = replace(state, dice=dice).with_ship(replace(ship, fuel=ship.fuel + gained))
        text = f"{ship.name}'s {module.name} skims {near[0]}: {gained} fuel (rolled {rolled.total})"
        events.extend((rolled, SystemAction(text, ship.id, "fuel_scoop")))
    return state, events


def self_repair(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """A working Repair AI counts the owner's turns that end with damage on the sheet
    and mends a point on every ``amount``-th (Reactor first; never fuel)."""
    aid = aid_of(state.rules)
    events: list[Event] = []
    if aid is None:
        return state, events
    for ship in state.ships:
        if (player is not None and ship.owner != player) or not ship.in_play:
            continue
        m = manifest_of(ship)
        if m is None or not m.total_damage():
            if ship.repair_turns:
                state = state.with_ship(replace(ship, repair_turns=0))
            continue
        module = system(state, ship, "repair")
        if module is None:
            continue  # the count waits while the AI is down
        turns = ship.repair_turns + 1
        if turns >= (module.amount or 1):
            m, role = mend_one(m)
            turns = 0
            if role is not None:
                where = aid.subsystem(role).name
                text = f"{ship.name}'s {module.name} mends 1 point of {where}"
                events.append(SystemAction(text, ship.id, "repair"))
        state = state.with_ship(replace(ship, manifest=m, repair_turns=turns))
    return state, events


def battery(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """A battery pack runs down a round at a time while the Reactor is down, and is full
    again as soon as the Reactor works."""
    events: list[Event] = []
    for ship in state.ships:
        pack = _carried(state, ship, "battery")
        if not ship.in_play or pack is None:
            continue
        if reactor_up(state, ship):
            if ship.battery_rounds:
                state = state.with_ship(replace(ship, battery_rounds=0))
            continue
        if ship.battery_rounds >= (pack.amount or 0):
            continue
        used = ship.battery_rounds + 1
        state = state.with_ship(replace(ship, battery_rounds=used))
        left = (pack.amount or 0) - used
        text = (
            f"{ship.name} runs on its {pack.name}: {left} more round{'s' if left != 1 else ''}"
            if left
            else f"{ship.name}'s {pack.name} is flat: its guns and systems stop"
        )
        events.append(SystemAction(text, ship.id, "battery"))
    return state, events
