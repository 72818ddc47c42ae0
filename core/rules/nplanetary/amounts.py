"""An amount of a good or an item in players' words: "1 supply", "3 supplies", "5 fuel",
"2 torpedoes". The log and the docks said "1 supplies" (the trial of 2026-11-26)."""

from __future__ import annotations

from core.engine.words import plural

#: goods counted as a mass, never in the plural
MASS = frozenset({"fuel", "ore", "water"})
#: the singular of goods whose id is a plural
SINGULAR = {"supplies": "supply"}
#: plurals that do not just add an "s"
PLURAL = {"torpedo": "torpedoes"}


def amount(count: int, good: str) -> str:
    """``count`` of ``good`` (a good's or item's id: "supplies", "fuel", "mine")."""
    if good in MASS:
        return f"{count} {good}"
    one = SINGULAR.get(good, good)
    return plural(count, one, good if good in SINGULAR else PLURAL.get(good))
