"""NPlanetary's own values in the vector games' state: a ship's hold and damage
(``Ship.manifest``), the bases and outposts players own (``GameState.terms``), and the
accessors every phase uses. Ordnance in flight is the shared ``GameState.ordnance``
(``Ordnance.weapon`` is "mine", "torpedo" or "nuke"; ``Ordnance.ship`` its launcher).

Fuel stays in ``Ship.fuel``; every other good and every carried item (ordnance, an
undeployed base or outpost) is in the hold, by id and count. A base keeps its stocks the
same way, fuel included.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from core.engine.events import Event, event
from core.engine.serial import register
from core.files.ruleset import Ruleset
from core.rules.nplanetary.tables import Capacity, Tables, Track
from core.vector.motion import Motion
from core.vector.state import GameState, Ordnance, Ship

#: where an installation stands: in open space, in orbit of a planet, on a planet's
#: surface, stationary at a minor body, stationary at an asteroid
Site = Literal["space", "orbit", "surface", "minor", "asteroid"]

Stock = tuple[tuple[str, int], ...]


def _set(stock: Stock, item: str, amount: int) -> Stock:
    rest = [(k, n) for k, n in stock if k != item]
    if amount:
        rest.append((item, amount))
    return tuple(sorted(rest))


def _get(stock: Stock, item: str) -> int:
    return next((n for k, n in stock if k == item), 0)


@register
@dataclass(frozen=True)
class Damage:
    """Points of damage taken on each track."""

    weapons: int = 0
    drives: int = 0
    structure: int = 0

    def of(self, track: Track) -> int:
        return int(getattr(self, track))

    def plus(self, track: Track, points: int = 1) -> Damage:
        return replace(self, **{track: self.of(track) + points})


NO_DAMAGE = Damage()


@register
@dataclass(frozen=True)
class Hold:
    """A ship's cargo (``items``: goods and carried items by id, sorted) and damage."""

    items: Stock = ()
    damage: Damage = NO_DAMAGE

    def amount(self, item: str) -> int:
        return _get(self.items, item)

    def with_amount(self, item: str, amount: int) -> Hold:
        return replace(self, items=_set(self.items, item, amount))


EMPTY_HOLD = Hold()


@register
@dataclass(frozen=True)
class Installation:
    """A deployed base or outpost. ``body`` is the body it stands on, orbits or is at
    (None in open space or at an asteroid); ``motion`` where it is and its vector (an
    orbital base keeps orbiting); ``stocks`` its goods and items, fuel included."""

    id: str
    name: str
    kind: str
    owner: str
    motion: Motion
    site: Site
    body: str | None = None
    stocks: Stock = ()
    damage: Damage = NO_DAMAGE

    def amount(self, item: str) -> int:
        return _get(self.stocks, item)

    def with_amount(self, item: str, amount: int) -> Installation:
        return replace(self, stocks=_set(self.stocks, item, amount))


@register
@dataclass(frozen=True)
class Holdings:
    """NPlanetary's part of the state (``GameState.terms``): the installations in play;
    ``fresh``, the ordnance laid this turn (its launcher is exempt from it until the turn
    ends); ``obliged``, the ships that laid a mine or nuke this turn and must move."""

    installations: tuple[Installation, ...] = ()
    fresh: frozenset[str] = field(default_factory=frozenset)
    obliged: frozenset[str] = field(default_factory=frozenset)


NO_HOLDINGS = Holdings()


@event
class OrderFailed(Event):
    """An order that could not be carried out when its phase resolved, and why."""

    player: str
    order: str


@event
class Damaged(Event):
    """A ship or installation took damage on a track (``gave_out``: the track failed),
    or, with ``track`` empty, came through an attack unharmed."""

    target: str
    track: str
    gave_out: bool = False


# ---- accessors ----


def tables_of(rules: GameState | Ruleset) -> Tables:
    """The NPlanetary tables of a game or ruleset."""
    ruleset = rules.rules if isinstance(rules, GameState) else rules
    found = ruleset.play_aid
    if not isinstance(found, Tables):
        raise TypeError(f"ruleset {ruleset.id!r} has no [nplanetary] tables")
    return found


def hold_of(ship: Ship) -> Hold:
    return ship.manifest if isinstance(ship.manifest, Hold) else EMPTY_HOLD


def with_hold(ship: Ship, hold: Hold) -> Ship:
    return replace(ship, manifest=hold)


def holdings_of(state: GameState) -> Holdings:
    return state.terms if isinstance(state.terms, Holdings) else NO_HOLDINGS


def with_holdings(state: GameState, holdings: Holdings) -> GameState:
    return replace(state, terms=holdings)


def installation(state: GameState, inst_id: str) -> Installation:
    for inst in holdings_of(state).installations:
        if inst.id == inst_id:
            return inst
    raise KeyError(inst_id)


def find_installation(state: GameState, inst_id: str) -> Installation | None:
    return next((i for i in holdings_of(state).installations if i.id == inst_id), None)


def with_installation(state: GameState, inst: Installation | None, inst_id: str = "") -> GameState:
    """The state with ``inst`` replacing the installation of its id (added if new), or
    with the installation ``inst_id`` removed when ``inst`` is None (destroyed)."""
    h = holdings_of(state)
    key = inst.id if inst is not None else inst_id
    rest = tuple(i for i in h.installations if i.id != key)
    if inst is not None:
        found = [i.id for i in h.installations]
        if key in found:
            at = found.index(key)
            rest = (*rest[:at], inst, *rest[at:])
        else:
            rest = (*rest, inst)
    return with_holdings(state, replace(h, installations=rest))


def capacity(state: GameState, thing: Ship | Installation) -> Capacity:
    t = tables_of(state)
    if isinstance(thing, Installation):
        return t.installation(thing.kind).capacity
    return t.capacity_of(thing.unit)


def damage_of(thing: Ship | Installation) -> Damage:
    return thing.damage if isinstance(thing, Installation) else hold_of(thing).damage


def failed(state: GameState, thing: Ship | Installation, track: Track) -> bool:
    """Whether a track is out: at capacity, or absent (a civilian ship's weapons, a
    base's drives)."""
    cap = capacity(state, thing).of(track)
    return cap == 0 or damage_of(thing).of(track) >= cap


def is_military(state: GameState, ship: Ship) -> bool:
    return state.rules.unit(ship.unit).military


def strength(state: GameState, thing: Ship | Installation) -> int:
    """The base combat strength (the defence the bands compare against)."""
    if isinstance(thing, Installation):
        return tables_of(state).installation(thing.kind).strength
    return int(state.rules.unit(thing.unit).combat or 0)


def may_attack(state: GameState, thing: Ship | Installation) -> bool:
    """A military ship or an installation with weapons, in play, weapons working."""
    if isinstance(thing, Ship) and (not thing.in_play or not is_military(state, thing)):
        return False
    return strength(state, thing) > 0 and not failed(state, thing, "weapons")


def drives_work(state: GameState, ship: Ship) -> bool:
    return not failed(state, ship, "drives")


def cargo_used(state: GameState, hold: Hold) -> tuple[int, int]:
    """Hold points and tank points (liquids other than fuel) in use."""
    t = tables_of(state)
    dry = wet = 0
    for item, n in hold.items:
        good = t.good(item)
        if good is not None and good.liquid:
            wet += n
        else:
            dry += n * t.cargo_size(item)
    return dry, wet


def pieces(state: GameState) -> tuple[Ordnance, ...]:
    return state.ordnance


def owner_of(state: GameState, thing_id: str) -> str | None:
    """The owner of a ship, installation or piece of ordnance by id (None: no such)."""
    try:
        return state.ship(thing_id).owner
    except KeyError:
        pass
    inst = find_installation(state, thing_id)
    if inst is not None:
        return inst.owner
    try:
        return state.piece(thing_id).owner
    except KeyError:
        return None
