"""A System III Void battle as it crosses between the scales: what a battle starts from
(:class:`BattleSetup`, the ``setup`` of the :class:`~core.engine.encounter.Encounter` the
strategic game opens) and what it gives back (:class:`BattleResult`, the ``details`` of
the child game's :class:`~core.engine.encounter.Outcome`).

The setup holds everything a battle needs from the strategic game and nothing more: the
ships in it as they stood (vector, fuel, damage, juice, torpedoes), the strategic geometry
of the meeting (the attacker's course, the target's hex and vector, how the engagement
was paid for, the body whose gravity the meeting is in), and how the players chose to
resolve it. A tactical battle derives its initial situation and its map from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from core.board.hexgrid import Hex, Vector
from core.engine.serial import added, register
from core.rules.void.crew import Kit

#: how an encounter is resolved, chosen when it opens: played at tactical scale, by
#: strategic combat, or the result of a battle fought on the table entered by hand
Resolution = Literal["tactical", "strategic", "hand"]
RESOLUTIONS: tuple[Resolution, ...] = ("tactical", "strategic", "hand")

#: what engaging cost the attacker: nothing, a fuel point, or a high-acceleration burn
Cost = Literal["free", "fuel", "high"]

#: a battle's sides
Role = Literal["attacker", "defender"]


@register
@dataclass(frozen=True)
class BattleShip:
    """A ship as it enters a battle. ``position`` and ``velocity`` are strategic (the hex
    it stands in after its move, its vector in hexes per strategic turn); ``juiced``: its
    crew took the juice for a high-acceleration burn this turn (or to engage);
    ``very_high``: it made a very-high-acceleration burn this turn (it rolls on the
    Torpedo column as the battle starts and its crew is out for that many turns);
    ``disabled_for``: turns of damage it carries in."""

    id: str
    name: str
    owner: str
    side: str
    unit: str
    role: Role
    position: Hex
    velocity: Vector
    fuel: Fraction
    kit: Kit = field(default_factory=Kit)
    juiced: bool = False
    very_high: bool = False
    disabled_for: int = 0
    cooldown: int = 0


@register
@dataclass(frozen=True)
class Approach:
    """The strategic geometry of the meeting: the attacker's course this turn (from
    ``course_from`` to ``course_to``), the target's hex, the closest the course came to it
    (0: through its hex, 1 or 2 hexes away), the velocity difference (hexes), and what
    engaging cost."""

    course_from: Hex
    course_to: Hex
    target: Hex
    distance: int
    velocity_difference: int
    cost: Cost


@register
@dataclass(frozen=True)
class BattleSetup:
    """What a battle starts from (the encounter's ``setup``).

    ``attacker`` is the player who engaged; ``defenders`` the players whose ships were
    engaged. ``where`` is the target's strategic hex and ``place`` the players' name for
    it ("near Ceres"); ``body`` and ``body_kind`` the body whose gravity hexes the meeting
    is in (None: open space), which gives a tactical map its planet edge. ``round`` is the
    strategic turn. ``narrative`` the narrative points each holder (a player or a ship id)
    may spend in the battle; ``narrative_per`` says which ("player", "ship" or "none").
    ``advanced``: a tactical battle plays gun combat by hit location (the strategic game's
    ``advanced_gun_combat`` switch; a battle saved before the switch existed is basic).
    """

    attacker: str
    defenders: tuple[str, ...]
    ships: tuple[BattleShip, ...]
    approach: Approach
    resolution: Resolution
    where: Hex
    place: str
    round: int
    body: str | None = None
    body_kind: str | None = None
    narrative_per: str = "none"
    narrative: tuple[tuple[str, int], ...] = ()
    advanced: bool = added(False)

    def side(self, role: Role) -> tuple[BattleShip, ...]:
        return tuple(s for s in self.ships if s.role == role)

    def ship(self, ship_id: str) -> BattleShip:
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise KeyError(ship_id)

    @property
    def seats(self) -> tuple[str, ...]:
        return (self.attacker, *self.defenders)


@register
@dataclass(frozen=True)
class ShipAfter:
    """A ship as a battle leaves it: destroyed, or with the damage (turns disabled), fuel
    and kit (torpedoes left, juice and recovery) it takes back to the strategic game."""

    id: str
    destroyed: bool
    disabled_for: int
    fuel: Fraction
    kit: Kit


@register
@dataclass(frozen=True)
class BattleResult:
    """What a battle gives back: every ship of the setup after it, how it was resolved,
    and the narrative points spent (holder, points)."""

    ships: tuple[ShipAfter, ...]
    resolution: Resolution
    narrative_spent: tuple[tuple[str, int], ...] = ()

    def ship(self, ship_id: str) -> ShipAfter:
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise KeyError(ship_id)
