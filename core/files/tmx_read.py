"""Reading TMX files: ours back exactly, and Tiled's own with terrain alone.

The XML is read with expat into a small tree that remembers each element's line, so
every problem names the file, the TMX element and its line. A layer's meaning comes from
its ``ecliptic`` property, else its name, else each tile's type (``docs/formats/tmx.md``).
Document type declarations are refused outright: TMX has none, and entities are a risk.
"""

from __future__ import annotations

import base64
import gzip
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

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
from core.files.tmx_tiles import TiledGrid

_FLIP_BITS = 0xF0000000
_BODY_TILES = {"star": "star", "planet": "planet", "moon": "moon", "asteroid-body": "asteroid"}
_BASE_TILES = {
    "orbital-base": "orbital",
    "planetary-base": "planetary",
    "asteroid-base": "asteroid",
}
_ROLES = ("space", "asteroids", "special-asteroids", "zone", "bodies", "bases")
_GROUP_ROLES = ("bodies", "gravity", "bases", "atmospheres")


@dataclass
class _Node:
    tag: str
    attrs: dict[str, str]
    line: int
    children: list[_Node] = field(default_factory=list)
    text: str = ""

    def all(self, tag: str) -> list[_Node]:
        return [c for c in self.children if c.tag == tag]

    def first(self, tag: str) -> _Node | None:
        return next((c for c in self.children if c.tag == tag), None)


class _Refused(Exception):
    pass


def _parse_xml(text: str, file: str | None) -> _Node:
    parser = expat.ParserCreate()
    stack: list[_Node] = []
    roots: list[_Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = _Node(tag, attrs, parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def chars(data: str) -> None:
        if stack:
            stack[-1].text += data

    def doctype(*args: object) -> None:
        raise _Refused("a TMX file has no document type declaration; this one declares one")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    try:
        parser.Parse(text, True)
    except expat.ExpatError as exc:
        message = f"not well-formed XML: {expat.errors.messages[exc.code]}"
        raise FileProblems([Problem(message, None, exc.lineno, file)]) from None
    except _Refused as exc:
        raise FileProblems([Problem(str(exc), None, parser.CurrentLineNumber, file)]) from None
    return roots[0]


def _properties(node: _Node) -> dict[str, str]:
    props = node.first("properties")
    if props is None:
        return {}
    return {p.attrs.get("name", ""): p.attrs.get("value", p.text) for p in props.all("property")}


@dataclass
class _Reader:
    file: str | None
    problems: list[Problem] = field(default_factory=list)
    types: dict[int, str] = field(default_factory=dict)  # gid -> tile type
    origins: dict[str, tuple[str, int]] = field(default_factory=dict)  # map field -> TMX place

    def problem(self, message: str, where: str, line: int) -> None:
        self.problems.append(Problem(message, where, line, self.file))

    def number(self, node: _Node, attr: str, where: str) -> float:
        text = node.attrs.get(attr, "0")
        try:
            return float(text)
        except ValueError:
            self.problem(f"{attr}={text!r} is not a number", where, node.line)
            return 0.0

    def whole(self, node: _Node, props: dict[str, str], name: str, default: int, where: str) -> int:
        text = props.get(name, str(default))
        try:
            return int(text)
        except ValueError:
            self.problem(f"property {name!r} is {text!r}: not a whole number", where, node.line)
            return default

    def real(
        self, node: _Node, props: dict[str, str], name: str, default: float, where: str
    ) -> float:
        text = props.get(name, repr(default))
        try:
            return float(text)
        except ValueError:
            self.problem(f"property {name!r} is {text!r}: not a number", where, node.line)
            return default

    def choice(
        self,
        node: _Node,
        props: dict[str, str],
        name: str,
        allowed: list[str],
        where: str,
        default: str | None = None,
    ) -> str:
        value = props.get(name, default)
        if value is None or value not in allowed:
            shown = ", ".join(allowed)
            self.problem(f"property {name!r} is {value!r}: use one of {shown}", where, node.line)
            return allowed[0]
        return value

    def locate(self, p: Problem, fallback: int) -> Problem:
        """A map problem (field ``bases[3].hex``) placed on the TMX element it came from."""
        path = p.field or ""
        key = path.split(".", 1)[0]
        where, line = self.origins.get(
            key, self.origins.get(key.split("[", 1)[0], ("map", fallback))
        )
        return Problem(p.message, where, line, self.file)

    # ---- tilesets ----

    def tilesets(self, root: _Node) -> None:
        for ts in root.all("tileset"):
            first = int(self.number(ts, "firstgid", "tileset"))
            source = ts.attrs.get("source")
            if source is not None:
                ts = self.external(source, ts)
            for tile in ts.all("tile"):
                kind = tile.attrs.get("class") or tile.attrs.get("type") or ""
                if kind:
                    self.types[first + int(self.number(tile, "id", "tileset tile"))] = kind

    def external(self, source: str, node: _Node) -> _Node:
        where = f"tileset {source!r}"
        if self.file is None:
            self.problem(
                "an external tileset can only be read next to its map file", where, node.line
            )
            return node
        path = Path(self.file).parent / source
        try:
            return _parse_xml(path.read_text(encoding="utf-8"), str(path))
        except OSError as exc:
            self.problem(f"cannot read {path}: {exc.strerror}", where, node.line)
        except FileProblems as exc:
            self.problems.extend(exc.problems)
        return node

    # ---- tile layers ----

    def cells(self, layer: _Node, width: int, height: int, where: str) -> list[int]:
        data = layer.first("data")
        if data is None:
            return []
        if data.first("chunk") is not None:
            self.problem(
                "chunked (infinite) layer data: untick Infinite in Tiled's map properties",
                where,
                data.line,
            )
            return []
        encoding, compression = data.attrs.get("encoding"), data.attrs.get("compression")
        try:
            if encoding is None:
                gids = [int(t.attrs.get("gid", "0")) for t in data.all("tile")]
            elif encoding == "csv":
                gids = [int(v) for v in data.text.replace("\n", "").split(",") if v.strip()]
            elif encoding == "base64":
                raw = base64.b64decode(data.text.strip(), validate=False)
                if compression == "zlib":
                    raw = zlib.decompress(raw)
                elif compression == "gzip":
                    raw = gzip.decompress(raw)
                elif compression:
                    self.problem(
                        f"{compression} compression is not supported: choose CSV, or Base64 "
                        "uncompressed, zlib or gzip, in Tiled's map properties",
                        where,
                        data.line,
                    )
                    return []
                gids = list(struct.unpack(f"<{len(raw) // 4}I", raw[: len(raw) // 4 * 4]))
            else:
                self.problem(f"unknown layer data encoding {encoding!r}", where, data.line)
                return []
        except (ValueError, zlib.error, OSError, EOFError) as exc:
            self.problem(f"layer data cannot be read: {exc}", where, data.line)
            return []
        if len(gids) != width * height:
            self.problem(
                f"{len(gids)} cells where a {width}x{height} map has {width * height}",
                where,
                data.line,
            )
            return []
        return [g & ~_FLIP_BITS for g in gids]


def _role(node: _Node, props: dict[str, str], roles: tuple[str, ...]) -> str | None:
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
    root = _parse_xml(text, file)
    r = _Reader(file)
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
    props = _properties(root)
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
        lprops = _properties(layer)
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
        role = _role(og, _properties(og), _GROUP_ROLES)
        for obj in og.all("object"):
            oprops = _properties(obj)
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
                bodies.append(Body(oname, BodyKind(kind), at, radius, kind_g, size))
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
    problems = [r.locate(p, root.line) for p in map_problems(starmap)]
    if problems:
        raise FileProblems(problems)
    return starmap


def load_tmx(path: str | Path) -> StarMap:
    """Read a TMX file; an unreadable file is a FileProblems like any other problem."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise FileProblems(
            [Problem(f"cannot read the file: {exc.strerror}", None, None, str(path))]
        ) from None
    except UnicodeDecodeError:
        raise FileProblems([Problem("the file is not UTF-8 text", None, None, str(path))]) from None
    return from_tmx(text, str(path))
