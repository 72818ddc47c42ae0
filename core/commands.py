"""Commands: what players ask the engine to do. Typed, frozen, serialisable values.

A campaign stores these in its log; replaying them through :func:`core.engine.apply`
from the starting state rebuilds every later state exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.hexgrid import Hex
from core.movement import Order
from core.serial import register


@register
@dataclass(frozen=True)
class Command:
    player: str


@register
@dataclass(frozen=True)
class Plot(Command):
    """Plot a ship's move for this movement phase; plotting again replaces the plan.

    ``land``/``dock`` name a base the ship, in orbit, lands on (burning 1 fuel) or docks
    with as its course passes it.
    """

    ship: str
    order: Order = field(default_factory=Order)
    land: str | None = None
    dock: str | None = None


@register
@dataclass(frozen=True)
class Launch(Command):
    """Lift a landed ship off its planetary base (or the body a scenario put it on) with
    free boosters, to the hex ``to``: one of :func:`core.astrogation.launch_hexes`, or
    None when there is only one."""

    ship: str
    to: Hex | None = None


@register
@dataclass(frozen=True)
class Unplot(Command):
    """Take back a ship's plan before the phase ends."""

    ship: str


@register
@dataclass(frozen=True)
class EndPhase(Command):
    """The player is done with the current phase."""
