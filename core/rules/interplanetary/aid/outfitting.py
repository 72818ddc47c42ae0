"""Outfitting a ship mount point by mount point: what may go where, and why not.

The manifest sheet (issue #7) puts modules on a
:class:`~core.rules.interplanetary.aid.manifest.Manifest` one mount point at a time. :func:`put`,
:func:`remove` and :func:`swap` change it and refuse, with
:class:`~core.rules.interplanetary.aid.manifest.OutfitError`, anything the play aid forbids, naming
the slot ("Gun Mounts 2: ..."); :func:`problems` lists what is wrong with a whole manifest (a
design file written by hand, or one checked against a new budget), slot by slot, then whatever the
play aid's own outfit check finds.

A gun that takes several mount points (the mass driver) fills consecutive points; put on
any of them, it starts where it fits, and removing any of its points removes it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from core.rules.interplanetary.aid.manifest import Manifest, OutfitError, gun_mount_points
from core.rules.interplanetary.aid.playaid import Gun, LaunchedWeapon, Module, PlayAid

#: the roles that hold modules, in the order the sheet walks them
ROLES = ("gun_mounts", "launchers", "systems", "single_use")
#: the catalogue's kinds (as :class:`~core.rules.interplanetary.aid.playaid.Outfit` names
#: them), by role
KIND_OF_ROLE = {
    "gun_mounts": "guns",
    "launchers": "launched",
    "systems": "systems",
    "single_use": "single_use",
}
_WHAT = {
    "guns": ("a gun", "on the Gun Mounts"),
    "launched": ("a launched weapon", "in the Launchers"),
    "systems": ("a system module", "on a Systems mount"),
    "single_use": ("a single-use module", "in a Single-use slot"),
}

Item = Gun | LaunchedWeapon | Module


@dataclass(frozen=True, order=True)
class Slot:
    """One mount point: ``role`` (a key of :data:`KIND_OF_ROLE`) and its index from 0."""

    role: str
    point: int


def slots(aid: PlayAid, m: Manifest) -> list[Slot]:
    """Every mount point of the manifest, in the sheet's order."""
    return [Slot(role, i) for role in ROLES for i in range(len(mounts_of(m, role)))]


def mounts_of(m: Manifest, role: str) -> tuple[str | None, ...]:
    return m.single_use if role == "single_use" else m.mounts(role)


def slot_name(aid: PlayAid, slot: Slot) -> str:
    """ "Gun Mounts 1", "Single-use 2"."""
    name = "Single-use" if slot.role == "single_use" else aid.subsystem(slot.role).name
    return f"{name} {slot.point + 1}"


def catalogue(aid: PlayAid, kind: str) -> tuple[Item, ...]:
    """The play aid's items of one kind (``guns``, ``launched``, ``systems``, ``single_use``)."""
    if kind == "guns":
        return aid.guns
    if kind == "launched":
        return aid.launched
    return aid.systems if kind == "systems" else aid.single_use


def find(aid: PlayAid, kind: str, id: str) -> Item | None:
    for item in catalogue(aid, kind):
        if item.id == id:
            return item
    return None


def item_at(aid: PlayAid, m: Manifest, slot: Slot) -> Item | None:
    """What sits on a mount point (None: empty, or an id the play aid does not know)."""
    module = mounts_of(m, slot.role)[slot.point]
    return None if module is None else find(aid, KIND_OF_ROLE[slot.role], module)


def points_of(aid: PlayAid, m: Manifest, slot: Slot) -> tuple[int, ...]:
    """The mount points the module on ``slot`` fills (two for a mass driver)."""
    if slot.role == "gun_mounts":
        for _gun, points in _gun_groups(aid, m):
            if slot.point in points:
                return points
    return (slot.point,)


def cost(aid: PlayAid, m: Manifest) -> int:
    """Ship points for what the manifest carries (unknown ids cost nothing)."""
    total = 0
    for slot in slots(aid, m):
        item = item_at(aid, m, slot)
        if item is not None and points_of(aid, m, slot)[0] == slot.point:
            total += item.cost or 0
    return total


def put(aid: PlayAid, m: Manifest, slot: Slot, module: str, budget: int | None = None) -> Manifest:
    """``module`` on ``slot`` (replacing what is there); OutfitError says why it may not go."""
    where = slot_name(aid, slot)
    kind = KIND_OF_ROLE[slot.role]
    item = find(aid, kind, module)
    if item is None:
        raise OutfitError(f"{where}: {_wrong_kind(aid, kind, module)}")
    new = _placed(aid, m, slot, item)
    fresh = [text for s, text in problems(aid, new) if (s, text) not in problems(aid, m)]
    if fresh:
        raise OutfitError(fresh[0] if fresh[0].startswith(where) else f"{where}: {fresh[0]}")
    before, after = cost(aid, m), cost(aid, new)
    if budget is not None and after > budget and after > before:
        left = budget - (after - (item.cost or 0))
        raise OutfitError(
            f"{where}: {item.name} costs {_points(item.cost or 0)}, and only {max(left, 0)} "
            f"{'is' if left == 1 else 'are'} left of the budget of {budget}"
        )
    return new


def remove(aid: PlayAid, m: Manifest, slot: Slot) -> Manifest:
    """The manifest with ``slot`` emptied (every point of a two-mount gun)."""
    for p in points_of(aid, m, slot):
        m = m.with_mount(slot.role, p, None)
    return m


def swap(aid: PlayAid, m: Manifest, a: Slot, b: Slot, budget: int | None = None) -> Manifest:
    """Exchange what two mount points of the same subsystem hold."""
    if a.role != b.role:
        raise OutfitError(
            f"{slot_name(aid, b)}: only modules of the same subsystem can change places "
            f"(this one is on {slot_name(aid, a)})"
        )
    if a == b or set(points_of(aid, m, a)) & set(points_of(aid, m, b)):
        return m
    first, second = item_at(aid, m, a), item_at(aid, m, b)
    new = remove(aid, remove(aid, m, a), b)
    for item, target in ((first, b), (second, a)):
        if item is not None:
            new = put(aid, new, target, item.id, budget)
    return new


def problems(aid: PlayAid, m: Manifest, budget: int | None = None) -> list[tuple[Slot | None, str]]:
    """Everything the play aid forbids in a manifest: by slot where there is one, then the
    outfit check's own findings (counts, budget) with no slot."""
    found: list[tuple[Slot | None, str]] = []
    expected = {
        "gun_mounts": aid.subsystem("gun_mounts").slots,
        "launchers": aid.subsystem("launchers").slots,
        "systems": aid.subsystem("systems").slots,
        "single_use": aid.hull.single_use_slots,
    }
    for role in ROLES:
        if len(mounts_of(m, role)) != expected[role]:
            name = "Single-use" if role == "single_use" else aid.subsystem(role).name
            found.append((None, f"{name}: a ship has {expected[role]} mount points here"))
    if found:
        return found
    for slot in slots(aid, m):
        module = mounts_of(m, slot.role)[slot.point]
        kind = KIND_OF_ROLE[slot.role]
        if module is not None and find(aid, kind, module) is None:
            found.append((slot, f"{slot_name(aid, slot)}: {_wrong_kind(aid, kind, module)}"))
    if found:
        return found
    for gun, points in _gun_groups(aid, m):
        if len(points) < gun.mounts:
            first = Slot("gun_mounts", points[0])
            found.append(
                (
                    first,
                    f"{slot_name(aid, first)}: {gun.name} needs {gun.mounts} gun mount points "
                    f"side by side, and has {len(points)}",
                )
            )
    counts: Counter[str] = Counter()
    for i, module in enumerate(m.launchers):
        if module is None:
            continue
        weapon = aid.launched_weapon(module)
        counts[weapon.id] += 1
        if weapon.max_carried is not None and counts[weapon.id] > weapon.max_carried:
            slot = Slot("launchers", i)
            most = f"a ship carries {weapon.max_carried} {weapon.name} at most"
            found.append((slot, f"{slot_name(aid, slot)}: {most}"))
    for slot in slots(aid, m):
        item = item_at(aid, m, slot)
        if item is not None and item.cost is None:
            found.append(
                (
                    slot,
                    f"{slot_name(aid, slot)}: {item.name} is not for sale; a scenario hands it out",
                )
            )
    if found:
        return found
    listed = {text for _, text in found}
    for _, text in aid.outfit_problems(m.outfit(aid), budget):
        if text not in listed:
            found.append((None, text[0].upper() + text[1:]))
    return found


def advice(aid: PlayAid, m: Manifest) -> list[tuple[Slot, str]]:
    """Legal but pointless: a second copy of a system module, which works no better."""
    seen: set[str] = set()
    notes: list[tuple[Slot, str]] = []
    for i, module in enumerate(m.systems):
        if module is None:
            continue
        if module in seen:
            slot = Slot("systems", i)
            name = aid.system(module).name
            notes.append(
                (slot, f"{slot_name(aid, slot)}: a second {name} works no better than one")
            )
        seen.add(module)
    return notes


def _placed(aid: PlayAid, m: Manifest, slot: Slot, item: Item) -> Manifest:
    if not isinstance(item, Gun) or item.mounts == 1:
        m = remove(aid, m, slot)
        return m.with_mount(slot.role, slot.point, item.id)
    count = len(m.guns)
    if item.mounts > count:
        raise OutfitError(
            f"{slot_name(aid, slot)}: {item.name} needs {item.mounts} gun mount points, "
            f"and a ship has {count}"
        )
    start = min(slot.point, count - item.mounts)
    for p in range(start, start + item.mounts):
        m = remove(aid, m, Slot("gun_mounts", p))
    for p in range(start, start + item.mounts):
        m = m.with_mount("gun_mounts", p, item.id)
    return m


def _gun_groups(aid: PlayAid, m: Manifest) -> list[tuple[Gun, tuple[int, ...]]]:
    """Each gun with the points it really fills: consecutive points holding its id, at
    most its mount count (``gun_mount_points`` trusts the count alone)."""
    groups: list[tuple[Gun, tuple[int, ...]]] = []
    for gun, points in gun_mount_points(aid, m):
        held = tuple(p for p in points if m.guns[p] == gun.id)
        run = tuple(p for i, p in enumerate(held) if p == held[0] + i)
        groups.append((gun, run))
        # points of the group that hold something else start groups of their own
        for p in points:
            if p not in run and m.guns[p] is not None:
                other = find(aid, "guns", str(m.guns[p]))
                if isinstance(other, Gun):
                    groups.append((other, (p,)))
    return groups


def _wrong_kind(aid: PlayAid, kind: str, module: str) -> str:
    what, _ = _WHAT[kind]
    for other in KIND_OF_ROLE.values():
        item = find(aid, other, module)
        if other != kind and item is not None:
            its, its_place = _WHAT[other]
            return f"this takes {what}, and {item.name} is {its} (it goes {its_place})"
    known = ", ".join(i.id for i in catalogue(aid, kind)) or "none"
    return f"there is no such {what[2:]} as {module!r} (known: {known})"


def _points(n: int) -> str:
    return f"{n} ship point{'' if n == 1 else 's'}"
