"""The ruleset file: the pydantic models of its structure and :func:`_build`, which checks
its meaning and builds the :class:`~core.files.ruleset.Ruleset` of :mod:`core.files.ruleset`.
The keys a rule system owns (Interplanetary's play aid) are checked and built by that
system (:mod:`core.files.ruleset_sections`), their problems located with the file's own.

Only :func:`core.files.rulesets.parse_ruleset` imports this, when it parses a file: creating the
models takes time the app's startup should not spend (``docs/PERFORMANCE.md``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from core.board.problems import Problem, Problems
from core.engine.system import system_ids
from core.files import tomlio
from core.files.ruleset import (
    DEFAULT_SWITCHES,
    FORMAT,
    ID,
    KNOWN_SWITCHES,
    LATER_SWITCHES,
    VERSION,
    AsteroidResult,
    BurnProfile,
    Ruleset,
    Sequence,
    UnitClass,
    show_amount,
)
from core.files.ruleset_sections import Sections, reader_for

_ID_HINT = "use lower-case letters, digits, '-' and '_', starting with a letter or digit"


#: fuel and costs: TOML integers or decimals, never inf or nan
_Number = Annotated[float, Field(allow_inf_nan=False)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Sequence(_Model):
    order: Literal["rotating", "fixed", "simultaneous"]
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


class _Ruleset(_Model):
    format: Literal["ecliptic-ruleset"]
    version: int
    id: str
    #: the rule system that plays it (an installed one); left out: see ``ruleset_system``
    system: str = ""
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
    #: may be left out when the system's sections give the roll (the play aid's Asteroid
    #: column)
    asteroid_table: list[_Asteroid] = []


def parse(data: dict[str, Any], text: str = "", file: str | None = None) -> Ruleset:
    """What :func:`core.files.rulesets.parse_ruleset` does: check parsed TOML data and build the
    ruleset; problems raise FileProblems."""
    reader = reader_for(str(data.get("system") or data.get("id", "")), data)
    own = reader.keys if reader is not None else frozenset()
    sections = reader.read(data) if reader is not None else Sections()
    model = tomlio.validated(
        _Ruleset,
        {k: v for k, v in data.items() if k not in own},
        text=text,
        file=file,
        format=FORMAT,
        version=VERSION,
        what="ruleset",
        more=sections.malformed,
    )
    problems: list[Problem] = Problems()
    hint = reader.asteroid_hint if reader is not None else ""
    ruleset = _build(model, sections, hint, problems)
    if problems:
        raise tomlio.located(problems, text, file)
    return ruleset


def _fraction(value: float) -> Fraction:
    """The exact number as written: 0.5 is 1/2, 0.1 is 1/10 (not the nearest binary float)."""
    return Fraction(repr(value))


def _build(m: _Ruleset, sections: Sections, hint: str, problems: list[Problem]) -> Ruleset:
    """Turn the checked structure into the ruleset, collecting every problem of meaning."""

    def check_id(value: str, where: str, what: str) -> None:
        if not ID.match(value):
            problems.append(Problem(f"{what} {value!r} is not a valid id: {_ID_HINT}", where))

    check_id(m.id, "id", "ruleset id")
    if m.system and m.system not in system_ids():
        installed = ", ".join(system_ids())
        problems.append(
            Problem(
                f"no rule system called {m.system!r} is installed (known: {installed})", "system"
            )
        )

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

    problems.extend(sections.problems)
    if sections.asteroid_table is not None:
        table = sections.asteroid_table
    else:
        table = tuple(AsteroidResult(a.low, a.high, a.effect, a.text) for a in m.asteroid_table)
        _check_asteroid_table(table, hint, problems)

    engagement_fuel = _fraction(m.engagement_fuel)
    if engagement_fuel < 0:
        problems.append(Problem("engagement fuel cannot be negative", "engagement_fuel"))

    return Ruleset(
        id=m.id,
        system=m.system,
        name=m.name,
        version=m.ruleset_version,
        sequence=Sequence(seq.order, tuple(seq.phases), seq.movement_phase),
        gravity=m.gravity,
        start_hex_gravity=m.start_hex_gravity,
        switches=tuple(
            sorted((k, v) for k, v in m.switches.items() if LATER_SWITCHES.get(k) is not v)
        ),
        profiles=profiles,
        units=tuple(units),
        asteroid_table=table,
        engagement_fuel=engagement_fuel,
        description=m.description,
        play_aid=sections.value,
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


def _check_asteroid_table(
    table: tuple[AsteroidResult, ...], hint: str, problems: list[Problem]
) -> None:
    if not table:
        also = f" ({hint})" if hint else ""
        problems.append(Problem(f"this field is required{also}", "asteroid_table"))
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
