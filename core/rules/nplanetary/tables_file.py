"""NPlanetary's ``[nplanetary]`` section of a ruleset file: its structure (pydantic) and
the checks of its meaning, building :class:`~core.rules.nplanetary.tables.Tables`. Every
problem names its field (``nplanetary.bands[2].from``); the files layer adds the file
and line. Imported only when a file is read, so startup creates no pydantic models."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.board.problems import Problem
from core.files.ruleset_sections import Sections
from core.files.tomlio import from_pydantic
from core.rules.nplanetary.tables import (
    TRACKS,
    Band,
    Capacity,
    Good,
    Income,
    InstallationKind,
    OrdnanceKind,
    TableId,
    Tables,
    Track,
)

KEY = "nplanetary"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Capacity(_Model):
    weapons: int = Field(ge=0)
    drives: int = Field(ge=1)
    structure: int = Field(ge=1)


class _Installation(_Model):
    name: str = Field(min_length=1)
    cargo: int = Field(ge=1)
    cost: int = Field(ge=1)
    strength: int = Field(ge=0)
    weapons: int = Field(ge=0)
    structure: int = Field(ge=1)


class _Ordnance(_Model):
    name: str = Field(min_length=1)
    cargo: int = Field(ge=1)
    cost: int = Field(ge=1)
    thrust: int = Field(ge=0, le=6)
    destroys: bool
    obliges_move: bool
    rolls: list[int] = Field(min_length=6, max_length=6)
    disabled_drives_rolls: int = Field(ge=0)


class _Band(_Model):
    from_: str = Field(alias="from")
    rolls: list[int] = Field(min_length=6, max_length=6)


class _Damage(_Model):
    faces: list[list[Literal["weapons", "drives", "structure"]]] = Field(min_length=6, max_length=6)


class _Good(_Model):
    liquid: bool
    becomes: str = ""


class _Income(_Model):
    surface_supplies: int = Field(ge=0)
    fuel: int = Field(ge=0)
    fuel_bodies: list[str]
    outpost_yield: int = Field(ge=0)


class _Bodies(_Model):
    major: list[str]
    minor: list[str]


class _Asteroids(_Model):
    water_every: int = Field(ge=1)


class NPlanetaryFields(_Model):
    """The ``[nplanetary]`` section."""

    classes: dict[str, _Capacity]
    installations: dict[str, _Installation]
    ordnance: dict[str, _Ordnance]
    bands: list[_Band] = Field(min_length=1)
    damage_tables: dict[str, _Damage]
    goods: dict[str, _Good]
    income: _Income
    bodies: _Bodies
    asteroids: _Asteroids


def read_sections(data: Mapping[str, Any]) -> Sections:
    """The ``[nplanetary]`` section of a ruleset file's ``data``, checked and built."""
    if KEY not in data:
        return Sections()
    try:
        m = NPlanetaryFields.model_validate(data[KEY])
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            problem = from_pydantic(error)
            field = f"{KEY}.{problem.field}" if problem.field else KEY
            problems.append(Problem(problem.message, field.replace("from_", "from")))
        return Sections(malformed=tuple(problems))
    found: list[Problem] = []
    return Sections(build(m, data, found), problems=tuple(found))


def _ratio(text: str, field: str, problems: list[Problem]) -> Fraction:
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        problems.append(Problem(f"{text!r} is not a ratio (write 1/4, 2 or 0.5)", field))
        return Fraction(0)
    if value < 0:
        problems.append(Problem("a band's ratio may not be negative", field))
    return value


def build(m: NPlanetaryFields, data: Mapping[str, Any], problems: list[Problem]) -> Tables:
    """The tables of a well-formed section; problems of meaning go to ``problems``."""
    units = {str(u.get("id")) for u in data.get("units", []) if isinstance(u, dict)}
    for unit in sorted(units - set(m.classes)):
        problems.append(Problem(f"class {unit!r} has no damage capacity", f"{KEY}.classes"))
    for name in sorted(set(m.classes) - units):
        problems.append(Problem(f"{name!r} is not a class of [[units]]", f"{KEY}.classes.{name}"))
    for needed in ("base", "outpost"):
        if needed not in m.installations:
            problems.append(Problem(f"{needed!r} is missing", f"{KEY}.installations"))
    tables: list[TableId] = ["military", "civilian", "base"]
    for table in tables:
        if table not in m.damage_tables:
            problems.append(Problem(f"the {table!r} table is missing", f"{KEY}.damage_tables"))
    for other in sorted(set(m.damage_tables) - set(tables)):
        problems.append(
            Problem("tables are military, civilian and base", f"{KEY}.damage_tables.{other}")
        )
    for name, good in m.goods.items():
        if good.becomes and good.becomes not in m.goods:
            problems.append(
                Problem(f"{good.becomes!r} is not a good", f"{KEY}.goods.{name}.becomes")
            )
    for needed in ("supplies", "fuel"):
        if needed not in m.goods:
            problems.append(Problem(f"the good {needed!r} is missing", f"{KEY}.goods"))
    ratios = [_ratio(b.from_, f"{KEY}.bands[{i}].from", problems) for i, b in enumerate(m.bands)]
    if ratios and ratios[0] != 0:
        problems.append(Problem("the first band starts at 0", f"{KEY}.bands[0].from"))
    for i in range(1, len(ratios)):
        if ratios[i] <= ratios[i - 1]:
            problems.append(Problem("bands rise in ratio", f"{KEY}.bands[{i}].from"))
    for i, band in enumerate(m.bands):
        if any(r < 0 for r in band.rolls):
            problems.append(Problem("rolls may not be negative", f"{KEY}.bands[{i}].rolls"))
    return Tables(
        capacity=tuple(
            (k, Capacity(c.weapons, c.drives, c.structure)) for k, c in m.classes.items()
        ),
        installations=tuple(
            InstallationKind(
                k, i.name, i.cargo, i.cost, i.strength, Capacity(i.weapons, 0, i.structure)
            )
            for k, i in m.installations.items()
        ),
        ordnance=tuple(
            OrdnanceKind(
                k,
                o.name,
                o.cargo,
                o.cost,
                o.thrust,
                o.destroys,
                o.obliges_move,
                tuple(o.rolls),
                o.disabled_drives_rolls,
            )
            for k, o in m.ordnance.items()
        ),
        bands=tuple(Band(r, tuple(b.rolls)) for r, b in zip(ratios, m.bands, strict=True)),
        damage=tuple(
            (t, tuple(tuple(_tracks(face)) for face in m.damage_tables[t].faces))
            for t in tables
            if t in m.damage_tables
        ),
        goods=tuple(Good(k, g.liquid, g.becomes) for k, g in m.goods.items()),
        income=Income(
            m.income.surface_supplies,
            m.income.fuel,
            tuple(m.income.fuel_bodies),
            m.income.outpost_yield,
        ),
        major=tuple(m.bodies.major),
        minor=tuple(m.bodies.minor),
        water_every=m.asteroids.water_every,
    )


def _tracks(face: Sequence[str]) -> list[Track]:
    return [t for t in TRACKS if t in face]
