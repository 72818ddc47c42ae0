"""What the Combat dock says in words: an attack's odds before the roll, and what a base's
market does. Kept apart from the panel so the manifest sheet can say the same."""

from __future__ import annotations

from fractions import Fraction

from core.rules.interplanetary.combat.guns import Shot

MARKET_WORDS = {
    "sell": "sells at play-aid prices",
    "free": "restocks free",
    "closed": "sells nothing",
}
RESULT_WORDS = {"-": "miss", "D": "disabled", "H": "hit", "HD": "hit + disabled"}


def odds_text(odds: Shot) -> str:
    """Range, relative velocity, modifiers and chances, as the panel shows them."""
    parts = [f"Range {odds.range}, relative velocity {odds.velocity}."]
    if odds.modifiers:
        mods = ", ".join(f"{why} {m:+d}" for why, m in odds.modifiers)
        parts.append(f"Modifiers: {mods} (total {odds.modifier:+d}).")
    else:
        parts.append("No modifiers.")
    chances = ", ".join(f"{RESULT_WORDS.get(code, code)} {_percent(p)}" for code, p in odds.chances)
    parts.append(f"Chances on the {odds.table.name} table: {chances}.")
    return " ".join(parts)


def _percent(p: Fraction) -> str:
    return f"{round(float(p) * 100)}%"
