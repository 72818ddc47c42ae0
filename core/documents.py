"""Opening any Ecliptic file: maps, rulesets and scenarios, told apart by their
top-level ``format`` key (anything without a known one is read as a map).

The command line, the render command and the main window all open files this way, so
each file is read and parsed once and every kind is recognised the same everywhere.
"""

from __future__ import annotations

from pathlib import Path

from core import ruleset, scenario, tomlio
from core.mapfile import parse_map
from core.ruleset import Ruleset
from core.scenario import Scenario
from core.starmap import StarMap

Document = StarMap | Ruleset | Scenario


def load_document(path: Path) -> Document:
    """A map, ruleset or scenario, by the file's ``format``; problems raise FileProblems."""
    data, text = tomlio.read_toml(path)
    if data.get("format") == ruleset.FORMAT:
        return ruleset.parse_ruleset(data, text, str(path))
    if data.get("format") == scenario.FORMAT:
        return scenario.parse_scenario(data, text, path)
    return parse_map(data, text, str(path))
