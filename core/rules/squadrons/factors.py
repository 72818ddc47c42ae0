"""A squadron's factors: the seven numbers a counter carries, as one small value.

Every factor is bought level by level with points (:mod:`core.rules.squadrons.design`),
limited by tech level for some, and worn down by damage in play.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from core.engine.serial import register

#: the factors in the order a counter prints them, by field name
FACTOR_NAMES: tuple[str, ...] = (
    "jump",
    "maneuver",
    "sensor",
    "attack",
    "attack_range",
    "defense",
    "supply",
)

#: the players' name of each factor
FACTOR_TITLES: dict[str, str] = {
    "jump": "Jump",
    "maneuver": "Maneuver",
    "sensor": "Sensor Range",
    "attack": "Attack",
    "attack_range": "Attack Range",
    "defense": "Defense",
    "supply": "Supply",
}


@register
@dataclass(frozen=True)
class Factors:
    """Jump, Maneuver, Sensor Range, Attack, Attack Range, Defense and Supply, each a
    whole number from 0 up."""

    jump: int = 0
    maneuver: int = 0
    sensor: int = 0
    attack: int = 0
    attack_range: int = 0
    defense: int = 0
    supply: int = 0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{FACTOR_TITLES[f.name]} must be a whole number from 0 up")

    def items(self) -> tuple[tuple[str, int], ...]:
        """(name, value) for every factor, in counter order."""
        return tuple((name, getattr(self, name)) for name in FACTOR_NAMES)

    def get(self, name: str) -> int:
        return int(getattr(self, name))

    def with_(self, **values: int) -> Factors:
        return replace(self, **values)
