"""Seeded dice kept inside the game state.

The dice are plain data (a seed and how many dice have been rolled), and each die is
derived from both by a hash, so a saved game replays the same rolls and nothing reads a
global random source. Every roll returns an event that says what was rolled, why, and
with which modifiers.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from core.engine.events import Event, event
from core.engine.serial import added, register


@event
class Rolled(Event):
    """A roll: the dice, the modifiers with their reasons, and the total."""

    why: str
    dice: tuple[int, ...]
    sides: int
    modifiers: tuple[tuple[str, int], ...] = ()
    total: int = 0


@register
@dataclass(frozen=True)
class Dice:
    """``loaded`` are faces to come up before the seeded ones, in order: a test or a
    script sets up "the next roll is a 6" (:func:`core.api.loaded`)."""

    seed: int
    rolled: int = 0
    loaded: tuple[int, ...] = added(())

    def die(self, sides: int = 6) -> tuple[Dice, int]:
        """One die; the next die will differ because ``rolled`` moves on."""
        if sides < 2:
            raise ValueError("a die has at least two sides")
        if self.loaded:
            face, rest = self.loaded[0], self.loaded[1:]
            if not 1 <= face <= sides:
                raise ValueError(f"a loaded {face} cannot come up on a {sides}-sided die")
            return Dice(self.seed, self.rolled + 1, rest), face
        digest = hashlib.sha256(f"{self.seed}:{self.rolled}".encode()).digest()
        value = int.from_bytes(digest, "big") % sides + 1  # bias below 2**-240
        return Dice(self.seed, self.rolled + 1), value

    def roll(
        self,
        why: str,
        *,
        count: int = 1,
        sides: int = 6,
        modifiers: tuple[tuple[str, int], ...] = (),
    ) -> tuple[Dice, Rolled]:
        """Roll ``count`` dice for a stated reason, adding the named modifiers."""
        dice, values = self, []
        for _ in range(count):
            dice, value = dice.die(sides)
            values.append(value)
        total = sum(values) + sum(m for _, m in modifiers)
        parts = [f"{'+'.join(map(str, values))}"] + [
            f"{'+' if m >= 0 else '-'} {abs(m)} ({reason})" for reason, m in modifiers
        ]
        text = f"{why}: rolled {' '.join(parts)}" + (f" = {total}" if modifiers else "")
        return dice, Rolled(text, why, tuple(values), sides, modifiers, total)
