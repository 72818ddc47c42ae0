"""Repair, fuel and supply, and the "?" counters' coming and going.

Repair takes one hit off per supply counter, one repair per repair step (one more per
admiral), with the squadron's own supply or a supply carried by another of its side in
the same hex. Fuel is free: a squadron that spends the whole day on a gas giant's or a
starport's hex fills up to its design jump factor (one fuel counter a jump hex). The seed
leaves resupply to be decided: our ruling (a switch) refills supply counters after a
whole day on a starport's hex. A "?" within an enemy's sensor range on a system board is
removed before each fire step; one on the jump board goes once an enemy counter is on
that system's board.
"""

from __future__ import annotations

from dataclasses import replace

from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.rules.squadrons import geography as geo
from core.rules.squadrons.commands import PlaceVeil, Repair
from core.rules.squadrons.damage import now, repaired
from core.rules.squadrons.events import Told, VeilRemoved
from core.rules.squadrons.movement import own_counter, side_of
from core.rules.squadrons.state import SquadronGame, Veil


class CannotRepair(IllegalCommand):
    """A repair without damage, without supply or past the step's allowance."""


def repair(state: SquadronGame, command: Repair) -> tuple[SquadronGame, list[Event]]:
    side = side_of(state, command.player)
    counter = own_counter(state, command.player, command.counter)
    if counter.hits <= 0:
        raise CannotRepair(f"{counter.name} has no damage to repair")
    done = dict(state.repaired).get(counter.id, 0)
    allowed = 1 + counter.admirals
    if done >= allowed:
        raise CannotRepair(f"{counter.name} has made its {allowed} repair(s) this step")
    source = counter
    if command.source and command.source != counter.id:
        source = own_counter(state, command.player, command.source)
        if source.place is None or source.place != counter.place:
            raise CannotRepair(f"{source.name} is not in the same hex as {counter.name}")
    if source.supply <= 0:
        raise CannotRepair(f"{source.name} carries no supply counter")
    after = state.with_counter(replace(source, supply=source.supply - 1))
    fixed = after.counter(counter.id)
    assert fixed is not None
    after = after.with_counter(repaired(fixed))
    tally = dict(state.repaired)
    tally[counter.id] = done + 1
    after = replace(after, repaired=tuple(sorted(tally.items())))
    return after, [Told(f"{counter.name} repairs one hit with {source.name}'s supply", side)]


def refuel_and_resupply(state: SquadronGame) -> tuple[SquadronGame, list[Event]]:
    """The day's free fuel and (switch) starport supply, for squadrons that stayed put."""
    world = state.world
    resupply = state.switch("starport_resupply")
    events: list[Event] = []
    counters = []
    for c in state.counters:
        if c.place is not None and c.stayed and not c.is_planet:
            system, hex_ = c.place.system, c.place.hex
            tank = c.design.factors.jump
            if c.fuel < tank and geo.fuel_source(world, system, hex_):
                c = replace(c, fuel=tank)
                events.append(Told(f"{c.name} takes on fuel ({tank})", c.side))
            if resupply and geo.starport(world, system, hex_):
                full = now(state, c).supply
                if c.supply < full:
                    c = replace(c, supply=full)
                    events.append(Told(f"{c.name} resupplies ({full})", c.side))
        counters.append(c)
    return replace(state, counters=tuple(counters)), events


def nullified(state: SquadronGame) -> list[Veil]:
    """The "?" counters enemy sensors reach now."""
    gone = []
    for v in state.veils:
        for c in state.on_board(state.enemy_of(v.side)):
            assert c.place is not None
            if c.place.system != v.system:
                continue
            if v.hex is None or c.place.hex.distance(v.hex) <= now(state, c).sensor:
                gone.append(v)
                break
    return gone


def remove_nullified(state: SquadronGame) -> tuple[SquadronGame, list[Event]]:
    gone = nullified(state)
    if not gone:
        return state, []
    events: list[Event] = [
        VeilRemoved(f'a "?" of {v.side} in {v.system} is within enemy sensors and removed', v.id)
        for v in gone
    ]
    return replace(state, veils=tuple(v for v in state.veils if v not in gone)), events


def place_veil(state: SquadronGame, command: PlaceVeil) -> tuple[SquadronGame, list[Event]]:
    side = side_of(state, command.player)
    if state.hand(side) <= 0:
        raise IllegalCommand('your side has no "?" counter left to place')
    world = state.world
    if command.system not in geo.system_names(world):
        raise IllegalCommand(f"there is no star system called {command.system!r}")
    if command.hex is not None and not geo.on_board(world, command.system, command.hex):
        raise IllegalCommand(f"that hex is off {command.system}'s board")
    after, veil_id = state.new_id("?")
    after = after.with_hand(side, state.hand(side) - 1)
    after = replace(after, veils=(*after.veils, Veil(veil_id, side, command.system, command.hex)))
    where = "on the jump board" if command.hex is None else "on its board"
    return after, [Told(f'a "?" placed in {command.system} {where}', side)]
