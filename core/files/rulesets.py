"""The built-in rulesets and loading one, by id or from a file (``docs/formats/ruleset.md``).

Parsing imports :mod:`core.files.ruleset_file` (its pydantic models) only when a file is
parsed, so that importing this module (as the app does) creates no pydantic classes.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from core.board.problems import FileProblems, Problem
from core.files import tomlio
from core.files.references import shown
from core.files.resources import resource_path
from core.files.ruleset import ID, Ruleset


def ruleset_ids() -> list[str]:
    """The ids of the built-in rulesets."""
    return sorted(p.stem for p in resource_path("rulesets").glob("*.toml"))


def ruleset_name(ruleset_id: str) -> str:
    """The name players read for a built-in ruleset id (the id itself if it has none)."""
    try:
        return load_ruleset(ruleset_id).name
    except (FileProblems, OSError):
        return ruleset_id


def load_ruleset(name_or_path: str | Path) -> Ruleset:
    """Load a ruleset by built-in id (``"interplanetary"``) or from a file.

    Built-in rulesets are read and validated once, then cached. Any problem raises
    FileProblems listing them all.
    """
    if isinstance(name_or_path, str) and ID.match(name_or_path):
        return _builtin(name_or_path)
    path = Path(name_or_path)
    data, text = tomlio.read_toml(path)
    return parse_ruleset(data, text, str(path))


@cache
def _builtin(id: str) -> Ruleset:
    path = resource_path("rulesets", f"{id}.toml")
    if id not in ruleset_ids():
        known = ", ".join(ruleset_ids())
        message = f"there is no built-in ruleset {shown(id)} (built in: {known})"
        raise FileProblems([Problem(message)])
    data, text = tomlio.read_toml(path)
    return parse_ruleset(data, text, str(path))


def parse_ruleset(data: dict[str, Any], text: str = "", file: str | None = None) -> Ruleset:
    """Check parsed TOML data and build the ruleset; problems raise FileProblems."""
    # Imported here, not at the top, for startup: creating the file's pydantic models (its
    # own and core.rules.interplanetary.aid.playaid_file's) takes some 30 ms, which the app need
    # not pay before it parses a ruleset.
    from core.files.ruleset_file import parse

    return parse(data, text, file)
