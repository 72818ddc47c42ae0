"""The ordnance phase (seed "Ordnance"): each armed ship may release one piece it carries.

np-core calls :func:`check_lay` as each :class:`~core.rules.nplanetary.orders.LayOrdnance`
is given (``phases.CHECKS``) and :func:`resolve_launches` when every player has ended the
ordnance phase (``phases.RESOLVERS["ordnance"]``). The pieces then fly and detonate in
the movement phase (:mod:`core.rules.nplanetary.ordnance_flight`).

A piece starts where its ship is, with the ship's vector; a torpedo may change that
vector by up to its thrust (one or two hexes) on this, its first turn. The launcher is
spared by its own piece for the rest of this turn (``Holdings.fresh``), but a mine or a
nuke obliges it to move away (``Holdings.obliged``): a launcher whose course this turn
is the piece's own (no burn, or drives disabled) is hit by it.

Rulings: a later order for the same ship in the phase replaces the earlier one (one piece
per ship); a ship landed on a planet cannot release ordnance.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from core.engine.commands import Command
from core.engine.errors import IllegalCommand
from core.engine.events import Event, event
from core.engine.words import plural
from core.rules.nplanetary.combat_things import why_unarmed
from core.rules.nplanetary.model import (
    OrderFailed,
    drives_work,
    hold_of,
    holdings_of,
    may_attack,
    tables_of,
    with_hold,
    with_holdings,
)
from core.rules.nplanetary.orders import LayOrdnance
from core.vector.gravity import compass, label
from core.vector.motion import BurnError, launched
from core.vector.state import GameState, Ordnance, Ship, ShipStatus


@event
class OrdnanceLaid(Event):
    """A ship released a piece of ordnance (``piece``, of ``kind``)."""

    ship: str
    piece: str
    kind: str


def check_lay(state: GameState, command: Command) -> None:
    """Refuse a launch now, saying why: not the player's ship, unable to attack, landed,
    no such piece aboard, or a vector change the piece cannot make."""
    assert isinstance(command, LayOrdnance)
    ship = state.own_ship(command.player, command.ship)
    if not ship.in_play:
        raise IllegalCommand(f"{ship.name} is {ship.status.value}")
    if ship.status is ShipStatus.LANDED:
        raise IllegalCommand(f"{ship.name} is landed: it can release ordnance only in space")
    if not may_attack(state, ship):
        raise IllegalCommand(why_unarmed(state, ship) + ": it cannot release ordnance")
    tables = tables_of(state)
    kinds = [k.id for k in tables.ordnance]
    if command.kind not in kinds:
        raise IllegalCommand(f"there is no ordnance called {command.kind!r} ({', '.join(kinds)})")
    kind = tables.piece(command.kind)
    if hold_of(ship).amount(kind.id) < 1:
        raise IllegalCommand(f"{ship.name} carries no {kind.name.lower()}")
    if len(command.burn) > kind.thrust:
        limit = (
            "cannot change its vector"
            if kind.thrust == 0
            else (f"changes its vector by at most {plural(kind.thrust, 'hex')}")
        )
        raise IllegalCommand(f"a {kind.name.lower()} {limit}")


def resolve_launches(state: GameState, orders: Sequence[Command]) -> tuple[GameState, list[Event]]:
    """Release every piece ordered this phase, together; refused orders say why."""
    last: dict[str, LayOrdnance] = {}
    events: list[Event] = []
    for order in orders:
        if isinstance(order, LayOrdnance):
            if order.ship in last:
                text = (
                    f"only the last ordnance order given to {order.ship} counts: one piece a phase"
                )
                events.append(OrderFailed(text, order.player, "ordnance"))
            last[order.ship] = order
    for order in last.values():
        try:
            check_lay(state, order)
        except IllegalCommand as refused:
            text = f"{order.ship} releases no {order.kind}: {refused}"
            events.append(OrderFailed(text, order.player, "ordnance"))
            continue
        state, said = _lay(state, state.ship(order.ship), order)
        events.append(said)
    return state, events


def _lay(state: GameState, ship: Ship, order: LayOrdnance) -> tuple[GameState, Event]:
    kind = tables_of(state).piece(order.kind)
    try:
        motion = launched(ship.motion, order.burn, kind.thrust)
    except BurnError as refused:  # checked already; kept for a clear message
        raise IllegalCommand(str(refused)) from None
    n = state.serial + 1
    piece = Ordnance(f"{kind.id}-{n}", kind.id, ship.owner, ship.side, motion, ship=ship.id)
    hold = hold_of(ship)
    ship = with_hold(ship, hold.with_amount(kind.id, hold.amount(kind.id) - 1))
    h = holdings_of(state)
    obliged = h.obliged | {ship.id} if kind.obliges_move else h.obliged
    h = replace(h, fresh=h.fresh | {piece.id}, obliged=obliged)
    state = replace(state, serial=n, ordnance=(*state.ordnance, piece)).with_ship(ship)
    state = with_holdings(state, h)
    where = label(state.starmap, ship.motion.position)
    text = f"{ship.name} releases a {kind.name.lower()} ({piece.id}) at {where}"
    if order.burn:
        dirs = " and ".join(compass(state.starmap, d) for d in order.burn)
        text += f", its vector changed {plural(len(order.burn), 'hex')} ({dirs})"
    if kind.obliges_move:
        if drives_work(state, ship):
            text += f": {ship.name} must burn away this turn or its own {kind.name.lower()} hits it"
        else:
            text += (
                f": {ship.name}'s drives are disabled, so its own {kind.name.lower()} will hit it"
            )
    return state, OrdnanceLaid(text, ship.id, piece.id, kind.id)
