"""Minimal updates of a TOML file's text, so editor saves keep what the author wrote.

The editor holds a file's data, not its text. To save over a file it opened,
:func:`merge` parses the text as it was with ``tomlkit`` and changes only what the edits
changed: untouched values keep their spelling, comments and order; a changed value is
written as the canonical writer (:func:`core.files.tomlio.dumps`) writes it. Arrays of tables
(``[[bodies]]``) are matched element by element, so the comment above an untouched
element stays with it and a removed element takes its own comment along.

Edits are found by comparing two versions of the data: ``old``, what the text means, and
``new``, what to write. For a scenario ``old`` is the text read with tomllib; for a map it
is the canonical data of the map the text describes, so a default the author left out,
or a zone written as ``around``, stays as written while its meaning is unchanged.

:func:`checked` reads the result back and falls back to the canonical text when it does
not mean exactly the new data: a surprise in a hand-written file costs its layout, never
its content. Reading files during play stays with tomllib; only saves come here.
"""

from __future__ import annotations

import difflib
import itertools
import json
import tomllib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import tomlkit
from tomlkit.container import Container
from tomlkit.exceptions import TOMLKitError
from tomlkit.items import AoT, Array, Comment, InlineTable, Item, Null, Table, Whitespace

from core.board.problems import FileProblems
from core.files import tomlio

if TYPE_CHECKING:
    from core.board.starmap import StarMap

Data = Mapping[str, Any]


def merge(text: str, old: Data, new: Data) -> str:
    """``text`` changed from meaning ``old`` to meaning ``new``, touching only what differs.

    Raises ValueError if ``text`` is not TOML. ``None`` values count as absent keys.
    """
    try:
        doc = tomlkit.parse(text)
    except TOMLKitError as exc:
        raise ValueError(f"the original text is not TOML: {exc}") from None
    _rehome(doc)
    _update(doc, old, new, top=True)
    return doc.as_string()


def checked(
    text: str | None,
    old: Data | None,
    new: Data,
    *,
    canonical: Callable[[], str],
    reads_back: Callable[[str], bool],
) -> str:
    """The merged text if it reads back as ``new`` (``reads_back``), else ``canonical()``.

    With no original text (a file never saved) the canonical text is the answer.
    """
    if text is not None and old is not None:
        try:
            merged = merge(text, old, new)
        except Exception:  # whatever tomlkit makes of an odd file, the save goes on
            merged = None
        if merged is not None and reads_back(merged):
            return merged
    return canonical()


def map_text(m: StarMap, source: str | None, canonical: str | None = None) -> str:
    """The file text of map ``m``: ``source`` (the text it came from) minimally updated,
    or the canonical layout (``canonical``, if already made) when there is none, when the
    source is itself in the canonical layout, or when the update would not read back as
    ``m``. Raises ValueError, as :func:`core.files.mapfile.dumps_map` does, for an
    unwritable map."""
    from core.files.mapfile import dumps_map, map_data, parse_map

    if canonical is None:
        canonical = dumps_map(m)
    if source is None:
        return canonical
    new = map_data(m)
    try:
        literal = tomllib.loads(source)
        before = parse_map(literal, source, check=False)
        old = map_data(before)
        if before.bounds == m.bounds:
            _keep_zone_shorthands(literal, old, new, m)
    except (tomllib.TOMLDecodeError, FileProblems, ValueError):
        return canonical
    if source == dumps_map(before):  # nothing of the author's to keep; tomlkit would
        return canonical  # take a second over a 100,000-hex map for the same text

    def reads_back(text: str) -> bool:
        try:
            return bool(parse_map(tomllib.loads(text), text, check=False) == m)
        except (tomllib.TOMLDecodeError, FileProblems, ValueError):
            return False

    text = canonical
    return checked(source, old, new, canonical=lambda: text, reads_back=reads_back)


def _keep_zone_shorthands(
    literal: Data, old: dict[str, Any], new: dict[str, Any], m: StarMap
) -> None:
    """Zones written as ``around`` + ``radius`` in the text stay so while they still
    mean the edited map's zone (a renamed body is followed); otherwise they are written as
    their hexes. Changes ``old`` and ``new`` (their ``zones``) to say so."""
    written = literal.get("zones", [])
    zones_old, zones_new = old.get("zones", []), new.get("zones", [])
    if not isinstance(written, list) or len(written) != len(zones_old):
        return
    names = {
        old["bodies"][i]["name"]: new["bodies"][j]["name"]
        for i, j in _pairs(old.get("bodies", []), new.get("bodies", [])).items()
    }
    bodies = {b.name: b for b in m.bodies}
    labels = m.bounds.labels
    paired = _pairs(zones_old, zones_new)
    for i, text in enumerate(written):
        around, radius = text.get("around"), text.get("radius")
        if not isinstance(around, str) or not isinstance(radius, int):
            continue
        extra = {"around": around, "radius": radius}
        hexes = text.get("hexes") or []
        if hexes:
            extra["hexes"] = hexes
        zones_old[i] = {k: v for k, v in zones_old[i].items() if k != "hexes"} | extra
        j = paired.get(i)
        body = bodies.get(names.get(around, around))
        if j is None or body is None:
            continue
        meant = {labels.parse(h) for h in hexes} | set(body.centre.spiral(body.size + radius))
        if meant == m.zones[j].hexes:
            kept = {k: v for k, v in zones_new[j].items() if k != "hexes"}
            zones_new[j] = kept | extra | {"around": body.name}


def scenario_text(data: Data, source: str | None) -> str:
    """The file text of a scenario's data, like :func:`map_text` (the data is compared as
    tomllib reads it: a scenario is kept as its TOML data)."""
    old = None
    if source is not None:
        try:
            old = tomllib.loads(source)
        except tomllib.TOMLDecodeError:
            old = None
    wanted = _without_none(data)

    def reads_back(text: str) -> bool:
        try:
            return bool(tomllib.loads(text) == wanted)
        except tomllib.TOMLDecodeError:
            return False

    return checked(source, old, data, canonical=lambda: tomlio.dumps(data), reads_back=reads_back)


def _without_none(value: Any) -> Any:
    """``value`` as it reads back: keys whose value is None are not written."""
    if isinstance(value, Mapping):
        return {k: _without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_none(v) for v in value]
    return value


# ---- comments before headers belong to the header

# tomlkit keeps the comment lines above a ``[table]`` header inside the table before it;
# moved into the header's own indent, they go wherever the header goes.


def _rehome(doc: Container) -> None:
    headers = _headers(doc)
    if not headers:
        return
    _move_trailing(doc, headers[0], only_before_tables=True)
    for before, header in itertools.pairwise(headers):
        _move_trailing(before.value, header)


def _headers(container: Container) -> list[Table]:
    """Every table written with a header, in the order of the text."""
    out: list[Table] = []
    for _, item in container.body:
        tables = item.body if isinstance(item, AoT) else [item] if isinstance(item, Table) else []
        for table in tables:
            if not table.is_super_table():
                out.append(table)
            out.extend(_headers(table.value))
    return out


def _move_trailing(container: Container, header: Table, only_before_tables: bool = False) -> None:
    """Move the comments and blank lines that end ``container`` (or, for the document,
    that come just before its first table) into ``header``'s indent."""
    body = container.body
    end = len(body)
    if only_before_tables:
        end = next((i for i, (_, v) in enumerate(body) if isinstance(v, Table | AoT)), end)
    start = end
    while start > 0 and isinstance(body[start - 1][1], Comment | Whitespace | Null):
        start -= 1
    moved = "".join(body[i][1].as_string() for i in range(start, end))
    for i in range(start, end):
        body[i] = (None, Null())
    header.trivia.indent = moved + header.trivia.indent


def _split_lead(indent: str) -> tuple[str, str]:
    """A header's indent as (section text, its own comment): its own comment is the block
    of comment lines right above the header; anything before a blank line is a heading of
    the section, which stays when the element goes."""
    lines = indent.splitlines(keepends=True)
    cut = len(lines)
    while cut > 0 and (
        lines[cut - 1].lstrip().startswith("#") or not lines[cut - 1].endswith("\n")
    ):
        cut -= 1
    return "".join(lines[:cut]), "".join(lines[cut:])


# ---- applying the changes


def _present(data: Data) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None}


def _update(container: Container | Table | InlineTable, old: Data, new: Data, *, top: bool) -> None:
    old, new = _present(old), _present(new)
    for key in old:
        if key not in new and key in container:
            _remove(container, key)
    anchor: str | None = None
    for key, value in new.items():
        if key in old and old[key] == value:  # untouched, even if left to a default
            anchor = key if key in container else anchor
            continue
        if key not in container:
            _add(container, key, value, top=top, anchor=anchor)
        else:
            current = container[key]
            before = old.get(key)
            if (
                isinstance(value, Mapping)
                and isinstance(before, Mapping)
                and isinstance(current, Table | InlineTable)
            ):
                _update(current, before, value, top=False)
            elif (
                _is_tables(value)
                and isinstance(before, list)
                and _is_tables(before)
                and isinstance(current, AoT)
                and len(current) == len(before)
            ):
                _update_tables(current, before, value)
            elif (
                isinstance(current, Array)
                and isinstance(before, list)
                and isinstance(value, list)
                and _edits_fit(current, before, value)
            ):
                _update_array(current, before, value)
            else:
                _replace(container, key, value, top=top, anchor=anchor)
        anchor = key


#: at most this many values are inserted into, or removed from, a written array one by
#: one; more, and the array is written again in the canonical layout (a fill of a thousand
#: hexes): each new value takes a line of its own, and each removal costs tomlkit a pass
#: over the array (3,000 removals from a 7,000-hex list took 8 s)
INSERTS, REMOVALS = 10, 200


def _edits_fit(array: Array, old: list[Any], new: list[Any]) -> bool:
    """Whether ``array`` can be changed value by value: it holds ``old`` as written and
    few values are new."""
    if array.unwrap() != old:
        return False
    if any(isinstance(v, Mapping | list) for v in [*old, *new]):
        return False
    changes = _opcodes(old, new)
    added = sum(j2 - j1 for _, _, _, j1, j2 in changes)
    removed = sum(i2 - i1 for _, i1, i2, _, _ in changes)
    return added <= INSERTS and removed <= REMOVALS


def _opcodes(old: list[Any], new: list[Any]) -> list[tuple[str, int, int, int, int]]:
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    return [op for op in matcher.get_opcodes() if op[0] != "equal"]


def _update_array(array: Array, old: list[Any], new: list[Any]) -> None:
    """Remove and insert values in place, so the array's lines and comments stay."""
    for _, i1, i2, j1, j2 in reversed(_opcodes(old, new)):
        for i in reversed(range(i1, i2)):
            del array[i]
        for offset, value in enumerate(new[j1:j2]):
            array.insert(i1 + offset, value)


def _is_tables(v: object) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, Mapping) for x in v)


def _body(container: Container | Table | InlineTable) -> list[tuple[Any, Item]]:
    return container.body if isinstance(container, Container) else container.value.body


def _remove(container: Container | Table | InlineTable, key: str) -> None:
    """Remove ``key`` and the comment lines right above it."""
    body = _body(container)
    index = next((i for i, (k, _) in enumerate(body) if k is not None and k.key == key), None)
    while index is not None and index > 0 and isinstance(body[index - 1][1], Comment):
        index -= 1
        body[index] = (None, Null())
    del container[key]


def _canonical(key: str, value: Any, *, top: bool) -> Item:
    """``key = value`` as the canonical writer lays it out, as a tomlkit item."""
    if top:
        made = tomlkit.parse(tomlio.dumps({key: value})).item(key)
    else:
        parent = tomlkit.parse(tomlio.dumps({"t": {key: value}})).item("t")
        assert isinstance(parent, Table)
        made = parent.value.item(key)
    assert isinstance(made, Item)
    return made


def _is_header(item: object) -> bool:
    return isinstance(item, Table | AoT)


def _add(
    container: Container | Table | InlineTable,
    key: str,
    value: Any,
    *,
    top: bool,
    anchor: str | None,
) -> None:
    """Add ``key``, after ``anchor`` (the key before it in the new data) when that is
    the same kind of item, else where tomlkit puts new keys (values before tables)."""
    item = _canonical(key, value, top=top)
    if isinstance(item, Table):
        item.trivia.indent = "\n"
    elif isinstance(item, AoT) and item.body:
        item.body[0].trivia.indent = "\n"
    inner = container if isinstance(container, Container) else container.value
    if anchor is not None and anchor in inner:
        before = inner.item(anchor)
        if (
            _is_header(before) == _is_header(item)
            and not isinstance(container, InlineTable)
            and not (_is_header(item) and _has_header_children(before))
        ):
            inner._insert_after(anchor, key, item)
            return
    container[key] = item


def _has_header_children(item: object) -> bool:
    return isinstance(item, Table) and any(_is_header(v) for _, v in item.value.body)


def _replace(
    container: Container | Table | InlineTable,
    key: str,
    value: Any,
    *,
    top: bool,
    anchor: str | None,
) -> None:
    item = _canonical(key, value, top=top)
    current = container[key] if isinstance(container, InlineTable) else _item(container, key)
    if _is_header(item) != _is_header(current):  # a value becomes a table or back
        _remove(container, key)
        _add(container, key, value, top=top, anchor=anchor)
    else:
        container[key] = item


def _item(container: Container | Table, key: str) -> Any:
    inner = container if isinstance(container, Container) else container.value
    return inner.item(key)


def _update_tables(aot: AoT, old: Sequence[Data], new: Sequence[Data]) -> None:
    """Bring an array of tables from ``old`` to ``new`` element by element: kept elements
    keep their text, edited ones are updated in place, the rest added or removed."""
    tables = list(aot.body)
    pairs = _pairs(old, new)
    for i, table in enumerate(tables):
        section, _ = _split_lead(table.trivia.indent)
        kept = [k for k in range(i + 1, len(tables)) if k in pairs]
        if i not in pairs and "#" in section and kept:  # the heading stays for the next
            heading = section.rstrip("\n") + "\n"
            tables[kept[0]].trivia.indent = heading + tables[kept[0]].trivia.indent
    by_new = {j: i for i, j in pairs.items()}
    result: list[Table] = []
    for j, value in enumerate(new):
        if j in by_new:
            i = by_new[j]
            table = tables[i]
            if old[i] != value:
                _update(table, old[i], value, top=False)
        else:
            made = _canonical("t", [value], top=True)
            assert isinstance(made, AoT)
            table = made.body[0]
            table.trivia.indent = "\n"
        result.append(table)
    aot.body[:] = result


def _pairs(old: Sequence[Data], new: Sequence[Data]) -> dict[int, int]:
    """Which new element each old element became (old index: new index): equal runs
    first, then in each differing run the most similar elements pair up."""
    marks = [json.dumps(x, sort_keys=True, default=str) for x in old]
    news = [json.dumps(x, sort_keys=True, default=str) for x in new]
    out: dict[int, int] = {}
    matcher = difflib.SequenceMatcher(None, marks, news, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            out.update(zip(range(i1, i2), range(j1, j2), strict=True))
            continue
        free = list(range(i1, i2))
        for j in range(j1, j2):
            scored = [(_likeness(old[i], new[j]), -i, i) for i in free]
            best = max(scored, default=None)
            if best is not None and best[0] > 0:
                out[best[2]] = j
                free.remove(best[2])
    return out


def _likeness(a: Data, b: Data) -> float:
    """How alike two elements are: 0 if not enough to be the same one edited."""
    for identity in ("id", "name"):
        if identity in a and a.get(identity) == b.get(identity):
            return 2.0
    keys = set(a) | set(b)
    same = sum(1 for k in keys if a.get(k) == b.get(k))
    return same / len(keys) if keys and 2 * same >= len(keys) else 0.0
