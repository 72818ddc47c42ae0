"""The play aid's part of a ruleset file: the pydantic models of its keys and the checks
of their meaning, building the :class:`~core.rules.interplanetary.aid.playaid.PlayAid` of
:mod:`core.rules.interplanetary.aid.playaid` and the asteroid roll its Asteroid column gives
(:func:`read_sections`, which Interplanetary's reader of its ruleset sections,
:mod:`core.rules.interplanetary.aid.sections`, calls).

Kept apart from the value types so that importing :mod:`core.rules.interplanetary.aid.playaid`
creates no pydantic classes: the app's startup needs the types, and only parsing a ruleset file
needs these.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.board.problems import Problem
from core.files.ruleset import AsteroidResult
from core.files.ruleset_sections import Sections
from core.files.tomlio import from_pydantic
from core.rules.interplanetary.aid.playaid import (
    ASTEROID_TABLE,
    EFFECTS,
    SLOTTED,
    SUBSYSTEM_ROLES,
    AttackResult,
    AttackTable,
    Effect,
    Gun,
    Hull,
    LaunchedWeapon,
    Loadout,
    Module,
    Outfit,
    PlayAid,
    Prices,
    Subsystem,
)

_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_ID_HINT = "use lower-case letters, digits, '-' and '_', starting with a letter or digit"


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
    """The play aid's keys in a ruleset file, all optional."""

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


def read_sections(data: Mapping[str, Any]) -> Sections:
    """The play aid's keys of a ruleset file's ``data`` checked and built, with the
    asteroid roll of its Asteroid column (which the file may not give twice)."""
    try:
        m = PlayAidFields.model_validate({k: v for k, v in data.items() if k in _KEYS})
    except ValidationError as exc:
        return Sections(malformed=tuple(from_pydantic(e) for e in exc.errors()))
    problems: list[Problem] = []
    aid = build_play_aid(m, problems)
    column = next((t for t in aid.tables if t.id == ASTEROID_TABLE), None) if aid else None
    if column is None:
        return Sections(aid, problems=tuple(problems))
    if data.get("asteroid_table"):
        problems.append(
            Problem(
                f"give either [[asteroid_table]] or the play aid's attack table "
                f"{ASTEROID_TABLE!r}, not both",
                "asteroid_table",
            )
        )
    return Sections(aid, asteroid_rows(column), problems=tuple(problems))


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
