"""What can be fired at, and what fire does to it: ships, installations (bases and
outposts) and ordnance seen alike (where, how fast, whose), damage on the tracks, and
destruction.

A ship or installation takes damage a point at a time on its weapons, drives and
structure (:class:`core.rules.nplanetary.model.Damage`): weapons or drives at their
capacity are disabled, structure at its capacity destroys it (the capacities are the
ruleset's, :class:`core.rules.nplanetary.tables.Capacity`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Literal

from core.board.hexgrid import Hex, Vector
from core.engine.events import Event, event
from core.rules.nplanetary.model import (
    Damaged,
    Installation,
    capacity,
    damage_of,
    find_installation,
    hold_of,
    is_military,
    with_hold,
    with_installation,
)
from core.rules.nplanetary.tables import TRACKS, TableId, Track
from core.vector.astrogation import ShipDestroyed
from core.vector.gravity import label
from core.vector.state import GameState, Ordnance, Ship, ShipStatus

Kind = Literal["ship", "installation", "ordnance"]


@event
class InstallationDestroyed(Event):
    """A base or outpost destroyed by fire or ordnance."""

    installation: str


@dataclass(frozen=True)
class Thing:
    """Anything fire can reach, as fire sees it."""

    id: str
    name: str
    owner: str
    kind: Kind
    position: Hex
    velocity: Vector


def piece_name(state: GameState, piece: Ordnance) -> str:
    """A piece of ordnance in players' words: "Ares's mine (o3)"."""
    launcher = piece.ship
    try:
        whose = state.ship(launcher).name if launcher else state.player(piece.owner).name
    except KeyError:
        whose = piece.owner
    return f"{whose}'s {piece.weapon} ({piece.id})"


def find_thing(state: GameState, thing_id: str) -> Thing | Ship | Installation | None:
    """The ship, installation or piece of ordnance ``thing_id`` as it stands (None: none
    in play)."""
    try:
        ship = state.ship(thing_id)
    except KeyError:
        pass
    else:
        return ship if ship.in_play else None
    inst = find_installation(state, thing_id)
    if inst is not None:
        return inst
    try:
        piece = state.piece(thing_id)
    except KeyError:
        return None
    m = piece.motion
    return Thing(
        piece.id, piece_name(state, piece), piece.owner, "ordnance", m.position, m.velocity
    )


def seen(state: GameState, found: Thing | Ship | Installation) -> Thing:
    """Any of them as a :class:`Thing`."""
    if isinstance(found, Thing):
        return found
    m = found.motion
    kind: Kind = "installation" if isinstance(found, Installation) else "ship"
    return Thing(found.id, found.name, found.owner, kind, m.position, m.velocity)


def why_unarmed(state: GameState, attacker: Ship | Installation) -> str:
    """Why ``attacker`` may not attack, in players' words."""
    if isinstance(attacker, Ship) and not is_military(state, attacker):
        return f"{attacker.name} is a civilian ship: it only defends"
    if capacity(state, attacker).weapons == 0:
        return f"{attacker.name} is unarmed"
    return f"{attacker.name}'s weapons are disabled"


def table_for(state: GameState, target: Ship | Installation) -> TableId:
    """The damage table a target rolls on: bases and outposts, military, or civilian."""
    if isinstance(target, Installation):
        return "base"
    return "military" if is_military(state, target) else "civilian"


def size_rank(state: GameState, target: Ship | Installation) -> tuple[int, int]:
    """How large a target is, for ordnance choosing among things met at once: bases and
    outposts first (a ruling for outposts: installations rank together), then ships by
    combat strength (the four strength-1 classes tie)."""
    if isinstance(target, Installation):
        return (1, 0)
    return (0, int(state.rules.unit(target.unit).combat or 0))


def take_damage(
    state: GameState, target: Ship | Installation, points: Counter[Track]
) -> tuple[GameState, list[Event]]:
    """``target`` takes ``points`` on its tracks; a disabled track says so, and structure
    at capacity destroys it. An attack that does no harm says so too, so the log tells
    every attack's end (the dice behind it are in the dice log)."""
    if not points:
        return state, [Damaged(f"{target.name} takes no damage", target.id, "")]
    cap = capacity(state, target)
    damage = damage_of(target)
    events: list[Event] = []
    for track in TRACKS:
        n = points.get(track, 0)
        if not n:
            continue
        was = damage.of(track) >= cap.of(track)
        damage = damage.plus(track, n)
        out = not was and damage.of(track) >= cap.of(track)
        word = {"weapons": "disabled", "drives": "disabled", "structure": "destroyed"}[track]
        text = (
            f"{target.name} takes {n} damage to its {track} ({damage.of(track)} of {cap.of(track)})"
        )
        events.append(Damaged(text + (f": {word}" if out else ""), target.id, track, out))
    if damage.structure >= cap.structure:
        state, gone = destroy(state, target, "its structure gives out")
        return state, events + gone
    if isinstance(target, Installation):
        return with_installation(state, replace(target, damage=damage)), events
    hold = replace(hold_of(target), damage=damage)
    return state.with_ship(with_hold(target, hold)), events


def destroy(
    state: GameState, target: Ship | Installation, why: str
) -> tuple[GameState, list[Event]]:
    """``target`` is destroyed, and why."""
    where = label(state.starmap, target.motion.position)
    text = f"{target.name} is destroyed at {where}: {why}"
    if isinstance(target, Installation):
        return with_installation(state, None, target.id), [InstallationDestroyed(text, target.id)]
    gone = replace(target, status=ShipStatus.DESTROYED)
    return state.with_ship(gone), [ShipDestroyed(text, target.id)]
