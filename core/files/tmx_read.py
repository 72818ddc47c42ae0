"""Reading TMX files: ours back exactly, and Tiled's own with terrain alone.

The XML is read into a small tree that remembers each element's line
(:mod:`core.files.tmx_xml`), so every problem names the file, the TMX element and its line.
A layer's meaning comes from its ``ecliptic`` property, else its name, else each tile's
type (``docs/formats/tmx.md``).
"""

from __future__ import annotations

from pathlib import Path

from core.board.hexgrid import Direction, Hex, HexError, Orientation
from core.board.mapcheck import map_problems
from core.board.problems import FileProblems, Problem
from core.board.starmap import (
    DEFAULT_SERVICES,
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
from core.files.reading import TMX_LIMIT, read_text
from core.files.tmx_tiles import TiledGrid
from core.files.tmx_xml import Node, Reader, parse_xml, properties

_BODY_TILES = {
    "star": "star",
    "planet": "planet",
    "moon": "moon",
    "asteroid-body": "asteroid",
    "gas-giant": "gas giant",
}
_BASE_TILES = {
    "orbital-base": "orbital",
    "planetary-base": "planetary",
    "asteroid-base": "asteroid",
}
_ROLES = ("space", "asteroids", "special-asteroids", "zone", "bodies", "bases")
_GROUP_ROLES = ("bodies", "gravity", "bases", "atmospheres")


def _role(node: Node, props: dict[str, str], roles: tuple[str, ...]) -> str | None:
    """What a layer holds: its ``ecliptic`` property, else what its name says."""
    if props.get("ecliptic") in roles:
        return props["ecliptic"]
    name = node.attrs.get("name", "").strip().lower()
    for role in roles:
        words = role.replace("-", " ")
        if name == words or name.startswith(words + ":") or name.startswith(role + ":"):
            return role
    if name.startswith("zone") and "zone" in roles:
        return "zone"
    if name in ("gravity overrides", "overrides") and "gravity" in roles:
        return "gravity"
    return None


def _after_colon(name: str) -> str:
    return name.split(": ", 1)[1] if ": " in name else name


def from_tmx(text: str, file: str | None = None) -> StarMap:
    """Read a TMX map; every problem (XML, Tiled settings, map content) raises FileProblems."""
    root = parse_xml(text, file)
    r = Reader(file)
    if root.tag != "map":
        raise FileProblems(
            [Problem(f"the document is a <{root.tag}>, not a TMX <map>", None, root.line, file)]
        )
    where = "map"
    if root.attrs.get("orientation") != "hexagonal":
        r.problem(
            f"orientation is {root.attrs.get('orientation')!r}: Ecliptic maps are hexagonal "
            "(Tiled: Map › Map Properties › Orientation › Hexagonal)",
            "map.orientation",
            root.line,
        )
    if root.attrs.get("infinite", "0") != "0":
        r.problem(
            "the map is infinite: Ecliptic maps have fixed bounds (untick Infinite in Tiled)",
            "map.infinite",
            root.line,
        )
    axis = root.attrs.get("staggeraxis", "x")
    index = root.attrs.get("staggerindex", "odd")
    if axis not in ("x", "y"):
        r.problem(f"staggeraxis is {axis!r}: use x or y", "map.staggeraxis", root.line)
    if index not in ("odd", "even"):
        r.problem(f"staggerindex is {index!r}: use odd or even", "map.staggerindex", root.line)
    width = int(r.number(root, "width", "map.width"))
    height = int(r.number(root, "height", "map.height"))
    if not (0 < width <= 2000 and 0 < height <= 2000):
        r.problem(
            f"the map is {width}x{height}: each side must be 1 to 2000", "map.width", root.line
        )
    if r.problems:
        raise FileProblems(r.problems)
    orientation = Orientation.FLAT if axis == "x" else Orientation.POINTY
    bounds = Bounds(width, height, orientation, index == "even")
    labels, grid = bounds.labels, TiledGrid(orientation, index == "even")
    r.tilesets(root)
    props = properties(root)
    name = props.get("name") or (Path(file).stem if file else "Imported map")
    r.origins["name"] = ("map properties", root.line)
    r.origins["leaving"] = ("map properties", root.line)
    leaving_rule = r.choice(
        root, props, "leaving", [x.value for x in LeavingRule], where, "eliminated"
    )
    penalty = r.whole(root, props, "penalty_turns", 0, where)

    asteroids: set[Hex] = set()
    specials: list[SpecialAsteroids] = []
    zones: list[Zone] = []
    body_tiles: dict[Hex, str] = {}
    base_tiles: dict[Hex, str] = {}
    for layer in root.all("layer"):
        lprops = properties(layer)
        lname = layer.attrs.get("name", "")
        lwhere = f"layer {lname!r}"
        role = _role(layer, lprops, _ROLES)
        gids = r.cells(layer, width, height, lwhere)
        group: set[Hex] = set()
        typed = None  # a layer without a role holding special asteroid or zone tiles
        for i, gid in enumerate(gids):
            if not gid:
                continue
            h = labels.from_offset(i % width, i // width)
            kind = r.types.get(gid, "")
            if role in ("special-asteroids", "zone", "asteroids"):
                (group if role != "asteroids" else asteroids).add(h)
            elif role == "space" or kind == "space":
                continue
            elif kind in _BODY_TILES and role in (None, "bodies"):
                body_tiles.setdefault(h, _BODY_TILES[kind])
            elif kind in _BASE_TILES and role in (None, "bases"):
                base_tiles.setdefault(h, _BASE_TILES[kind])
            elif kind == "asteroid":
                asteroids.add(h)
            elif kind in ("special-asteroid", "zone"):
                typed = "special-asteroids" if kind == "special-asteroid" else "zone"
                group.add(h)
            else:
                what = f"type {kind!r}" if kind else "no type"
                r.problem(
                    f"the tile at column {i % width + 1}, row {i // width + 1} "
                    f"(gid {gid}) has {what}: "
                    "Ecliptic reads tiles of type asteroid, special-asteroid, star, planet, moon, "
                    "asteroid-body, orbital-base, planetary-base, asteroid-base, zone or space, "
                    "or any tile on a layer named asteroids, special asteroids or zone",
                    lwhere,
                    layer.line,
                )
                break
        role = role or typed
        if role == "special-asteroids":
            owner = lprops.get("owner")
            if owner is None:
                r.problem(
                    "special asteroids need an owner: give the layer an 'owner' property",
                    lwhere,
                    layer.line,
                )
                continue
            r.origins[f"special_asteroids[{len(specials)}]"] = (lwhere, layer.line)
            specials.append(SpecialAsteroids(owner, frozenset(group)))
        elif role == "zone":
            r.origins[f"zones[{len(zones)}]"] = (lwhere, layer.line)
            zones.append(
                Zone(_after_colon(lname), frozenset(group), lprops.get("owner"), lprops.get("base"))
            )
        elif role == "asteroids":
            r.origins.setdefault("asteroids", (lwhere, layer.line))

    bodies: list[Body] = []
    overrides: list[GravityOverride] = []
    bases: list[Base] = []
    atmospheres: list[Atmosphere] = []
    for og in root.all("objectgroup"):
        role = _role(og, properties(og), _GROUP_ROLES)
        for obj in og.all("object"):
            oprops = properties(obj)
            oname = obj.attrs.get("name", "")
            owhere = f"object {oname!r} in {og.attrs.get('name', '')!r}"
            x, y = r.number(obj, "x", owhere), r.number(obj, "y", owhere)
            at = labels.from_offset(*grid.cell_at(x, y))
            if role == "bodies":
                r.origins[f"bodies[{len(bodies)}]"] = (owhere, obj.line)
                kind = r.choice(obj, oprops, "kind", [k.value for k in BodyKind], owhere)
                gravity = r.choice(
                    obj, oprops, "gravity", ["normal", "weak", "double", "none"], owhere, "normal"
                )
                size = r.whole(obj, oprops, "size", 0, owhere)
                radius = r.real(obj, oprops, "radius", 0.4, owhere)
                kind_g = None if gravity == "none" else GravityKind(gravity)
                limit = r.whole(obj, oprops, "limit", -1, owhere) if "limit" in oprops else None
                body = Body(oname, BodyKind(kind), at, radius, kind_g, size, limit)
                bodies.append(body)
            elif role == "gravity":
                r.origins[f"gravity[{len(overrides)}]"] = (owhere, obj.line)
                dirs = []
                for word in oprops.get("arrows", "").split():
                    try:
                        dirs.append(Direction.parse(word, orientation))
                    except HexError as exc:
                        r.problem(str(exc), owhere, obj.line)
                gkind = r.choice(
                    obj, oprops, "kind", ["normal", "weak", "double"], owhere, "normal"
                )
                overrides.append(GravityOverride(at, tuple(dirs), GravityKind(gkind)))
            elif role == "bases":
                r.origins[f"bases[{len(bases)}]"] = (owhere, obj.line)
                bkind = BaseKind(r.choice(obj, oprops, "kind", [k.value for k in BaseKind], owhere))
                side = None
                if "side" in oprops:
                    try:
                        side = Direction.parse(oprops["side"], orientation)
                    except HexError as exc:
                        r.problem(str(exc), owhere, obj.line)
                services = DEFAULT_SERVICES[bkind]
                if "services" in oprops:
                    try:
                        services = frozenset(Service(s) for s in oprops["services"].split())
                    except ValueError:
                        known = ", ".join(s.value for s in Service)
                        r.problem(
                            f"services {oprops['services']!r}: use any of {known}", owhere, obj.line
                        )
                bases.append(Base(oname, bkind, at, side, oprops.get("owner"), services))
            elif role == "atmospheres":
                r.origins[f"atmospheres[{len(atmospheres)}]"] = (owhere, obj.line)
                edge = r.choice(obj, oprops, "edge", [e.value for e in Edge], owhere)
                floor = r.choice(obj, oprops, "floor", [f.value for f in Floor], owhere, "surface")
                try:
                    levels = tuple(int(v) for v in oprops.get("layers", "").split())
                except ValueError:
                    r.problem(
                        f"layers {oprops.get('layers')!r}: give whole numbers separated by spaces",
                        owhere,
                        obj.line,
                    )
                    levels = ()
                atmospheres.append(Atmosphere(oname, Edge(edge), levels, Floor(floor)))

    covered = {h for b in bodies for h in b.hexes()}
    for h, kind in sorted(body_tiles.items()):
        if h not in covered:
            r.origins[f"bodies[{len(bodies)}]"] = ("layer 'bodies'", root.line)
            bodies.append(Body(f"{kind.title()} {labels.format(h)}", BodyKind(kind), h))
    placed = {(b.hex, b.kind.value) for b in bases}
    for h, kind in sorted(base_tiles.items()):
        if (h, kind) not in placed:
            r.origins[f"bases[{len(bases)}]"] = ("layer 'bases'", root.line)
            bkind = BaseKind(kind)
            bases.append(
                Base(
                    f"{kind.title()} base {labels.format(h)}",
                    bkind,
                    h,
                    None,
                    None,
                    DEFAULT_SERVICES[bkind],
                )
            )
    if r.problems:
        raise FileProblems(r.problems)
    starmap = StarMap(
        name=name,
        bounds=bounds,
        bodies=tuple(bodies),
        overrides=tuple(overrides),
        asteroids=frozenset(asteroids),
        special_asteroids=tuple(specials),
        bases=tuple(bases),
        zones=tuple(zones),
        atmospheres=tuple(atmospheres),
        leaving=Leaving(LeavingRule(leaving_rule), penalty),
        description=props.get("description", ""),
    )
    problems = map_problems(starmap)
    if problems:
        raise FileProblems(
            [r.locate(p, root.line) for p in problems], more=getattr(problems, "dropped", 0)
        )
    return starmap


def load_tmx(path: str | Path) -> StarMap:
    """Read a TMX file; an unreadable file is a FileProblems like any other problem."""
    return from_tmx(read_text(Path(path), TMX_LIMIT), str(path))
