"""The state of a squadron game: counters on system boards or in jump transit, "?"
counters, fleet placeholders, the day and its step, the switches.

Everything is a frozen, registered value so a game saves, hashes and replays like any
other system's. A counter keeps its design as built and the hits it has taken; what it
can do now (its factors after damage, plus its admirals) is worked out from those
(:mod:`core.rules.squadrons.damage`), never stored twice.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from core.board.hexgrid import Hex
from core.engine.commands import Command
from core.engine.serial import register
from core.engine.states import SHARED, later
from core.engine.system import Seat
from core.rules.squadrons.cost_schemes import DEFAULT_SCHEME as DEFAULT_COSTS
from core.rules.squadrons.design import Design

#: the rules value's id and its system's
SYSTEM_ID = "squadrons"
#: days a jump takes: a squadron appears on the seventh transit day
TRANSIT_DAYS = 7


@register
@dataclass(frozen=True)
class SquadronRules:
    """The squadron game's ruleset as the engine and the campaign know it (the tables
    that differ between groups are switches kept in the state)."""

    id: str = SYSTEM_ID
    system_id: str = SYSTEM_ID
    version: int = 1


RULES = SquadronRules()


@register
@dataclass(frozen=True)
class Place:
    """A hex on one star system's board."""

    system: str
    hex: Hex


@register
@dataclass(frozen=True)
class Jump:
    """A jump: from ``origin`` to ``hex`` on ``destination``'s board, ``hexes`` jump-board
    hexes long, ``day`` days of transit done (0 while only ordered). The destination is
    secret from the other side until the squadron arrives."""

    origin: str
    destination: str
    hex: Hex
    hexes: int
    day: int = 0


@register
@dataclass(frozen=True)
class Counter:
    """A squadron or a planet's defences. ``place`` is its hex while on a system board,
    None while in transit (``transit``). ``hits`` is the total damage it carries; with the
    allotted-damage switch ``allotted`` holds the hits marked against each factor
    instead. ``spent`` counts the hexes moved in the current movement phase, ``stayed``
    says it has not moved all day (fuel and supply come from a day at a source)."""

    id: str
    side: str
    design: Design
    place: Place | None = None
    hits: int = 0
    allotted: tuple[tuple[str, int], ...] = ()
    fuel: int = 0
    supply: int = 0
    admirals: int = 0
    transit: Jump | None = None
    jump: Jump | None = None
    spent: int = 0
    stayed: bool = True

    @property
    def name(self) -> str:
        return self.design.name

    @property
    def is_planet(self) -> bool:
        return self.design.is_planet


@register
@dataclass(frozen=True)
class Veil:
    """A "?" counter. On a system board (``hex`` set) it hides its side's counters in
    that hex; on the jump board (``hex`` None) it hides its side's whole presence in
    ``system`` from an enemy with nothing there."""

    id: str
    side: str
    system: str
    hex: Hex | None = None


@register
@dataclass(frozen=True)
class Fleet:
    """A fleet counter: a placeholder standing for several counters of one side in one
    hex, moved as one."""

    id: str
    side: str
    name: str
    members: tuple[str, ...]


@register
@dataclass(frozen=True)
class Victory:
    """How a scenario is won: ``attacker`` wins when at the end of a day it controls
    ``needed`` of the ``objectives`` systems (has counters there and the enemy none);
    the defender wins if that has not happened by the end of day ``days``. A side with
    nothing left in play loses at once."""

    attacker: str
    defender: str
    objectives: tuple[str, ...]
    needed: int = 1
    days: int = 10


#: the steps of a day, in order (see :mod:`core.rules.squadrons.turn`)
STEPS: tuple[str, ...] = (
    "move-1-first",
    "move-1-second",
    "fire-1",
    "move-2-second",
    "move-2-first",
    "fire-2",
    "repair",
    "place",
)

#: the switches a squadron game keeps, with what each means when on
SWITCHES: dict[str, str] = {
    "allotted_damage": (
        "Damage is allotted by the firing side to the factors it chooses, marked per factor,"
        " instead of falling equally on every factor"
    ),
    "half_damage_rounds_up": ('Half damage to a counter under a "?" rounds up (off: rounds down)'),
    "supply_takes_damage": "Damage wears down the supply factor like every other factor",
    "starport_resupply": (
        "A squadron that spends a whole day on a starport's hex refills its supply counters"
        " up to its supply factor"
    ),
    "jump_outside_limit": (
        "A jump may only begin outside every 100-diameter limit, as in Traveller"
    ),
}

DEFAULT_SWITCHES: tuple[tuple[str, bool], ...] = (
    ("allotted_damage", False),
    ("half_damage_rounds_up", False),
    ("supply_takes_damage", True),
    ("starport_resupply", True),
    ("jump_outside_limit", True),
)


@register
@dataclass(frozen=True)
class SquadronGame:
    """A squadron game. ``sides`` lists the two sides' names, side one first (it moves
    first in the day's first movement and second in its second); each seat plays one of
    them. ``world`` is the boards (jump board and system boards). ``step`` indexes
    :data:`STEPS`; ``done`` holds the players who have ended the current step and
    ``sealed`` the fire orders kept unseen until everyone has."""

    players: tuple[Seat, ...]
    sides: tuple[str, ...]
    world: Any = field(metadata=SHARED)
    rules: SquadronRules = field(default=RULES, metadata=SHARED)
    counters: tuple[Counter, ...] = ()
    veils: tuple[Veil, ...] = ()
    fleets: tuple[Fleet, ...] = ()
    #: "?" counters each side holds and may still place, as (side, count)
    in_hand: tuple[tuple[str, int], ...] = ()
    victory: Victory | None = None
    switches: tuple[tuple[str, bool], ...] = DEFAULT_SWITCHES
    title: str = ""
    day: int = 1
    step: int = 0
    #: repairs made this repair step, as (counter id, count)
    repaired: tuple[tuple[str, int], ...] = ()
    done: frozenset[str] = frozenset()
    sealed: tuple[Command, ...] = ()
    next_id: int = 1
    over: bool = False
    winners: tuple[str, ...] = ()
    #: the cost scheme the navies were bought under, "" for the seed's own ("seed"): left
    #: out of the saved data, snapshots and hash while so, so games saved before it was
    #: kept load as they were, with the same hashes (read it as :attr:`cost_scheme`)
    costs: str = later("")

    # ---- reading

    @property
    def cost_scheme(self) -> str:
        """The cost scheme's id ("seed" unless another was chosen)."""
        return self.costs or DEFAULT_COSTS

    @property
    def round(self) -> int:
        """The campaign's round: the day."""
        return self.day

    def switch(self, name: str) -> bool:
        return dict(self.switches).get(name, False)

    def counter(self, counter_id: str) -> Counter | None:
        for c in self.counters:
            if c.id == counter_id:
                return c
        return None

    def veil(self, veil_id: str) -> Veil | None:
        for v in self.veils:
            if v.id == veil_id:
                return v
        return None

    def fleet(self, fleet_id: str) -> Fleet | None:
        for f in self.fleets:
            if f.id == fleet_id:
                return f
        return None

    def side_of(self, player: str) -> str | None:
        for p in self.players:
            if p.id == player:
                return p.side
        return None

    def enemy_of(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    def seats_of(self, side: str) -> tuple[Seat, ...]:
        return tuple(p for p in self.players if p.side == side)

    def hand(self, side: str) -> int:
        return dict(self.in_hand).get(side, 0)

    def on_board(self, side: str | None = None) -> Iterator[Counter]:
        """Counters on a system board (of ``side``, or of both)."""
        for c in self.counters:
            if c.place is not None and (side is None or c.side == side):
                yield c

    def in_transit(self) -> Iterator[Counter]:
        for c in self.counters:
            if c.transit is not None:
                yield c

    def veiled(self, side: str, place: Place) -> bool:
        """Whether ``side`` has a "?" over ``place`` on its system board."""
        return any(
            v.side == side and v.system == place.system and v.hex == place.hex for v in self.veils
        )

    # ---- changing

    def with_counter(self, counter: Counter) -> SquadronGame:
        """This state with ``counter`` in place of the one of its id."""
        return replace(
            self, counters=tuple(counter if c.id == counter.id else c for c in self.counters)
        )

    def with_hand(self, side: str, count: int) -> SquadronGame:
        hand = dict(self.in_hand)
        hand[side] = count
        return replace(self, in_hand=tuple((s, hand.get(s, 0)) for s in self.sides))

    def new_id(self, prefix: str) -> tuple[SquadronGame, str]:
        """A fresh id (``?3``, ``F4``) and the state that has used it."""
        return replace(self, next_id=self.next_id + 1), f"{prefix}{self.next_id}"
