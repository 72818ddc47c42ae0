"""System III Void's tables as the game reads them: the ship table's columns the shared
unit classes do not hold (torpedo tubes, railguns, missile load, special defence), and the
standard Triplanetary tables the seed names without printing (combat odds, the Gun Combat
Damage table, the Other Damage table's columns, the hits of the advanced combat system)
plus the seed's Combat Aggression Factor table.

They are data in the Void rulesets (``void_ships``, ``void_combat``), read and checked by
:mod:`core.rules.void.tables_file` and kept in ``Ruleset.play_aid`` (:func:`tables_of`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.engine.errors import UnknownName
from core.engine.serial import added, register
from core.files.ruleset import Ruleset, UnitClass

#: the keys of a ruleset file System III Void reads itself
KEYS = frozenset({"void_ships", "void_combat"})


@register
@dataclass(frozen=True)
class Hit:
    """One result of a damage table: disabled for ``disabled`` turns (0: no effect), or
    ``eliminated`` (an E)."""

    disabled: int = 0
    eliminated: bool = False

    @property
    def text(self) -> str:
        if self.eliminated:
            return "E"
        return f"D{self.disabled}" if self.disabled else "-"

    @property
    def harmless(self) -> bool:
        return not self.eliminated and self.disabled == 0

    @staticmethod
    def parse(code: str) -> Hit:
        """``"-"``, ``"D3"`` or ``"E"``; raises ValueError for anything else."""
        if code == "-":
            return Hit()
        if code == "E":
            return Hit(eliminated=True)
        if code.startswith("D") and code[1:].isdigit() and int(code[1:]) > 0:
            return Hit(int(code[1:]))
        raise ValueError(f"{code!r} is not a damage result (use '-', 'D1'... or 'E')")


@register
@dataclass(frozen=True)
class ShipRow:
    """A row of *Ships of System III Void* beyond what the unit class holds: weapons and
    special defence. ``defensive_only`` is the table's "D" after a strength (the ship may
    not attack); ``special_defence`` is what stealth (or another defence) adds to defence;
    ``missile_load`` is the torpedoes it can carry."""

    unit: str
    torpedo_tubes: int = 0
    light_railguns: int = 0
    heavy_railguns: int = 0
    missile_load: int = 0
    stealth: bool = False
    defensive_only: bool = False


@register
@dataclass(frozen=True)
class CombatTables:
    """The combat tables: ``odds`` columns (attack : defence, worst first), ``gun[roll-1]``
    a row of results per column, ``other`` the Other Damage table's columns by name,
    ``gun_hits`` and ``other_hits`` the advanced system's hits, ``locations[roll-1]`` where
    a hit lands, and ``aggression[defender-1][attacker-1]`` the Combat Aggression Factor.
    ``scan_range`` and ``scan_needs``: how near a torpedo group a ship must be to scan it,
    and the die roll that reveals its target (a ruling: the seed names the scan only)."""

    odds: tuple[tuple[int, int], ...]
    gun: tuple[tuple[Hit, ...], ...]
    other: tuple[tuple[str, tuple[Hit, ...]], ...]
    gun_hits: tuple[tuple[int, ...], ...]
    other_hits: tuple[tuple[str, tuple[int, ...]], ...]
    locations: tuple[tuple[str, ...], ...]
    aggression: tuple[tuple[int, ...], ...]
    #: a ship disabled this many turns or more is destroyed
    destroyed_at: int = 6
    scan_range: int = added(10)
    scan_needs: int = added(4)

    def column(self, attack: int, defence: int) -> int | None:
        """The odds column of ``attack`` against ``defence``: the best one not above the
        true ratio (rounded for the defender); None when worse than the first."""
        if attack <= 0:
            return None
        found = None
        for i, (a, d) in enumerate(self.odds):
            if defence == 0 or Fraction(attack, defence) >= Fraction(a, d):
                found = i
        return found

    def odds_text(self, column: int | None) -> str:
        if column is None:
            a, d = self.odds[0]
            return f"worse than {a}:{d}"
        a, d = self.odds[column]
        return f"{a}:{d}"

    def gun_result(self, column: int | None, roll: int) -> Hit:
        """The Gun Combat Damage table at ``column`` for a modified ``roll`` (below 1: no
        effect; above 6 counts as 6)."""
        if column is None or roll < 1:
            return Hit()
        return self.gun[min(roll, 6) - 1][column]

    def other_result(self, name: str, roll: int) -> Hit:
        """The Other Damage table's column ``name`` ("torpedo", "asteroid"...)."""
        for key, results in self.other:
            if key == name:
                return Hit() if roll < 1 else results[min(roll, 6) - 1]
        raise UnknownName(f"the Other Damage table has no column {name!r}")

    def factor(self, attacker: int, defender: int) -> int:
        """The Combat Aggression Factor for the two sides' secret levels (1 to 3)."""
        return self.aggression[defender - 1][attacker - 1]


@register
@dataclass(frozen=True)
class VoidTables:
    """What a Void ruleset adds to the shared tables: its ship rows and combat tables."""

    ships: tuple[ShipRow, ...]
    combat: CombatTables

    def row(self, unit: str) -> ShipRow:
        for row in self.ships:
            if row.unit == unit:
                return row
        raise UnknownName(f"the ship table has no row for {unit!r}")


def tables_of(rules: Ruleset) -> VoidTables:
    """The Void tables a ruleset carries; refuses a ruleset without them."""
    if isinstance(rules.play_aid, VoidTables):
        return rules.play_aid
    raise UnknownName(f"the {rules.name} ruleset has no System III Void tables")


@dataclass(frozen=True)
class Strength:
    """A ship's combat strengths from the ship table: ``attack`` with its railguns and
    torpedo tubes (0 for a defensive-only ship), ``defence`` with its special defence,
    ``base`` the plain strength (its PDCs, what tactical gun combat starts from)."""

    base: int
    attack: int
    defence: int


def strength(unit: UnitClass, row: ShipRow) -> Strength:
    """Seed "Total Combat Strength": one per light railgun and two per heavy one, one per
    two torpedo tubes (rounded up), added to attack only; the table's defence value
    (stealth or another special defence added) to defence only."""
    base = unit.combat or 0
    if row.defensive_only:
        attack = 0
    else:
        attack = base + row.light_railguns + 2 * row.heavy_railguns + (row.torpedo_tubes + 1) // 2
    defence = unit.defence if unit.defence is not None else base
    return Strength(base, attack, defence)
