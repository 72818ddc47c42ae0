"""The XML side of reading TMX: a small tree from expat that remembers each element's
line, and a :class:`Reader` that takes numbers, properties, tile types and layer cells
off it, collecting every problem with the TMX element and line it came from. Document
type declarations are refused outright: TMX has none, and entities are a risk.
"""

from __future__ import annotations

import base64
import re
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

from core.board.problems import FileProblems, Problem, Problems
from core.files.reading import TMX_LIMIT, read_text
from core.files.references import inside

#: one cell of CSV layer data (read one at a time, not split into a list of strings)
_CELL = re.compile(r"[^,\s]+")
#: the bits of a gid that flip or rotate the tile, which Ecliptic's maps ignore
_FLIP_BITS = 0xF0000000


@dataclass(slots=True)
class Node:
    """An XML element with the line it starts on, for problems that name it.

    The ``<tile>`` elements of a layer's ``<data>`` (millions on a large map) are kept
    only as their ``gid`` attributes, in ``gids``, so the tree stays a small multiple of
    the file."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)
    chunks: list[str] = field(default_factory=list)
    gids: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(self.chunks)

    def all(self, tag: str) -> list[Node]:
        return [c for c in self.children if c.tag == tag]

    def first(self, tag: str) -> Node | None:
        return next((c for c in self.children if c.tag == tag), None)


class _Refused(Exception):
    pass


def parse_xml(text: str, file: str | None) -> Node:
    """The document's root element; bad XML or a document type raises FileProblems."""
    parser = expat.ParserCreate()
    stack: list[Node] = []
    roots: list[Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        if tag == "tile" and stack and stack[-1].tag == "data":
            stack[-1].gids.append(attrs.get("gid", "0"))
            stack.append(stack[-1])  # popped by its end; its text is the data's
            return
        node = Node(tag, attrs, parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def chars(data: str) -> None:
        if stack:
            stack[-1].chunks.append(data)

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


def properties(node: Node) -> dict[str, str]:
    """An element's Tiled properties by name."""
    props = node.first("properties")
    if props is None:
        return {}
    return {p.attrs.get("name", ""): p.attrs.get("value", p.text) for p in props.all("property")}


@dataclass
class Reader:
    """Reads values off TMX elements, collecting every problem with its element and line:
    numbers and properties, tile types from the tilesets, a tile layer's cells."""

    file: str | None
    problems: list[Problem] = field(default_factory=Problems)
    types: dict[int, str] = field(default_factory=dict)  # gid -> tile type
    origins: dict[str, tuple[str, int]] = field(default_factory=dict)  # map field -> TMX place

    def problem(self, message: str, where: str, line: int) -> None:
        self.problems.append(Problem(message, where, line, self.file))

    def number(self, node: Node, attr: str, where: str) -> float:
        text = node.attrs.get(attr, "0")
        try:
            return float(text)
        except ValueError:
            self.problem(f"{attr}={text!r} is not a number", where, node.line)
            return 0.0

    def whole(self, node: Node, props: dict[str, str], name: str, default: int, where: str) -> int:
        text = props.get(name, str(default))
        try:
            return int(text)
        except ValueError:
            self.problem(f"property {name!r} is {text!r}: not a whole number", where, node.line)
            return default

    def real(
        self, node: Node, props: dict[str, str], name: str, default: float, where: str
    ) -> float:
        text = props.get(name, repr(default))
        try:
            return float(text)
        except ValueError:
            self.problem(f"property {name!r} is {text!r}: not a number", where, node.line)
            return default

    def choice(
        self,
        node: Node,
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

    def tilesets(self, root: Node) -> None:
        for ts in root.all("tileset"):
            first = int(self.number(ts, "firstgid", "tileset"))
            source = ts.attrs.get("source")
            if source is not None:
                ts = self.external(source, ts)
            for tile in ts.all("tile"):
                kind = tile.attrs.get("class") or tile.attrs.get("type") or ""
                if kind:
                    self.types[first + int(self.number(tile, "id", "tileset tile"))] = kind

    def external(self, source: str, node: Node) -> Node:
        where = f"tileset {source!r}"
        if self.file is None:
            self.problem(
                "an external tileset can only be read next to its map file", where, node.line
            )
            return node
        try:
            path = inside(source, Path(self.file).parent)
            return parse_xml(read_text(path, TMX_LIMIT), str(path))
        except FileProblems as exc:
            for p in exc.problems:
                if p.file is None:  # the reference itself is refused: say so at the map's line
                    self.problem(p.message, where, node.line)
                else:
                    self.problems.append(p)
        return node

    # ---- tile layers ----

    def cells(self, layer: Node, width: int, height: int, where: str) -> list[int]:
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
                gids = [int(gid) for gid in data.gids]
            elif encoding == "csv":
                gids = [int(m.group()) for m in _CELL.finditer(data.text)]
            elif encoding == "base64":
                raw = base64.b64decode(data.text.strip(), validate=False)
                if compression in ("zlib", "gzip"):
                    raw = inflate(raw, compression, 4 * width * height)
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
        except (ValueError, zlib.error) as exc:
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


def inflate(raw: bytes, compression: str, size: int) -> bytes:
    """A layer's zlib or gzip data, inflated to at most ``size`` bytes (the layer's
    cells, four bytes each): a bomb stops at the cap instead of filling memory."""
    stream = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
    out = stream.decompress(raw, size + 1)
    if len(out) > size or stream.unconsumed_tail:
        raise ValueError(f"it inflates to more than the layer's {size} bytes")
    if not stream.eof:
        raise ValueError("the compressed data ends early")
    return out
