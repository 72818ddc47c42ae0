"""Maps as Tiled TMX files, so hex terrain can move between Ecliptic and Tiled.

``to_tmx`` writes a hexagonal TMX that Tiled opens and draws as it stands (the tiles are
embedded), and that carries everything of the map: terrain as tile layers, bodies, bases,
gravity overrides and atmospheres as objects with properties, the rest as map properties,
so ``from_tmx(to_tmx(m)) == m``. ``from_tmx`` (in :mod:`core.files.tmx_read`) also takes maps
drawn in Tiled with terrain alone. The layout is described in ``docs/formats/tmx.md``.
"""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from core.board.hexgrid import Hex, Orientation
from core.board.mapcheck import map_problems
from core.board.problems import FileProblems, Problem
from core.board.starmap import Base, StarMap
from core.files import tomlio
from core.files.tmx_tiles import SIDE, TILE_ID, TILES, TiledGrid, tile_pngs

__all__ = ["save_tmx", "to_tmx"]

TMX_VERSION = "1.8"
ROLE = "ecliptic"  # the layer property saying what a layer holds
Value = str | int | float | None
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _text(value: str) -> str:
    """XML 1.0 cannot carry most control characters, even escaped: they become U+FFFD."""
    return _NOT_XML.sub("\ufffd", value)


def _properties(parent: ET.Element, values: list[tuple[str, Value]]) -> None:
    """Tiled's ``<properties>``; None leaves a property out (absent means "none")."""
    kept = [(k, v) for k, v in values if v is not None]
    if not kept:
        return
    props = ET.SubElement(parent, "properties")
    for name, value in kept:
        attrs = {"name": name}
        if isinstance(value, bool):
            raise TypeError(name)
        if isinstance(value, int):
            attrs["type"] = "int"
        elif isinstance(value, float):
            attrs["type"] = "float"
        attrs["value"] = _text(repr(value) if isinstance(value, float) else str(value))
        ET.SubElement(props, "property", attrs)


class _Writer:
    def __init__(self, m: StarMap) -> None:
        self.m = m
        self.grid = TiledGrid(m.bounds.orientation, m.bounds.even)
        self.labels = m.bounds.labels
        self.layer_id = 0
        self.object_id = 0
        w, h = self.grid.tile
        b = m.bounds
        self.root = ET.Element(
            "map",
            {
                "version": TMX_VERSION,
                "orientation": "hexagonal",
                "renderorder": "right-down",
                "width": str(b.width),
                "height": str(b.height),
                "tilewidth": str(w),
                "tileheight": str(h),
                "infinite": "0",
                "hexsidelength": str(SIDE),
                "staggeraxis": "x" if b.orientation.value == "flat" else "y",
                "staggerindex": "even" if b.even else "odd",
                "backgroundcolor": "#05070f",
            },
        )

    def write(self) -> str:
        m = self.m
        _properties(
            self.root,
            [
                ("ecliptic-format", "ecliptic-map"),
                ("ecliptic-version", 1),
                ("name", m.name),
                ("description", m.description),
                ("leaving", m.leaving.rule.value),
                ("penalty_turns", m.leaving.penalty_turns),
            ],
        )
        self._tileset()
        self._tiles("space", "space", [], dict.fromkeys(m.bounds.hexes(), "space"))
        self._tiles("asteroids", "asteroids", [], dict.fromkeys(m.asteroids, "asteroid"))
        for s in m.special_asteroids:
            cells = dict.fromkeys(s.hexes, "special-asteroid")
            self._tiles(
                f"special asteroids: {s.owner}", "special-asteroids", [("owner", s.owner)], cells
            )
        bodies = {h: _body_tile(b.kind.value) for h, b in m.body_hexes.items()}
        self._tiles("bodies", "bodies", [], bodies)
        bases: dict[Hex, str] = {}
        for base in m.bases:
            bases.setdefault(base.hex, f"{base.kind.value}-base")
        self._tiles("bases", "bases", [], bases)
        for z in m.zones:
            props: list[tuple[str, Value]] = [("owner", z.owner), ("base", z.base)]
            self._tiles(f"zone: {z.name}", "zone", props, dict.fromkeys(z.hexes, "zone"))
        self._objects()
        self.root.set("nextlayerid", str(self.layer_id + 1))
        self.root.set("nextobjectid", str(self.object_id + 1))
        ET.indent(self.root, " ")
        body = ET.tostring(self.root, encoding="unicode")
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"

    def _tileset(self) -> None:
        w, h = self.grid.tile
        tileset = ET.SubElement(
            self.root,
            "tileset",
            {
                "firstgid": "1",
                "name": "Ecliptic",
                "tilewidth": str(w),
                "tileheight": str(h),
                "tilecount": str(len(TILES)),
                "columns": "0",
            },
        )
        ET.SubElement(tileset, "grid", {"orientation": "orthogonal", "width": "1", "height": "1"})
        for i, (kind, png) in enumerate(
            zip(TILES, tile_pngs(self.m.bounds.orientation), strict=True)
        ):
            tile = ET.SubElement(tileset, "tile", {"id": str(i), "type": kind.type})
            _properties(tile, [("meaning", kind.title)])
            image = ET.SubElement(
                tile, "image", {"format": "png", "width": str(w), "height": str(h)}
            )
            data = ET.SubElement(image, "data", {"encoding": "base64"})
            data.text = base64.b64encode(png).decode("ascii")

    def _layer(self, tag: str, name: str) -> ET.Element:
        self.layer_id += 1
        return ET.SubElement(self.root, tag, {"id": str(self.layer_id), "name": _text(name)})

    def _tiles(
        self,
        name: str,
        role: str,
        props: list[tuple[str, Value]],
        cells: dict[Hex, str],
    ) -> None:
        b = self.m.bounds
        layer = self._layer("layer", name)
        layer.set("width", str(b.width))
        layer.set("height", str(b.height))
        _properties(layer, [(ROLE, role), *props])
        gids = [[0] * b.width for _ in range(b.height)]
        for h, kind in cells.items():
            col, row = self.labels.to_offset(h)
            if 0 <= col < b.width and 0 <= row < b.height:
                gids[row][col] = TILE_ID[kind] + 1
        data = ET.SubElement(layer, "data", {"encoding": "csv"})
        data.text = "\n" + ",\n".join(",".join(map(str, row)) for row in gids) + "\n"

    def _object(self, group: ET.Element, name: str, kind: str, at: Hex | None) -> ET.Element:
        self.object_id += 1
        x, y = self.grid.centre(*self.labels.to_offset(at)) if at is not None else (0.0, 0.0)
        obj = ET.SubElement(
            group,
            "object",
            {
                "id": str(self.object_id),
                "name": _text(name),
                "type": kind,
                "x": f"{x:g}",
                "y": f"{y:g}",
            },
        )
        ET.SubElement(obj, "point")
        return obj

    def _objects(self) -> None:
        m, o = self.m, self.m.bounds.orientation
        group = self._layer("objectgroup", "bodies")
        _properties(group, [(ROLE, "bodies")])
        for b in m.bodies:
            obj = self._object(group, b.name, "body", b.centre)
            gravity = b.gravity.value if b.gravity is not None else "none"
            props = [("kind", b.kind.value), ("size", b.size), ("radius", float(b.radius))]
            limit = [("limit", b.limit)] if b.limit is not None else []
            _properties(obj, [*props, ("gravity", gravity), *limit])
        group = self._layer("objectgroup", "gravity overrides")
        _properties(group, [(ROLE, "gravity")])
        for g in m.overrides:
            obj = self._object(group, self.labels.format(g.hex), "gravity", g.hex)
            arrows = " ".join(d.name_in(o) for d in g.directions)
            _properties(obj, [("arrows", arrows), ("kind", g.kind.value)])
        group = self._layer("objectgroup", "bases")
        _properties(group, [(ROLE, "bases")])
        for base in m.bases:
            obj = self._object(group, base.name, "base", base.hex)
            _properties(obj, _base_properties(base, o))
        group = self._layer("objectgroup", "atmospheres")
        _properties(group, [(ROLE, "atmospheres")])
        for a in m.atmospheres:
            obj = self._object(group, a.name, "atmosphere", None)
            layers = " ".join(str(level) for level in a.layers)
            _properties(obj, [("edge", a.edge.value), ("layers", layers), ("floor", a.floor.value)])


def _body_tile(kind: str) -> str:
    return {"asteroid": "asteroid-body", "gas giant": "gas-giant"}.get(kind, kind)


def _base_properties(base: Base, o: Orientation) -> list[tuple[str, Value]]:
    return [
        ("kind", base.kind.value),
        ("side", base.side.name_in(o) if base.side is not None else None),
        ("owner", base.owner),
        ("services", " ".join(sorted(s.value for s in base.services))),
    ]


def to_tmx(starmap: StarMap) -> str:
    """The map as a Tiled TMX document (hexagonal, tiles embedded), as text."""
    return _Writer(starmap).write()


def save_tmx(starmap: StarMap, path: str | Path) -> None:
    """Write the map as TMX atomically; a map with problems is refused and nothing is written."""
    problems = map_problems(starmap)
    if problems:
        raise FileProblems([Problem(p.message, p.field, None, str(path)) for p in problems])
    tomlio.write_atomic(Path(path), to_tmx(starmap))
