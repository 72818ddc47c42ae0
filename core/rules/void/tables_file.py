"""System III Void's keys of a ruleset file (``void_ships``, ``void_combat``): the pydantic
models of their structure and the checks of their meaning, building
:class:`~core.rules.void.tables.VoidTables`. Imported only when a file is parsed
(:mod:`core.rules.void.sections`), so the game's startup creates no pydantic models.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.board.problems import Problem
from core.files.ruleset_sections import Sections
from core.files.tomlio import from_pydantic
from core.rules.void.tables import KEYS, CombatTables, Hit, ShipRow, VoidTables

LOCATIONS = frozenset({"weapons", "drives", "structure"})
#: the Other Damage columns the rules roll on
NEEDED_COLUMNS = ("torpedo", "asteroid")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Ship(_Model):
    unit: str
    torpedo_tubes: int = Field(default=0, ge=0)
    light_railguns: int = Field(default=0, ge=0)
    heavy_railguns: int = Field(default=0, ge=0)
    missile_load: int = Field(default=0, ge=0)
    stealth: bool = False
    defensive_only: bool = False


class _Combat(_Model):
    odds: list[str] = Field(min_length=1)
    gun: list[list[str]] = Field(min_length=6, max_length=6)
    other: dict[str, list[str]] = Field(min_length=1)
    gun_hits: list[list[int]] = Field(min_length=6, max_length=6)
    other_hits: dict[str, list[int]] = {}
    locations: list[list[str]] = Field(min_length=6, max_length=6)
    aggression: list[list[int]] = Field(min_length=3, max_length=3)
    destroyed_at: int = Field(default=6, ge=1)
    scan_range: int = Field(default=10, ge=0)
    scan_needs: int = Field(default=4, ge=1, le=7)


class _Fields(_Model):
    void_ships: list[_Ship] = Field(min_length=1)
    void_combat: _Combat


def read_sections(data: Mapping[str, Any]) -> Sections:
    """Void's keys of a ruleset file's ``data`` checked and built; a file without them
    is an ordinary vector ruleset (no value)."""
    if not KEYS & data.keys():
        return Sections()
    try:
        m = _Fields.model_validate({k: v for k, v in data.items() if k in KEYS})
    except ValidationError as exc:
        return Sections(malformed=tuple(from_pydantic(e) for e in exc.errors()))
    problems: list[Problem] = []
    units = {str(u.get("id")) for u in data.get("units", []) if isinstance(u, Mapping)}
    ships = _ships(m.void_ships, units, problems)
    combat = _combat(m.void_combat, problems)
    return Sections(VoidTables(ships, combat), problems=tuple(problems))


def _ships(rows: list[_Ship], units: set[str], problems: list[Problem]) -> tuple[ShipRow, ...]:
    seen: set[str] = set()
    for i, row in enumerate(rows):
        where = f"void_ships[{i}].unit"
        if row.unit not in units:
            problems.append(Problem(f"no unit class {row.unit!r} in [[units]]", where))
        if row.unit in seen:
            problems.append(Problem(f"{row.unit!r} has two rows", where))
        seen.add(row.unit)
    for unit in sorted(units - seen):
        problems.append(Problem(f"the unit class {unit!r} has no row", "void_ships"))
    return tuple(
        ShipRow(
            r.unit,
            r.torpedo_tubes,
            r.light_railguns,
            r.heavy_railguns,
            r.missile_load,
            r.stealth,
            r.defensive_only,
        )
        for r in rows
    )


def _odds(text: str, where: str, problems: list[Problem]) -> tuple[int, int]:
    a, colon, d = text.partition(":")
    if colon and a.isdigit() and d.isdigit() and int(a) > 0 and int(d) > 0:
        return int(a), int(d)
    problems.append(Problem(f"{text!r} is not odds like '1:2'", where))
    return 1, 1


def _hits(codes: list[str], where: str, problems: list[Problem]) -> tuple[Hit, ...]:
    found = []
    for code in codes:
        try:
            found.append(Hit.parse(code))
        except ValueError as exc:
            problems.append(Problem(str(exc), where))
            found.append(Hit())
    return tuple(found)


def _combat(m: _Combat, problems: list[Problem]) -> CombatTables:
    where = "void_combat"
    odds = tuple(_odds(t, f"{where}.odds[{i}]", problems) for i, t in enumerate(m.odds))
    ratios = [a / d for a, d in odds]
    if ratios != sorted(set(ratios)):
        problems.append(Problem("odds must rise from the worst column", f"{where}.odds"))
    width = len(odds)
    gun = []
    for i, row in enumerate(m.gun):
        if len(row) != width:
            problems.append(Problem(f"give {width} results, one per odds", f"{where}.gun[{i}]"))
        gun.append(_hits(row, f"{where}.gun[{i}]", problems))
    other = []
    for name, column in m.other.items():
        if len(column) != 6:
            problems.append(Problem("give 6 results, rolls 1 to 6", f"{where}.other.{name}"))
        other.append((name, _hits(column, f"{where}.other.{name}", problems)))
    for name in NEEDED_COLUMNS:
        if name not in m.other:
            problems.append(Problem(f"the column {name!r} is missing", f"{where}.other"))
    for i, hits in enumerate(m.gun_hits):
        if len(hits) != width or min(hits, default=0) < 0:
            problems.append(
                Problem(f"give {width} hit counts of 0 or more", f"{where}.gun_hits[{i}]")
            )
    for name, counts in m.other_hits.items():
        if len(counts) != 6 or min(counts, default=0) < 0:
            problems.append(Problem("give 6 hit counts of 0 or more", f"{where}.other_hits.{name}"))
    for i, places in enumerate(m.locations):
        wrong = set(places) - LOCATIONS
        if not places or wrong:
            problems.append(
                Problem(
                    f"name one or more of {', '.join(sorted(LOCATIONS))}",
                    f"{where}.locations[{i}]",
                )
            )
    for i, factors in enumerate(m.aggression):
        if len(factors) != 3 or min(factors, default=0) < 1:
            problems.append(Problem("give 3 factors of 1 or more", f"{where}.aggression[{i}]"))
    return CombatTables(
        odds,
        tuple(gun),
        tuple(other),
        tuple(tuple(h) for h in m.gun_hits),
        tuple((k, tuple(v)) for k, v in m.other_hits.items()),
        tuple(tuple(p) for p in m.locations),
        tuple(tuple(r) for r in m.aggression),
        m.destroyed_at,
        m.scan_range,
        m.scan_needs,
    )
