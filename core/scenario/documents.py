"""Opening any Ecliptic file: maps, rulesets and scenarios, told apart by their
top-level ``format`` key (anything without a known one is read as a map) with
:func:`core.files.kind.file_kind`, which reads only the file's header.

The command line, the render command and the main window all open files this way, so
each file is read and parsed once and every kind is recognised the same everywhere.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from core.board.starmap import StarMap
from core.files import tomlio
from core.files.kind import RULESET_FORMAT, SCENARIO_FORMAT, FileKind, file_kind

if TYPE_CHECKING:
    from core.files.ruleset import Ruleset
    from core.rules.interplanetary.aid.design import Design
    from core.scenario.document import Scenario

Document: TypeAlias = "StarMap | Ruleset | Scenario"

#: design files are checked by ``python -m core validate`` (:func:`check_document`)
#: but are not documents the window opens
DESIGN_FORMAT = "ecliptic-design"

__all__ = [
    "DESIGN_FORMAT",
    "RULESET_FORMAT",
    "SCENARIO_FORMAT",
    "Document",
    "check_document",
    "load_document",
    "parse_document",
]


def load_document(path: Path, cache: Path | None = None) -> Document:
    """A map, ruleset or scenario, by the file's ``format``; problems raise FileProblems.

    With a ``cache`` folder, a map that opened cleanly before comes from
    :mod:`core.files.mapcache` without being parsed or checked again (nor pydantic imported).
    """
    return parse_document(tomlio.read_text(path), path, cache)


def parse_document(text: str, path: Path, cache: Path | None = None) -> Document:
    """:func:`load_document` for the ``text`` already read from ``path``. The cache is
    asked first: it keeps maps only, so a text found there is a map, and a cached map
    opens without even the TOML reader (a few milliseconds of every start)."""
    if cache is not None:
        from core.files import mapcache

        cached = mapcache.lookup(text, cache)
        if cached is not None:
            return cached
    kind = file_kind(text)
    data = tomlio.parse_toml(text, str(path))
    document = _parsed(kind, data, text, path)
    if cache is not None and isinstance(document, StarMap):
        from core.files import mapcache

        mapcache.store(text, document, cache)
    return document


def check_document(path: Path) -> Document | Design:
    """What ``python -m core validate`` checks: a document, or a ship design."""
    text = tomlio.read_text(path)
    data = tomlio.parse_toml(text, str(path))
    if data.get("format") == DESIGN_FORMAT:
        from core.rules.interplanetary.aid.design import parse_design

        return parse_design(data, text, path)
    return _parsed(file_kind(text), data, text, path)


def _parsed(kind: FileKind, data: dict[str, Any], text: str, path: Path) -> Document:
    if kind is FileKind.RULESET:
        from core.files.rulesets import parse_ruleset

        return parse_ruleset(data, text, str(path))
    if kind is FileKind.SCENARIO:
        from core.scenario.reader import parse_scenario

        return parse_scenario(data, text, path)
    from core.files.mapfile import parse_map

    return parse_map(data, text, str(path))
