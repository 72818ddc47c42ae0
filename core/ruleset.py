"""Rulesets: the tables of a rule system (turn order, phases, burns, unit classes, the
asteroid roll, and for Interplanetary the play aid of :mod:`core.playaid`) as TOML data in
``resources/rulesets/``, validated when loaded.

See ``docs/formats/ruleset.md``. Loading follows :mod:`core.mapfile`: pydantic models check
the structure (fields, types, allowed values), then :func:`_build` checks the meaning
(phases, profile names, the asteroid table covering 1-6, costs that rise). Every problem is
reported with the file, the field and the line.

Fuel and costs are written in the file as TOML numbers, integers or decimals (``0.5``,
``1.5``), and become exact :class:`~fractions.Fraction` values.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from core import tomlio
from core.errors import UnknownName
from core.playaid import ASTEROID_TABLE, AttackTable, PlayAid, PlayAidFields, build_play_aid
from core.problems import FileProblems, Problem
from core.resources import resource_path
from core.serial import register

FORMAT = "ecliptic-ruleset"
VERSION = 1

#: The switches the engine knows, with what each means when on. A ruleset lists its own
#: defaults; a game may override them. Add new switches here and in docs/formats/ruleset.md.
KNOWN_SWITCHES: dict[str, str] = {
    "hexside_entered": (
        "a course running exactly along a side of a gravity hex counts as passing through it "
        "(except along the side its arrow points away from)"
    ),
}

#: the switches of a ruleset that does not list its own
DEFAULT_SWITCHES: tuple[tuple[str, bool], ...] = (("hexside_entered", True),)

_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_ID_HINT = "use lower-case letters, digits, '-' and '_', starting with a letter or digit"


# ---- the values ----


@register
@dataclass(frozen=True)
class Sequence:
    """How a game turn runs."""

    #: rotating: players take turns and the first player moves on each round;
    #: simultaneous: everyone gives sealed orders, resolved together.
    order: Literal["rotating", "simultaneous"]
    phases: tuple[str, ...]
    #: the phase in which ships move (one of ``phases``)
    movement_phase: str


@register
@dataclass(frozen=True)
class BurnProfile:
    """The burns a kind of ship may make in one turn, and what they cost."""

    #: costs[n-1] is the fuel for an n-hex burn; its length is the longest burn
    costs: tuple[Fraction, ...]
    #: burns of this many hexes or more are "high acceleration"
    high_from: int | None = None
    #: cooldown[n-1] is how many turns after an n-hex burn no high acceleration is allowed
    cooldown: tuple[int, ...] = ()
    #: a unit using this profile must have at least this max acceleration (in G)
    min_max_accel: int | None = None
    #: costs are not listed but derived per unit: max_accel // g_per_hex hexes, all free
    derive_from_max_accel: bool = False
    g_per_hex: int = 2


@register
@dataclass(frozen=True)
class UnitClass:
    """A class of ship in the ruleset's catalogue."""

    id: str
    name: str
    fuel: Fraction
    military: bool = True
    profile: str = "standard"
    #: maximum acceleration in G (System III Void)
    max_accel: int | None = None
    combat: int | None = None
    #: defensive combat strength, where it differs from ``combat`` (stealth hulls)
    defence: int | None = None
    cargo: int | None = None
    cost: int | None = None


@register
@dataclass(frozen=True)
class AsteroidResult:
    """One row of the asteroid roll: a d6 range (inclusive) and what happens."""

    low: int
    high: int
    effect: Literal["none", "disabled", "damage"]
    #: the players' words for the log
    text: str


@register
@dataclass(frozen=True)
class RulesetRef:
    """What a campaign stores to replay the same rules: id, version and every switch."""

    id: str
    version: int
    switches: tuple[tuple[str, bool], ...]


@register
@dataclass(frozen=True, kw_only=True)
class Ruleset:
    """A rule system's tables. Immutable; load with :func:`load_ruleset`."""

    id: str
    name: str
    #: the ruleset's own version (``ruleset_version`` in the file)
    version: int
    sequence: Sequence
    gravity: bool = True
    #: whether the gravity of the hex a ship starts its move in acts on it
    start_hex_gravity: bool = True
    #: defaults of the ruleset's switches, sorted by name; a game may override them
    switches: tuple[tuple[str, bool], ...] = DEFAULT_SWITCHES
    profiles: tuple[tuple[str, BurnProfile], ...]
    units: tuple[UnitClass, ...]
    #: covers the rolls 1 to 6 exactly once
    asteroid_table: tuple[AsteroidResult, ...]
    #: fuel each surviving ship pays when a combat engagement ends
    engagement_fuel: Fraction = Fraction(0)
    description: str = ""
    #: the game aid's tables and modules (Interplanetary); None for rule systems without one
    play_aid: PlayAid | None = None

    def profile(self, name: str) -> BurnProfile:
        for key, profile in self.profiles:
            if key == name:
                return profile
        raise UnknownName(f"the {self.name} ruleset has no burn profile {name!r}")

    def unit(self, id: str) -> UnitClass:
        for unit in self.units:
            if unit.id == id:
                return unit
        raise UnknownName(f"the {self.name} ruleset has no unit class {id!r}")

    def switch(
        self, name: str, overrides: Iterable[tuple[str, bool]] | Mapping[str, bool] = ()
    ) -> bool:
        """The value of a switch: the game's override if it has one, else the default."""
        values = self.switch_values(overrides)
        if name not in values:
            raise UnknownName(f"the {self.name} ruleset has no switch {name!r}")
        return values[name]

    def switch_values(
        self, overrides: Iterable[tuple[str, bool]] | Mapping[str, bool] = ()
    ) -> dict[str, bool]:
        """Every switch with the game's overrides applied; an unknown override is refused."""
        values = dict(self.switches)
        pairs = overrides.items() if isinstance(overrides, Mapping) else overrides
        for name, value in pairs:
            if name not in values:
                raise UnknownName(f"the {self.name} ruleset has no switch {name!r}")
            values[name] = value
        return values

    def ref(self, overrides: Iterable[tuple[str, bool]] | Mapping[str, bool] = ()) -> RulesetRef:
        """What a campaign stores: this ruleset's id and version and all switch values."""
        return RulesetRef(
            self.id, self.version, tuple(sorted(self.switch_values(overrides).items()))
        )

    @property
    def asteroid_hazard(self) -> bool:
        """Whether crossing asteroids can do anything at all (else no roll is needed)."""
        return any(r.effect != "none" for r in self.asteroid_table)


def burn_costs_for(ruleset: Ruleset, unit: UnitClass) -> tuple[Fraction, ...]:
    """Fuel for a 1-, 2-, ... hex burn by this unit: what the movement parameters need."""
    profile = ruleset.profile(unit.profile)
    if profile.derive_from_max_accel:
        return (Fraction(0),) * ((unit.max_accel or 0) // profile.g_per_hex)
    return profile.costs


# ---- loading ----


def ruleset_ids() -> list[str]:
    """The ids of the built-in rulesets."""
    return sorted(p.stem for p in resource_path("rulesets").glob("*.toml"))


def load_ruleset(name_or_path: str | Path) -> Ruleset:
    """Load a ruleset by built-in id (``"interplanetary"``) or from a file.

    Built-in rulesets are read and validated once, then cached. Any problem raises
    FileProblems listing them all.
    """
    if isinstance(name_or_path, str) and _ID.match(name_or_path):
        return _builtin(name_or_path)
    path = Path(name_or_path)
    data, text = tomlio.read_toml(path)
    return parse_ruleset(data, text, str(path))


@cache
def _builtin(id: str) -> Ruleset:
    path = resource_path("rulesets", f"{id}.toml")
    if not path.is_file():
        known = ", ".join(ruleset_ids())
        raise FileProblems([Problem(f"there is no built-in ruleset {id!r} (built in: {known})")])
    data, text = tomlio.read_toml(path)
    return parse_ruleset(data, text, str(path))


#: fuel and costs: TOML integers or decimals, never inf or nan
_Number = Annotated[float, Field(allow_inf_nan=False)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Sequence(_Model):
    order: Literal["rotating", "simultaneous"]
    phases: list[str] = Field(min_length=1)
    movement_phase: str


class _Profile(_Model):
    costs: list[_Number] = []
    high_from: int | None = Field(default=None, ge=1)
    cooldown: list[int] = []
    min_max_accel: int | None = Field(default=None, ge=1)
    derive_from_max_accel: bool = False
    g_per_hex: int = Field(default=2, ge=1)


class _Unit(_Model):
    id: str
    name: str = Field(min_length=1)
    fuel: _Number
    military: bool = True
    profile: str = "standard"
    max_accel: int | None = Field(default=None, ge=0)
    combat: int | None = Field(default=None, ge=0)
    defence: int | None = Field(default=None, ge=0)
    cargo: int | None = Field(default=None, ge=0)
    cost: int | None = Field(default=None, ge=0)


class _Asteroid(_Model):
    low: int = Field(ge=1, le=6)
    high: int = Field(ge=1, le=6)
    effect: Literal["none", "disabled", "damage"]
    text: str = Field(min_length=1)


class _Ruleset(_Model, PlayAidFields):
    format: Literal["ecliptic-ruleset"]
    version: int
    id: str
    name: str = Field(min_length=1)
    ruleset_version: int = Field(ge=1)
    description: str = ""
    gravity: bool = True
    start_hex_gravity: bool = True
    engagement_fuel: _Number = 0
    sequence: _Sequence
    switches: dict[str, bool] = dict(DEFAULT_SWITCHES)
    profiles: dict[str, _Profile] = Field(min_length=1)
    units: list[_Unit] = Field(min_length=1)
    #: may be left out when the play aid has an attack table "asteroid"
    asteroid_table: list[_Asteroid] = []


def parse_ruleset(data: dict[str, Any], text: str = "", file: str | None = None) -> Ruleset:
    """Check parsed TOML data and build the ruleset; problems raise FileProblems."""
    model = tomlio.validated(
        _Ruleset, data, text=text, file=file, format=FORMAT, version=VERSION, what="ruleset"
    )
    problems: list[Problem] = []
    ruleset = _build(model, problems)
    if problems:
        raise tomlio.located(problems, text, file)
    return ruleset


def _fraction(value: float) -> Fraction:
    """The exact number as written: 0.5 is 1/2, 0.1 is 1/10 (not the nearest binary float)."""
    return Fraction(repr(value))


def _build(m: _Ruleset, problems: list[Problem]) -> Ruleset:
    """Turn the checked structure into the ruleset, collecting every problem of meaning."""

    def check_id(value: str, where: str, what: str) -> None:
        if not _ID.match(value):
            problems.append(Problem(f"{what} {value!r} is not a valid id: {_ID_HINT}", where))

    check_id(m.id, "id", "ruleset id")

    seq = m.sequence
    for i, phase in enumerate(seq.phases):
        check_id(phase, f"sequence.phases[{i}]", "phase name")
        if phase in seq.phases[:i]:
            problems.append(Problem(f"phase {phase!r} is listed twice", "sequence.phases"))
    if seq.movement_phase not in seq.phases:
        problems.append(
            Problem(
                f"movement phase {seq.movement_phase!r} is not one of the phases "
                f"({', '.join(seq.phases)})",
                "sequence.movement_phase",
            )
        )

    for name in m.switches:
        if name not in KNOWN_SWITCHES:
            problems.append(
                Problem(
                    f"unknown switch {name!r} (known: {', '.join(sorted(KNOWN_SWITCHES))})",
                    f"switches.{name}",
                )
            )

    profiles = tuple((name, _profile(name, p, problems)) for name, p in m.profiles.items())
    for name, _ in profiles:
        check_id(name, f"profiles.{name}", "profile name")
    by_name = dict(profiles)

    units = []
    for i, u in enumerate(m.units):
        where = f"units[{i}]"
        check_id(u.id, f"{where}.id", "unit id")
        if any(v.id == u.id for v in m.units[:i]):
            problems.append(Problem(f"unit id {u.id!r} is used twice", f"{where}.id"))
        fuel = _fraction(u.fuel)
        if fuel < 0:
            problems.append(Problem("fuel cannot be negative", f"{where}.fuel"))
        profile = by_name.get(u.profile)
        if profile is None:
            problems.append(
                Problem(
                    f"there is no burn profile {u.profile!r} (profiles: {', '.join(by_name)})",
                    f"{where}.profile",
                )
            )
        else:
            needs = profile.min_max_accel
            if profile.derive_from_max_accel and u.max_accel is None:
                problems.append(
                    Problem(
                        f"profile {u.profile!r} derives its burns from max_accel, "
                        "which this unit does not give",
                        f"{where}.max_accel",
                    )
                )
            if needs is not None and (u.max_accel is None or u.max_accel < needs):
                problems.append(
                    Problem(
                        f"profile {u.profile!r} is only for units with max_accel {needs} "
                        f"or more (this one: {u.max_accel})",
                        f"{where}.profile",
                    )
                )
        units.append(
            UnitClass(
                u.id,
                u.name,
                fuel,
                u.military,
                u.profile,
                u.max_accel,
                u.combat,
                u.defence,
                u.cargo,
                u.cost,
            )
        )

    play_aid = build_play_aid(m, problems)
    column = (
        next((t for t in play_aid.tables if t.id == ASTEROID_TABLE), None) if play_aid else None
    )
    if column is not None:
        if m.asteroid_table:
            problems.append(
                Problem(
                    f"give either [[asteroid_table]] or the play aid's attack table "
                    f"{ASTEROID_TABLE!r}, not both",
                    "asteroid_table",
                )
            )
        table = asteroid_rows(column)
    else:
        table = tuple(AsteroidResult(a.low, a.high, a.effect, a.text) for a in m.asteroid_table)
        _check_asteroid_table(table, problems)

    engagement_fuel = _fraction(m.engagement_fuel)
    if engagement_fuel < 0:
        problems.append(Problem("engagement fuel cannot be negative", "engagement_fuel"))

    return Ruleset(
        id=m.id,
        name=m.name,
        version=m.ruleset_version,
        sequence=Sequence(seq.order, tuple(seq.phases), seq.movement_phase),
        gravity=m.gravity,
        start_hex_gravity=m.start_hex_gravity,
        switches=tuple(sorted(m.switches.items())),
        profiles=profiles,
        units=tuple(units),
        asteroid_table=table,
        engagement_fuel=engagement_fuel,
        description=m.description,
        play_aid=play_aid,
    )


def _profile(name: str, p: _Profile, problems: list[Problem]) -> BurnProfile:
    where = f"profiles.{name}"
    costs = tuple(_fraction(c) for c in p.costs)
    if p.derive_from_max_accel:
        if costs:
            problems.append(
                Problem(
                    "give either costs or derive_from_max_accel = true, not both",
                    f"{where}.costs",
                )
            )
    elif not costs:
        problems.append(
            Problem("give the costs of 1-, 2-, ... hex burns (at least one)", f"{where}.costs")
        )
    for n, cost in enumerate(costs, start=1):
        if cost < 0:
            problems.append(Problem(f"the {n}-hex burn cannot cost less than 0", f"{where}.costs"))
        elif n > 1 and cost <= costs[n - 2]:
            problems.append(
                Problem(
                    f"the {n}-hex burn must cost more than the {n - 1}-hex burn "
                    f"({show_amount(cost)} is not more than {show_amount(costs[n - 2])})",
                    f"{where}.costs",
                )
            )
    if p.high_from is not None and costs and p.high_from > len(costs):
        problems.append(
            Problem(
                f"high_from is {p.high_from} but the longest burn is {len(costs)} hex(es)",
                f"{where}.high_from",
            )
        )
    if p.cooldown:
        if not p.derive_from_max_accel and len(p.cooldown) != len(costs):
            problems.append(
                Problem(
                    f"give one cooldown per burn length: {len(costs)} costs but "
                    f"{len(p.cooldown)} cooldowns",
                    f"{where}.cooldown",
                )
            )
        for n, turns in enumerate(p.cooldown, start=1):
            if turns < 0:
                problems.append(Problem("a cooldown cannot be negative", f"{where}.cooldown"))
            elif turns and (p.high_from is None or n < p.high_from):
                problems.append(
                    Problem(
                        f"only high-acceleration burns can have a cooldown, "
                        f"and a {n}-hex burn is not one",
                        f"{where}.cooldown",
                    )
                )
    return BurnProfile(
        costs,
        p.high_from,
        tuple(p.cooldown),
        p.min_max_accel,
        p.derive_from_max_accel,
        p.g_per_hex,
    )


def asteroid_rows(column: AttackTable) -> tuple[AsteroidResult, ...]:
    """The asteroid roll read off the play aid's Asteroid column: a bare die, no modifiers,
    neighbouring rolls with the same result sharing a row."""
    rows: list[AsteroidResult] = []
    for roll in range(1, 7):
        result = column.result(roll)
        effect: Literal["none", "disabled", "damage"] = (
            "damage" if result.hits else "disabled" if result.disabled else "none"
        )
        if result.miss:
            text = "threads the rocks unharmed"
        elif not result.hits:
            text = "is shaken by a glancing strike and disabled"
        else:
            rocks = "a rock" if result.hits == 1 else f"{result.hits} rocks"
            disabled = " and disabled" if result.disabled else ""
            times = "" if result.hits == 1 else f" {result.hits} times"
            text = f"is struck by {rocks}{disabled}: roll for damage{times}"
        if rows and rows[-1].text == text:
            rows[-1] = AsteroidResult(rows[-1].low, roll, effect, text)
        else:
            rows.append(AsteroidResult(roll, roll, effect, text))
    return tuple(rows)


def _check_asteroid_table(table: tuple[AsteroidResult, ...], problems: list[Problem]) -> None:
    if not table:
        problems.append(
            Problem(
                f"this field is required (or give the play aid an attack table {ASTEROID_TABLE!r})",
                "asteroid_table",
            )
        )
        return
    owner: dict[int, int] = {}
    for i, row in enumerate(table):
        where = f"asteroid_table[{i}]"
        if row.low > row.high:
            problems.append(Problem(f"low ({row.low}) is above high ({row.high})", f"{where}.low"))
            continue
        for roll in range(row.low, row.high + 1):
            if roll in owner:
                problems.append(
                    Problem(
                        f"a roll of {roll} is already covered by asteroid_table[{owner[roll]}]",
                        where,
                    )
                )
            else:
                owner[roll] = i
    missing = [str(n) for n in range(1, 7) if n not in owner]
    if missing:
        problems.append(
            Problem(
                f"the table must cover every roll from 1 to 6; missing: {', '.join(missing)}",
                "asteroid_table",
            )
        )


def show_amount(value: Fraction) -> str:
    """A fraction as people write it: 1, 0.5, 1.5 (or 1/3 where no decimal is exact)."""
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):g}"
    return text if Fraction(text) == value else str(value)
