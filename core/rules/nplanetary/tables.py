"""NPlanetary's rule tables as values: what a ruleset file's ``[nplanetary]`` section
gives (:mod:`core.rules.nplanetary.tables_file` reads it), kept in ``Ruleset.play_aid`` so a
game carries the tables it was started with.

The seed gives the classes' strength, fuel, cargo and cost (the ruleset's ``[[units]]``),
the ordnance, the bands and the damage tables; where it is silent (damage capacity, the
installations, which bodies are planets, what asteroids hold) the values are our rulings,
stated in ``docs/rules/nplanetary.md``, and a group may change them in the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from core.engine.serial import register

#: the three damage tracks
Track = Literal["weapons", "drives", "structure"]
TRACKS: tuple[Track, ...] = ("weapons", "drives", "structure")
#: the damage tables: which one a target rolls on
TableId = Literal["military", "civilian", "base"]


@register
@dataclass(frozen=True)
class Capacity:
    """Points of damage each track takes before it gives out (0: the track is absent).
    Weapons or drives at capacity are disabled; structure at capacity destroys."""

    weapons: int
    drives: int
    structure: int

    def of(self, track: Track) -> int:
        return int(getattr(self, track))


@register
@dataclass(frozen=True)
class InstallationKind:
    """A base or an outpost: its cargo size and cost while carried, then its combat
    strength and damage capacity once deployed (installations have no drives)."""

    id: str
    name: str
    cargo: int
    cost: int
    strength: int
    capacity: Capacity


@register
@dataclass(frozen=True)
class OrdnanceKind:
    """A kind of ordnance. ``rolls[i]`` is how many times a modified attack roll of
    ``i + 1`` (clamped to 1..6) rolls on the damage table; ``disabled_drives_rolls`` is
    how many against a target whose drives are disabled."""

    id: str
    name: str
    cargo: int
    cost: int
    thrust: int
    destroys: bool
    obliges_move: bool
    rolls: tuple[int, ...]
    disabled_drives_rolls: int

    def damage_rolls(self, modified: int, drives_disabled: bool) -> int:
        if drives_disabled:
            return self.disabled_drives_rolls
        return self.rolls[min(max(modified, 1), 6) - 1]


@register
@dataclass(frozen=True)
class Band:
    """A combat band: from ``ratio`` (attack over defence, included) up to the next
    band's; ``rolls[face - 1]`` damage-table rolls on each face of the die."""

    ratio: Fraction
    rolls: tuple[int, ...]


@register
@dataclass(frozen=True)
class Good:
    """A good a ship or base holds: ``liquid`` goods fill the fuel tank, dry ones the
    hold; ``becomes`` is what a base turns it into on delivery ("" keeps it)."""

    id: str
    liquid: bool
    becomes: str = ""


@register
@dataclass(frozen=True)
class Income:
    """End of round: supplies for a base on a planet's surface, fuel for one on the
    ``fuel_bodies``, and each outpost's yield of ore or water."""

    surface_supplies: int
    fuel: int
    fuel_bodies: tuple[str, ...]
    outpost_yield: int


@register
@dataclass(frozen=True)
class Tables:
    """Everything NPlanetary reads beyond the ruleset's movement and classes."""

    capacity: tuple[tuple[str, Capacity], ...]
    installations: tuple[InstallationKind, ...]
    ordnance: tuple[OrdnanceKind, ...]
    bands: tuple[Band, ...]
    damage: tuple[tuple[TableId, tuple[tuple[Track, ...], ...]], ...]
    goods: tuple[Good, ...]
    income: Income
    major: tuple[str, ...]
    minor: tuple[str, ...]
    water_every: int

    def capacity_of(self, unit: str) -> Capacity:
        return dict(self.capacity)[unit]

    def installation(self, kind: str) -> InstallationKind:
        for k in self.installations:
            if k.id == kind:
                return k
        raise KeyError(kind)

    def piece(self, kind: str) -> OrdnanceKind:
        for k in self.ordnance:
            if k.id == kind:
                return k
        raise KeyError(kind)

    def good(self, good: str) -> Good | None:
        return next((g for g in self.goods if g.id == good), None)

    def band(self, attack: Fraction, defence: int) -> tuple[int, Band]:
        """The band (its index from 0, and itself) of ``attack`` against ``defence``."""
        ratio = attack / defence if defence > 0 else Fraction(10**9)
        found = 0
        for i, band in enumerate(self.bands):
            if ratio >= band.ratio:
                found = i
        return found, self.bands[found]

    def faces(self, table: TableId) -> tuple[tuple[Track, ...], ...]:
        return dict(self.damage)[table]

    def cargo_size(self, item: str) -> int:
        """Hold points one of ``item`` takes: a good 1, ordnance and installations
        their size."""
        if any(k.id == item for k in self.ordnance):
            return self.piece(item).cargo
        if any(k.id == item for k in self.installations):
            return self.installation(item).cargo
        return 1

    def cost(self, item: str, rules: Any) -> int | None:
        """Supplies a base pays for one ``item``: ordnance, an installation or a ship
        class of the ruleset ``rules``; None for what is not for sale (goods, ruling)."""
        if any(k.id == item for k in self.ordnance):
            return self.piece(item).cost
        if any(k.id == item for k in self.installations):
            return self.installation(item).cost
        if any(u.id == item for u in rules.units):
            cost = rules.unit(item).cost
            return None if cost is None else int(cost)
        return None

    def planet_kind(self, body: str) -> Literal["major", "minor", ""]:
        if body in self.major:
            return "major"
        return "minor" if body in self.minor else ""
