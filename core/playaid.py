"""The play aid: Interplanetary's game-aid card as data, read from a ruleset file and
checked when it is loaded.

The seed plays from a card it refers to but does not include: the attack tables with
their Asteroid column, the six hit locations of the ship manifest, the guns, launched
weapons, system and single-use modules, and their prices in ship points. Ecliptic designs
its own (``docs/rules/interplanetary-play-aid.md``) and keeps it as data so groups can
change the numbers. The engine reads what things do by stable keys (the subsystem roles,
:data:`BEHAVIOURS`, :data:`EFFECTS`, the gun fields), never by the names players see.

A ruleset without these tables has no play aid (``Ruleset.play_aid is None``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from core.errors import UnknownName
from core.problems import Problem
from core.serial import register

#: the id of the attack table a ship crossing asteroids too fast rolls on
ASTEROID_TABLE = "asteroid"

#: the six subsystems of the manifest, by the key the engine uses, with what each holds
SUBSYSTEM_ROLES: dict[str, str] = {
    "structure": "the hull itself; takes what other subsystems cannot; none left, no ship",
    "gun_mounts": "the guns, one or more mount points each",
    "launchers": "the launched weapons, one slot each",
    "fuel_engine": "the tanks: as many points as fuel is left, and damage here is fuel lost",
    "reactor": "power for the guns and systems",
    "systems": "the system modules",
}
#: subsystems made of mount points, whose capacity is slots x slot_capacity
SLOTTED = ("gun_mounts", "launchers", "systems")

#: what a launched weapon does, by its ``behaviour``
BEHAVIOURS: dict[str, str] = {
    "missile": (
        "guided: may attack a target whose hex the tip of its vector reaches, or that stops "
        "in its hex; the owner chooses, and the missile is spent either way"
    ),
    "mine": (
        "attacks everything whose course meets its vector, its own ship included; "
        "never spent, gone when its lifetime is over"
    ),
    "buckyball": "attacks like a mine, but is spent by any attack that does not miss",
    "buster": "harms bases only: a d6 below the relative velocity destroys the base",
}


@dataclass(frozen=True)
class Effect:
    """What a system or single-use module's ``effect`` key means, and what it takes."""

    kind: Literal["system", "single_use"]
    meaning: str
    #: what ``amount`` stands for; None: the effect takes no amount
    amount: str | None = None
    #: which list of bodies the effect reads: where it works, or where it does not
    places: Literal["only_at", "not_at"] | None = None


#: the effects the engine knows. Add new ones here and in docs/formats/ruleset.md.
EFFECTS: dict[str, Effect] = {
    "repair": Effect(
        "system",
        "mends one point of damage (never fuel) every `amount` turns, counted from the first",
        "turns between repairs",
    ),
    "armour": Effect(
        "system",
        "when Structure or the Reactor is hit, moves `amount` points of it to another subsystem",
        "points moved",
    ),
    "fuel_scoop": Effect(
        "system",
        "crossing the hex of a body listed in only_at refuels a d6 at once, up to the tank",
        places="only_at",
    ),
    "capacitors": Effect(
        "system",
        "once disabled, the guns may still retaliate for `amount` rounds, that attack included",
        "rounds",
    ),
    "large_capacitors": Effect(
        "system", "once disabled, the weapons keep working normally for `amount` rounds", "rounds"
    ),
    "battery": Effect(
        "system",
        "with the Reactor down, guns and systems keep working `amount` rounds; a working "
        "Reactor recharges it",
        "rounds",
    ),
    "sensors": Effect(
        "system", "fog of war: the ship's detector range becomes `amount` hexes", "hexes"
    ),
    "thrust": Effect(
        "single_use", "adds `amount` hexes to this turn's burn without using fuel", "hexes"
    ),
    "spin": Effect(
        "single_use",
        "after the hit location is rolled, the owner spreads that hit over any subsystems",
    ),
    "evasive": Effect(
        "single_use", "this turn, asteroid hexes are safe up to speed `amount`", "speed"
    ),
    "randomizer": Effect(
        "single_use", "declared before an enemy gun's attack roll: a d6 comes off that roll"
    ),
    "aerobrake": Effect(
        "single_use",
        "`amount` free hexes of thrust for a move that leaves the ship in orbit next turn; "
        "not at bodies in not_at, not to reach an asteroid base",
        "hexes",
        "not_at",
    ),
    "reentry": Effect(
        "single_use",
        "at speed `amount` or less, a course into a body not in not_at lands instead of crashing",
        "speed",
        "not_at",
    ),
    "patch": Effect(
        "single_use",
        "mends `amount` points of damage in one subsystem at once, never fuel",
        "points",
    ),
}

_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_ID_HINT = "use lower-case letters, digits, '-' and '_', starting with a letter or digit"
_RESULT = re.compile(r"^(?:-|D|([1-9]?)H(D?))$")
T = TypeVar("T", bound="_Named")


# ---- the values ----


@register
@dataclass(frozen=True)
class AttackResult:
    """One cell of an attack table: how many hits (each rolls a location, then its
    damage) and whether the target is disabled. Neither is a miss."""

    hits: int = 0
    disabled: bool = False

    @property
    def miss(self) -> bool:
        return not self.hits and not self.disabled

    @property
    def code(self) -> str:
        """As printed on the card: ``-``, ``D``, ``H``, ``HD``, ``2H``, ``2HD``."""
        if self.miss:
            return "-"
        hits = "" if not self.hits else ("H" if self.hits == 1 else f"{self.hits}H")
        return hits + ("D" if self.disabled else "")

    @classmethod
    def parse(cls, code: str) -> AttackResult | None:
        found = _RESULT.match(code)
        if found is None:
            return None
        if code in ("-", "D"):
            return cls(0, code == "D")
        return cls(int(found.group(1) or 1), found.group(2) == "D")


@register
@dataclass(frozen=True)
class AttackTable:
    """One column of the card's attack table: a result for each modified total."""

    id: str
    name: str
    #: ``d6``: each hit does a die of damage; ``relative_velocity``: as many points as the
    #: relative velocity of weapon and target, at least 1 (buckyballs)
    damage: Literal["d6", "relative_velocity"]
    #: the total of the first result; the rest follow one by one
    first_roll: int
    results: tuple[AttackResult, ...]
    note: str = ""

    def result(self, total: int) -> AttackResult:
        """The result for a modified total: below the first row reads the first, above the
        last reads the last."""
        index = min(max(total - self.first_roll, 0), len(self.results) - 1)
        return self.results[index]


@register
@dataclass(frozen=True)
class Subsystem:
    """One hit location of the manifest. Its circles fill with damage; what it cannot
    take goes to Structure."""

    role: str
    #: the d6 roll that hits it
    location: int
    name: str
    #: points of damage it takes; None for Fuel/Engine, which takes the fuel left
    capacity: int | None
    #: mount points for modules, and the damage each takes (0: it holds no modules)
    slots: int = 0
    slot_capacity: int = 0


@register
@dataclass(frozen=True)
class Hull:
    """What every ship has before it is outfitted."""

    single_use_slots: int
    #: fog of war: how near an enemy ship or base must come to see the manifest
    detector_range: int
    #: how many of its own turns a disabled ship stays disabled
    disabled_turns: int


@register
@dataclass(frozen=True)
class Prices:
    """What bases charge, in ship points, besides the modules' own costs."""

    #: one ship point buys this much fuel (a part of a point is paid as a whole point)
    fuel_per_point: int
    #: at a refit, the module taken out pays towards the one put in (no change given)
    refit_trade_in: bool = True


@register
@dataclass(frozen=True)
class Gun:
    """A gun: fires in the gun phase, never runs out."""

    id: str
    name: str
    cost: int
    #: gun mount points it takes
    mounts: int
    #: its attack table; None for a purely defensive gun (flak)
    table: str | None
    bonus: int = 0
    #: whether range beyond the free range costs it -1 a hex
    range_penalty: bool = True
    #: whether relative velocity beyond the free velocity costs it -1 a hex
    velocity_penalty: bool = True
    #: ``every``: fires back at each attack; ``once``: at most once a round; ``never``
    retaliation: Literal["every", "once", "never"] = "every"
    #: taken off the roll of every launched weapon attacking this ship
    flak: int = 0
    note: str = ""


@register
@dataclass(frozen=True)
class LaunchedWeapon:
    """A launched weapon: carried in the launchers, launched in the launch phase."""

    id: str
    name: str
    #: ship points; None: not for sale (a scenario hands it out)
    cost: int | None
    #: launcher slots it fills
    slots: int
    behaviour: Literal["missile", "mine", "buckyball", "buster"]
    #: its attack table; None for the kinetic buster, which rolls against the velocity
    table: str | None
    #: hexes it may shift its inherited vector by when launched
    thrust: int = 0
    #: turns it lasts, counting the turn it is launched; None: until spent or off the map
    lifetime: int | None = None
    #: the most a ship may carry; None: as many as fit
    max_carried: int | None = None
    #: the lowest speed it may be launched at; None: any
    min_speed: int | None = None
    note: str = ""


@register
@dataclass(frozen=True)
class Module:
    """A system module (on a System mount) or a single-use module (in a single-use slot)."""

    kind: Literal["system", "single_use"]
    id: str
    name: str
    cost: int
    #: a key of :data:`EFFECTS`
    effect: str
    amount: int | None = None
    #: bodies (by map name) where the effect works, or where it does not
    only_at: tuple[str, ...] = ()
    not_at: tuple[str, ...] = ()
    #: systems need a working Reactor unless this is off (the battery pack)
    needs_reactor: bool = False
    note: str = ""


@register
@dataclass(frozen=True)
class Outfit:
    """What one ship carries, by module id; a launched weapon is listed once per round."""

    guns: tuple[str, ...] = ()
    launched: tuple[str, ...] = ()
    systems: tuple[str, ...] = ()
    single_use: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class Loadout:
    """An example outfit the card suggests for a budget of ship points."""

    id: str
    name: str
    budget: int
    outfit: Outfit
    note: str = ""


_Named = Gun | LaunchedWeapon | Module | AttackTable | Loadout


@register
@dataclass(frozen=True, kw_only=True)
class PlayAid:
    """The whole card. Immutable; part of a :class:`~core.ruleset.Ruleset`."""

    hull: Hull
    prices: Prices
    #: gun range and relative velocity up to these cost nothing; each hex beyond is -1
    free_range: int
    free_velocity: int
    tables: tuple[AttackTable, ...]
    #: by hit location, 1 to 6
    subsystems: tuple[Subsystem, ...]
    guns: tuple[Gun, ...] = ()
    launched: tuple[LaunchedWeapon, ...] = ()
    systems: tuple[Module, ...] = ()
    single_use: tuple[Module, ...] = ()
    loadouts: tuple[Loadout, ...] = ()

    def table(self, id: str) -> AttackTable:
        return _find(self.tables, id, "attack table")

    def gun(self, id: str) -> Gun:
        return _find(self.guns, id, "gun")

    def launched_weapon(self, id: str) -> LaunchedWeapon:
        return _find(self.launched, id, "launched weapon")

    def system(self, id: str) -> Module:
        return _find(self.systems, id, "system module")

    def single_use_module(self, id: str) -> Module:
        return _find(self.single_use, id, "single-use module")

    def loadout(self, id: str) -> Loadout:
        return _find(self.loadouts, id, "example outfit")

    def subsystem(self, role: str) -> Subsystem:
        for s in self.subsystems:
            if s.role == role:
                return s
        raise UnknownName(f"the play aid has no subsystem {role!r}")

    def hit_location(self, roll: int) -> Subsystem:
        """The subsystem a location roll of 1 to 6 hits."""
        for s in self.subsystems:
            if s.location == roll:
                return s
        raise UnknownName(f"the play aid has no hit location {roll}")

    def range_modifier(self, distance: int) -> int:
        return -max(0, distance - self.free_range)

    def velocity_modifier(self, speed: int) -> int:
        return -max(0, speed - self.free_velocity)

    def cost(self, outfit: Outfit) -> int:
        """Ship points for an outfit (the hull and its full tanks are free)."""
        return sum(item.cost or 0 for item in self._items(outfit, []))

    def armed(self, outfit: Outfit) -> bool:
        """Whether the outfit can attack a ship: a gun with a table, or a launched weapon
        that is not a kinetic buster."""
        guns = any(g.table is not None for g in self.guns if g.id in outfit.guns)
        return guns or any(
            w.behaviour != "buster" for w in self.launched if w.id in outfit.launched
        )

    def outfit_problems(self, outfit: Outfit, budget: int | None = None) -> list[tuple[str, str]]:
        """Why an outfit cannot be fitted, as ``(field, message)``: unknown or unsold items,
        too many for the mounts and slots, more than may be carried, over the budget."""
        problems: list[tuple[str, str]] = []
        items = self._items(outfit, problems)
        mounts = sum(g.mounts for g in items if isinstance(g, Gun))
        rounds = sum(w.slots for w in items if isinstance(w, LaunchedWeapon))
        for field, used, room, what in (
            ("guns", mounts, self.subsystem("gun_mounts").slots, "gun mounts"),
            ("launched", rounds, self.subsystem("launchers").slots, "launcher slots"),
            ("systems", len(outfit.systems), self.subsystem("systems").slots, "System mounts"),
            ("single_use", len(outfit.single_use), self.hull.single_use_slots, "single-use slots"),
        ):
            if used > room:
                problems.append((field, f"needs {used} {what} but a ship has {room}"))
        for w in self.launched:
            count = outfit.launched.count(w.id)
            if w.max_carried is not None and count > w.max_carried:
                problems.append(
                    ("launched", f"a ship may carry {w.max_carried} {w.name} at most, not {count}")
                )
        for item in items:
            if item.cost is None:
                problems.append(
                    (_field_of(item), f"{item.name} is not for sale: a scenario hands it out")
                )
        cost = self.cost(outfit)
        if budget is not None and cost > budget:
            problems.append(
                ("budget", f"the outfit costs {cost} ship points, more than the budget of {budget}")
            )
        return problems

    def _items(
        self, outfit: Outfit, problems: list[tuple[str, str]]
    ) -> list[Gun | LaunchedWeapon | Module]:
        items: list[Gun | LaunchedWeapon | Module] = []
        catalogue: tuple[tuple[str, Sequence[str], Sequence[Gun | LaunchedWeapon | Module]], ...]
        catalogue = (
            ("guns", outfit.guns, self.guns),
            ("launched", outfit.launched, self.launched),
            ("systems", outfit.systems, self.systems),
            ("single_use", outfit.single_use, self.single_use),
        )
        for field, ids, known in catalogue:
            by_id = {item.id: item for item in known}
            for id in ids:
                if id in by_id:
                    items.append(by_id[id])
                else:
                    listed = ", ".join(by_id) or "none"
                    problems.append((field, f"there is no {_WHAT[field]} {id!r} (known: {listed})"))
        return items


_WHAT = {
    "guns": "gun",
    "launched": "launched weapon",
    "systems": "system module",
    "single_use": "single-use module",
}


def _field_of(item: Gun | LaunchedWeapon | Module) -> str:
    if isinstance(item, Gun):
        return "guns"
    if isinstance(item, LaunchedWeapon):
        return "launched"
    return "systems" if item.kind == "system" else "single_use"


def _find(items: Sequence[T], id: str, what: str) -> T:
    for item in items:
        if item.id == id:
            return item
    raise UnknownName(f"the play aid has no {what} {id!r}")


# ---- the file's structure ----


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Hull(_Model):
    single_use_slots: int = Field(ge=0)
    detector_range: int = Field(ge=0)
    disabled_turns: int = Field(ge=1)


class _Prices(_Model):
    fuel_per_point: int = Field(ge=1)
    refit_trade_in: bool = True


class _Attack(_Model):
    rolls: list[int] = Field(min_length=1)
    free_range: int = Field(ge=0)
    free_velocity: int = Field(ge=0)


class _Table(_Model):
    id: str
    name: str = Field(min_length=1)
    damage: Literal["d6", "relative_velocity"] = "d6"
    results: list[str] = Field(min_length=1)
    note: str = ""


class _Subsystem(_Model):
    location: int = Field(ge=1, le=6)
    name: str = Field(min_length=1)
    capacity: int | None = Field(default=None, ge=1)
    slots: int = Field(default=0, ge=0)
    slot_capacity: int | None = Field(default=None, ge=1)


class _Gun(_Model):
    id: str
    name: str = Field(min_length=1)
    cost: int = Field(ge=1)
    mounts: int = Field(default=1, ge=1)
    table: str | None = None
    bonus: int = 0
    range_penalty: bool = True
    velocity_penalty: bool = True
    retaliation: Literal["every", "once", "never"] = "every"
    flak: int = Field(default=0, ge=0)
    note: str = ""


class _Launched(_Model):
    id: str
    name: str = Field(min_length=1)
    cost: int | None = Field(default=None, ge=1)
    slots: int = Field(default=1, ge=1)
    behaviour: Literal["missile", "mine", "buckyball", "buster"]
    table: str | None = None
    thrust: int = Field(default=0, ge=0)
    lifetime: int | None = Field(default=None, ge=1)
    max_carried: int | None = Field(default=None, ge=1)
    min_speed: int | None = Field(default=None, ge=0)
    note: str = ""


class _Module(_Model):
    id: str
    name: str = Field(min_length=1)
    cost: int = Field(ge=1)
    effect: str
    amount: int | None = Field(default=None, ge=1)
    only_at: list[str] = []
    not_at: list[str] = []
    note: str = ""


class _System(_Module):
    needs_reactor: bool = True


class _Loadout(_Model):
    id: str
    name: str = Field(min_length=1)
    budget: int = Field(ge=0)
    guns: list[str] = []
    launched: list[str] = []
    systems: list[str] = []
    single_use: list[str] = []
    note: str = ""


class PlayAidFields(_Model):
    """The play aid's keys in a ruleset file, all optional: the ruleset model extends this."""

    hull: _Hull | None = None
    prices: _Prices | None = None
    attack: _Attack | None = None
    attack_tables: list[_Table] = []
    subsystems: dict[str, _Subsystem] = {}
    guns: list[_Gun] = []
    launched: list[_Launched] = []
    systems: list[_System] = []
    single_use: list[_Module] = []
    loadouts: list[_Loadout] = []


_KEYS = tuple(PlayAidFields.model_fields)


# ---- the meaning ----


def build_play_aid(m: PlayAidFields, problems: list[Problem]) -> PlayAid | None:
    """The play aid of a checked ruleset file, or None if it gives none; every problem of
    meaning is added to ``problems``."""
    given = [key for key in _KEYS if key in m.model_fields_set]
    if not given:
        return None
    if m.hull is None or m.prices is None or m.attack is None or not m.attack_tables:
        for key in ("hull", "prices", "attack", "attack_tables"):
            if not getattr(m, key):
                problems.append(
                    Problem(
                        f"a play aid needs {key} as well (this file gives {', '.join(given)})",
                        key,
                    )
                )
        return None
    checker = _Checker(problems)
    tables = checker.tables(m.attack, m.attack_tables)
    subsystems = checker.subsystems(m.subsystems)
    room = {s.role: s.slots for s in subsystems}
    guns = checker.guns(m.guns, tables, room.get("gun_mounts", 0))
    launched = checker.launched(m.launched, tables, room.get("launchers", 0))
    systems = checker.modules("systems", m.systems)
    single_use = checker.modules("single_use", m.single_use)
    h, p = m.hull, m.prices
    aid = PlayAid(
        hull=Hull(h.single_use_slots, h.detector_range, h.disabled_turns),
        prices=Prices(p.fuel_per_point, p.refit_trade_in),
        free_range=m.attack.free_range,
        free_velocity=m.attack.free_velocity,
        tables=tables,
        subsystems=subsystems,
        guns=guns,
        launched=launched,
        systems=systems,
        single_use=single_use,
    )
    if len(subsystems) < len(SUBSYSTEM_ROLES):
        return aid  # outfits cannot be checked without every subsystem
    return replace(aid, loadouts=checker.loadouts(m.loadouts, aid))


class _Checker:
    """The checks of meaning, part by part, collecting problems with their field paths."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        self.owners: dict[str, str] = {}  # module id -> the field that first used it

    def add(self, message: str, field: str) -> None:
        self.problems.append(Problem(message, field))

    def id(self, value: str, where: str, what: str, seen: dict[str, str]) -> None:
        if not _ID.match(value):
            self.add(f"{what} {value!r} is not a valid id: {_ID_HINT}", f"{where}.id")
        elif value in seen:
            self.add(f"id {value!r} is already used by {seen[value]}", f"{where}.id")
        else:
            seen[value] = where

    def tables(self, attack: _Attack, given: list[_Table]) -> tuple[AttackTable, ...]:
        rolls = attack.rolls
        for before, roll in pairwise(rolls):
            if roll != before + 1:
                self.add(
                    f"the totals must rise by one from row to row ({roll} follows {before})",
                    "attack.rolls",
                )
                break
        if min(rolls) > 1 or max(rolls) < 6:
            self.add(
                f"the rows must include every roll of a die, 1 to 6 (these run from "
                f"{min(rolls)} to {max(rolls)})",
                "attack.rolls",
            )
        seen: dict[str, str] = {}
        tables = []
        for i, t in enumerate(given):
            where = f"attack_tables[{i}]"
            self.id(t.id, where, "attack table id", seen)
            if len(t.results) != len(rolls):
                self.add(
                    f"give one result for each total in attack.rolls: {len(rolls)} totals but "
                    f"{len(t.results)} results",
                    f"{where}.results",
                )
            results = [AttackResult.parse(code) for code in t.results]
            for roll, code, result in zip(rolls, t.results, results, strict=False):
                if result is None:
                    self.add(
                        f"total {roll}: {code!r} is not a result (write -, D, H, HD, 2H, 2HD...)",
                        f"{where}.results",
                    )
            read = list(zip(rolls, results, strict=False))
            hitting = [roll for roll, r in read if r is not None and not r.miss]
            for roll, r in read:
                if r is not None and r.miss and hitting and roll > hitting[0]:
                    self.add(
                        f"total {roll} misses though total {hitting[0]} does not: a higher "
                        "total must never miss where a lower one does not",
                        f"{where}.results",
                    )
                    break
            cells = tuple(r or AttackResult() for r in results)
            tables.append(AttackTable(t.id, t.name, t.damage, rolls[0], cells, t.note.strip()))
        return tuple(tables)

    def subsystems(self, given: dict[str, _Subsystem]) -> tuple[Subsystem, ...]:
        built: list[Subsystem] = []
        at: dict[int, str] = {}
        for role, s in given.items():
            where = f"subsystems.{role}"
            if role not in SUBSYSTEM_ROLES:
                known = ", ".join(SUBSYSTEM_ROLES)
                self.add(f"unknown subsystem {role!r} (known: {known})", where)
                continue
            if s.location in at:
                self.add(
                    f"hit location {s.location} is already subsystems.{at[s.location]}",
                    f"{where}.location",
                )
            at.setdefault(s.location, role)
            built.append(self._subsystem(role, s, where))
        missing = [role for role in SUBSYSTEM_ROLES if role not in given]
        if missing:
            self.add(
                f"the manifest needs all six subsystems; missing: {', '.join(missing)}",
                "subsystems",
            )
        return tuple(sorted(built, key=lambda s: s.location))

    def _subsystem(self, role: str, s: _Subsystem, where: str) -> Subsystem:
        if role in SLOTTED:
            if s.capacity is not None:
                self.add("give slots and slot_capacity; the capacity follows", f"{where}.capacity")
            if s.slots < 1 or s.slot_capacity is None:
                self.add(
                    f"{s.name} holds modules: give slots (1 or more) and slot_capacity",
                    f"{where}.slots",
                )
            slot_capacity = s.slot_capacity or 0
            return Subsystem(
                role, s.location, s.name, s.slots * slot_capacity, s.slots, slot_capacity
            )
        if s.slots or s.slot_capacity is not None:
            self.add(f"{s.name} holds no modules: give no slots", f"{where}.slots")
        if role == "fuel_engine":
            if s.capacity is not None:
                self.add(
                    "Fuel/Engine takes as much damage as there is fuel left: give no capacity",
                    f"{where}.capacity",
                )
            return Subsystem(role, s.location, s.name, None)
        if s.capacity is None:
            self.add("give the damage it takes (capacity)", f"{where}.capacity")
        return Subsystem(role, s.location, s.name, s.capacity or 0)

    def guns(
        self, given: list[_Gun], tables: Sequence[AttackTable], mounts: int
    ) -> tuple[Gun, ...]:
        guns = []
        for i, g in enumerate(given):
            where = f"guns[{i}]"
            self.id(g.id, where, "gun id", self.owners)
            if g.mounts > mounts:
                self.add(f"it takes {g.mounts} gun mounts; a ship has {mounts}", f"{where}.mounts")
            if g.table is None:
                if not g.flak:
                    self.add(
                        "a gun needs an attack table, unless it is flak (flak 1 or more)",
                        f"{where}.table",
                    )
            else:
                self._table_exists(g.table, tables, f"{where}.table")
            guns.append(Gun(**g.model_dump() | {"note": g.note.strip()}))
        return tuple(guns)

    def launched(
        self, given: list[_Launched], tables: Sequence[AttackTable], slots: int
    ) -> tuple[LaunchedWeapon, ...]:
        weapons = []
        for i, w in enumerate(given):
            where = f"launched[{i}]"
            self.id(w.id, where, "launched weapon id", self.owners)
            if w.slots > slots:
                self.add(f"it takes {w.slots} launcher slots; a ship has {slots}", f"{where}.slots")
            if w.behaviour == "buster":
                if w.table is not None:
                    self.add(
                        "a kinetic buster rolls against the relative velocity, on no table",
                        f"{where}.table",
                    )
            elif w.table is None:
                self.add(f"a {w.behaviour} needs an attack table", f"{where}.table")
            else:
                self._table_exists(w.table, tables, f"{where}.table")
            weapons.append(LaunchedWeapon(**w.model_dump() | {"note": w.note.strip()}))
        return tuple(weapons)

    def modules(
        self, key: Literal["systems", "single_use"], given: Sequence[_Module]
    ) -> tuple[Module, ...]:
        kind: Literal["system", "single_use"] = "system" if key == "systems" else "single_use"
        what = "system" if kind == "system" else "single-use"
        modules = []
        for i, x in enumerate(given):
            where = f"{key}[{i}]"
            self.id(x.id, where, f"{what} module id", self.owners)
            spec = EFFECTS.get(x.effect)
            if spec is None or spec.kind != kind:
                known = ", ".join(k for k, e in EFFECTS.items() if e.kind == kind)
                self.add(f"unknown {what} effect {x.effect!r} (known: {known})", f"{where}.effect")
            else:
                self._effect_inputs(x, spec, where)
            fields = x.model_dump() | {"only_at": tuple(x.only_at), "not_at": tuple(x.not_at)}
            modules.append(Module(kind=kind, **fields | {"note": x.note.strip()}))
        return tuple(modules)

    def _effect_inputs(self, x: _Module, spec: Effect, where: str) -> None:
        if spec.amount is not None and x.amount is None:
            self.add(f"effect {x.effect!r} needs an amount: {spec.amount}", f"{where}.amount")
        if spec.amount is None and x.amount is not None:
            self.add(f"effect {x.effect!r} takes no amount", f"{where}.amount")
        for places in ("only_at", "not_at"):
            if getattr(x, places) and spec.places != places:
                self.add(f"effect {x.effect!r} takes no {places} list", f"{where}.{places}")
        if spec.places == "only_at" and not x.only_at:
            self.add(
                f"effect {x.effect!r} works only at bodies: list them in only_at",
                f"{where}.only_at",
            )

    def _table_exists(self, id: str, tables: Sequence[AttackTable], field: str) -> None:
        if all(t.id != id for t in tables):
            known = ", ".join(t.id for t in tables)
            self.add(f"there is no attack table {id!r} (tables: {known})", field)

    def loadouts(self, given: list[_Loadout], aid: PlayAid) -> tuple[Loadout, ...]:
        seen: dict[str, str] = {}
        loadouts = []
        for i, x in enumerate(given):
            where = f"loadouts[{i}]"
            self.id(x.id, where, "example outfit id", seen)
            outfit = Outfit(tuple(x.guns), tuple(x.launched), tuple(x.systems), tuple(x.single_use))
            for field, message in aid.outfit_problems(outfit, x.budget):
                self.add(message, f"{where}.{field}")
            loadouts.append(Loadout(x.id, x.name, x.budget, outfit, x.note.strip()))
        return tuple(loadouts)
