"""The rolls of NPlanetary's fire, with the game's seeded dice and every roll an event.

Three rolls, each on a table of the ruleset (:class:`core.rules.nplanetary.tables.Tables`):
an ordnance attack (a d6 plus the velocity term: how many damage rolls it earns), a
combat band (a d6: how many damage rolls the band gives on that face), and the damage
table itself (a d6 per damage roll: which tracks take a point each).
"""

from __future__ import annotations

from collections import Counter

from core.engine.dice import Dice, Rolled
from core.engine.words import plural
from core.rules.nplanetary.tables import Band, OrdnanceKind, Track


def ordnance_roll(
    dice: Dice, kind: OrdnanceKind, term: int, drives_disabled: bool, why: str
) -> tuple[Dice, int, list[Rolled]]:
    """How many damage rolls a mine's or torpedo's attack earns. A target whose drives
    are disabled takes the most the piece can give without a roll (a ruling: the seed
    gives it whatever the die says)."""
    if drives_disabled:
        return dice, kind.disabled_drives_rolls, []
    modifiers = (("closing" if term > 0 else "opening", term),) if term else ()
    dice, rolled = dice.roll(why, modifiers=modifiers)
    count = kind.damage_rolls(rolled.total, False)
    return dice, count, [_told(rolled, count)]


def band_roll(dice: Dice, band: Band, why: str) -> tuple[Dice, int, list[Rolled]]:
    """How many damage rolls a combat band gives: its count for the face rolled; a band
    that can give none (below a quarter) is not rolled for."""
    if not any(band.rolls):
        return dice, 0, []
    dice, rolled = dice.roll(why)
    count = band.rolls[rolled.dice[0] - 1]
    return dice, count, [_told(rolled, count)]


def _told(rolled: Rolled, count: int) -> Rolled:
    """The roll with what it gives, in players' words."""
    gives = plural(count, "damage roll") if count else "no damage"
    return Rolled(f"{rolled.text}: {gives}", *_fields(rolled))


def damage_rolls(
    dice: Dice, faces: tuple[tuple[Track, ...], ...], count: int, target: str
) -> tuple[Dice, Counter[Track], list[Rolled]]:
    """``count`` rolls on a damage table: one point on each track the face names."""
    points: Counter[Track] = Counter()
    events: list[Rolled] = []
    for i in range(count):
        why = f"damage to {target}" + (f" ({i + 1} of {count})" if count > 1 else "")
        dice, rolled = dice.roll(why)
        hit = faces[rolled.dice[0] - 1]
        points.update(hit)
        said = ", ".join(plural(1, "point") + f" to {t}" for t in hit) or "no damage"
        events.append(Rolled(f"{rolled.text}: {said}", *_fields(rolled)))
    return dice, points, events


def _fields(rolled: Rolled) -> tuple[str, tuple[int, ...], int, tuple[tuple[str, int], ...], int]:
    return rolled.why, rolled.dice, rolled.sides, rolled.modifiers, rolled.total
