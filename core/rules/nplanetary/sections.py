"""NPlanetary's own section of a ruleset file as the rule system reads it
(:class:`core.files.ruleset_sections.RulesetSections`); the pydantic models are imported
only when a file is read (:mod:`core.rules.nplanetary.tables_file`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.files.ruleset_sections import Sections


class TablesSections:
    """Reads the ``[nplanetary]`` tables into ``Ruleset.play_aid``."""

    keys = frozenset({"nplanetary"})
    asteroid_hint = ""

    def read(self, data: Mapping[str, Any]) -> Sections:
        from core.rules.nplanetary.tables_file import read_sections

        return read_sections(data)


SECTIONS = TablesSections()
