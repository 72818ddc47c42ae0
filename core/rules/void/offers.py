"""Which encounters a strategic course offers, and what each costs (seed "Entering
tactical scale"), as a pure function the course preview and the Engage command share.

A course that passes through the hex of another side's ships may engage them for free at
a velocity difference of 2 or less; a difference of 3, or passing one hex away, costs a
fuel point; a difference of 4, passing two hexes away, or a difference of 3 one hex away
takes a high-acceleration burn. Anything further is out of reach. A ship that made a
very-high-acceleration burn this turn may not choose to engage (it may still be
attacked).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from core.board.hexgrid import Hex, Vector
from core.board.tracer import hexes_passed
from core.rules.void.battle import Cost
from core.rules.void.terms import terms_of
from core.vector.course_check import high_acceleration
from core.vector.movement import MoveResult
from core.vector.state import GameState, Ship, ShipStatus

#: what each way of paying costs in fuel (high acceleration: the strategic two-hex burn)
FUEL: dict[Cost, Fraction] = {"free": Fraction(0), "fuel": Fraction(1), "high": Fraction(1)}

COST_WORDS: dict[Cost, str] = {
    "free": "free",
    "fuel": "a fuel point",
    "high": "a high-acceleration burn (1 fuel, crew juiced)",
}


@dataclass(frozen=True)
class Offer:
    """An encounter a course offers: the target hex and the ships of another side in it,
    the closest the course passes (0 to 2 hexes), the velocity difference, and the cost
    (None: out of reach, or not open to this ship, ``why`` says why)."""

    ship: str
    target: Hex
    targets: tuple[str, ...]
    distance: int
    velocity_difference: int
    cost: Cost | None
    why: str

    @property
    def open(self) -> bool:
        return self.cost is not None


def engagement_cost(distance: int, difference: int) -> Cost | None:
    """The seed's table: what engaging costs at this distance from the course and this
    velocity difference; None when it cannot be done."""
    if distance == 0 and difference <= 2:
        return "free"
    if (distance == 0 and difference == 3) or (distance == 1 and difference <= 2):
        return "fuel"
    if (
        (distance == 0 and difference == 4)
        or (distance == 2 and difference <= 2)
        or (distance == 1 and difference == 3)
    ):
        return "high"
    return None


def very_high(state: GameState, ship: Ship) -> bool:
    """Whether the ship's last move was a very-high-acceleration burn (three hexes): its
    crew is juiced and it carries the cooldown only that burn starts."""
    profile = state.rules.profile(state.rules.unit(ship.unit).profile)
    if len(profile.cooldown) < 3 or not ship.juiced:
        return False
    return ship.cooldown == profile.cooldown[2] and profile.cooldown[2] > profile.cooldown[1]


def course_of(ship: Ship) -> tuple[Hex, Hex]:
    """The course a ship flew on its last move: its vector, ending where it stands."""
    end = ship.motion.position
    return end + (-ship.motion.velocity), end


def offers(
    state: GameState, ship: Ship, start: Hex, end: Hex, velocity: Vector, *, moved: bool = True
) -> tuple[Offer, ...]:
    """The encounters a course of ``ship`` from ``start`` to ``end`` at ``velocity``
    offers against the ships of other sides where they stand now, nearest first. With
    ``moved`` False (a plotted course, not yet flown) the ship's very-high-acceleration
    state is not known yet and is not asked."""
    hexes = hexes_passed(start, end)
    groups: dict[Hex, list[Ship]] = {}
    for other in state.ships:
        if other.side != ship.side and other.status is ShipStatus.ACTIVE:
            groups.setdefault(other.motion.position, []).append(other)
    found = []
    for where, ships in groups.items():
        distance = min(where.distance(h) for h in hexes)
        if distance > 2:
            continue
        difference = max((velocity - s.motion.velocity).speed for s in ships)
        cost, why = _cost(state, ship, distance, difference, moved)
        ids = tuple(s.id for s in ships)
        found.append(Offer(ship.id, where, ids, distance, difference, cost, why))
    return tuple(sorted(found, key=lambda o: (o.distance, o.velocity_difference, o.target)))


def has_attacked(state: GameState, ship: Ship) -> bool:
    """Ruling: a ship attacks once a turn, as in standard Triplanetary; a battle it
    started this turn was its attack (it may still be attacked, and fights back)."""
    return any(f.attacker == ship.owner and ship.id in f.ships for f in terms_of(state).fought)


def _cost(
    state: GameState, ship: Ship, distance: int, difference: int, moved: bool
) -> tuple[Cost | None, str]:
    where = "through its hex" if distance == 0 else f"{distance} hex{'es' * (distance > 1)} away"
    said = f"{where}, velocity difference {difference}"
    cost = engagement_cost(distance, difference)
    if cost is None:
        return None, f"{said}: out of reach"
    if moved and very_high(state, ship):
        return None, f"{said}: {ship.name} made a very-high-acceleration burn and may not engage"
    if moved and has_attacked(state, ship):
        return None, f"{said}: {ship.name} has attacked this turn already"
    if ship.disabled or ship.disabled_for > 0:
        return None, f"{said}: {ship.name} is disabled"
    if ship.fuel < FUEL[cost]:
        return None, f"{said}: needs {COST_WORDS[cost]}, and {ship.name} lacks the fuel"
    if cost == "high" and ship.cooldown > 0:
        turns = "turn" if ship.cooldown == 1 else "turns"
        return None, (
            f"{said}: needs high acceleration, and {ship.name}'s crew may not for "
            f"{ship.cooldown} more {turns}"
        )
    return cost, f"{said}: {COST_WORDS[cost]}"


def after_move(state: GameState, ship: Ship) -> tuple[Offer, ...]:
    """The encounters the course a ship has just flown offers (the Engage command's)."""
    start, end = course_of(ship)
    return offers(state, ship, start, end, ship.motion.velocity)


def for_course(state: GameState, ship: Ship, result: MoveResult, hexes: int) -> tuple[Offer, ...]:
    """What a plotted course (the plotter's move on paper, its burn ``hexes`` long) would
    offer once flown: the ship as the burn leaves it (fuel paid, a high burn's juice and
    cooldown), so a very-high burn offers nothing and a high burn cannot pay for one."""
    high, cooldown = high_acceleration(state.rules, ship, hexes)
    flown = replace(
        ship,
        fuel=ship.fuel - result.fuel,
        juiced=high,
        cooldown=cooldown if high or cooldown else max(0, ship.cooldown - 1),
    )
    return offers(state, flown, result.start, result.end, result.velocity)


def open_offers(state: GameState, player: str) -> dict[Hex, tuple[Offer, ...]]:
    """Every encounter the player's ships may engage now (their courses this turn), by
    target hex: what the Engage command accepts and the encounter dialog lists."""
    found: dict[Hex, list[Offer]] = {}
    for ship in state.ships:
        if ship.owner == player and ship.status is ShipStatus.ACTIVE:
            for offer in after_move(state, ship):
                if offer.open:
                    found.setdefault(offer.target, []).append(offer)
    return {h: tuple(o) for h, o in found.items()}
