"""Squadron design files: one design a TOML file, to keep in a library, share and import.

::

    format = "ecliptic-squadron-design"
    version = 1
    name = "Cruiser"
    tech = 13
    kind = "squadron"          # or "planet"

    [factors]                  # any factor left out is 0
    jump = 4
    maneuver = 6

Reading finds every problem at once and names the file, field and line; writing goes
through ``tomlkit`` (a commented, hand-editable file) and replaces the file atomically.
:func:`design_from_table` and :func:`design_table` are the same fields for other files
(a scenario's navies) to embed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomlkit

from core.board.problems import FileProblems, Problem, Problems
from core.files import tomlio
from core.rules.squadrons.design import Design, Kind
from core.rules.squadrons.factors import FACTOR_NAMES, Factors

FORMAT = "ecliptic-squadron-design"
VERSION = 1
EXTENSION = ".toml"
_FIELDS = {"format", "version", "name", "tech", "kind", "factors"}
_KINDS = {kind.value: kind for kind in Kind}
_WHOLE = "must be a whole number from 0 up, not {!r}"


def load_design(path: Path) -> Design:
    """Read and check a design file; every problem raises together as FileProblems."""
    data, text = tomlio.read_toml(Path(path))
    return parse_design(data, text, str(path))


def parse_design(data: dict[str, Any], text: str = "", file: str | None = None) -> Design:
    problems = Problems()
    if data.get("format") != FORMAT:
        found = data.get("format")
        what = f"not {found!r}" if found is not None else "it is missing"
        problems.append(
            Problem(f"a squadron design file says format = {FORMAT!r} ({what})", field="format")
        )
        raise tomlio.located(problems, text, file)
    version = data.get("version", VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version > VERSION:
        problems.append(
            Problem(f"version {version!r} is newer than this Ecliptic reads", field="version")
        )
    for key in sorted(set(data) - _FIELDS):
        problems.append(Problem(f"unknown field (known: {', '.join(sorted(_FIELDS))})", field=key))
    design = design_from_table(data, "", problems)
    if problems or design is None:
        raise tomlio.located(problems, text, file)
    return design


def design_from_table(table: dict[str, Any], where: str, problems: Problems) -> Design | None:
    """The design a table's ``name``, ``tech``, ``kind`` and ``factors`` describe, each
    problem added with its field under ``where`` (``"navy.designs[2]"``, or ``""``)."""
    at = f"{where}." if where else ""
    name = table.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem("a design needs a name (text)", field=f"{at}name"))
    tech = table.get("tech", 15)
    if isinstance(tech, bool) or not isinstance(tech, int) or tech < 0:
        problems.append(
            Problem(f"must be a whole number from 0 up, not {tech!r}", field=f"{at}tech")
        )
    kind = _KINDS.get(table.get("kind", "squadron"))
    if kind is None:
        choices = " or ".join(repr(k) for k in _KINDS)
        problems.append(Problem(f"must be {choices}", field=f"{at}kind"))
    factors = table.get("factors", {})
    values: dict[str, int] = {}
    if not isinstance(factors, dict):
        problems.append(Problem("must be a table of factors", field=f"{at}factors"))
        factors = {}
    for key, value in factors.items():
        field = f"{at}factors.{key}"
        if key not in FACTOR_NAMES:
            known = ", ".join(FACTOR_NAMES)
            problems.append(Problem(f"unknown factor (known: {known})", field=field))
        elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.append(
                Problem(f"must be a whole number from 0 up, not {value!r}", field=field)
            )
        else:
            values[key] = value
    if problems or kind is None:
        return None
    return Design(str(name).strip(), int(tech), kind, Factors(**values))


def design_table(design: Design) -> dict[str, Any]:
    """A design's fields as plain data (factors of 0 left out)."""
    factors = {name: value for name, value in design.factors.items() if value}
    return {"name": design.name, "tech": design.tech, "kind": design.kind.value, "factors": factors}


def dumps_design(design: Design) -> str:
    doc = tomlkit.document()
    doc.add(tomlkit.comment("An Ecliptic squadron design (Ships > Squadron Designs)."))
    doc.add("format", FORMAT)
    doc.add("version", VERSION)
    table = design_table(design)
    doc.add("name", table["name"])
    doc.add("tech", table["tech"])
    doc.add("kind", table["kind"])
    doc["kind"].comment("squadron or planet")
    factors = tomlkit.table()
    factors.comment("any factor left out is 0")
    for key, value in table["factors"].items():
        factors.add(key, value)
    doc.add(tomlkit.nl())
    doc.add("factors", factors)
    return tomlkit.dumps(doc)


def save_design(design: Design, path: Path) -> None:
    """Write ``design`` to ``path``, all at once (a crash leaves the old file or the new)."""
    if not design.name.strip():
        raise FileProblems([Problem("a design needs a name", field="name", file=str(path))])
    tomlio.write_atomic(Path(path), dumps_design(design))
