"""What a System III Void ship carries beyond the shared :class:`~core.vector.state.Ship`:
torpedoes aboard, the crew's juice, strain and recovery, a crew knocked out by a
very-high-acceleration burn. Kept in ``Ship.manifest`` (the
shared ship's slot for a rule system's own value) and read back with :func:`kit_of`, so
the same value crosses from the strategic game into a battle and back.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from core.engine.serial import register
from core.files.ruleset import Ruleset
from core.rules.void.tables import tables_of
from core.vector.state import Ship


@register
class Juice(Enum):
    """Where a crew stands with "the juice" (the drugs that let it live through high
    acceleration): off it, on it, or coming down from it."""

    OFF = "off"
    JUICED = "juiced"
    RECOVERY = "recovery"


@register
@dataclass(frozen=True)
class Kit:
    """A Void ship's own state.

    ``torpedoes``: aboard, not yet launched. ``juice`` and ``juice_turns``: the crew's
    state and the tactical turns it has lasted (juiced: turns on the juice so far;
    recovery: turns of recovery left). ``strain``: the combat-strength penalty long
    juicing has left (each D rolled for it, up to 6). ``rejuiced``: the crew came off the
    juice once in this battle, so juicing again doubles every penalty. ``crew_out``: turns
    the crew cannot act (a very-high-acceleration burn before a battle). (Narrative
    points, per player or per ship, are the strategic game's: :mod:`core.rules.void.terms`.)
    """

    torpedoes: int = 0
    juice: Juice = Juice.OFF
    juice_turns: int = 0
    strain: int = 0
    rejuiced: bool = False
    crew_out: int = 0


def kit_of(ship: Ship) -> Kit:
    """The ship's Void state (a ship a scenario gave none starts with an empty kit)."""
    return ship.manifest if isinstance(ship.manifest, Kit) else Kit()


def with_kit(ship: Ship, kit: Kit) -> Ship:
    return replace(ship, manifest=kit)


def kit_for(rules: Ruleset, ship: Ship) -> Kit:
    """The ship's Void state; a ship that has none yet (as a scenario starts it) carries
    its class's full missile load and a rested crew."""
    if isinstance(ship.manifest, Kit):
        return ship.manifest
    return Kit(torpedoes=tables_of(rules).row(ship.unit).missile_load)
