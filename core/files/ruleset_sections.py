"""A rule system's own sections of a ruleset file, read by the system itself: an optional
extension of the rule-system protocol (:class:`core.engine.system.RuleSystem`).

A ruleset file holds the tables every vector game reads, checked by
:mod:`core.files.ruleset_file`, and may hold keys only one rule system knows
(Interplanetary's play aid: attack tables, hit locations, guns...). A system with such keys
gives a :class:`RulesetSections` as its ``ruleset_sections`` attribute; the ruleset file asks
the system that plays the ruleset (:func:`reader_for`) to check and build them, and keeps
what it builds whole in ``Ruleset.play_aid`` without knowing its type. So the files layer
never imports a rule system, and a group's own system can add sections of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from core.board.problems import Problem
from core.engine.errors import UnknownName
from core.engine.system import ruleset_system, system_for, system_ids
from core.files.ruleset import AsteroidResult


@dataclass(frozen=True)
class Sections:
    """What a rule system read from its keys of a ruleset file. Problems carry field
    paths (``guns[2].table``); the ruleset file adds the file and the line."""

    #: kept in ``Ruleset.play_aid`` (None: the file gives none of the system's keys)
    value: object | None = None
    #: the asteroid roll the sections give (Interplanetary's Asteroid column); None: the
    #: file's own ``[[asteroid_table]]``
    asteroid_table: tuple[AsteroidResult, ...] | None = None
    #: problems of structure (a wrong type, an unknown field): the file's meaning is then
    #: not checked, as for the file's own tables
    malformed: tuple[Problem, ...] = ()
    #: problems of meaning
    problems: tuple[Problem, ...] = ()


@runtime_checkable
class RulesetSections(Protocol):
    """The keys of a ruleset file a rule system reads itself, and how it reads them."""

    @property
    def keys(self) -> frozenset[str]:
        """The top-level keys the system owns (no other part of the file reads them)."""
        ...

    @property
    def asteroid_hint(self) -> str:
        """How else its sections give the asteroid roll, added to the problem of a file
        that gives none ("or give the play aid an attack table 'asteroid'"); "" if not."""
        ...

    def read(self, data: Mapping[str, Any]) -> Sections:
        """Check the system's keys of the file's data and build its value. ``data`` is
        the whole file, for checks against the file's own keys."""
        ...


def sections_of(system: object) -> RulesetSections | None:
    """The system's reader of its own ruleset sections, None for a system without."""
    found = getattr(system, "ruleset_sections", None)
    return found if isinstance(found, RulesetSections) else None


def reader_for(ruleset_id: str, data: Mapping[str, Any]) -> RulesetSections | None:
    """The reader of the sections of the system that plays ruleset ``ruleset_id``.

    A ruleset whose system is not installed (a draft, a test's) is read with the first
    installed system whose keys it uses, or else the first with sections at all, so
    its tables are checked all the same."""
    try:
        sequence = data.get("sequence")
        simultaneous = isinstance(sequence, Mapping) and sequence.get("order") == "simultaneous"
        return sections_of(system_for(ruleset_system(ruleset_id, simultaneous=simultaneous)))
    except UnknownName:
        pass
    readers = []
    for system_id in system_ids():
        try:
            reader = sections_of(system_for(system_id))
        except UnknownName:
            continue
        if reader is not None:
            readers.append(reader)
    used = [r for r in readers if r.keys & data.keys()]
    return next(iter(used or readers), None)
