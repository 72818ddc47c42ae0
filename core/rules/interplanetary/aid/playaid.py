"""The play aid: Interplanetary's game-aid card as data, read from a ruleset file and
checked when it is loaded (by :mod:`core.rules.interplanetary.aid.playaid_file`).

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
from dataclasses import dataclass
from typing import Literal, TypeVar

from core.engine.errors import UnknownName
from core.engine.serial import register

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
    """The whole card. Immutable; part of a :class:`~core.files.ruleset.Ruleset`."""

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
