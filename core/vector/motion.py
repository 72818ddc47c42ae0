"""An object's motion (where it is, its vector, the gravity waiting for it), the orders that
change it, and the motions made without a move: a weapon launched, a ship bounced back in.

The values :func:`core.vector.movement.move` takes; kept apart from the move itself so that
the modules the move uses (:mod:`core.vector.orbit`) can make motions without importing it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.board.hexgrid import ZERO, Direction, Hex, Layout, Vector
from core.board.starmap import Bounds
from core.engine.serial import added, register
from core.vector.gravity import GravityPull, MoveError


@register
@dataclass(frozen=True)
class MovementParams:
    """What differs between the rulesets' movement.

    ``burn_costs[n - 1]`` is the fuel for an ``n``-hex burn (its length is the most
    hexes a burn may shift). ``start_hex_gravity`` False: a ship at rest never feels
    its own hex (NPlanetary). ``hexside_entered`` False: runs along a hexside count for
    nothing (the other reading of the hexside rule). ``asteroid_safe_speed``: the fastest
    a course crosses asteroid hexes without a roll (1; higher on an evasive booster).
    ``free_thrust_by``: what gives the free (zero-cost) burn hexes, for the log.
    ``weak_run_carries_over``: a run of weak hexes goes on across the turn boundary (the
    ruleset switch ``weak_gravity_carries_over``, the other reading of the weak rule).
    """

    gravity: bool = True
    start_hex_gravity: bool = True
    hexside_entered: bool = True
    burn_costs: tuple[Fraction, ...] = (Fraction(1),)
    consecutive_weak_rule: bool = True
    asteroid_safe_speed: int = added(1)
    free_thrust_by: str = added("")
    weak_run_carries_over: bool = added(False)


@register
@dataclass(frozen=True)
class Motion:
    """Where an object is, last turn's vector, and the gravity waiting to act on it."""

    position: Hex
    velocity: Vector
    pulls: tuple[GravityPull, ...] = ()


@register
@dataclass(frozen=True)
class Order:
    """A move's orders: the burn (one direction per hex), weak pulls ignored, arrows picked.

    ``ignore`` and ``picks`` refer to pulls by their index in ``Motion.pulls``.
    """

    burn: tuple[Direction, ...] = ()
    ignore: frozenset[int] = frozenset()
    picks: tuple[tuple[int, Direction], ...] = ()

    @property
    def burn_vector(self) -> Vector:
        v = ZERO
        for d in self.burn:
            v = v + Vector.of(d)
        return v


COAST = Order()
INTERPLANETARY = MovementParams()


# ---- errors ----


class BurnError(MoveError):
    """A burn too long, or by a disabled ship."""


class FuelError(MoveError):
    """Not enough fuel for the burn."""


# ---- launched objects ----


def launched(ship: Motion, adjustment: tuple[Direction, ...] = (), thrust: int = 0) -> Motion:
    """The motion of a weapon launched from a ship this turn, before the ship moves.

    It starts where the ship is, with the ship's old vector (last turn's, before this
    turn's burn) shifted by the weapon's own adjustment, which may be at most ``thrust``
    hexes; the gravity waiting for the ship waits for it too. From then on it moves by
    :func:`core.vector.movement.move` like any ship.
    """
    if len(adjustment) > thrust:
        limit = "no thrust" if thrust == 0 else f"at most {thrust} hex{'es' if thrust > 1 else ''}"
        raise BurnError(f"this weapon has {limit}: it cannot adjust by {len(adjustment)}")
    return Motion(ship.position, ship.velocity + Order(adjustment).burn_vector, ship.pulls)


# ---- leaving the map ----


def bounce(motion_after: Motion, bounds: Bounds) -> Motion:
    """A ship that left the map bounces back in, for scenarios that say so.

    ``motion_after`` is the motion at the first hex off the map (``MoveResult.next``).
    Its position and vector are mirrored across the line through the centres of the
    outermost hexes of the edge crossed (both edges at a corner): the vector component
    across that edge turns back, the one along it is kept. Columns are crossed at the
    left and right edges, rows at the top and bottom. Pending pulls are dropped.
    """
    col, row = bounds.labels.to_offset(motion_after.position)
    layout = Layout.unit(bounds.orientation)
    x, y = layout.to_pixel(motion_after.position)
    vx, vy = layout.to_pixel(Hex(*motion_after.velocity))
    border = list(bounds.hexes())
    labels = bounds.labels
    if col < 0 or col >= bounds.width:
        edge = 0 if col < 0 else bounds.width - 1
        xs = [layout.to_pixel(h)[0] for h in border if labels.to_offset(h)[0] == edge]
        line = min(xs) if col < 0 else max(xs)
        x, vx = 2 * line - x, -vx
    if row < 0 or row >= bounds.height:
        edge = 0 if row < 0 else bounds.height - 1
        ys = [layout.to_pixel(h)[1] for h in border if labels.to_offset(h)[1] == edge]
        line = min(ys) if row < 0 else max(ys)
        y, vy = 2 * line - y, -vy
    v = layout.to_hex(vx, vy)
    return Motion(layout.to_hex(x, y), Vector(v.q, v.r))
