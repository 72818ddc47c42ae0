"""Scenario lists as players read them: by title, each base game before its variations.

A list needs only each file's ``name`` (not its map or ruleset), so it is quick to fill.
A variation is a title with a part in brackets after the base game's ("Training (armed
variation)" after "Training"); a leading "The" is not what a title is sorted by.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

_VARIATION = re.compile(r"^(?P<base>.*?)\s*\((?P<rest>[^)]*)\)\s*$")


def title_in(data: Mapping[str, Any], path: Path) -> str:
    """The scenario's title (its ``name``) in the file's ``data``, or, for a file that
    does not say or cannot be read, its file name in words."""
    name = data.get("name")
    if isinstance(name, str) and name.strip():
        return name.strip()
    return Path(path).stem.replace("-", " ").replace("_", " ").title()


def title_order(title: str) -> tuple[str, int, str]:
    """Sorting key: the base title (without a leading "The"), the base game first, then
    its variations by name."""
    match = _VARIATION.match(title)
    base, rest = (match["base"], match["rest"]) if match else (title, "")
    base = re.sub(r"^the\s+", "", base.strip().casefold())
    return (base, 1 if match else 0, rest.casefold())
