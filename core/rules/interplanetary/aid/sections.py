"""Interplanetary's own sections of a ruleset file, the play aid, as the rule system reads
them (:class:`core.files.ruleset_sections.RulesetSections`).

Importing this creates no pydantic models: they are imported from
:mod:`core.rules.interplanetary.aid.playaid_file` when a file is read, so the app's startup
does not pay for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.files.ruleset_sections import Sections
from core.rules.interplanetary.aid.playaid import ASTEROID_TABLE

#: the play aid's keys of a ruleset file (the fields of ``playaid_file.PlayAidFields``)
KEYS = frozenset(
    {
        "hull",
        "prices",
        "attack",
        "attack_tables",
        "subsystems",
        "guns",
        "launched",
        "systems",
        "single_use",
        "loadouts",
    }
)


class PlayAidSections:
    """Reads the play aid and the asteroid roll of its Asteroid column."""

    keys = KEYS
    asteroid_hint = f"or give the play aid an attack table {ASTEROID_TABLE!r}"

    def read(self, data: Mapping[str, Any]) -> Sections:
        from core.rules.interplanetary.aid.playaid_file import read_sections

        return read_sections(data)


SECTIONS = PlayAidSections()
