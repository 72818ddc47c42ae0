"""TOML plumbing shared by Ecliptic's file formats: reading with located errors, writing
in a layout people can edit by hand, and atomic saves.

``tomllib`` reports syntax errors with a line but forgets lines once parsed, so
:func:`located` re-reads the text to find the line of each bad field (or, for a table
written only as sub-tables or an array of tables, of its first part).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from core.board.problems import FileProblems, Problem, Problems
from core.files import reading

if TYPE_CHECKING:
    from pydantic import BaseModel

# pydantic (about 0.1 s of imports) is loaded by the first validation, not with this
# module: the window opens the built-in map from its cache without it (issue 4 req 7).
M = TypeVar("M", bound="BaseModel")

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=")
_BARE = re.compile(r"^[A-Za-z0-9_\-]+$")


def read_toml(path: Path) -> tuple[dict[str, Any], str]:
    """Parse a TOML file; a missing, unreadable or malformed file raises FileProblems."""
    text = read_text(path)
    return parse_toml(text, str(path)), text


def read_text(path: Path) -> str:
    """A document's text (:mod:`core.files.reading`: an ordinary file of at most
    ``DOCUMENT_LIMIT`` bytes, in UTF-8); anything else raises FileProblems."""
    return reading.read_text(Path(path), reading.DOCUMENT_LIMIT)


def parse_toml(text: str, file: str | None) -> dict[str, Any]:
    """Parse TOML text read from ``file``; malformed text raises FileProblems."""
    import tomllib  # here: a map from the map cache opens without it

    try:
        return tomllib.loads(text)
    except RecursionError:
        # tomllib reads nested arrays and inline tables by recursion: hundreds deep
        # exhaust the stack, which no file of ours needs
        message = "not valid TOML: arrays or tables are nested too deeply"
        raise FileProblems([Problem(message, file=file)]) from None
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        line = int(found.group(1)) if found else None
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise FileProblems([Problem(f"not valid TOML: {message}", line=line, file=file)]) from None


def _keys(text: str) -> Iterator[tuple[str, int]]:
    """Each table and key of the text by path, with its line, in the order written."""
    prefix = ""
    counts: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            name = header.group(2)
            if header.group(1) == "[[":
                index = counts.get(name, 0)
                counts[name] = index + 1
                prefix = f"{name}[{index}]"
            else:
                prefix = name
            yield prefix, number
            continue
        key = _KEY.match(line)
        if key:
            yield (f"{prefix}.{key.group(1)}" if prefix else key.group(1)), number


def _lines_of(text: str, fields: set[str]) -> dict[str, int]:
    """The line of each of ``fields``, else of its nearest enclosing key or table, else
    of the first key inside it (a table written only as sub-tables or an array of
    tables), without keeping a line for every key: a hostile file has 100,000s."""
    wanted = set()
    for path in fields:
        while path:
            wanted.add(path)
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
    exact: dict[str, int] = {}
    inside: dict[str, int] = {}
    for key, number in _keys(text):
        if key in wanted:
            exact.setdefault(key, number)
        path = key
        while True:
            cut = max(path.rfind("."), path.rfind("["))
            if cut <= 0:
                break
            path = path[:cut]
            if path in wanted:
                inside.setdefault(path, number)
    found = {path: exact[path] if path in exact else inside[path] for path in {*exact, *inside}}
    out = {}
    for field in fields:
        path = field
        while path and path not in found:
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        if path:
            out[field] = found[path]
    return out


def located(problems: list[Problem], text: str, file: str | None) -> FileProblems:
    """The problems, each given the line of its field in ``text`` and the file name."""
    lines = _lines_of(text, {p.field for p in problems if p.field})
    return FileProblems(
        [Problem(p.message, p.field, lines.get(p.field or ""), file, p.hex) for p in problems],
        more=getattr(problems, "dropped", 0),
    )


def from_pydantic(error: Mapping[str, Any]) -> Problem:
    """One pydantic validation error in our words, with its field path."""
    loc = tuple(error["loc"])
    kind = error["type"]
    if kind == "extra_forbidden":
        return Problem(f"unknown field {loc[-1]!r}", path_of(loc))
    if kind == "missing":
        return Problem("this field is required", path_of(loc))
    if kind in ("too_short", "too_long"):
        ctx = error.get("ctx", {})
        n = ctx.get("min_length" if kind == "too_short" else "max_length")
        if isinstance(n, int):
            entries = "entry" if n == 1 else "entries"
            limit = "at least" if kind == "too_short" else "at most"
            return Problem(f"needs {limit} {n} {entries}", path_of(loc))
    return Problem(str(error["msg"]), path_of(loc))


def validated(
    model: type[M],
    data: dict[str, Any],
    *,
    text: str,
    file: str | None,
    format: str,
    version: int,
    what: str,
    more: Sequence[Problem] = (),
) -> M:
    """Check a document's structure with a pydantic model, refusing newer format versions.

    ``more`` are problems of structure found in the same document by another reader (a
    rule system's own keys of a ruleset), reported first with the model's. Every
    problem raises together as FileProblems, located by line.
    """
    found = data.get("version")
    if data.get("format") == format and isinstance(found, int) and found > version:
        message = (
            f"this {what} was made by a newer Ecliptic (format version {found}); "
            f"this one reads up to version {version}"
        )
        raise located([Problem(message, "version")], text, file)
    oversized = _oversized(model, data)
    if oversized:
        raise located([*more, *oversized], text, file)
    from pydantic import ValidationError

    try:
        checked = model.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors(include_url=False, include_input=False)
        raise located(Problems([*more, *(from_pydantic(e) for e in errors)]), text, file) from None
    if more:
        raise located(list(more), text, file)
    if isinstance(found, int) and found < 1:
        raise located([Problem("format version must be 1 or more", "version")], text, file)
    return checked


#: the most entries a document's top-level list or table may have, unless its model
#: says otherwise (``Field(max_length=...)``)
MOST_ENTRIES = 1_000


def _oversized(model: type[BaseModel], data: Mapping[str, Any]) -> list[Problem]:
    """Top-level lists and tables longer than their model allows, found before pydantic
    builds a model (and, for bad entries, an error) for every entry of a hostile list."""
    found = []
    for name, field in model.model_fields.items():
        value = data.get(name)
        if not isinstance(value, list | dict):
            continue
        limits = [m.max_length for m in field.metadata if getattr(m, "max_length", None)]
        most = min(limits) if limits else MOST_ENTRIES
        if len(value) > most:
            found.append(Problem(f"needs at most {most} entries", name))
    return found


def only_strings(value: object) -> object:
    """For a long list of strings (hex labels): refuse it whole at its first entry that
    is not a string, rather than with an error per entry from pydantic."""
    if isinstance(value, list):
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise ValueError(f"entry {i + 1} is {item!r}, not a string in quotes")
    return value


def path_of(loc: Sequence[int | str]) -> str:
    """``("bodies", 2, "hex")`` as ``bodies[2].hex``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


# ---- writing ----


def value(v: object) -> str:
    """One TOML value: strings, booleans, numbers and flat lists of those."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, Mapping):  # an inline table, such as a scenario ship's outfit
        return "{" + ", ".join(f"{_key(k)} = {value(x)}" for k, x in v.items()) + "}"
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def _key(key: object) -> str:
    text = str(key)
    return text if _BARE.match(text) else json.dumps(text, ensure_ascii=False)


def _key_value(key: str, v: object, wrap: int) -> str:
    if isinstance(v, list | tuple) and len(v) > wrap:
        rows = [", ".join(value(x) for x in v[i : i + wrap]) for i in range(0, len(v), wrap)]
        return f"{key} = [\n" + "".join(f"    {row},\n" for row in rows) + "]\n"
    return f"{key} = {value(v)}\n"


def dumps(doc: Mapping[str, object], *, wrap: int = 10) -> str:
    """Write a document of scalars, tables and arrays of tables, long lists wrapped.

    Nested tables one level deep are supported, which is all our formats use.
    """
    out: list[str] = []
    for key, v in doc.items():
        if not isinstance(v, Mapping) and not _is_table_array(v):
            out.append(_key_value(key, v, wrap))
    for key, v in doc.items():
        if isinstance(v, Mapping):
            out.append(f"\n[{key}]\n")
            out.extend(_key_value(k, x, wrap) for k, x in v.items() if x is not None)
        elif isinstance(v, list) and _is_table_array(v):
            for item in v:
                out.append(f"\n[[{key}]]\n")
                out.extend(_key_value(k, x, wrap) for k, x in item.items() if x is not None)
    return "".join(out)


def _is_table_array(v: object) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, Mapping) for x in v)


def write_atomic(path: Path, content: str | bytes) -> None:
    """Replace ``path`` with ``content`` (text is written as UTF-8, lines as they are)
    all at once: a crash leaves the old file or the new."""
    path = Path(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, file_mode(path))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def file_mode(path: Path) -> int:
    """The permissions the saved file should have: the old file's, else those a new file
    gets under the umask (a temporary file would otherwise leave it readable by its
    owner only, which surprises users sharing maps)."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
