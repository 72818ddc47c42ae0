"""What the board widgets draw, as plain values: the play page builds these from the
game state and what a side may see, and the widgets never read the game themselves.

A :class:`CounterFace` is one counter as a player sees it: a squadron or planet with its
factors now (and as designed, so worn factors show), a "?" counter, or a fleet counter.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.rules.squadrons.factors import FACTOR_TITLES, Factors

SQUADRON = "squadron"
PLANET = "planet"
UNKNOWN = "unknown"  # a "?" counter: only its side shows
FLEET = "fleet"  # a placeholder standing for a stack kept off the board
KINDS = (SQUADRON, PLANET, UNKNOWN, FLEET)
#: the tooltip line of a counter of the viewer's own under their own "?"
VEILED_NOTE = 'Under your "?": the enemy sees only the "?"'

#: the factors printed on a counter's top line (fighting) and bottom line (moving, seeing)
TOP = ("attack", "attack_range", "defense")
BOTTOM = ("jump", "maneuver", "sensor")


@dataclass(frozen=True)
class CounterFace:
    """One counter as drawn. ``factors`` are what it can do now, ``design`` what it was
    built with (a factor below its design is printed as worn); both None on a "?" or a
    fleet. ``count`` is how many counters a fleet stands for. ``colour`` is the side's
    colour as ``#rrggbb``. ``veiled``: one of the viewer's own, under one of their own
    "?" counters (only ever set for its owner: the enemy sees the "?" alone)."""

    key: str
    title: str
    side: str
    colour: str
    kind: str = SQUADRON
    factors: Factors | None = None
    design: Factors | None = None
    hits: int = 0
    fuel: int = 0
    supply: int = 0
    admirals: int = 0
    count: int = 0
    selected: bool = False
    note: str = ""
    veiled: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a counter is one of {', '.join(KINDS)}, not {self.kind!r}")

    @property
    def shows_factors(self) -> bool:
        return self.kind in (SQUADRON, PLANET) and self.factors is not None

    def worn(self, name: str) -> bool:
        """Whether factor ``name`` is below its design value (damage shows)."""
        if self.factors is None or self.design is None:
            return False
        return self.factors.get(name) < self.design.get(name)

    def tip(self) -> str:
        """The tooltip: what a player reads hovering the counter."""
        if self.kind == UNKNOWN:
            return f'"?" counter ({self.side})'
        if self.kind == FLEET:
            return f"{self.title}: fleet counter of {self.side}, standing for {self.count}"
        lines = [f"{self.title} ({self.side} {self.kind})"]
        if self.factors is not None:
            lines.append(", ".join(f"{FACTOR_TITLES[n]} {v}" for n, v in self.factors.items()))
        extras = [("hits", self.hits), ("fuel", self.fuel), ("supply", self.supply)]
        extras.append(("admirals", self.admirals))
        lines.append(", ".join(f"{v} {n}" for n, v in extras if v))
        if self.veiled:
            lines.append(VEILED_NOTE)
        if self.note:
            lines.append(self.note)
        return "\n".join(line for line in lines if line)


@dataclass(frozen=True)
class TransitEntry:
    """A counter on the transit track: ``days`` to arrival (1 to 7) and, when the
    viewer may know it, where it is bound."""

    face: CounterFace
    days: int
    destination: str = ""
