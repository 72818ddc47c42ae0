"""What launched weapons do when they meet something (seed "Missile movement and
attack", "Mine and buckyball movement and attack", "Optional rules: Kinetic Buster").

Everything happens at the end of a player's movement, after their ships and pieces have
moved (the ``moved`` hook), in this order:

1. **Kinetic busters** whose vector's tip entered a base's hex strike it: a d6 below the
   relative velocity destroys the base and every ship docked or landed there.
2. **Missiles** that may strike wait for their owner's decision (:class:`PendingStrike`,
   answered by :class:`Strike`): the mover's missiles whose tip entered a hex with enemy
   ships or enemy weapons, and other players' missiles in whose hex a ship of the mover
   stopped. Striking is optional, the owner picks the target, and the missile is spent
   either way. A weapon struck is destroyed by anything but a miss, before it acts.
3. **Mines and buckyballs** then attack, by themselves, every ship their vector met: a
   piece that moved attacks each ship in a hex it entered and each ship moving with it
   whose course crossed its vector; a piece that did not move attacks each ship whose
   course entered a hex of its vector. Own ships included (with the switch
   ``veering_clears_own_mine``, not the launcher that veered off it:
   :mod:`core.rules.interplanetary.combat.veer`). Mines stay; a buckyball is
   spent by any result but a miss, otherwise flies on to the next ship along its vector.

Inside a scenario's no-fire zone no launched weapon attacks (a ruling: the zone forbids
launching into it, so a weapon that drifts or flies in does no harm there either).

Flak on a ship takes 1 (the gun's ``flak``) off every launched weapon attacking it, for
each working flak gun, while the ship's guns can work.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.board.hexgrid import ZERO, Hex
from core.board.starmap import Base
from core.engine.commands import Command
from core.engine.errors import IllegalCommand
from core.engine.events import Event, event
from core.engine.pending import Pending
from core.engine.serial import register
from core.rules.interplanetary.aid.carried import aid_of, manifest_or_empty, play_aid
from core.rules.interplanetary.aid.manifest import working_guns
from core.rules.interplanetary.combat.attack import Attack, AttackResolved, resolve_attack
from core.rules.interplanetary.combat.guns import exposed
from core.rules.interplanetary.combat.ordnance import (
    BUSTER_SWITCH,
    course_hexes,
    move_pieces,
    name_of,
    switch_on,
    weapon_of,
)
from core.rules.interplanetary.combat.systems import gun_block
from core.rules.interplanetary.combat.veer import VEER_SWITCH, veered_off
from core.rules.interplanetary.scenario.special_rules import zone_at
from core.vector.astrogation import ShipDestroyed, movers
from core.vector.gravity import label
from core.vector.state import GameState, Ordnance, Ship, ShipStatus

#: ``sweep_after`` of strikes made in sealed-orders games, where everyone moves at once
EVERYONE = "*"
#: what a missile may strike besides ships (the seed: missiles and mine-screen points)
STRIKABLE = ("missile", "mine", "buckyball")


@register
@dataclass(frozen=True)
class PendingStrike(Pending):
    """``player``'s missile ``missile`` may strike one of ``targets`` (ships or pieces,
    by id; ``names`` in players' words), or hold. ``ship`` is the ship that launched it.
    ``sweep_after``: the mover whose mines and buckyballs attack once every missile of
    this movement has decided (missiles act first)."""

    missile: str = ""
    missile_name: str = ""
    targets: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    sweep_after: str | None = None

    def prompt(self) -> str:
        return f"decide whether {self.missile_name} strikes {' or '.join(self.names)}, or holds"


@register
@dataclass(frozen=True)
class Strike(Command):
    """Answer a missile's chance to strike: ``target`` (a ship's or a weapon's id), or
    None to hold it back (it flies on)."""

    missile: str
    target: str | None = None


@event
class StrikeOffered(Event):
    ordnance: str
    targets: tuple[str, ...]


@event
class StrikeHeld(Event):
    ordnance: str


@event
class WeaponStruck(Event):
    """A missile struck another weapon: ``destroyed`` on anything but a miss."""

    ordnance: str
    target: str
    destroyed: bool


@event
class MineAttack(Event):
    """A mine or buckyball attacks a ship its vector met, and why."""

    ordnance: str
    ship: str


@event
class OrdnanceSpent(Event):
    ordnance: str


@event
class BusterStrike(Event):
    ordnance: str
    base: str
    destroyed: bool


# ---- helpers ----


def flak(state: GameState, ship: Ship) -> tuple[tuple[str, int], ...]:
    """-1 (the gun's ``flak``) for each working flak gun on ``ship``, while its guns can
    work (:func:`core.rules.interplanetary.combat.systems.gun_block`: powered, and not disabled
    unless bridged)."""
    aid = play_aid(state)
    m = manifest_or_empty(aid, ship)
    if gun_block(state, ship) is not None:
        return ()
    total = sum(gun.flak for _, gun in working_guns(aid, m) if gun.flak)
    return ((f"flak on {ship.name}", -total),) if total else ()


def course_of(ship: Ship) -> tuple[Hex, ...]:
    """The hexes a ship's course this turn entered (its vector, start left out)."""
    v = ship.motion.velocity
    if v == ZERO:
        return ()
    tip = ship.motion.position
    return course_hexes(Hex(tip.q - v.q, tip.r - v.r), tip)[1:]


def _movers(state: GameState, mover: str | None) -> list[Ship]:
    """The ships that moved in ``mover``'s movement (a scenario's late ship included)."""
    moved = set(movers(state, mover))
    return [s for s in state.ships if s.id in moved and exposed(state, s)]


def _moved(piece: Ordnance, mover: str | None) -> bool:
    return (mover is None or piece.owner == mover) and not piece.permanent


def _find_piece(state: GameState, piece_id: str) -> Ordnance | None:
    return next((o for o in state.ordnance if o.id == piece_id), None)


def _without(state: GameState, piece_id: str) -> GameState:
    return replace(state, ordnance=tuple(o for o in state.ordnance if o.id != piece_id))


# ---- the end of a player's movement ----


def after_movement(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """The mover's pieces move; busters strike; missiles are offered their strikes; then,
    once those are decided, mines and buckyballs attack."""
    if aid_of(state.rules) is None:
        return state, []
    state, events = move_pieces(state, player)
    state, more = _busters(state, player)
    events.extend(more)
    found = _offers(state, player)
    events.extend(e for p, e in found if p is None)
    offers = [(p, e) for p, e in found if p is not None]
    if not offers:
        state, more = sweep(state, player)
        return state, events + more
    sweep_after = EVERYONE if player is None else player
    pending = tuple(replace(p, sweep_after=sweep_after) for p, _ in offers)
    events.extend(e for _, e in offers)
    return replace(state, pending=(*state.pending, *pending)), events


def _offers(state: GameState, mover: str | None) -> list[tuple[PendingStrike | None, Event]]:
    """Every missile that may strike now, with what it may strike; a missile that
    reached its targets inside a no-fire zone, with no offer and the reason."""
    offers: list[tuple[PendingStrike | None, Event]] = []
    ships = [s for s in state.ships if exposed(state, s)]
    moved: set[str] | None = None  # the ships that just moved, found once when needed
    for piece in state.ordnance:
        if weapon_of(state, piece).behaviour != "missile":
            continue
        here = piece.motion.position
        targets: list[tuple[str, str]] = []
        why = ""
        if _moved(piece, mover):
            targets = [
                (s.id, s.name) for s in ships if s.side != piece.side and s.motion.position == here
            ]
            targets += [
                (o.id, name_of(state, o))
                for o in state.ordnance
                if o.side != piece.side
                and not o.permanent
                and o.motion.position == here
                and weapon_of(state, o).behaviour in STRIKABLE
            ]
            why = f"the tip of its vector reached {label(state.starmap, here)}"
        else:
            if moved is None:
                moved = set(movers(state, mover))
            targets = [
                (s.id, s.name)
                for s in ships
                if s.id in moved
                and s.side != piece.side
                and s.motion.position == here
                and s.motion.velocity != ZERO
            ]
            why = f"{' and '.join(n for _, n in targets)} stopped in its hex"
        if not targets:
            continue
        name = name_of(state, piece)
        zone = zone_at(state, here)
        if zone is not None:
            where = label(state.starmap, here)
            text = f"{name} may not strike at {where}: {zone} is a no-fire zone"
            offers.append((None, StrikeHeld(text, piece.id)))
            continue
        ids, names = tuple(t for t, _ in targets), tuple(n for _, n in targets)
        owner_ship = piece.ship or next(s.id for s in state.ships if s.owner == piece.owner)
        offer = PendingStrike(piece.owner, owner_ship, piece.id, name, ids, names)
        text = f"{name} may strike {' or '.join(names)}: {why}; its owner decides"
        offers.append((offer, StrikeOffered(text, piece.id, ids)))
    return offers


def strike(state: GameState, command: Strike) -> tuple[GameState, list[Event]]:
    first = state.pending[0] if state.pending else None
    if not isinstance(first, PendingStrike):
        raise IllegalCommand("no missile is waiting to strike")
    if command.missile != first.missile:
        raise IllegalCommand(f"first, {first.prompt()}")
    piece = _find_piece(state, first.missile)
    events: list[Event] = []
    if command.target is None or piece is None:
        state = replace(state, pending=state.pending[1:])
        if piece is None:
            text = f"{first.missile_name} is gone and cannot strike"
        else:
            text = f"{first.missile_name} holds back and flies on"
        events.append(StrikeHeld(text, first.missile))
    else:
        if command.target not in first.targets:
            raise IllegalCommand(f"{first.missile_name} can strike only {' or '.join(first.names)}")
        state = replace(state, pending=state.pending[1:])
        state, events = _strike(state, piece, first.missile_name, command.target)
    return _advance(state, events, first.sweep_after)


def _strike(
    state: GameState, piece: Ordnance, name: str, target: str
) -> tuple[GameState, list[Event]]:
    """The missile strikes and is spent, whatever the result."""
    weapon = weapon_of(state, piece)
    table = play_aid(state).table(weapon.table or "missile")
    state = _without(state, piece.id)
    other = _find_piece(state, target)
    if other is not None:
        other_name = name_of(state, other)
        dice, rolled = state.dice.roll(f"{name} strikes {other_name} on the {table.name} table")
        result = table.result(rolled.total)
        state = replace(state, dice=dice)
        if result.miss:
            text = f"{name} misses {other_name} and is spent"
        else:
            text = f"{name} destroys {other_name} before it can act, and is spent"
            state = _without(state, other.id)
        return state, [rolled, WeaponStruck(text, piece.id, other.id, not result.miss)]
    try:
        ship = state.ship(target)
    except KeyError:
        raise IllegalCommand(f"{target!r} is no longer there to strike") from None
    if not exposed(state, ship):
        raise IllegalCommand(f"{ship.name} is out of reach now")
    attack = Attack(
        name,
        piece.owner,
        ship.id,
        table.id,
        flak(state, ship),
        (piece.motion.velocity - ship.motion.velocity).speed,
        by_ship=piece.ship,
    )
    state, events = resolve_attack(state, attack)
    return state, [*events, OrdnanceSpent(f"{name} is spent in the attack", piece.id)]


def _advance(
    state: GameState, events: list[Event], sweep_after: str | None
) -> tuple[GameState, list[Event]]:
    """Drop strikes whose missile or targets are gone; once no missile of this movement
    waits, the mines and buckyballs attack."""
    kept: list[Pending] = []
    for p in state.pending:
        if isinstance(p, PendingStrike):
            if _find_piece(state, p.missile) is None:
                events.append(StrikeHeld(f"{p.missile_name} is gone and cannot strike", p.missile))
                continue
            live = [
                (t, n) for t, n in zip(p.targets, p.names, strict=True) if _target_alive(state, t)
            ]
            if not live:
                text = f"{p.missile_name} has nothing left to strike and flies on"
                events.append(StrikeHeld(text, p.missile))
                continue
            p = replace(p, targets=tuple(t for t, _ in live), names=tuple(n for _, n in live))
        kept.append(p)
    state = replace(state, pending=tuple(kept))
    waiting = any(isinstance(p, PendingStrike) and p.sweep_after for p in state.pending)
    if sweep_after is not None and not waiting:
        state, more = sweep(state, None if sweep_after == EVERYONE else sweep_after)
        events.extend(more)
    return state, events


def _target_alive(state: GameState, target: str) -> bool:
    if _find_piece(state, target) is not None:
        return True
    try:
        return exposed(state, state.ship(target))
    except KeyError:
        return False


# ---- mines and buckyballs ----


def sweep(state: GameState, mover: str | None) -> tuple[GameState, list[Event]]:
    """Every mine and buckyball attacks each ship its vector met in this movement."""
    events: list[Event] = []
    if not any(weapon_of(state, o).behaviour in ("mine", "buckyball") for o in state.ordnance):
        return state, events
    movers = {s.id: course_of(s) for s in _movers(state, mover)}
    for piece_id in [o.id for o in state.ordnance]:
        piece = _find_piece(state, piece_id)
        if piece is None or weapon_of(state, piece).behaviour not in ("mine", "buckyball"):
            continue
        for ship, why in _met(state, piece, mover, movers):
            state, more, spent = _mine_attack(state, piece, ship, why)
            events.extend(more)
            if spent:
                break
    return state, events


def _met(
    state: GameState, piece: Ordnance, mover: str | None, movers: dict[str, tuple[Hex, ...]]
) -> list[tuple[Ship, str]]:
    """The ships ``piece`` meets, in order along its vector, with the reason."""
    labels = state.starmap
    trail = piece.path or (piece.motion.position,)
    laid = trail[1:] if _moved(piece, mover) else ()
    veer = switch_on(state, VEER_SWITCH)
    met: list[tuple[int, int, Ship, str]] = []
    for n, ship in enumerate(state.ships):
        if not exposed(state, ship):
            continue
        if veer and _veered(piece, trail[0], ship):
            continue
        meeting = meets(trail, laid, movers.get(ship.id, ()), ship.motion.position)
        if meeting is not None and zone_at(state, meeting[0]) is None:
            where, crossed = meeting
            why = meeting_reason(ship.name, label(labels, where), crossed=crossed)
            met.append((trail.index(where), n, ship, why))
    return [(ship, why) for _, _, ship, why in sorted(met, key=lambda m: (m[0], m[1]))]


def _veered(piece: Ordnance, piece_start: Hex, ship: Ship) -> bool:
    end = ship.motion.position
    start = Hex(end.q - ship.motion.velocity.q, end.r - ship.motion.velocity.r)
    return veered_off(piece.ship, piece_start, piece.motion.position, ship.id, start, end)


def meets(
    trail: tuple[Hex, ...], laid: tuple[Hex, ...], course: tuple[Hex, ...], stop: Hex
) -> tuple[Hex, bool] | None:
    """Where a mine's or buckyball's vector ``trail`` meets a ship, and whether by the
    ship's ``course`` crossing it (True) or by the piece's move ``laid`` passing the hex
    the ship ended in (False); None when they do not meet."""
    crossed = next((h for h in course if h in trail), None)
    if crossed is not None:
        return crossed, True
    if stop in laid:
        return stop, False
    return None


def meeting_reason(ship: str, where: str, *, crossed: bool) -> str:
    if crossed:
        return f"{ship}'s course crossed its vector at {where}"
    return f"its vector passed through {ship}'s hex {where}"


def _mine_attack(
    state: GameState, piece: Ordnance, ship: Ship, why: str
) -> tuple[GameState, list[Event], bool]:
    weapon = weapon_of(state, piece)
    name = name_of(state, piece)
    events: list[Event] = [MineAttack(f"{name} attacks {ship.name}: {why}", piece.id, ship.id)]
    attack = Attack(
        name,
        piece.owner,
        ship.id,
        weapon.table or "mine",
        flak(state, ship),
        (piece.motion.velocity - ship.motion.velocity).speed,
        by_ship=piece.ship,
    )
    state, more = resolve_attack(state, attack)
    events.extend(more)
    hit = any(
        isinstance(e, AttackResolved) and e.target == ship.id and e.result != "-" for e in more
    )
    if weapon.behaviour == "buckyball":
        if hit:
            state = _without(state, piece.id)
            events.append(OrdnanceSpent(f"{name} is spent on {ship.name}", piece.id))
            return state, events, True
        events.append(OrdnanceSpent(f"{name} missed and flies on", piece.id))
    return state, events, False


# ---- kinetic busters ----


def _busters(state: GameState, mover: str | None) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    if not switch_on(state, BUSTER_SWITCH):
        return state, events
    for piece in list(state.ordnance):
        if not _moved(piece, mover) or weapon_of(state, piece).behaviour != "buster":
            continue
        here = piece.motion.position
        bases = [
            b for b in state.starmap.bases if b.approach == here and b.name not in state.bases_lost
        ]
        if bases:
            state, more = _buster_strike(state, piece, bases[0])
            events.extend(more)
    return state, events


def _buster_strike(state: GameState, piece: Ordnance, base: Base) -> tuple[GameState, list[Event]]:
    """A d6 below the relative velocity (the buster's speed: bases do not move) destroys
    the base and the ships docked or landed at it; the buster is spent either way."""
    name = name_of(state, piece)
    speed = piece.motion.velocity.speed
    dice, rolled = state.dice.roll(
        f"{name} strikes {base.name} at relative velocity {speed}: below {speed} destroys it"
    )
    state = replace(_without(state, piece.id), dice=dice)
    events: list[Event] = [rolled]
    if rolled.total >= speed:
        text = (
            f"{name} strikes {base.name} but fails to destroy it ({rolled.total} is not "
            f"below {speed}), and is spent"
        )
        events.append(BusterStrike(text, piece.id, base.name, False))
        return state, events
    text = f"{name} destroys {base.name} ({rolled.total} is below the relative velocity {speed})"
    events.append(BusterStrike(text, piece.id, base.name, True))
    state = replace(state, bases_lost=state.bases_lost | {base.name})
    for ship in state.ships:
        if ship.in_play and base.name in (ship.docked_at, ship.landed_at):
            state = state.with_ship(replace(ship, status=ShipStatus.DESTROYED))
            text = f"{ship.name} is destroyed with {base.name}"
            events.append(ShipDestroyed(text, ship.id))
    return state, events
