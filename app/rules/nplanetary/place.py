"""Where a ship, base or outpost is, as data the docks word in their own ways: the
whole sentence (the Ship panel, the map's tooltip) and the word or two of the Cargo &
Economy dock's Where cell. Both are worded from the same fields, so neither reads the
other's sentence and a change of wording cannot leave the short one behind."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: how a thing is held where it is: a ship landed or docked at a base or in orbit of a
#: body ("" in free flight); an installation's site (space, orbit, surface, minor body,
#: asteroid)
Berth = Literal["", "landed", "docked", "orbit", "surface", "minor", "space", "asteroid"]

#: the berth in the whole sentence; ``{by}`` is the base or body
_WHOLE = {
    "landed": "landed at {by}",
    "docked": "docked at {by}",
    "orbit": "in orbit of {by}",
    "surface": "on {by}",
    "minor": "at {by}",
    "space": "in open space",
    "asteroid": "at an asteroid",
}

#: the berth in the Where cell; a berth not here shows the hex
_SHORT = {
    "landed": "landed",
    "docked": "docked",
    "orbit": "orbit {by}",
    "surface": "on {by}",
    "minor": "at {by}",
}


@dataclass(frozen=True)
class Place:
    """Where a holder is: its hex's label, a ship's speed (None for an installation),
    its berth and what that is at (``by``: the base's or the body's name, or "")."""

    hex: str
    speed: int | None = None
    berth: Berth = ""
    by: str = ""

    def detail(self) -> str:
        """The whole, after "At": "0506, speed 2, docked at Vesta Depot"."""
        parts = [self.hex]
        if self.speed is not None:
            parts.append(f"speed {self.speed}")
        if self.berth:
            parts.append(_WHOLE[self.berth].format(by=self.by))
        return ", ".join(parts)

    def sentence(self) -> str:
        """The whole as a sentence: "At 0506, speed 2, docked at Vesta Depot"."""
        return f"At {self.detail()}"

    def short(self) -> str:
        """A word or two: "docked", "landed", "orbit Mars", "on Mars", "at Ceres",
        else the hex."""
        words = _SHORT.get(self.berth)
        if words is None or ("{by}" in words and not self.by):
            return self.hex
        return words.format(by=self.by)
