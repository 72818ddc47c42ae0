"""Telling Ecliptic's files apart by their content, cheaply.

A scenario or ruleset says what it is in its top-level ``format`` key, which TOML puts
before the first table, so reading the lines up to the first ``[`` header is enough: no
reader, no rule module and no pydantic is imported, and a 100,000-hex map is not parsed
twice. A file that starts with ``<`` is XML: a Tiled map (TMX). Anything else, including a
file that is not valid TOML, is a map, whose reader then explains what is wrong with it.
"""

from __future__ import annotations

import re
from enum import Enum

#: the ``format`` keys of scenario and ruleset files (a test checks they are the readers'
#: own, in ``core.files.scenario_file`` and ``core.files.ruleset``)
SCENARIO_FORMAT = "ecliptic-scenario"
RULESET_FORMAT = "ecliptic-ruleset"

_FIRST_TABLE = re.compile(r"^[ \t]*\[", re.MULTILINE)


class FileKind(Enum):
    MAP = "map"
    SCENARIO = "scenario"
    RULESET = "ruleset"
    TMX = "tmx"


_BY_FORMAT = {SCENARIO_FORMAT: FileKind.SCENARIO, RULESET_FORMAT: FileKind.RULESET}


def file_kind(text: str) -> FileKind:
    """What the file holding ``text`` is (see the module's docstring)."""
    import tomllib  # here: a cached map opens without it

    if text.lstrip("\ufeff \t\r\n").startswith("<"):
        return FileKind.TMX
    first_table = _FIRST_TABLE.search(text)
    header = text if first_table is None else text[: first_table.start()]
    try:
        data = tomllib.loads(header)
    except tomllib.TOMLDecodeError:
        # Cut inside a value (a top-level array with a line starting with "["): read all.
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            return FileKind.MAP
    format_key = data.get("format")
    return _BY_FORMAT.get(format_key, FileKind.MAP) if isinstance(format_key, str) else FileKind.MAP
