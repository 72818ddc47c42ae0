"""A squadron design and a side's start purchase: what a navy is bought as, before play.

A :class:`Design` is one kind of counter (a squadron, or a planet's defences) at one tech
level with its seven factors; a :class:`Purchase` is the designs a side buys, how many of
each, and the extras bought with the same points ("?" counters, supply counters, admirals).
Both are plain values; what they cost and which limits they break is the cost scheme's
business (:mod:`core.rules.squadrons.costs`), so a group can swap schemes without touching
a design.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from core.engine.serial import register
from core.rules.squadrons.factors import Factors

#: the tech levels the seed's limits table covers, lowest first
TECH_LEVELS: tuple[int, ...] = (11, 12, 13, 14, 15)


@register
class Kind(Enum):
    """A squadron of ships, or a planet's defences (which never jump nor move)."""

    SQUADRON = "squadron"
    PLANET = "planet"

    @property
    def title(self) -> str:
        return "Planet" if self is Kind.PLANET else "Squadron"


@register
@dataclass(frozen=True)
class Design:
    """One counter type: a name players know it by, a tech level, squadron or planet, and
    its factors as built (damage in play is kept apart from the design)."""

    name: str
    tech: int = 15
    kind: Kind = Kind.SQUADRON
    factors: Factors = field(default_factory=Factors)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise ValueError("a design's name must be text")
        if isinstance(self.tech, bool) or not isinstance(self.tech, int) or self.tech < 0:
            raise ValueError("a design's tech level must be a whole number from 0 up")

    @property
    def is_planet(self) -> bool:
        return self.kind is Kind.PLANET

    def renamed(self, name: str) -> Design:
        return replace(self, name=name)


@register
@dataclass(frozen=True)
class PurchaseLine:
    """``count`` counters of one design."""

    design: Design
    count: int = 1

    def __post_init__(self) -> None:
        if isinstance(self.count, bool) or not isinstance(self.count, int) or self.count < 0:
            raise ValueError("a purchase's count must be a whole number from 0 up")


@register
@dataclass(frozen=True)
class Purchase:
    """What a side buys at the start of a game with its points: designs with their counts,
    and the extras: ``unknowns`` "?" counters, ``supply`` supply counters, ``admirals``."""

    lines: tuple[PurchaseLine, ...] = ()
    unknowns: int = 0
    supply: int = 0
    admirals: int = 0

    def __post_init__(self) -> None:
        for title, value in (
            ('"?" counters', self.unknowns),
            ("supply counters", self.supply),
            ("admirals", self.admirals),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"the number of {title} must be a whole number from 0 up")

    def count_of(self, name: str) -> int:
        """How many counters of the design called ``name`` are bought (0 if none)."""
        return sum(line.count for line in self.lines if line.design.name == name)

    def with_count(self, design: Design, count: int) -> Purchase:
        """This purchase with ``count`` of ``design`` (replacing a line of the same name,
        dropping it at 0, adding it at the end when new)."""
        lines: list[PurchaseLine] = []
        placed = False
        for line in self.lines:
            if line.design.name == design.name:
                if count > 0:
                    lines.append(PurchaseLine(design, count))
                placed = True
            else:
                lines.append(line)
        if not placed and count > 0:
            lines.append(PurchaseLine(design, count))
        return replace(self, lines=tuple(lines))

    def with_extras(
        self, *, unknowns: int | None = None, supply: int | None = None, admirals: int | None = None
    ) -> Purchase:
        return replace(
            self,
            unknowns=self.unknowns if unknowns is None else unknowns,
            supply=self.supply if supply is None else supply,
            admirals=self.admirals if admirals is None else admirals,
        )

    def counters(self) -> tuple[Design, ...]:
        """Every squadron or planet counter bought, one entry per counter, in line order."""
        return tuple(line.design for line in self.lines for _ in range(line.count))
