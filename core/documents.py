"""Opening any Ecliptic file: maps, rulesets and scenarios, told apart by their
top-level ``format`` key (anything without a known one is read as a map).

The command line, the render command and the main window all open files this way, so
each file is read and parsed once and every kind is recognised the same everywhere.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from core import ruleset, tomlio
from core.mapfile import parse_map
from core.ruleset import Ruleset
from core.starmap import StarMap

if TYPE_CHECKING:
    from core.scenario import Scenario

Document: TypeAlias = "StarMap | Ruleset | Scenario"

#: the ``format`` key of scenario files (kept here so that telling files apart does not
#: load the scenario checks; ``core.scenario`` asserts it is the same)
SCENARIO_FORMAT = "ecliptic-scenario"


def load_document(path: Path) -> Document:
    """A map, ruleset or scenario, by the file's ``format``; problems raise FileProblems."""
    data, text = tomlio.read_toml(path)
    if data.get("format") == ruleset.FORMAT:
        return ruleset.parse_ruleset(data, text, str(path))
    if data.get("format") == SCENARIO_FORMAT:
        from core.scenario import parse_scenario

        return parse_scenario(data, text, path)
    return parse_map(data, text, str(path))
