"""Counted words for messages players read: "1 hex", "2 hexes", "1 problem"."""

from __future__ import annotations

_IRREGULAR = {"hex": "hexes", "class": "classes", "bonus": "bonuses", "die": "dice"}


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word``, the word in the plural unless the count is one."""
    if count == 1:
        return f"{count} {word}"
    return f"{count} {many or _IRREGULAR.get(word, word + 's')}"
