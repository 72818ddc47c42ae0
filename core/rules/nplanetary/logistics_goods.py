"""Moving goods between two ends of a transfer: what each holds, where it goes, and the
room it needs (seed "Logistics"). Ore and water delivered to a base become supplies and
fuel one for one (the tables' ``becomes``).

A ship keeps fuel in its tank (``Ship.fuel``) beside the other liquids (water), within
its class's fuel, and everything else in its hold, by cargo size, within its class's
cargo. Rulings: a base or outpost has no limit to what it stores; only a base turns ore
and water into supplies and fuel (an outpost keeps them as they are).
"""

from __future__ import annotations

from dataclasses import replace

from core.rules.nplanetary.amounts import amount as amount_words
from core.rules.nplanetary.logistics_match import Deal
from core.rules.nplanetary.model import (
    Installation,
    cargo_used,
    find_installation,
    hold_of,
    tables_of,
    with_hold,
)
from core.vector.state import GameState, Ship

Thing = Ship | Installation


class Short(Exception):
    """A transfer the ends cannot make now: the message says why in players' words."""


def amount(thing: Thing, good: str) -> int:
    """How much of ``good`` the ship or installation holds (whole points)."""
    if isinstance(thing, Installation):
        return thing.amount(good)
    if good == "fuel":
        return int(thing.fuel)
    return hold_of(thing).amount(good)


def delivered(state: GameState, thing: Thing, good: str) -> str:
    """What ``good`` becomes when ``thing`` receives it: a base turns ore into supplies
    and water into fuel."""
    if isinstance(thing, Installation) and thing.kind == "base":
        found = tables_of(state).good(good)
        if found is not None and found.becomes:
            return found.becomes
    return good


def _add(thing: Thing, good: str, n: int) -> Thing:
    if isinstance(thing, Installation):
        return thing.with_amount(good, thing.amount(good) + n)
    if good == "fuel":
        return replace(thing, fuel=thing.fuel + n)
    hold = hold_of(thing)
    return with_hold(thing, hold.with_amount(good, hold.amount(good) + n))


def _room(state: GameState, ship: Ship) -> None:
    unit = state.rules.unit(ship.unit)
    dry, wet = cargo_used(state, hold_of(ship))
    cargo, tank = int(unit.cargo or 0), int(unit.fuel or 0)
    if dry > cargo:
        raise Short(f"{ship.name} has no room: {dry} points of cargo in a hold of {cargo}")
    if ship.fuel + wet > tank:
        total = ship.fuel + wet
        raise Short(f"{ship.name} has no room: {total} points of liquid in a tank of {tank}")


def carry_out(state: GameState, d: Deal) -> tuple[Thing, Thing, list[str]]:
    """Both ends after the deal, and what the receiving bases turned into what (in
    words); :class:`Short` when an end lacks the goods or the room."""
    ends = {d.first: thing(state, d.first), d.second: thing(state, d.second)}
    notes: list[str] = []
    for good, n in d.goods:
        giver, taker = (d.first, d.second) if n > 0 else (d.second, d.first)
        n = abs(n)
        have = amount(ends[giver], good)
        if have < n:
            raise Short(f"{ends[giver].name} has only {have} {good}")
        ends[giver] = _add(ends[giver], good, -n)
        becomes = delivered(state, ends[taker], good)
        if becomes != good:
            notes.append(
                f"{ends[taker].name} turns {amount_words(n, good)} into {amount_words(n, becomes)}"
            )
        ends[taker] = _add(ends[taker], becomes, n)
    for end in ends.values():
        if isinstance(end, Ship):
            _room(state, end)
    return ends[d.first], ends[d.second], notes


def thing(state: GameState, thing_id: str) -> Thing:
    """The ship or installation of that id (KeyError: neither)."""
    try:
        return state.ship(thing_id)
    except KeyError:
        pass
    inst = find_installation(state, thing_id)
    if inst is None:
        raise KeyError(thing_id)
    return inst
