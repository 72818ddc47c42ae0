"""Space rendezvous (seed "Optional rules: Space rendezvous"): ships meet to trade supplies.

Two ships whose vectors match (same hex, same velocity) may come alongside each other and
pass fuel and launched weapons (never mounted guns or systems) either way; both must
agree, and both then sit out a turn. This is how tankers and supply ships work, and how
the winner collects from a ship that surrendered
(:mod:`core.rules.interplanetary.optional.surrender`) or was subdued by boarding
(:mod:`core.rules.interplanetary.optional.boarding`): such a ship is bound to accept.

Rulings: the meeting is arranged in the resupply phase of the proposing ship's owner,
after the turn's moves and shots; ships of the same side, or a ship and the player it
surrendered to, may meet; a ship of another player waits for that player to accept
(:class:`PendingRendezvous`). "Sit out a turn" is each ship's owner's next turn: no burn
(it drifts on its vector), no launch, no gun. Weapons go into the first empty, sound
launcher slots of the receiving ship; fuel only up to its tank.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from core.engine.commands import Command
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.events import Event, event
from core.engine.pending import Pending
from core.engine.serial import register
from core.rules.interplanetary.aid.carried import manifest_or_empty, play_aid
from core.rules.interplanetary.aid.manifest import Manifest
from core.rules.interplanetary.aid.playaid import PlayAid
from core.rules.interplanetary.bases import free_slot
from core.rules.interplanetary.optional.restraints import sits_out
from core.rules.interplanetary.phases import phase_word
from core.vector.state import GameState, Ship, ShipStatus
from core.vector.turns import active_player, current_phase

SWITCH = "rendezvous"
PHASE = "resupply"


@event
class RendezvousProposed(Event):
    ship: str
    other: str


@event
class RendezvousMade(Event):
    ship: str
    other: str


@event
class RendezvousRefused(Event):
    ship: str
    other: str


@register
@dataclass(frozen=True)
class Rendezvous(Command):
    """Bring ``ship`` alongside ``other``: pass ``fuel`` to it (negative: take that much),
    the weapons in ``ship``'s launcher slots ``give`` and take those in ``other``'s ``take``."""

    ship: str
    other: str
    fuel: Fraction = Fraction(0)
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()


@register
@dataclass(frozen=True)
class AcceptRendezvous(Command):
    """Answer the rendezvous proposed to ``ship``: ``accept`` it, or turn it down."""

    ship: str
    accept: bool = True


@register
@dataclass(frozen=True)
class PendingRendezvous(Pending):
    """``ship``'s owner is asked to accept ``proposal`` from another player's ship."""

    proposal: Rendezvous | None = None
    name: str = ""
    by_name: str = ""

    def prompt(self) -> str:
        return f"accept or refuse the rendezvous {self.by_name} proposes to {self.name}"


def matched(a: Ship, b: Ship) -> bool:
    """Whether two ships in space share hex and vector (seed: "matching vectors")."""
    return (
        a.status is ShipStatus.ACTIVE
        and b.status is ShipStatus.ACTIVE
        and a.motion.position == b.motion.position
        and a.motion.velocity == b.motion.velocity
    )


def bound_to_accept(ship: Ship, other: Ship) -> bool:
    """Whether ``other`` must accept ``ship`` alongside: the same player's ship, or one
    that surrendered (or was subdued) to ``ship``'s owner."""
    return other.owner == ship.owner or other.surrendered == ship.owner


def may_meet(state: GameState, ship: Ship, other: Ship) -> str | None:
    """Why the two ships cannot meet now, or None when they can."""
    if ship.id == other.id:
        return "a ship cannot meet itself"
    if other.surrendered != ship.owner and ship.surrendered != other.owner:
        if ship.side != other.side:
            return f"{other.name} is an enemy: enemies meet only after a surrender"
        if not state.uses(SWITCH):
            return "this game does not use the Space rendezvous rule"
    if not matched(ship, other):
        return f"{ship.name} and {other.name} must be in space in the same hex with the same vector"
    for s in (ship, other):
        why = sits_out(s)
        if why is not None:
            return why
    return None


def partners(state: GameState, ship: Ship) -> list[Ship]:
    """The ships ``ship`` could meet now (for the interface)."""
    return [o for o in state.ships if o.id != ship.id and may_meet(state, ship, o) is None]


def _tank(state: GameState, ship: Ship) -> Fraction:
    return state.rules.unit(ship.unit).fuel


def _hand_over(
    aid: PlayAid, giver: Ship, gm: Manifest, taker: Ship, tm: Manifest, slots: tuple[int, ...]
) -> tuple[Manifest, Manifest, list[str]]:
    names = []
    for slot in slots:
        if not 0 <= slot < len(gm.launchers) or gm.launchers[slot] is None:
            raise IllegalCommand(f"{giver.name} has no weapon in launcher slot {slot + 1}")
        weapon = aid.launched_weapon(gm.launchers[slot] or "")
        if weapon.max_carried is not None and tm.launchers.count(weapon.id) >= weapon.max_carried:
            raise IllegalCommand(f"a ship may carry {weapon.max_carried} {weapon.name} at most")
        free = free_slot(aid, tm)
        if free is None:
            raise IllegalCommand(f"{taker.name} has no empty launcher slot for the {weapon.name}")
        gm = gm.with_mount("launchers", slot, None)
        tm = tm.with_mount("launchers", free, weapon.id)
        names.append(weapon.name)
    return gm, tm, names


def exchange(state: GameState, command: Rendezvous) -> tuple[Ship, Ship, str]:
    """The two ships after the exchange, and what passed, in words; raises if impossible."""
    ship, other = state.known_ship(command.ship), state.known_ship(command.other)
    aid = play_aid(state)
    if command.fuel == 0 and not command.give and not command.take:
        raise IllegalCommand("a rendezvous must pass fuel or weapons one way or the other")
    giver, taker = (ship, other) if command.fuel >= 0 else (other, ship)
    amount = abs(command.fuel)
    if giver.fuel < amount:
        raise IllegalCommand(f"{giver.name} has {giver.fuel} fuel, not {amount}")
    if taker.fuel + amount > _tank(state, taker):
        room = _tank(state, taker) - taker.fuel
        raise IllegalCommand(f"{taker.name}'s tank has room for {room} fuel, not {amount}")
    sm, om = manifest_or_empty(aid, ship), manifest_or_empty(aid, other)
    sm, om, given = _hand_over(aid, ship, sm, other, om, command.give)
    om, sm, taken = _hand_over(aid, other, om, ship, sm, command.take)
    parts = []
    if amount:
        parts.append(f"{amount} fuel from {giver.name} to {taker.name}")
    if given:
        parts.append(f"{', '.join(given)} to {other.name}")
    if taken:
        parts.append(f"{', '.join(taken)} to {ship.name}")
    delta = command.fuel
    ship = replace(ship, fuel=ship.fuel - delta, manifest=sm)
    other = replace(other, fuel=other.fuel + delta, manifest=om)
    return ship, other, "; ".join(parts)


def _skips(state: GameState, ship: Ship) -> int:
    """Turns to count down so that the owner's *next* turn is sat out: this turn's end
    counts one when it is the owner's turn now (or everyone's, in sealed orders)."""
    now = active_player(state)
    return 2 if now is None or now.id == ship.owner else 1


def _carry_out(state: GameState, command: Rendezvous) -> tuple[GameState, list[Event]]:
    ship, other, what = exchange(state, command)
    ship = replace(ship, skips=_skips(state, ship))
    other = replace(other, skips=_skips(state, other))
    state = state.with_ship(ship).with_ship(other)
    text = (
        f"{ship.name} and {other.name} meet in space: {what}; both sit out their next turn "
        "to complete it"
    )
    return state, [RendezvousMade(text, ship.id, other.id)]


def propose(state: GameState, command: Rendezvous) -> tuple[GameState, list[Event]]:
    if current_phase(state) != PHASE:
        raise WrongPhase(
            f"ships meet in the resupply phase, not the {phase_word(current_phase(state))} phase"
        )
    ship = state.own_ship(command.player, command.ship)
    other = state.known_ship(command.other)
    why = may_meet(state, ship, other)
    if why is not None:
        raise IllegalCommand(why)
    exchange(state, command)  # refused now if it could not be carried out
    if bound_to_accept(ship, other):
        return _carry_out(state, command)
    by = state.player(ship.owner).name
    ask = PendingRendezvous(other.owner, other.id, command, other.name, f"{by}'s {ship.name}")
    text = f"{ship.name} proposes a rendezvous to {other.name}: {other.name}'s owner decides"
    return replace(state, pending=(ask, *state.pending)), [
        RendezvousProposed(text, ship.id, other.id)
    ]


def answer(state: GameState, command: AcceptRendezvous) -> tuple[GameState, list[Event]]:
    first = state.pending[0] if state.pending else None
    if not isinstance(first, PendingRendezvous) or first.ship != command.ship:
        raise IllegalCommand("no rendezvous is proposed to that ship")
    assert first.proposal is not None
    state = replace(state, pending=state.pending[1:])
    ship = state.ship(first.proposal.ship)
    if not command.accept:
        text = f"{first.name} turns down the rendezvous with {ship.name}"
        return state, [RendezvousRefused(text, ship.id, first.ship)]
    why = may_meet(state, ship, state.ship(first.ship))
    if why is not None:
        raise IllegalCommand(why)
    return _carry_out(state, first.proposal)


def count_down(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """Ships that met count down their owner's turns until they may act again."""
    for ship in state.ships:
        if ship.skips and (player is None or ship.owner == player):
            state = state.with_ship(replace(ship, skips=ship.skips - 1))
    return state, []
