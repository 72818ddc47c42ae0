"""A ship's manifest: what sits on each mount point, and the damage each has taken.

The play aid's :class:`~core.rules.interplanetary.aid.playaid.Outfit` lists what a ship carries;
the manifest says *where*, mount point by mount point, because damage is placed on circles
(seed "Ship subsystems"): a module works while one of its circles is unchecked, and empty
mount points take damage as armour. The sheet of issue #7 draws this value and the engine's
damage allocation (:func:`allocate`) changes it.

Fuel is not here: the Fuel/Engine subsystem holds as many points as the ship has fuel,
so damage there is fuel lost (:class:`~core.vector.state.Ship.fuel`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from core.engine.errors import IllegalCommand
from core.engine.serial import register
from core.rules.interplanetary.aid.playaid import SLOTTED, Gun, Module, Outfit, PlayAid

#: hit locations that hold modules, by the manifest field that lists them
MOUNTS = {"gun_mounts": "guns", "launchers": "launchers", "systems": "systems"}


class OutfitError(IllegalCommand):
    """An outfit that cannot be placed on the ship's mounts; the message says why."""


class AllocationError(IllegalCommand):
    """Damage placed where the rules do not allow; the message says which circle and why."""


@register
@dataclass(frozen=True)
class Manifest:
    """Modules by mount point (None: empty) and checked damage circles by subsystem.

    ``guns`` has one entry per gun mount point: a gun that takes two mounts fills two
    consecutive entries. A spent or destroyed launched weapon leaves its slot empty.
    ``damage`` maps a subsystem's role to the circles checked on each of its mount points
    (one entry for Structure and the Reactor, which have no mounts).
    """

    guns: tuple[str | None, ...] = ()
    launchers: tuple[str | None, ...] = ()
    systems: tuple[str | None, ...] = ()
    single_use: tuple[str | None, ...] = ()
    damage: tuple[tuple[str, tuple[int, ...]], ...] = ()

    def mounts(self, role: str) -> tuple[str | None, ...]:
        if role not in MOUNTS:
            return ()
        value: tuple[str | None, ...] = getattr(self, MOUNTS[role])
        return value

    def damage_of(self, role: str) -> tuple[int, ...]:
        for r, circles in self.damage:
            if r == role:
                return circles
        return ()

    def checked(self, role: str, point: int = 0) -> int:
        circles = self.damage_of(role)
        return circles[point] if point < len(circles) else 0

    def total_damage(self) -> int:
        """Checked circles on the whole sheet (fuel lost not included)."""
        return sum(sum(c) for _, c in self.damage)

    def with_damage(self, role: str, point: int, checked: int) -> Manifest:
        circles = list(self.damage_of(role))
        circles.extend([0] * (point + 1 - len(circles)))
        circles[point] = checked
        rest = tuple((r, c) for r, c in self.damage if r != role)
        new = tuple(circles) if any(circles) else None
        damage = rest if new is None else (*rest, (role, new))
        return replace(self, damage=tuple(sorted(damage)))

    def with_mount(self, role: str, point: int, module: str | None) -> Manifest:
        mounts = list(self.mounts(role) if role != "single_use" else self.single_use)
        mounts[point] = module
        new = tuple(mounts)
        if role == "gun_mounts":
            return replace(self, guns=new)
        if role == "launchers":
            return replace(self, launchers=new)
        if role == "systems":
            return replace(self, systems=new)
        return replace(self, single_use=new)

    def outfit(self, aid: PlayAid) -> Outfit:
        """What the ship carries, as the play aid lists it (a two-mount gun once)."""
        return Outfit(
            guns=tuple(gun.id for gun, _ in gun_mount_points(aid, self)),
            launched=tuple(w for w in self.launchers if w is not None),
            systems=tuple(m for m in self.systems if m is not None),
            single_use=tuple(m for m in self.single_use if m is not None),
        )


def empty(aid: PlayAid) -> Manifest:
    """A bare hull: every mount point empty, no damage."""
    return Manifest(
        guns=(None,) * aid.subsystem("gun_mounts").slots,
        launchers=(None,) * aid.subsystem("launchers").slots,
        systems=(None,) * aid.subsystem("systems").slots,
        single_use=(None,) * aid.hull.single_use_slots,
    )


def fit(aid: PlayAid, outfit: Outfit) -> Manifest:
    """Place an outfit on a bare hull, filling mount points in order; raise OutfitError
    (with the play aid's reasons) when it does not fit."""
    problems = [m for f, m in aid.outfit_problems(outfit) if f != "budget"]
    problems = [m for m in problems if "not for sale" not in m]
    if problems:
        raise OutfitError("; ".join(problems))
    m = empty(aid)
    guns = list(m.guns)
    at = 0
    for gun_id in outfit.guns:
        for _ in range(aid.gun(gun_id).mounts):
            guns[at] = gun_id
            at += 1
    launchers = list(outfit.launched) + [None] * (len(m.launchers) - len(outfit.launched))
    systems = list(outfit.systems) + [None] * (len(m.systems) - len(outfit.systems))
    single = list(outfit.single_use) + [None] * (len(m.single_use) - len(outfit.single_use))
    return replace(
        m,
        guns=tuple(guns),
        launchers=tuple(launchers),
        systems=tuple(systems),
        single_use=tuple(single),
    )


def gun_mount_points(aid: PlayAid, m: Manifest) -> list[tuple[Gun, tuple[int, ...]]]:
    """Each gun with the mount points it fills, using the guns' own mount counts."""
    result: list[tuple[Gun, tuple[int, ...]]] = []
    at = 0
    while at < len(m.guns):
        gun_id = m.guns[at]
        if gun_id is None:
            at += 1
            continue
        gun = aid.gun(gun_id)
        points = tuple(range(at, min(at + gun.mounts, len(m.guns))))
        result.append((gun, points))
        at += max(1, len(points))
    return result


def capacity(aid: PlayAid, role: str, point: int = 0) -> int:
    """Circles on one mount point (or the whole subsystem, for Structure and Reactor)."""
    sub = aid.subsystem(role)
    if role in SLOTTED:
        return sub.slot_capacity
    return sub.capacity or 0


def room(aid: PlayAid, m: Manifest, role: str, fuel: Fraction = Fraction(0)) -> int:
    """Unchecked circles left in a subsystem; for Fuel/Engine, the whole fuel left."""
    if role == "fuel_engine":
        return int(fuel)
    sub = aid.subsystem(role)
    if role in SLOTTED:
        return sum(max(0, sub.slot_capacity - m.checked(role, i)) for i in range(sub.slots))
    return max(0, (sub.capacity or 0) - m.checked(role))


def working(aid: PlayAid, m: Manifest, role: str, points: tuple[int, ...]) -> bool:
    """A module works while at least one of its circles is unchecked."""
    return any(m.checked(role, p) < capacity(aid, role, p) for p in points)


def reactor_down(aid: PlayAid, m: Manifest) -> bool:
    return room(aid, m, "reactor") == 0


def working_guns(aid: PlayAid, m: Manifest) -> list[tuple[int, Gun]]:
    """Guns with a circle left, by their first mount point (power is the caller's part)."""
    return [
        (points[0], gun)
        for gun, points in gun_mount_points(aid, m)
        if working(aid, m, "gun_mounts", points)
    ]


def working_systems(aid: PlayAid, m: Manifest) -> list[Module]:
    """System modules with a circle left (power is the caller's part)."""
    return [
        aid.system(sys_id)
        for i, sys_id in enumerate(m.systems)
        if sys_id is not None and working(aid, m, "systems", (i,))
    ]


def describe_point(aid: PlayAid, m: Manifest, role: str, point: int) -> str:
    """A mount point in players' words: "Gun Mounts 1 (Artillery gun)"."""
    sub = aid.subsystem(role)
    if role not in MOUNTS:
        return sub.name
    module = m.mounts(role)[point]
    what = "empty" if module is None else _module_name(aid, role, module)
    return f"{sub.name} {point + 1} ({what})"


def _module_name(aid: PlayAid, role: str, module: str) -> str:
    if role == "gun_mounts":
        return aid.gun(module).name
    if role == "launchers":
        return aid.launched_weapon(module).name
    return aid.system(module).name


#: the order in which repairs mend, when nobody chooses: power first, then the hull
MEND_ORDER = ("reactor", "structure", "gun_mounts", "launchers", "systems")


def mend_one(
    m: Manifest, role: str | None = None, point: int | None = None
) -> tuple[Manifest, str | None]:
    """Uncheck one damage circle: on ``role`` (mount ``point``, else its first damaged
    one), or on the first damaged subsystem in :data:`MEND_ORDER`; the role mended, or
    None when there was nothing to mend there."""
    for r in (role,) if role is not None else MEND_ORDER:
        damage = m.damage_of(r)
        at = point if point is not None else next((i for i, d in enumerate(damage) if d), None)
        if at is not None and at < len(damage) and damage[at] > 0:
            return m.with_damage(r, at, damage[at] - 1), r
    return m, None
