"""Every order a player gives in a squadron game. Ending a step is the engine's
:class:`~core.engine.commands.EndPhase`.

Counters, "?" counters and fleets are named by id; hexes are axial
:class:`~core.board.hexgrid.Hex` values on the board of the system named.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.board.hexgrid import Hex
from core.engine.commands import Command
from core.engine.serial import register


@register
@dataclass(frozen=True)
class Move(Command):
    """Move counters (or fleets, by fleet id) of one hex to ``to`` on the same system
    board, each no further in this movement step than its maneuver factor; "?"
    counters named in ``veils`` go with them (a "?" never moves on its own)."""

    counters: tuple[str, ...]
    to: Hex
    veils: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class BeginJump(Command):
    """Order a squadron (or a fleet's) to jump to ``hex`` on ``system``'s board. Secret:
    the other side sees it leave, never where to. It goes into transit at the day's jump
    step and appears on the seventh day."""

    counter: str
    system: str
    hex: Hex


@register
@dataclass(frozen=True)
class CancelJump(Command):
    """Take back a jump ordered today, before the jump step."""

    counter: str


@register
@dataclass(frozen=True)
class Fire(Command):
    """``firer`` fires at ``target`` (a counter, or a "?" counter's id: the fire falls
    on what is under it) in this fire step. Sealed until everyone has ended the step.
    With allotted damage, ``allot`` says how many hits go to which factor, as (factor
    name, hits); hits not allotted fall on the factors in counter order."""

    firer: str
    target: str
    allot: tuple[tuple[str, int], ...] = ()


@register
@dataclass(frozen=True)
class Repair(Command):
    """Remove one hit from ``counter`` with one supply counter, its own or (``source``)
    one carried by a squadron of the same side in the same hex."""

    counter: str
    source: str = ""


@register
@dataclass(frozen=True)
class PlaceVeil(Command):
    """Place a "?" counter from hand on ``hex`` of ``system``'s board, or on
    ``system`` on the jump board when ``hex`` is None."""

    system: str
    hex: Hex | None = None


@register
@dataclass(frozen=True)
class FormFleet(Command):
    """Put counters of one hex under a fleet counter called ``name``."""

    name: str
    members: tuple[str, ...]


@register
@dataclass(frozen=True)
class DisbandFleet(Command):
    """Take the fleet counter away; its counters stand on their own again."""

    fleet: str
