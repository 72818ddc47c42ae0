"""The seed's planet atmosphere zones as data (``resources/void/atmospheres.toml``), read
and checked once: which strategic bodies have an atmosphere at tactical scale, its levels
from the outermost zone inwards, and whether a surface or a crush depth lies below."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from core.board.starmap import Floor
from core.engine.errors import IllegalCommand
from core.files.resources import resource_path


class BadAtmospheres(IllegalCommand):
    """The atmosphere table cannot be read; names the file and the field."""


@dataclass(frozen=True)
class AtmosphereRow:
    id: str
    bodies: tuple[str, ...]
    levels: tuple[int, ...]
    floor: Floor


def _fail(path: Path, where: str, why: str) -> BadAtmospheres:
    return BadAtmospheres(f"{path.name}: {where}: {why}")


def parse(path: Path, text: str) -> tuple[AtmosphereRow, ...]:
    """The rows of an atmosphere table; raises :class:`BadAtmospheres` naming the field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise _fail(path, "file", str(e)) from None
    rows = data.get("atmosphere")
    if not isinstance(rows, list) or not rows:
        raise _fail(path, "atmosphere", "lists no atmospheres")
    found = []
    for i, row in enumerate(rows):
        where = f"atmosphere[{i}]"
        levels = row.get("levels") if isinstance(row, dict) else None
        if not isinstance(levels, list) or not levels:
            raise _fail(path, f"{where}.levels", "needs a list of zone levels")
        if any(not isinstance(v, int) or v < 0 for v in levels):
            raise _fail(path, f"{where}.levels", "levels are whole numbers from 0")
        bodies = row.get("bodies")
        if not isinstance(bodies, list) or not all(isinstance(b, str) for b in bodies):
            raise _fail(path, f"{where}.bodies", "needs a list of body names")
        try:
            floor = Floor(row.get("floor", "surface"))
        except ValueError:
            raise _fail(path, f"{where}.floor", "is 'surface' or 'crush'") from None
        found.append(AtmosphereRow(str(row.get("id", i)), tuple(bodies), tuple(levels), floor))
    return tuple(found)


@cache
def atmospheres() -> tuple[AtmosphereRow, ...]:
    path = resource_path("void", "atmospheres.toml")
    return parse(path, path.read_text(encoding="utf-8"))


def atmosphere_of(body: str | None) -> AtmosphereRow | None:
    """The atmosphere of a strategic body at tactical scale (None: it has none)."""
    for row in atmospheres():
        if body in row.bodies:
            return row
    return None
