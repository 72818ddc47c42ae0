"""TOML plumbing shared by Ecliptic's file formats: reading with located errors, writing
in a layout people can edit by hand, and atomic saves.

``tomllib`` reports syntax errors with a line but forgets lines once parsed, so
:func:`key_lines` re-reads the text to find the line of each key; validators use it to
name the line of a bad field.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from core.problems import FileProblems, Problem

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=")


def read_toml(path: Path) -> tuple[dict[str, Any], str]:
    """Parse a TOML file; a missing, unreadable or malformed file raises FileProblems."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileProblems([Problem("no such file", file=str(path))]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise FileProblems([Problem(f"cannot read the file: {exc}", file=str(path))]) from None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        line = int(found.group(1)) if found else None
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise FileProblems(
            [Problem(f"not valid TOML: {message}", line=line, file=str(path))]
        ) from None


def key_lines(text: str) -> dict[str, int]:
    """Line numbers (1-based) of tables and keys, by path: ``grid.width``, ``bodies[2].hex``."""
    lines: dict[str, int] = {}
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
            lines.setdefault(prefix, number)
            continue
        key = _KEY.match(line)
        if key:
            lines.setdefault(f"{prefix}.{key.group(1)}" if prefix else key.group(1), number)
    return lines


def line_of(lines: Mapping[str, int], path: str) -> int | None:
    """The line of ``path`` or, failing that, of the nearest enclosing key or table."""
    while path:
        if path in lines:
            return lines[path]
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""
    return None


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
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


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


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` all at once: a crash leaves the old file or the new."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
