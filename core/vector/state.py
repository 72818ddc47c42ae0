"""The game state: plain, immutable, serialisable data.

Everything the rules need to continue a game is here, the dice included, so a state
saved and loaded again plays on identically, and two states can be compared by their
digest (:func:`state_hash`) when replaying a campaign.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from typing import Any, Protocol

from core.board.hexgrid import Hex
from core.board.starmap import Leaving, StarMap
from core.engine import states
from core.engine.commands import Command
from core.engine.dice import Dice
from core.engine.errors import UnknownShip
from core.engine.pending import Pending
from core.engine.serial import added, register
from core.engine.states import SHARED, later
from core.files.ruleset import Ruleset
from core.vector.motion import Motion, Order


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
    ``manifest`` is its outfit and damage under a play aid (None: a bare hull, or a game
    without one), a value of the rule system's own that it reads back typed
    (:mod:`core.rules.interplanetary.aid.carried`); ``disabled_for`` counts the owner's
    turns a disabled ship has left; ``points`` are ship points not yet spent; ``kills``
    counts enemy ships destroyed.
    Optional rules add: ``surrendered``, the player the ship surrendered to (or whose
    boarding party subdued it); ``captured_by``, the ship whose boarding party last
    subdued it; ``skips``, the owner's turns the ship sits out after a space rendezvous.
    System and single-use modules (:mod:`core.rules.interplanetary.combat.systems`,
    :mod:`core.rules.interplanetary.combat.single_use`) keep:
    ``disabled_round``, the round the ship was last disabled (capacitors);
    ``battery_rounds``, rounds run on the battery since the Reactor went down;
    ``repair_turns``, the owner's turns counted towards the Repair AI's next point;
    ``in_use``, the single-use modules used this turn, working until it ends.
    ``fitted`` is the outfit as bought or last refitted at a base, so the sheet can show
    the launched weapons spent since (None: the same as ``manifest`` at the start).
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
    manifest: object | None = added(None)
    disabled_for: int = added(0)
    points: int = added(0)
    kills: int = added(0)
    surrendered: str | None = added(None)
    captured_by: str | None = added(None)
    skips: int = added(0)
    disabled_round: int = added(0)
    battery_rounds: int = added(0)
    repair_turns: int = added(0)
    in_use: tuple[str, ...] = added(())
    fitted: object | None = added(None)

    @property
    def in_play(self) -> bool:
        return self.status in (ShipStatus.ACTIVE, ShipStatus.LANDED)


@register
@dataclass(frozen=True)
class Ordnance:
    """A launched weapon in flight (seed "Launching phase"): it moves like a ship, with
    its owner's ships, and lasts ``turns_left`` of its owner's turns (None: until spent).

    ``path`` is the hexes its current vector passes through, which mines and buckyballs
    attack; ``ship`` is the ship that launched it (None for a scenario's mine field).
    """

    id: str
    weapon: str
    owner: str
    side: str
    motion: Motion
    ship: str | None = None
    turns_left: int | None = None
    path: tuple[Hex, ...] = ()
    permanent: bool = False


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


#: from this many ships on, :meth:`GameState.ship` looks ships up in an index
_INDEXED = 64
_INDEXES: list[tuple[tuple[Ship, ...], dict[str, int]]] = []


def _positions(ships: tuple[Ship, ...]) -> dict[str, int]:
    """Each ship's place in ``ships``, for the last two ships tuples seen. States made by
    ``replace`` share their ships tuple, and :meth:`GameState.with_ship` keeps places,
    so a phase of 10,000 ships with hundreds of asteroid and mine attacks indexes its
    ships once, not once per lookup."""
    for seen, index in _INDEXES:
        if seen is ships:
            return index
    return _remember(ships, {s.id: i for i, s in enumerate(ships)})


def _remember(ships: tuple[Ship, ...], index: dict[str, int]) -> dict[str, int]:
    _INDEXES[:] = [(ships, index), *_INDEXES[:1]]
    return index


@dataclass(frozen=True)
class Verdict:
    """A victory condition met: the winning ``sides`` (none: a draw), the reason in players'
    words, and the ``grade`` ("clear victory", "weak victory"...; "" for ungraded)."""

    sides: frozenset[str]
    why: str
    grade: str = ""


class Condition(Protocol):
    """A scenario's victory condition, kept in the state so that a saved game knows how it
    is won. Each decides for itself whether it is met, so the catalogue of conditions can
    grow with a rule system (:mod:`core.rules.interplanetary.scenario.victory_graded`)
    without the engine knowing them (:mod:`core.vector.victory` has the generic ones)."""

    def met(self, state: GameState) -> Verdict | None:
        """The verdict once the condition is met, else None."""
        ...

    def describe(self) -> str:
        """The condition in players' words, for briefings and ``python -m core info``."""
        ...


@register
@dataclass(frozen=True)
class GameState:
    """A game between moves. ``turn`` counts the players who have finished this round
    (rotating order); ``done`` holds who has ended the phase (simultaneous order).
    ``victory`` holds the scenario's conditions; once one is met the game is ``over`` and
    ``winners`` names the winning players (none: a draw).

    Combat adds: ``pending`` decisions the game waits for (:mod:`core.engine.pending`),
    ``ordnance`` in flight, the guns (``"ship:mount"``) that have ``fired`` this turn or
    ``answered`` an attack this round, the ships that ``launched`` a weapon this turn, and
    ``serial``, the counter that names new pieces; ``bases_lost`` names the bases a kinetic
    buster destroyed (the map itself never changes); ``market`` is what bases sell:
    ``sell`` at play-aid prices, ``free`` (Training's variation) or ``closed``.
    ``terms`` are the scenario's special rules and what they record, a value of the rule
    system's own (Interplanetary's :mod:`core.rules.interplanetary.scenario.terms`), which
    vector movement reads only through the system's hooks;
    ``outcome`` grades a finished game ("clear victory", "weak victory"...; "" ungraded).

    Optional rules add: the ships that ``boarded`` this round; ``revealed``, the guns
    (``ship:point``) fog of war has shown.

    In a sealed phase (simultaneous order) ``sealed`` holds the orders given so far, kept
    out of the rest of the state until everyone has ended the phase
    (:mod:`core.engine.play`).

    The ruleset travels inside the state, whole: the engine never reads it from disk,
    and a game replays by the rules it was started with even after they are updated.
    """

    rules: Ruleset = field(metadata=SHARED)
    starmap: StarMap = field(metadata=SHARED)
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
    pending: tuple[Pending, ...] = added(())
    ordnance: tuple[Ordnance, ...] = added(())
    fired: frozenset[str] = added(frozenset())
    answered: frozenset[str] = added(frozenset())
    launched: frozenset[str] = added(frozenset())
    serial: int = added(0)
    market: str = added("sell")
    bases_lost: frozenset[str] = added(frozenset())
    terms: object | None = added(None)
    outcome: str = added("")
    boarded: frozenset[str] = added(frozenset())
    revealed: frozenset[str] = added(frozenset())
    sealed: tuple[Command, ...] = later(())

    @property
    def ruleset(self) -> str:
        return self.rules.id

    def uses(self, switch: str, absent: bool = False) -> bool:
        """Whether this game uses an optional rule; ``absent`` when its ruleset has no
        such switch (a rule of another game)."""
        return self.rules.switch_values(self.switches).get(switch, absent)

    def ship(self, ship_id: str) -> Ship:
        if len(self.ships) < _INDEXED:
            for s in self.ships:
                if s.id == ship_id:
                    return s
            raise KeyError(ship_id)
        return self.ships[_positions(self.ships)[ship_id]]

    def known_ship(self, ship_id: str) -> Ship:
        """The ship ``ship_id`` named in a command; :class:`UnknownShip` if there is none."""
        try:
            return self.ship(ship_id)
        except KeyError:
            raise UnknownShip(f"there is no ship {ship_id!r}") from None

    def own_ship(self, player: str, ship_id: str) -> Ship:
        """The ship ``player`` commands by ``ship_id``; :class:`UnknownShip` if there is
        none or it is someone else's."""
        ship = self.known_ship(ship_id)
        if ship.owner != player:
            raise UnknownShip(f"{ship.name} is not yours to command")
        return ship

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)

    def piece(self, ordnance_id: str) -> Ordnance:
        for o in self.ordnance:
            if o.id == ordnance_id:
                return o
        raise KeyError(ordnance_id)

    def with_ship(self, ship: Ship) -> GameState:
        if len(self.ships) < _INDEXED:
            return replace(self, ships=tuple(ship if s.id == ship.id else s for s in self.ships))
        index = _positions(self.ships)
        i = index.get(ship.id)
        if i is None:
            return self
        ships = (*self.ships[:i], ship, *self.ships[i + 1 :])
        _remember(ships, index)
        return replace(self, ships=ships)

    def plan(self, ship_id: str) -> Plan | None:
        return next((p for sid, p in self.plans if sid == ship_id), None)

    def with_plan(self, ship_id: str, plan: Plan | None) -> GameState:
        rest = tuple((sid, p) for sid, p in self.plans if sid != ship_id)
        return replace(self, plans=rest if plan is None else (*rest, (ship_id, plan)))


def moving_parts(state: GameState, *, hashing: bool = False) -> dict[str, Any]:
    """The state's plain data without the ruleset and the map, which a game shares from
    its start to its end: what a campaign snapshot stores (saved form), and with
    ``hashing`` the bulk of the hash (hash form, the same for old and new files)."""
    return states.moving_parts(state, hashing=hashing)


def rebuild(data: dict[str, Any], rules: Ruleset, starmap: StarMap) -> GameState:
    """The inverse of :func:`moving_parts`, given the ruleset and map back; the state's
    name may be namespaced or, in snapshots written before, bare."""
    return states.rebuild(GameState, data, {"rules": rules, "starmap": starmap})


def state_hash(state: GameState) -> str:
    """A digest of the whole state: equal states, equal hashes; for checking replays."""
    return states.state_hash(state)
