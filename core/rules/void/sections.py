"""System III Void's own sections of a ruleset file (the ship table's weapons and the
combat tables), as the rule system reads them
(:class:`core.files.ruleset_sections.RulesetSections`). The pydantic models load from
:mod:`core.rules.void.tables_file` only when a file is read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.files.ruleset_sections import Sections
from core.rules.void.tables import KEYS


class VoidSections:
    keys = KEYS
    asteroid_hint = ""

    def read(self, data: Mapping[str, Any]) -> Sections:
        from core.rules.void.tables_file import read_sections

        return read_sections(data)


SECTIONS = VoidSections()
