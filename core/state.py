"""The game state: plain, immutable, serialisable data.

Everything the rules need to continue a game is here, the dice included, so a state
saved and loaded again plays on identically, and two states can be compared by their
digest (:func:`state_hash`) when replaying a campaign.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction

from core.dice import Dice
from core.hexgrid import Hex
from core.movement import Motion, Order
from core.ruleset import Ruleset
from core.serial import digest, register
from core.starmap import Leaving, StarMap
from core.victory import Condition


@register
class ShipStatus(Enum):
    ACTIVE = "active"
    LANDED = "landed"
    DESTROYED = "destroyed"
    OFF_MAP = "off map"


@register
@dataclass(frozen=True)
class Player:
    """One seat at the table. ``colour`` (``"#rrggbb"``) is how the interface shows them."""

    id: str
    name: str
    side: str
    colour: str = ""


@register
@dataclass(frozen=True)
class Ship:
    """A ship (or, later, a piece of ordnance) and everything that moves with it.

    ``cooldown`` counts the turns before high acceleration is allowed again (System III
    Void); ``returns_in`` counts turns off the map when the scenario brings ships back.
    ``landed_at`` names the planetary base a landed ship is on or, for a ship a scenario
    starts on a body without a base, that body. ``wells`` lists the bodies whose gravity
    the ship has entered, in order (a body repeats only after another), for races.
    """

    id: str
    name: str
    owner: str
    side: str
    unit: str
    motion: Motion
    fuel: Fraction
    status: ShipStatus = ShipStatus.ACTIVE
    disabled: bool = False
    landed_at: str | None = None
    docked_at: str | None = None
    orbit: str | None = None
    cooldown: int = 0
    juiced: bool = False
    returns_in: int | None = None
    wells: tuple[str, ...] = ()

    @property
    def in_play(self) -> bool:
        return self.status in (ShipStatus.ACTIVE, ShipStatus.LANDED)


@register
@dataclass(frozen=True)
class Plan:
    """What a player has plotted for one ship this movement phase (until it ends).

    ``launch`` lifts a landed ship off its planetary base (or the body it stands on) to
    the hex ``to`` (None: the only hex it can reach); ``land`` and ``dock`` name the base a
    ship in orbit lands on or docks with as it passes.
    """

    order: Order = field(default_factory=Order)
    launch: bool = False
    land: str | None = None
    dock: str | None = None
    to: Hex | None = None


@register
@dataclass(frozen=True)
class GameState:
    """A game between moves. ``turn`` counts the players who have finished this round
    (rotating order); ``done`` holds who has ended the phase (simultaneous order).
    ``victory`` holds the scenario's conditions; once one is met the game is ``over`` and
    ``winners`` names the winning players (none: a draw).

    The ruleset travels inside the state, whole: the engine never reads it from disk,
    and a game replays by the rules it was started with even after they are updated.
    """

    rules: Ruleset
    starmap: StarMap
    players: tuple[Player, ...]
    ships: tuple[Ship, ...]
    dice: Dice
    switches: tuple[tuple[str, bool], ...] = ()
    leaving: Leaving = field(default_factory=Leaving)
    round: int = 1
    first: int = 0
    turn: int = 0
    phase: int = 0
    done: frozenset[str] = frozenset()
    plans: tuple[tuple[str, Plan], ...] = ()
    over: bool = False
    victory: tuple[Condition, ...] = ()
    winners: tuple[str, ...] = ()

    @property
    def ruleset(self) -> str:
        return self.rules.id

    def ship(self, ship_id: str) -> Ship:
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise KeyError(ship_id)

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)

    def with_ship(self, ship: Ship) -> GameState:
        return replace(self, ships=tuple(ship if s.id == ship.id else s for s in self.ships))

    def plan(self, ship_id: str) -> Plan | None:
        return next((p for sid, p in self.plans if sid == ship_id), None)

    def with_plan(self, ship_id: str, plan: Plan | None) -> GameState:
        rest = tuple((sid, p) for sid, p in self.plans if sid != ship_id)
        return replace(self, plans=rest if plan is None else (*rest, (ship_id, plan)))


def state_hash(state: GameState) -> str:
    """A digest of the whole state: equal states, equal hashes; for checking replays."""
    return digest(state)
