"""The initial tactical situation (seed "Initial tactical situation"), derived from how the
ships met at strategic scale: baseline (head on, 40 hexes apart), chase (the attacker
came up through the defender's aft hexes), angled intercept (headings as they crossed)
and fast intercept (the faster ship at three times its strategic speed), combined where
more than one applies.

Rulings: headings are the hex directions nearest to the strategic vectors; a chasing
attacker that engaged for free takes the faster start and pays its fuel point when the
battle ends (one that paid fuel or burned high to engage has used it); a side's extra
ships start in its lead ship's hex (the fastest), with its vector, and its player may
move each within 2 hexes of it before the side first moves
(:class:`~core.rules.void.tactical.orders.PlaceShip`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.rules.void.battle import BattleSetup, BattleShip
from core.rules.void.engage import Engage, foresee
from core.rules.void.tactical.terms import Situation
from core.vector.state import GameState

#: hexes between the two sides as the battle starts
APART = 40


def heading(v: Vector) -> Direction | None:
    """The hex direction nearest to a vector (None for a ship at rest)."""
    if v == ZERO:
        return None

    def angle(q: int, r: int) -> float:
        return math.atan2(math.sqrt(3) * (r + q / 2), 1.5 * q)

    a = angle(v.q, v.r)
    return min(Direction, key=lambda d: abs(math.remainder(a - angle(*Vector.of(d)), math.tau)))


def turned(v: Vector, steps: int) -> Vector:
    """A vector turned by ``steps`` hexsides (positive: counter-clockwise)."""
    for _ in range(steps % 6):
        v = Vector(-v.r, v.q + v.r)
    return v


@dataclass(frozen=True)
class Start:
    """Where each ship of the battle starts (tactical hex and vector), and the
    situation."""

    places: tuple[tuple[str, Hex, Vector], ...]
    situation: Situation
    chase_fuel: bool


def lead(ships: tuple[BattleShip, ...]) -> BattleShip:
    """A side's lead ship: the fastest (the one whose hex the others start in)."""
    return max(ships, key=lambda s: (s.velocity.speed, s.id))


def kinds(setup: BattleSetup) -> tuple[str, ...]:
    """Which situations the meeting makes: chase or angled (or baseline), plus fast."""
    attacker, defender = lead(setup.side("attacker")), lead(setup.side("defender"))
    ha, hd = heading(attacker.velocity), heading(defender.velocity)
    found: list[str] = ["baseline"]
    if ha is not None and hd is not None:
        apart = min((ha - hd) % 6, (hd - ha) % 6)
        if apart <= 1:
            found = ["chase"]
        elif apart == 2:
            found = ["angled"]
    if setup.approach.velocity_difference >= 2:
        found.append("fast")
    return tuple(found)


def start(setup: BattleSetup) -> Start:
    attacker, defender = lead(setup.side("attacker")), lead(setup.side("defender"))
    found = kinds(setup)
    ha = heading(attacker.velocity) or Direction.SE
    hd = heading(defender.velocity)
    factor = {"attacker": 2, "defender": 2}
    chase_fuel = False
    if "chase" in found and setup.approach.cost == "free":
        factor["attacker"], chase_fuel = 3, True
    if "fast" in found:
        faster = "attacker" if attacker.velocity.speed >= defender.velocity.speed else "defender"
        factor[faster] = 3
    speed_a = factor["attacker"] * attacker.velocity.speed
    speed_d = factor["defender"] * defender.velocity.speed
    origin = Hex(0, 0)
    if "chase" in found and hd is not None:
        at = origin + Vector.of(hd.opposite(), APART)
        va, vd = Vector.of(hd, speed_a), Vector.of(hd, speed_d)
    elif "angled" in found and hd is not None:
        at = origin + Vector.of(ha.opposite(), APART)
        va, vd = Vector.of(ha, speed_a), Vector.of(hd, speed_d)
    else:
        at = origin + Vector.of(ha.opposite(), APART)
        va, vd = Vector.of(ha, speed_a), Vector.of(ha.opposite(), speed_d)
    places = [(s.id, at, va) for s in setup.side("attacker")]
    places += [(s.id, origin, vd) for s in setup.side("defender")]
    speeds = f"attacker at {speed_a} hexes a turn, defender at {speed_d}"
    words = " and ".join(found)
    text = f"{words.capitalize()} situation, {APART} hexes apart: {speeds}" + (
        "; the chasing attacker pays a fuel point for the faster start" if chase_fuel else ""
    )
    return Start(tuple(places), Situation(found, text), chase_fuel)


def foreseen(state: GameState, command: Engage) -> Situation:
    """The initial tactical situation ``command`` would give its battle, derived exactly
    as the battle will derive it, without changing the strategic game."""
    return start(foresee(state, command)).situation
