"""Ships and launched weapons placed where a script wants them.

:func:`ship` and :func:`ordnance` write what is wanted with map labels and leave the rest
to the game: the class's full fuel, the owner's side, the gravity a piece arriving by its
vector would feel next turn. The game they are placed in (:func:`core.api.new_game`,
:func:`core.api.position`) turns them into :class:`Ship` and :class:`Ordnance` values.

A position is set as if the piece had just arrived: the course from ``came_from`` (the
hex its vector starts in) to ``at`` is replayed, as a scenario file's ``came_from`` is, so
the gravity hexes it passed act on it next turn. ``pulls`` set that gravity outright.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from core.api.hexes import HexLike, VectorLike, hex_at, vector
from core.board.hexgrid import ZERO, Hex, Vector
from core.board.starmap import BaseKind
from core.rules.interplanetary.aid.carried import aid_of, fitted_of, manifest_of
from core.rules.interplanetary.aid.manifest import Manifest, empty, fit
from core.rules.interplanetary.aid.playaid import Outfit, PlayAid
from core.rules.interplanetary.allegiance import ship_passage, weapon_passage
from core.rules.interplanetary.combat import ordnance as flight
from core.vector.course import Passage
from core.vector.course_check import movement_params
from core.vector.gravity import GravityPull
from core.vector.motion import Motion, MovementParams
from core.vector.movement import move
from core.vector.state import GameState, Ordnance, Ship, ShipStatus

StatusName = Literal["active", "landed", "destroyed", "off map"]
#: damage by subsystem role: circles checked on its one point, or on each mount point
DamageLike = Mapping[str, int | Sequence[int]]


class SetupError(ValueError):
    """A position that cannot be set up; the message says what is wrong."""


@dataclass(frozen=True)
class Where:
    """Where a piece is and how it got there: ``at`` with one of ``velocity`` (axial
    ``(dq, dr)``), ``came_from`` (where its vector starts) or ``next_end`` (where it
    ends next turn coasting, gravity aside); none of them: at rest."""

    at: HexLike | None = None
    velocity: VectorLike | None = None
    came_from: HexLike | None = None
    next_end: HexLike | None = None
    pulls: tuple[GravityPull, ...] | None = None

    @property
    def given(self) -> bool:
        return self.at is not None

    def motion(self, state: GameState, params: MovementParams, passage: Passage) -> Motion:
        """The motion of a piece that has just arrived at ``at`` by its vector."""
        if self.at is None:
            raise SetupError("give the hex the piece is in")
        at = hex_at(state, self.at)
        v = self.vector(state, at)
        if self.pulls is not None:
            return Motion(at, v, self.pulls)
        came_from = Hex(at.q - v.q, at.r - v.r)
        arrived = move(state.starmap, Motion(came_from, v), params=params, passage=passage)
        if arrived.stopped:
            why = "; ".join(e.text for e in arrived.events)
            raise SetupError(f"no course by that vector arrives at {self.at}: {why}")
        return arrived.next

    def vector(self, state: GameState, at: Hex) -> Vector:
        given = [x for x in (self.velocity, self.came_from, self.next_end) if x is not None]
        if len(given) > 1:
            raise SetupError("give one of velocity, came_from and next_end")
        if self.velocity is not None:
            return vector(self.velocity)
        if self.came_from is not None:
            return hex_at(state, self.came_from).to(at)
        if self.next_end is not None:
            return at.to(hex_at(state, self.next_end))
        return ZERO


@dataclass(frozen=True)
class ShipSpec:
    """A ship as :func:`ship` writes it. None: the ship's value before (in
    :func:`core.api.position`), or the default for a new ship."""

    id: str
    where: Where
    owner: str | None = None
    fuel: Fraction | None = None
    unit: str | None = None
    name: str | None = None
    side: str | None = None
    landed_at: str | None = None
    docked_at: str | None = None
    orbit: str | None = None
    disabled: int | None = None
    damage: tuple[tuple[str, tuple[int, ...]], ...] | None = None
    outfit: Outfit | None = None
    manifest: Manifest | None = None
    status: StatusName | None = None


@dataclass(frozen=True)
class OrdnanceSpec:
    """A launched weapon in flight as :func:`ordnance` writes it."""

    weapon: str
    where: Where
    owner: str | None = None
    ship: str | None = None
    turns_left: int | None = None
    id: str | None = None
    permanent: bool = False


def ship(
    id: str,
    at: HexLike | None = None,
    *,
    owner: str | None = None,
    velocity: VectorLike | None = None,
    came_from: HexLike | None = None,
    next_end: HexLike | None = None,
    pulls: Sequence[GravityPull] | None = None,
    fuel: int | Fraction | None = None,
    unit: str | None = None,
    name: str | None = None,
    side: str | None = None,
    landed_at: str | None = None,
    docked_at: str | None = None,
    orbit: str | None = None,
    disabled: int | None = None,
    damage: DamageLike | None = None,
    guns: Sequence[str] | None = None,
    launchers: Sequence[str] | None = None,
    systems: Sequence[str] | None = None,
    single_use: Sequence[str] | None = None,
    manifest: Manifest | None = None,
    status: StatusName | None = None,
) -> ShipSpec:
    """A ship to place. ``at`` and its vector (see :class:`Where`), or ``landed_at`` a
    planetary base or body; ``fuel`` (default: the class's full load); ``disabled``: the
    owner's turns it stays disabled; ``damage``: checked circles by subsystem role
    (``{"structure": 2, "gun_mounts": [1, 0]}``); ``guns``, ``launchers``, ``systems``,
    ``single_use``: module ids fitted in order (or ``manifest`` whole); ``orbit``: the
    body it circles; ``docked_at``: the orbital base it is docked with."""
    kit = (guns, launchers, systems, single_use)
    outfit = None
    if any(k is not None for k in kit):
        outfit = Outfit(*(tuple(k or ()) for k in kit))
    return ShipSpec(
        id,
        Where(at, velocity, came_from, next_end, None if pulls is None else tuple(pulls)),
        owner,
        None if fuel is None else Fraction(fuel),
        unit,
        name,
        side,
        landed_at,
        docked_at,
        orbit,
        disabled,
        None if damage is None else _damage(damage),
        outfit,
        manifest,
        status,
    )


def ordnance(
    weapon: str,
    at: HexLike,
    *,
    owner: str | None = None,
    velocity: VectorLike | None = None,
    came_from: HexLike | None = None,
    next_end: HexLike | None = None,
    pulls: Sequence[GravityPull] | None = None,
    ship: str | None = None,
    turns_left: int | None = None,
    id: str | None = None,
    permanent: bool = False,
) -> OrdnanceSpec:
    """A launched weapon (``"missile"``, ``"mine"``...) in flight at ``at``. ``ship``: the
    ship that launched it (its owner's by default); ``turns_left`` of its owner's turns
    (default: the weapon's lifetime); ``id`` default: the game's next, ``missile-7``."""
    where = Where(at, velocity, came_from, next_end, None if pulls is None else tuple(pulls))
    return OrdnanceSpec(weapon, where, owner, ship, turns_left, id, permanent)


def missile(
    at: HexLike,
    *,
    owner: str | None = None,
    velocity: VectorLike | None = None,
    came_from: HexLike | None = None,
    next_end: HexLike | None = None,
    ship: str | None = None,
    turns_left: int | None = None,
    id: str | None = None,
) -> OrdnanceSpec:
    """A missile in flight: :func:`ordnance` with ``weapon="missile"``."""
    where = Where(at, velocity, came_from, next_end)
    return OrdnanceSpec("missile", where, owner, ship, turns_left, id)


# ---- placing them ----


def make_ship(state: GameState, spec: ShipSpec, old: Ship | None = None) -> Ship:
    """The ship ``spec`` asks for in ``state`` (changing ``old``, the ship of that id)."""
    owner = _owner(state, spec.owner, old.owner if old else None, spec.id)
    unit = spec.unit or (old.unit if old else "ship")
    state.rules.unit(unit)  # an unknown class says so
    name = spec.name or (old.name if old else spec.id.replace("-", " ").title())
    side = spec.side or (old.side if old else state.player(owner).side)
    fuel = spec.fuel
    if fuel is None:
        fuel = old.fuel if old else state.rules.unit(unit).fuel
    if old is None:
        new = Ship(spec.id, name, owner, side, unit, Motion(Hex(0, 0), ZERO), fuel)
    else:
        new = replace(old, name=name, owner=owner, side=side, unit=unit, fuel=fuel)
    new = _outfitted(state, spec, new)
    new = _placed(state, spec, new, new_ship=old is None)
    if spec.disabled is not None:
        turns = spec.disabled
        new = replace(
            new, disabled=turns > 0, disabled_for=turns, disabled_round=state.round if turns else 0
        )
    if spec.status is not None:
        new = replace(new, status=ShipStatus(spec.status))
    return new


def make_piece(state: GameState, spec: OrdnanceSpec) -> tuple[GameState, Ordnance]:
    """The weapon in flight ``spec`` asks for, and the state with its id counted."""
    aid = _aid(state)
    weapon = aid.launched_weapon(spec.weapon)
    launcher = state.known_ship(spec.ship) if spec.ship is not None else None
    owner = _owner(state, spec.owner, launcher.owner if launcher else None, weapon.name)
    piece_id = spec.id
    if piece_id is None:
        state, piece_id = flight.new_id(state, weapon.id)
    else:
        state = replace(state, serial=max(state.serial, _number(piece_id)))
    motion = spec.where.motion(state, flight.params(state), weapon_passage(state))
    tail = Hex(motion.position.q - motion.velocity.q, motion.position.r - motion.velocity.r)
    turns_left = spec.turns_left if spec.turns_left is not None else weapon.lifetime
    piece = Ordnance(
        piece_id,
        weapon.id,
        owner,
        state.player(owner).side,
        motion,
        ship=spec.ship,
        turns_left=None if spec.permanent else turns_left,
        path=flight.course_hexes(tail, motion.position),
        permanent=spec.permanent,
    )
    return state, piece


def _number(piece_id: str) -> int:
    """The number in an id like ``missile-7``, which later launches must not reuse."""
    tail = piece_id.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def _owner(state: GameState, given: str | None, old: str | None, what: str) -> str:
    """The player's id, from their id or name; the only player when there is one."""
    if given is None:
        if old is not None:
            return old
        if len(state.players) == 1:
            return state.players[0].id
        raise SetupError(f"say whose {what} is: owner= one of the players")
    for p in state.players:
        if given in (p.id, p.name):
            return p.id
    raise SetupError(f"{given!r} is not playing in this game")


def _aid(state: GameState) -> PlayAid:
    aid = aid_of(state.rules)
    if aid is None:
        raise SetupError(f"{state.rules.name} has no play aid: no outfits, damage or weapons")
    return aid


def _outfitted(state: GameState, spec: ShipSpec, ship: Ship) -> Ship:
    manifest = spec.manifest
    if manifest is None and spec.outfit is not None:
        manifest = fit(_aid(state), spec.outfit)
    if manifest is not None:
        ship = replace(ship, manifest=manifest, fitted=replace(manifest, damage=()))
    if spec.damage is not None:
        m = manifest_of(ship) or empty(_aid(state))
        m = replace(m, damage=())
        for role, circles in spec.damage:
            for point, checked in enumerate(circles):
                m = m.with_damage(role, point, checked)
        ship = replace(ship, manifest=m, fitted=fitted_of(ship) or replace(m, damage=()))
    return ship


def _placed(state: GameState, spec: ShipSpec, ship: Ship, *, new_ship: bool) -> Ship:
    """The ship where ``spec`` puts it: landed, at a hex, or (nothing said) where it was."""
    if spec.landed_at is not None:
        return replace(
            ship,
            motion=_landing(state, spec.landed_at),
            status=ShipStatus.LANDED,
            landed_at=spec.landed_at,
            docked_at=None,
            orbit=None,
        )
    if spec.where.given:
        params = movement_params(state.rules, ship.unit, state.switches)
        ship = replace(ship, status=ShipStatus.ACTIVE, landed_at=None, docked_at=None, orbit=None)
        motion = spec.where.motion(state, params, ship_passage(state, ship))
        ship = replace(ship, motion=motion)
    elif new_ship:
        raise SetupError(f"say where {ship.name} is: at= a hex, or landed_at= a base")
    if spec.orbit is not None:
        ship = replace(ship, orbit=spec.orbit)
    if spec.docked_at is not None:
        if state.starmap.base(spec.docked_at) is None:
            raise SetupError(f"there is no base called {spec.docked_at!r} to dock with")
        ship = replace(ship, docked_at=spec.docked_at)
    return ship


def _landing(state: GameState, name: str) -> Motion:
    """A landed ship stands above its planetary base, or on its body's own hex."""
    base = state.starmap.base(name)
    if base is not None:
        if base.kind is not BaseKind.PLANETARY:
            raise SetupError(
                f"{name} is an {base.kind.value} base: ships land only on planetary bases "
                "(docked_at= docks with it)"
            )
        return Motion(base.approach, ZERO)
    body = state.starmap.body(name)
    if body is not None:
        return Motion(body.centre, ZERO)
    raise SetupError(f"there is no base or body called {name!r} to land on")


def _damage(damage: DamageLike) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return tuple(
        (role, (c,) if isinstance(c, int) else tuple(c)) for role, c in sorted(damage.items())
    )
