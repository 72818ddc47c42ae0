"""Placing a hit's damage on the manifest (seed "Ship subsystems").

A hit names a subsystem and a number of points; the *defender* places them on that
subsystem's circles, modules and empty mounts alike, and only what the subsystem cannot
hold goes on to Structure. Damage to Fuel/Engine is fuel lost. A single-use module may be
given up to absorb one point. When Structure is full the ship is destroyed.

:class:`Allocation` is the defender's choice, carried by the engine's allocation command;
:func:`default_allocation` is the choice offered to them (and used when nobody chooses);
:func:`place` checks a choice and carries it out.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.engine.serial import register
from core.engine.words import plural
from core.rules.interplanetary.aid.manifest import (
    AllocationError,
    Manifest,
    capacity,
    describe_point,
    room,
)
from core.rules.interplanetary.aid.playaid import SLOTTED, PlayAid


@register
@dataclass(frozen=True)
class Placement:
    """``points`` circles checked on mount point ``point`` of subsystem ``role``."""

    role: str
    point: int
    points: int


@register
@dataclass(frozen=True)
class Allocation:
    """Where the defender puts one hit's damage: circles to check, and the single-use
    slots (by index) given up, one point each."""

    placements: tuple[Placement, ...] = ()
    sacrifice: tuple[int, ...] = ()


@dataclass(frozen=True)
class Placed:
    """What a hit did: the new manifest, fuel left, and what happened, in players' words."""

    manifest: Manifest
    fuel: Fraction
    to_structure: int
    destroyed: bool
    lines: tuple[str, ...]


def default_allocation(aid: PlayAid, m: Manifest, role: str, amount: int) -> Allocation:
    """The choice offered to the defender: fill empty mount points first (armour), then
    modules already out of action, then the cheapest modules, each point filled before
    the next so that as many modules as possible keep working. No single-use module is
    given up unasked."""
    if role not in SLOTTED:
        return Allocation()
    mounts = m.mounts(role)
    order = sorted(range(len(mounts)), key=lambda i: _keep_value(aid, m, role, i))
    placements: list[Placement] = []
    left = amount
    for i in order:
        free = capacity(aid, role, i) - m.checked(role, i)
        take = min(free, left)
        if take > 0:
            placements.append(Placement(role, i, take))
            left -= take
        if left == 0:
            break
    return Allocation(tuple(placements))


def _keep_value(aid: PlayAid, m: Manifest, role: str, point: int) -> tuple[int, int, int]:
    module = m.mounts(role)[point]
    if module is None:
        return (0, 0, point)
    if m.checked(role, point) >= capacity(aid, role, point):
        return (1, 0, point)
    cost = {
        "gun_mounts": lambda: aid.gun(module).cost,
        "launchers": lambda: aid.launched_weapon(module).cost or 0,
        "systems": lambda: aid.system(module).cost,
    }[role]()
    return (2, cost, point)


def place(
    aid: PlayAid,
    m: Manifest,
    fuel: Fraction,
    role: str,
    amount: int,
    allocation: Allocation,
    *,
    ship: str = "the ship",
) -> Placed:
    """Carry out the defender's allocation of one hit of ``amount`` points on ``role``;
    raise AllocationError saying why a choice breaks the rules."""
    sub = aid.subsystem(role)
    lines: list[str] = []
    sacrifice = allocation.sacrifice
    if len(set(sacrifice)) != len(sacrifice):
        raise AllocationError("a single-use module can be given up only once")
    if len(sacrifice) > amount:
        raise AllocationError(
            f"the hit does {plural(amount, 'point')}: give up {plural(amount, 'module')} at most"
        )
    for slot in sacrifice:
        if not 0 <= slot < len(m.single_use) or m.single_use[slot] is None:
            raise AllocationError(f"single-use slot {slot + 1} holds no module to give up")
        name = aid.single_use_module(str(m.single_use[slot])).name
        lines.append(f"{ship} gives up its {name} to absorb 1 point")
        m = m.with_mount("single_use", slot, None)
    left = amount - len(sacrifice)
    overflow = 0
    if role == "structure" or left == 0:
        if allocation.placements and left == 0:
            raise AllocationError("nothing is left to place once the modules are given up")
        overflow = left
    elif role == "fuel_engine":
        lost = min(left, int(fuel))
        overflow = left - lost
        fuel -= lost
        lines.append(f"{ship} loses {lost} fuel from damaged tanks")
    elif role not in SLOTTED:
        taken = min(left, room(aid, m, role))
        overflow = left - taken
        m = m.with_damage(role, 0, m.checked(role) + taken)
        out = "" if room(aid, m, role) else " and is out of action"
        lines.append(f"{sub.name} takes {taken}{out}")
    else:
        m, overflow, more = _place_on_mounts(aid, m, role, left, allocation, ship)
        lines.extend(more)
    destroyed = False
    if overflow:
        taken = min(overflow, room(aid, m, "structure"))
        m = m.with_damage("structure", 0, m.checked("structure") + taken)
        destroyed = room(aid, m, "structure") == 0
        where = "Structure takes"
        if role != "structure":  # "Launchers can take no more": a name that reads plural
            where = f"{sub.name} can take no more: Structure takes"
        lines.append(f"{where} {overflow}" + (f": {ship} is destroyed" if destroyed else ""))
    return Placed(m, fuel, overflow, destroyed, tuple(lines))


def _place_on_mounts(
    aid: PlayAid, m: Manifest, role: str, amount: int, allocation: Allocation, ship: str
) -> tuple[Manifest, int, list[str]]:
    sub = aid.subsystem(role)
    must = min(amount, room(aid, m, role))
    placed = 0
    lines: list[str] = []
    for p in allocation.placements:
        if p.role != role:
            raise AllocationError(f"this hit is on {sub.name}: damage cannot go on {p.role}")
        if not 0 <= p.point < len(m.mounts(role)):
            raise AllocationError(f"{sub.name} has no mount point {p.point + 1}")
        if p.points < 1:
            raise AllocationError("place at least one point on each mount point named")
        where = describe_point(aid, m, role, p.point)
        free = capacity(aid, role, p.point) - m.checked(role, p.point)
        if p.points > free:
            circles = "circle" if free == 1 else "circles"
            raise AllocationError(f"{where} has {free} {circles} left, not {p.points}")
        m = m.with_damage(role, p.point, m.checked(role, p.point) + p.points)
        placed += p.points
        broken = m.checked(role, p.point) >= capacity(aid, role, p.point)
        lines.append(f"{where} takes {p.points}" + (" and is out of action" if broken else ""))
        if broken and role == "launchers" and m.launchers[p.point] is not None:
            m = m.with_mount(role, p.point, None)  # the round in it is lost with the slot
    if placed > amount:
        raise AllocationError(f"the hit does {plural(amount, 'point')}, and {placed} were placed")
    if placed < must:
        raise AllocationError(
            f"{sub.name} can still take {must - placed} more of this hit's "
            f"{plural(amount, 'point')}: "
            "damage goes on to Structure only when the subsystem is full"
        )
    return m, amount - placed, lines
