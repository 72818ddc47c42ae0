"""The ``[opening]`` table of an NPlanetary scenario file: its structure (pydantic) and the
checks of its meaning against the map, the ruleset's tables, the sides and the ships,
building :class:`~core.rules.nplanetary.opening.Opening`. Imported only when a scenario
is read."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.board.hexgrid import ZERO, Hex, HexError, Vector
from core.board.starmap import StarMap
from core.files.ruleset import Ruleset
from core.files.tomlio import from_pydantic
from core.rules.nplanetary.model import tables_of
from core.rules.nplanetary.opening import BaseStart, HoldStart, Opening, Stockpile
from core.vector.gravity import ENTERED, GravityPull
from core.vector.motion import Motion

Problems = list[tuple[str, str]]
Amount = Annotated[int, Field(ge=0, le=1_000_000)]
Id = Annotated[str, Field(min_length=1, max_length=100)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Base(_Model):
    id: Id
    name: Id
    kind: str = "base"
    site: Literal["space", "orbit", "surface", "minor", "asteroid"] = "space"
    body: str | None = None
    hex: str
    came_from: str | None = None
    side: str | None = None
    stocks: dict[str, Amount] = Field(default={}, max_length=100)


class _Hold(_Model):
    ship: Id
    items: dict[str, Amount] = Field(default={}, max_length=100)
    docked: str | None = None


class _Goal(_Model):
    good: str
    amount: int = Field(ge=1, le=1_000_000)


class _Opening(_Model):
    bases: list[_Base] = Field(default=[], max_length=1000)
    holds: list[_Hold] = Field(default=[], max_length=1000)
    goals: list[_Goal] = Field(default=[], max_length=100)


def _hex(m: StarMap, text: str, where: str, problems: Problems) -> Hex | None:
    try:
        found = m.bounds.labels.parse(text)
    except (HexError, ValueError) as exc:
        problems.append((where, str(exc)))
        return None
    if not m.bounds.contains(found):
        problems.append((where, f"{text} is off the map"))
        return None
    return found


def _stock(given: dict[str, int], where: str, known: set[str], problems: Problems) -> Any:
    for item in given:
        if item not in known:
            problems.append((f"{where}.{item}", f"no good, ordnance or installation {item!r}"))
    return tuple(sorted((k, n) for k, n in given.items() if k in known))


def _base(i: int, b: _Base, m: StarMap, rules: Ruleset, sides: Sequence[str], p: Problems) -> Any:
    where = f"bases[{i}]"
    t = tables_of(rules)
    if b.kind not in {k.id for k in t.installations}:
        p.append((f"{where}.kind", "a base's kind is 'base' or 'outpost'"))
    if b.site in ("orbit", "surface", "minor") and (b.body is None or m.body(b.body) is None):
        p.append((f"{where}.body", f"a base {b.site} names a body of the map"))
    if b.side is not None and b.side not in sides:
        p.append((f"{where}.side", f"there is no side {b.side!r}"))
    known = {g.id for g in t.goods} | {k.id for k in t.ordnance} | {k.id for k in t.installations}
    stocks = _stock(b.stocks, f"{where}.stocks", known, p)
    at = _hex(m, b.hex, f"{where}.hex", p)
    came = at if b.came_from is None else _hex(m, b.came_from, f"{where}.came_from", p)
    if at is None or came is None:
        return None
    velocity = Vector(at.q - came.q, at.r - came.r)
    gravity = m.gravity_at(at)
    pulls = (GravityPull(at, gravity.arrows, ENTERED),) if gravity and velocity != ZERO else ()
    motion = Motion(at, velocity, pulls)
    return BaseStart(b.id, b.name, b.kind, b.site, b.body, motion, b.side, stocks)


def read_opening(
    data: Mapping[str, Any],
    m: StarMap,
    rules: Ruleset,
    sides: Sequence[str],
    ships: Mapping[str, str | None],
) -> tuple[Opening | None, Problems]:
    """The opening of a scenario's ``[opening]`` table and its problems (field relative
    to ``opening``, message)."""
    try:
        o = _Opening.model_validate(data)
    except ValidationError as exc:
        found = [from_pydantic(e) for e in exc.errors()]
        return None, [(f.field or "", f.message) for f in found]
    problems: Problems = []
    bases = [_base(i, b, m, rules, sides, problems) for i, b in enumerate(o.bases)]
    ids = {b.id for b in o.bases}
    t = tables_of(rules)
    known = {g.id for g in t.goods} | {k.id for k in t.ordnance} | {k.id for k in t.installations}
    holds = []
    for i, h in enumerate(o.holds):
        if h.ship not in ships:
            problems.append((f"holds[{i}].ship", f"there is no ship {h.ship!r} in [[ships]]"))
        if h.docked is not None and h.docked not in ids:
            problems.append((f"holds[{i}].docked", f"there is no base {h.docked!r} here"))
        items = _stock(h.items, f"holds[{i}].items", known, problems)
        holds.append(HoldStart(h.ship, items, h.docked))
    for i, g in enumerate(o.goals):
        if g.good not in known:
            problems.append((f"goals[{i}].good", f"{g.good!r} is not a good"))
    if problems:
        return None, problems
    goals = tuple(Stockpile(g.good, g.amount) for g in o.goals)
    return Opening(tuple(b for b in bases if b is not None), tuple(holds), goals), problems
