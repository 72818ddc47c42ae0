"""Ships the engine tests share."""

from __future__ import annotations

from fractions import Fraction

from core.board.hexgrid import ZERO
from core.board.starmap import Base
from core.vector.motion import Motion
from core.vector.state import Ship, ShipStatus


def landed_ship(base: Base, ship_id: str = "s", name: str = "Swift", fuel: int = 5) -> Ship:
    """A ship of player "a" resting on ``base``, in the hex above it."""
    return Ship(
        ship_id,
        name,
        "a",
        "red",
        "ship",
        Motion(base.approach, ZERO),
        Fraction(fuel),
        status=ShipStatus.LANDED,
        landed_at=base.name,
    )
