"""The map file: TOML, versioned, validated on load and before every save.

See ``docs/formats/map.md``. Loading goes in two passes: the structure (fields, types,
allowed values) is checked by pydantic models, then the content (labels, placement of
bases, arrows, bounds) by :mod:`core.board.mapcheck`. Every problem is reported, each with the
file, the field and the line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from core.board.hexgrid import Direction, Hex, HexError, Orientation
from core.board.mapcheck import map_problems
from core.board.problems import FileProblems, Problem, Problems
from core.board.starmap import (
    BY_KIND,
    Atmosphere,
    Base,
    BaseKind,
    Body,
    BodyKind,
    Bounds,
    Edge,
    Floor,
    GravityKind,
    GravityOverride,
    Leaving,
    LeavingRule,
    Service,
    SpecialAsteroids,
    StarMap,
    Zone,
)
from core.files import tomlio

FORMAT = "ecliptic-map"
VERSION = 1
#: the longest list of hexes (asteroids, a zone's, a special owner's) a map may give
MOST_HEXES = 250_000
#: the most bodies, bases, zones or special owners, and gravity overrides, a map may have
MOST_THINGS = 2_000
MOST_OVERRIDES = 10_000
#: the widest zone drawn round a body, in rings beyond the body
WIDEST_ZONE = 100
#: the hexes that bodies and zones drawn round them may cover together, checked from
#: their sizes before any of them is drawn
MOST_AREA = 250_000

Hexes = Annotated[list[str], BeforeValidator(tomlio.only_strings), Field(max_length=MOST_HEXES)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Grid(_Model):
    orientation: Literal["flat", "pointy"] = "flat"
    offset: Literal["odd", "even"] = "odd"
    width: int = Field(gt=0, le=2000)
    height: int = Field(gt=0, le=2000)


class _Leaving(_Model):
    rule: Literal["eliminated", "returns", "bounces"] = "eliminated"
    penalty_turns: int = Field(default=0, ge=0, le=1000)


class _Body(_Model):
    name: str = Field(min_length=1)
    kind: Literal["star", "planet", "moon", "asteroid", "gas giant"]
    hex: str
    radius: float = Field(default=0.4, gt=0, le=100, allow_inf_nan=False)
    size: int = Field(default=0, ge=0, le=50)
    gravity: Literal["normal", "weak", "double", "none"] = "normal"
    limit: int | None = Field(default=None, ge=0, le=WIDEST_ZONE)


class _Override(_Model):
    hex: str
    arrows: list[str] = Field(default=[], max_length=6)
    kind: Literal["normal", "weak", "double"] = "normal"


class _Asteroids(_Model):
    hexes: Hexes = []


class _Special(_Model):
    owner: str
    hexes: Hexes


_SERVICES = Literal["refuel", "refit", "orbital-repair", "planetside-repair", "planetside-launch"]


class _Base(_Model):
    name: str = Field(min_length=1)
    kind: Literal["orbital", "planetary", "asteroid"]
    hex: str
    side: str | None = None
    owner: str | None = None
    services: list[_SERVICES] | None = Field(default=None, max_length=10)


class _Zone(_Model):
    name: str = Field(min_length=1)
    owner: str | None = None
    base: str | None = None
    hexes: Hexes = []
    around: str | None = None
    radius: int | None = Field(default=None, ge=0, le=WIDEST_ZONE)


class _Atmosphere(_Model):
    name: str = Field(min_length=1)
    edge: Literal["top", "bottom", "left", "right"]
    layers: list[int] = Field(max_length=2000)
    floor: Literal["surface", "crush"] = "surface"


class _Map(_Model):
    format: Literal["ecliptic-map"]
    version: int
    name: str
    description: str = ""
    grid: _Grid
    leaving: _Leaving = _Leaving()
    bodies: list[_Body] = Field(default=[], max_length=MOST_THINGS)
    gravity: list[_Override] = Field(default=[], max_length=MOST_OVERRIDES)
    asteroids: _Asteroids = _Asteroids()
    special_asteroids: list[_Special] = Field(default=[], max_length=MOST_THINGS)
    bases: list[_Base] = Field(default=[], max_length=MOST_THINGS)
    zones: list[_Zone] = Field(default=[], max_length=MOST_THINGS)
    atmospheres: list[_Atmosphere] = Field(default=[], max_length=4)


def load_map(path: str | Path) -> StarMap:
    """Load and validate a map file; any problem raises FileProblems listing them all."""
    path = Path(path)
    data, text = tomlio.read_toml(path)
    return parse_map(data, text, str(path))


def parse_map(
    data: dict[str, Any], text: str = "", file: str | None = None, *, check: bool = True
) -> StarMap:
    """The map in ``data`` (read from ``text``). ``check=False`` skips the checks of
    meaning (:mod:`core.board.mapcheck`), for the editor, which saves a map with such problems
    and must open it again to fix them; structure and labels are always checked."""
    model = tomlio.validated(
        _Map, data, text=text, file=file, format=FORMAT, version=VERSION, what="map"
    )
    problems: list[Problem] = Problems(_area_problems(model))
    starmap = _build(model, problems) if not problems else None
    if starmap is not None and not problems and check:
        problems = map_problems(starmap)
    if problems:
        raise tomlio.located(problems, text, file)
    assert starmap is not None
    return starmap


def _area_problems(model: _Map) -> list[Problem]:
    """Bodies and zones round them too big to draw, told from their sizes alone (a zone
    of radius 100,000 would otherwise take every byte of memory to draw)."""
    sizes = {b.name: b.size for b in model.bodies}

    def area(rings: int) -> int:
        return 3 * rings * (rings + 1) + 1

    total = sum(area(b.size) for b in model.bodies)
    total += sum(
        area(sizes[z.around] + z.radius)
        for z in model.zones
        if z.around in sizes and z.radius is not None
    )
    if total <= MOST_AREA:
        return []
    message = (
        f"the bodies and the zones drawn round them cover {total} hexes; a map's may "
        f"cover at most {MOST_AREA}"
    )
    return [Problem(message, "bodies")]


def _build(model: _Map, problems: list[Problem]) -> StarMap | None:
    """Turn the checked structure into the model, collecting label and name problems."""
    orientation = Orientation(model.grid.orientation)
    bounds = Bounds(model.grid.width, model.grid.height, orientation, model.grid.offset == "even")
    labels = bounds.labels

    def hex_at(text: str, where: str) -> Hex | None:
        try:
            return labels.parse(text)
        except HexError as exc:
            problems.append(Problem(str(exc), where))
            return None

    def hexes_at(texts: list[str], where: str) -> frozenset[Hex]:
        return frozenset(h for t in texts if (h := hex_at(t, where)) is not None)

    def direction(text: str, where: str) -> Direction | None:
        try:
            return Direction.parse(text, orientation)
        except HexError as exc:
            problems.append(Problem(str(exc), where))
            return None

    bodies = []
    for i, b in enumerate(model.bodies):
        centre = hex_at(b.hex, f"bodies[{i}].hex")
        if centre is not None:
            gravity = None if b.gravity == "none" else GravityKind(b.gravity)
            kind = BodyKind(b.kind)
            bodies.append(Body(b.name, kind, centre, b.radius, gravity, b.size, b.limit))

    overrides = []
    for i, o in enumerate(model.gravity):
        at = hex_at(o.hex, f"gravity[{i}].hex")
        arrows = [direction(a, f"gravity[{i}].arrows") for a in o.arrows]
        if at is not None and None not in arrows:
            dirs = tuple(d for d in arrows if d is not None)
            overrides.append(GravityOverride(at, dirs, GravityKind(o.kind)))

    bases = []
    for i, spec in enumerate(model.bases):
        at = hex_at(spec.hex, f"bases[{i}].hex")
        side = direction(spec.side, f"bases[{i}].side") if spec.side is not None else None
        base_kind = BaseKind(spec.kind)
        services = (
            BY_KIND if spec.services is None else frozenset(Service(s) for s in spec.services)
        )
        if at is not None:
            bases.append(Base(spec.name, base_kind, at, side, spec.owner or None, services))

    body_by_name = {b.name: b for b in bodies}
    zones = []
    for i, z in enumerate(model.zones):
        hexes = set(hexes_at(z.hexes, f"zones[{i}].hexes"))
        if (z.around is None) != (z.radius is None):
            problems.append(Problem("give both 'around' and 'radius', or neither", f"zones[{i}]"))
        elif z.around is not None and z.radius is not None:
            body = body_by_name.get(z.around)
            if body is None:
                problems.append(
                    Problem(f"there is no body called {z.around!r}", f"zones[{i}].around")
                )
            else:
                hexes.update(body.centre.spiral(body.size + z.radius))
        zones.append(Zone(z.name, frozenset(hexes), z.owner or None, z.base or None))

    if problems:
        return None
    return StarMap(
        name=model.name,
        bounds=bounds,
        bodies=tuple(bodies),
        overrides=tuple(overrides),
        asteroids=hexes_at(model.asteroids.hexes, "asteroids.hexes"),
        special_asteroids=tuple(
            SpecialAsteroids(s.owner, hexes_at(s.hexes, f"special_asteroids[{i}].hexes"))
            for i, s in enumerate(model.special_asteroids)
        ),
        bases=tuple(bases),
        zones=tuple(zones),
        atmospheres=tuple(
            Atmosphere(a.name, Edge(a.edge), tuple(a.layers), Floor(a.floor))
            for a in model.atmospheres
        ),
        leaving=Leaving(LeavingRule(model.leaving.rule), model.leaving.penalty_turns),
        description=model.description,
    )


def dumps_map(m: StarMap) -> str:
    """The map as TOML text, in the layout of ``docs/formats/map.md``."""
    return tomlio.dumps(map_data(m))


def map_data(m: StarMap) -> dict[str, Any]:
    """The map as the data of its file, every field written out (``None``: left out)."""
    labels = m.bounds.labels
    o = m.bounds.orientation

    def hexes(hs: frozenset[Hex]) -> list[str]:
        return sorted(labels.format(h) for h in hs)

    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "name": m.name,
        "description": m.description,
        "grid": {
            "orientation": o.value,
            "offset": "even" if m.bounds.even else "odd",
            "width": m.bounds.width,
            "height": m.bounds.height,
        },
        "leaving": {"rule": m.leaving.rule.value, "penalty_turns": m.leaving.penalty_turns},
        "bodies": [
            {
                "name": b.name,
                "kind": b.kind.value,
                "hex": labels.format(b.centre),
                "radius": b.radius,
                "size": b.size,
                "gravity": b.gravity.value if b.gravity else "none",
                "limit": b.limit,
            }
            for b in m.bodies
        ],
        "gravity": [
            {
                "hex": labels.format(g.hex),
                "arrows": [d.name_in(o) for d in g.directions],
                "kind": g.kind.value,
            }
            for g in m.overrides
        ],
        "asteroids": {"hexes": hexes(m.asteroids)},
        "special_asteroids": [
            {"owner": s.owner, "hexes": hexes(s.hexes)} for s in m.special_asteroids
        ],
        "bases": [
            {
                "name": b.name,
                "kind": b.kind.value,
                "hex": labels.format(b.hex),
                "side": b.side.name_in(o) if b.side is not None else None,
                "owner": b.owner,
                "services": sorted(s.value for s in b.services),
            }
            for b in m.bases
        ],
        "zones": [
            {"name": z.name, "owner": z.owner, "base": z.base, "hexes": hexes(z.hexes)}
            for z in m.zones
        ],
        "atmospheres": [
            {"name": a.name, "edge": a.edge.value, "layers": list(a.layers), "floor": a.floor.value}
            for a in m.atmospheres
        ],
    }
    return doc


def save_map(m: StarMap, path: str | Path) -> None:
    """Write the map atomically; a map with problems is refused and nothing is written."""
    problems = map_problems(m)
    if problems:
        raise FileProblems([Problem(p.message, p.field, None, str(path)) for p in problems])
    tomlio.write_atomic(Path(path), dumps_map(m))
