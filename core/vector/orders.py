"""Course orders of the vector games: plot a ship's move, launch it off a base, take a
plan back. Checked when given and carried out when the movement phase ends."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.board.hexgrid import Hex
from core.engine.commands import Command
from core.engine.serial import register
from core.vector.motion import Order


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
    free boosters, to the hex ``to``: one of :func:`core.vector.course_check.launch_hexes`, or
    None when there is only one."""

    ship: str
    to: Hex | None = None


@register
@dataclass(frozen=True)
class Unplot(Command):
    """Take back a ship's plan before the phase ends."""

    ship: str
