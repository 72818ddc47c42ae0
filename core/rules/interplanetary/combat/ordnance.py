"""Launched weapons: the launch phase, their flight and their lifetime (seed "Launching
phase", "Missile movement and attack", "Mine and buckyball movement and attack",
"Optional rules: Kinetic Buster, Mine fields").

A ship launches at most one weapon a turn, in the launch phase, before it moves. The
weapon starts in the ship's hex with the ship's vector from before this turn's move,
shifted by its own thrust (:func:`core.vector.motion.launched`); from then on it is a piece
of :class:`~core.vector.state.Ordnance` that moves with its owner's ships, by the same physics
and with the same gravity, without fuel and without choices. It lasts the play aid's
lifetime in its owner's turns; a scenario's mine field never expires and never moves.

What the pieces do when they meet something is in
:mod:`core.rules.interplanetary.combat.ordnance_attacks`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.board.hexgrid import ZERO, Direction, Hex
from core.board.tracer import hexes_passed
from core.engine.commands import Command
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.events import Event, event
from core.engine.serial import register
from core.engine.words import plural
from core.rules.interplanetary.aid.carried import manifest_or_empty, play_aid
from core.rules.interplanetary.aid.playaid import LaunchedWeapon
from core.rules.interplanetary.allegiance import weapon_passage
from core.rules.interplanetary.optional.restraints import held_back
from core.rules.interplanetary.phases import phase_word
from core.rules.interplanetary.scenario.special_rules import launch_refused
from core.vector.course import Crash, ForbiddenAsteroid, OffMap
from core.vector.gravity import MoveError, label
from core.vector.motion import Motion, MovementParams, launched
from core.vector.movement import MoveResult, move
from core.vector.reach import default_order
from core.vector.state import GameState, Ordnance, ShipStatus
from core.vector.turns import current_phase

LAUNCH_PHASE = "launch"
#: the optional rule that makes the kinetic buster usable (seed "Optional rules")
BUSTER_SWITCH = "kinetic_buster"


@register
@dataclass(frozen=True)
class LaunchWeapon(Command):
    """Launch the weapon in launcher slot ``slot`` (from 0) of ``ship``, shifting the
    vector it inherits by ``thrust`` (one direction a hex, at most the weapon's thrust)."""

    ship: str
    slot: int
    thrust: tuple[Direction, ...] = ()


@event
class WeaponLaunched(Event):
    ship: str
    ordnance: str
    weapon: str


@event
class OrdnanceMoved(Event):
    ordnance: str
    start: Hex
    end: Hex


@event
class OrdnanceLost(Event):
    """A piece gone from play: off the map, crashed, or into special asteroids."""

    ordnance: str
    reason: str


@event
class OrdnanceExpired(Event):
    ordnance: str


# ---- names ----


def weapon_of(state: GameState, piece: Ordnance) -> LaunchedWeapon:
    return play_aid(state).launched_weapon(piece.weapon)


def name_of(state: GameState, piece: Ordnance) -> str:
    """A piece in players' words: "Alpha's Missile 3", "Ann's mine field Mine 1"."""
    weapon = weapon_of(state, piece)
    number = piece.id.rsplit("-", 1)[-1]
    if piece.ship is not None:
        try:
            return f"{state.ship(piece.ship).name}'s {weapon.name} {number}"
        except KeyError:
            pass
    owner = state.player(piece.owner).name
    if piece.permanent:
        return f"{owner}'s mine field {weapon.name} {number}"
    return f"{owner}'s {weapon.name} {number}"


def switch_on(state: GameState, name: str) -> bool:
    """An optional rule's switch; a ruleset that does not have it does not use the rule."""
    values = state.rules.switch_values(state.switches)
    return values.get(name, False)


def new_id(state: GameState, weapon: str) -> tuple[GameState, str]:
    """A fresh piece id for ``weapon`` (``missile-7``; :func:`name_of` numbers by it)."""
    n = state.serial + 1
    return replace(state, serial=n), f"{weapon}-{n}"


# ---- the launch phase ----


def launch(state: GameState, command: LaunchWeapon) -> tuple[GameState, list[Event]]:
    phase = current_phase(state)
    if phase != LAUNCH_PHASE:
        raise WrongPhase(
            f"weapons are launched in the launch phase, not the {phase_word(phase)} phase"
        )
    ship = state.own_ship(command.player, command.ship)
    if ship.status is not ShipStatus.ACTIVE:
        where = "landed" if ship.status is ShipStatus.LANDED else ship.status.value
        raise IllegalCommand(f"{ship.name} is {where}: weapons are launched in space")
    held = held_back(state, ship)
    if held is not None:
        raise IllegalCommand(f"{held}: it launches nothing")
    if not state.rules.unit(ship.unit).military and state.uses("civilian_ships", True):
        raise IllegalCommand(
            f"{ship.name} is a civilian ship: it may carry weapons as cargo but cannot launch them"
        )
    if ship.id in state.launched:
        raise IllegalCommand(f"{ship.name} has already launched a weapon this turn (one a turn)")
    aid = play_aid(state)
    m = manifest_or_empty(aid, ship)
    if not 0 <= command.slot < len(m.launchers) or m.launchers[command.slot] is None:
        raise IllegalCommand(f"{ship.name} has no weapon in launcher slot {command.slot + 1}")
    weapon = aid.launched_weapon(m.launchers[command.slot] or "")
    if weapon.behaviour == "buster" and not switch_on(state, BUSTER_SWITCH):
        raise IllegalCommand(f"the {weapon.name} is used only with the Kinetic buster rule")
    try:
        motion = launched(ship.motion, command.thrust, weapon.thrust)
    except MoveError as exc:
        raise IllegalCommand(f"the {weapon.name}: {exc}") from None
    refused = launch_refused(state, ship, motion)
    if refused is not None:
        raise IllegalCommand(refused)
    speed = motion.velocity.speed
    if weapon.min_speed is not None and speed < weapon.min_speed:
        raise IllegalCommand(
            f"the {weapon.name} must be launched at speed {weapon.min_speed} or more to do "
            f"its work; launched now it would have speed {speed}"
        )
    state, piece_id = new_id(state, weapon.id)
    piece = Ordnance(
        piece_id,
        weapon.id,
        ship.owner,
        ship.side,
        motion,
        ship=ship.id,
        turns_left=weapon.lifetime,
    )
    ship = replace(ship, manifest=m.with_mount("launchers", command.slot, None))
    state = replace(
        state.with_ship(ship),
        ordnance=(*state.ordnance, piece),
        launched=state.launched | {ship.id},
    )
    name = name_of(state, piece)
    life = (
        "until it is spent"
        if weapon.lifetime is None
        else f"for {plural(weapon.lifetime, 'turn')} counting this one"
    )
    thrust = f", its own thrust shifting it {len(command.thrust)} hex" if command.thrust else ""
    thrust += "es" if len(command.thrust) > 1 else ""
    text = (
        f"{name} is launched from launcher {command.slot + 1} at "
        f"{label(state.starmap, ship.motion.position)} with the ship's vector{thrust} "
        f"(speed {speed}); it flies {life}"
    )
    return state, [WeaponLaunched(text, ship.id, piece.id, weapon.id)]


# ---- flight ----


def params(state: GameState) -> MovementParams:
    """Weapons feel gravity like ships, under the game's hexside rule; they never burn."""
    rules = state.rules
    hexside = rules.switch_values(state.switches).get("hexside_entered", True)
    return MovementParams(
        gravity=rules.gravity,
        start_hex_gravity=rules.start_hex_gravity,
        hexside_entered=hexside,
        burn_costs=(),
    )


def course_hexes(start: Hex, end: Hex) -> tuple[Hex, ...]:
    """The hexes a vector from ``start`` to ``end`` passes through, start first: every
    hex it enters and both hexes of a hexside it runs along (a ruling, as for gravity)."""
    return hexes_passed(start, end)


def move_pieces(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """Move every piece of ``player`` (None: everyone's) one turn, as its owner's ships
    move. A piece takes every weak pull and, in a two-directed hex, the first arrow (it
    has nobody aboard to choose). Off the map, into a body or into special asteroids
    (whoever launched it), it is gone. Mine fields stay where the scenario put them."""
    rules = params(state)
    events: list[Event] = []
    kept: list[Ordnance] = []
    for piece in state.ordnance:
        if (player is not None and piece.owner != player) or piece.permanent:
            kept.append(piece)
            continue
        name = name_of(state, piece)
        result = flight(state, piece, rules)
        end = result.end
        path = course_hexes(result.start, end)
        text = "; ".join(e.text for e in result.events)
        events.append(OrdnanceMoved(text, piece.id, result.start, end))
        lost = _lost(state, result.hazards)
        if lost is not None:
            events.append(OrdnanceLost(f"{name} {lost}", piece.id, lost))
            continue
        kept.append(replace(piece, motion=result.next, path=path))
    return replace(state, ordnance=tuple(kept)), events


def flight(state: GameState, piece: Ordnance, rules: MovementParams | None = None) -> MoveResult:
    """The move ``piece`` makes this turn: no fuel, no choices; it takes every weak
    pull and, in a two-directed hex, the first arrow (it has nobody aboard to choose)."""
    rules = rules or params(state)
    return move(
        state.starmap,
        piece.motion,
        default_order(piece.motion.pulls if rules.gravity else ()),
        rules,
        passage=weapon_passage(state),
        name=name_of(state, piece),
    )


def _lost(state: GameState, hazards: tuple[object, ...]) -> str | None:
    for hazard in hazards:
        if isinstance(hazard, Crash):
            return f"crashes into {hazard.body} and is gone"
        if isinstance(hazard, OffMap):
            return f"leaves the map at {label(state.starmap, hazard.hex)} and is gone"
        if isinstance(hazard, ForbiddenAsteroid):
            return (
                f"enters {hazard.owner}'s special asteroids at "
                f"{label(state.starmap, hazard.hex)} and detonates harmlessly, "
                "touching nothing there"
            )
    return None


def count_down(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """At the end of its owner's turn each piece has one turn less to live; at none it
    is gone. Mine fields and pieces without a lifetime never run out."""
    events: list[Event] = []
    kept: list[Ordnance] = []
    for piece in state.ordnance:
        mine = player is None or piece.owner == player
        if not mine or piece.permanent or piece.turns_left is None:
            kept.append(piece)
            continue
        left = piece.turns_left - 1
        if left <= 0:
            weapon = weapon_of(state, piece)
            life = plural(weapon.lifetime or 0, "turn")
            text = f"{name_of(state, piece)} runs out after {life} and is gone"
            events.append(OrdnanceExpired(text, piece.id))
            continue
        kept.append(replace(piece, turns_left=left))
    return replace(state, ordnance=tuple(kept)), events


# ---- mine fields ----


def mine_field(
    state: GameState, player: str, hexes: tuple[Hex, ...], weapon: str = "mine"
) -> tuple[GameState, list[Event]]:
    """Place a scenario's mine field for ``player``: one stationary, permanent ``weapon``
    (a mine by default) at rest in each hex (seed "Optional rules: Mine fields"). They
    attack like launched mines, never expire and are not destroyed when attacked."""
    who = state.player(player)
    piece_weapon = play_aid(state).launched_weapon(weapon)
    if piece_weapon.behaviour not in ("mine", "buckyball"):
        raise IllegalCommand(f"a mine field is made of mines, not {piece_weapon.name}s")
    events: list[Event] = []
    pieces: list[Ordnance] = []
    for h in hexes:
        if not state.starmap.bounds.contains(h):
            raise IllegalCommand(
                f"a mine field cannot be laid off the map at {label(state.starmap, h)}"
            )
        state, piece_id = new_id(state, weapon)
        piece = Ordnance(
            piece_id,
            weapon,
            who.id,
            who.side,
            Motion(h, ZERO),
            path=(h,),
            permanent=True,
        )
        pieces.append(piece)
        state = replace(state, ordnance=(*state.ordnance, piece))
        text = (
            f"{name_of(state, piece)} is laid at {label(state.starmap, h)}: it stays there "
            "for the whole game and attacks every ship entering its hex"
        )
        events.append(WeaponLaunched(text, "", piece.id, weapon))
    return state, events
