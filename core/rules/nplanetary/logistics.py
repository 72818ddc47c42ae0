"""The logistics phase (seed "Logistics"): transfers of goods and fuel.

A ship or base transfers with a partner it can reach (:mod:`core.rules.nplanetary.partners`:
its base, ships docked at the same base, ships in its hex with its velocity). Whether an
order goes through (own ends, a disabled end, or another player's exactly matching order)
and counting identical orders once is :mod:`core.rules.nplanetary.logistics_match`; the
goods move by :mod:`core.rules.nplanetary.logistics_goods`. Every order ends in one
:class:`TransferResult`, saying in players' words what happened or why not, and whether
the other side's order matched (the app's transfer dialog shows it).

np-core calls :func:`resolve_logistics` as the phase's resolver
(``core.rules.nplanetary.phases.RESOLVERS["logistics"]``) and :func:`check_transfer` as
the order's check (``CHECKS[Transfer]``).

Rulings (docs/rules/nplanetary.md): stocks and room are checked when the phase resolves,
not when the order is given, so goods received in the phase can be passed on; the
transfers are carried out in a fixed order (by the ends' ids), and one that lacks goods
or room is tried again after the others, until nothing more can be done; what is still
short then fails, saying why. A transfer is all or nothing. A disabled end is a ship whose
drives and weapons (those it has) are out, or a base whose weapons are out; an outpost,
which has neither, is open to anyone's transfers.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.engine.commands import Command
from core.engine.errors import IllegalCommand
from core.engine.events import Event, event
from core.rules.nplanetary.logistics_goods import Short, Thing, carry_out, thing
from core.rules.nplanetary.logistics_match import (
    Deal,
    End,
    Ruling,
    TransferOrder,
    deals,
    judge,
    matched,
)
from core.rules.nplanetary.model import (
    Installation,
    OrderFailed,
    failed,
    tables_of,
    with_installation,
)
from core.rules.nplanetary.orders import Transfer
from core.rules.nplanetary.partners import partners
from core.vector.state import GameState, Ship


@event
class Transferred(Event):
    """A transfer order went through (or was the twin of the other end's identical
    order, counted once); ``matched``: the other end ordered exactly the same transfer."""

    player: str
    party: str
    other: str
    matched: bool


@event
class TransferRefused(OrderFailed):
    """A transfer order that did not go through, and why; ``matched``: the other end did
    order exactly the same transfer (it failed for want of goods or room)."""

    party: str
    other: str
    matched: bool


#: what became of one transfer order
TransferResult = Transferred | TransferRefused


def goods_of(command: Transfer) -> dict[str, int]:
    """The order's goods from its party's side: positive given, negative taken."""
    goods = {g: n for g, n in command.give}
    for g, n in command.take:
        goods[g] = goods.get(g, 0) - n
    return goods


def _known(state: GameState) -> set[str]:
    t = tables_of(state)
    return {g.id for g in t.goods} | {k.id for k in t.ordnance} | {k.id for k in t.installations}


def check_transfer(state: GameState, command: Command) -> None:
    """A transfer as it is given: the player's own ship or base, a partner it can reach,
    known goods in whole positive amounts, each named once. Stocks and room are checked
    when the phase resolves."""
    assert isinstance(command, Transfer)
    try:
        party = thing(state, command.party)
    except KeyError:
        raise IllegalCommand(f"there is no ship or base {command.party!r}") from None
    if party.owner != command.player:
        raise IllegalCommand(f"{party.name} is not yours to command")
    try:
        other = thing(state, command.other)
    except KeyError:
        raise IllegalCommand(f"there is no ship or base {command.other!r}") from None
    if command.other not in partners(state, party):
        raise IllegalCommand(
            f"{party.name} cannot reach {other.name}: transfers need the base a ship is "
            "docked at, a ship docked at the same base, or a ship in the same hex with "
            "the same velocity"
        )
    named = [g for g, _ in command.give] + [g for g, _ in command.take]
    if not named:
        raise IllegalCommand("say what to give or take")
    if len(set(named)) != len(named):
        raise IllegalCommand("name each good once, to give or to take")
    known = _known(state)
    for good, n in (*command.give, *command.take):
        if good not in known:
            raise IllegalCommand(f"{good!r} is not something ships carry")
        if n < 1:
            raise IllegalCommand(f"give or take one or more {good}, not {n}")


def is_open(state: GameState, end: Thing) -> bool:
    """Disabled, so anyone may transfer with it: drives and weapons (where it has
    them) both out; an installation has no drives."""
    if isinstance(end, Installation):
        return failed(state, end, "weapons")
    return failed(state, end, "drives") and failed(state, end, "weapons")


def _end(state: GameState, thing_id: str) -> End:
    t = thing(state, thing_id)
    return End(t.id, t.name, t.owner, is_open(state, t))


def transfer_orders(orders: Sequence[Command]) -> list[tuple[Transfer, TransferOrder]]:
    """The transfers among ``orders``, each with its matching form (its index the place
    in the sealed envelope, so "the later replaces" follows the order given)."""
    return [
        (o, TransferOrder(o.player, o.party, o.other, tuple(goods_of(o).items()), i))
        for i, o in enumerate(orders)
        if isinstance(o, Transfer)
    ]


def transfer_matched(orders: Sequence[Command], order: Transfer) -> bool:
    """Whether the other end of ``order`` ordered exactly the same transfer, among a
    phase's ``orders`` (for the app's transfer dialog, once the phase has resolved)."""
    found = [t for _, t in transfer_orders(orders)]
    mine = TransferOrder(order.player, order.party, order.other, tuple(goods_of(order).items()))
    return matched(found, mine)


def transfer_outcome(events: Sequence[Event], order: Transfer) -> TransferResult | None:
    """What became of ``order`` among a resolved phase's ``events`` (None: not found),
    so the app can say after the phase whether it went through and whether the other
    side's order matched (``matched``), with the reason (``text``). Of two orders
    between the same ends, the later counts."""
    ends = (order.player, order.party, order.other)
    for e in reversed(events):
        if isinstance(e, Transferred | TransferRefused) and (e.player, e.party, e.other) == ends:
            found: TransferResult = e
            return found
    return None


def _put(state: GameState, end: Thing) -> GameState:
    return state.with_ship(end) if isinstance(end, Ship) else with_installation(state, end)


def _carry_all(
    state: GameState, todo: list[Deal]
) -> tuple[GameState, dict[Deal, str], dict[Deal, list[str]]]:
    """Carry out the deals in their fixed order, retrying the short ones after the
    others until a pass makes no progress; the reasons of those still short."""
    notes: dict[Deal, list[str]] = {}
    short: dict[Deal, str] = {}
    while todo:
        left: list[Deal] = []
        for d in todo:
            try:
                first, second, said = carry_out(state, d)
            except Short as why:
                short[d] = str(why)
                left.append(d)
                continue
            state = _put(_put(state, first), second)
            notes[d] = said
            short.pop(d, None)
        if len(left) == len(todo):
            break
        todo = left
    return state, short, notes


def resolve_logistics(state: GameState, orders: Sequence[Command]) -> tuple[GameState, list[Event]]:
    """The logistics phase's transfers, all together: one :class:`TransferResult` per
    order, in the orders' order. The orders arrive sorted by player, and the transfers
    are carried out in an order of their own, so the result does not depend on the order
    in which players' orders arrived."""
    events: list[Event] = []
    reachable: list[TransferOrder] = []
    failed_now: dict[int, str] = {}
    pairs = transfer_orders(orders)
    for command, order in pairs:
        try:
            check_transfer(state, command)
        except IllegalCommand as why:
            failed_now[order.index] = f"refused: {why}"
            continue
        reachable.append(order)
    ends = {e: _end(state, e) for o in reachable for e in (o.end, o.other)}
    rulings = {r.order.index: r for r in judge(reachable, ends)}
    state, short, notes = _carry_all(state, deals(rulings.values()))
    for _, order in pairs:
        ruling = rulings.get(order.index)
        if ruling is None:
            events.append(_refused(failed_now[order.index], order, False))
            continue
        events.append(_result(ruling, short, notes))
    return state, events


def _refused(text: str, o: TransferOrder, matched: bool) -> TransferRefused:
    said = f"transfer {o.end} {o.other}"
    return TransferRefused(text, o.player, said, o.end, o.other, matched)


def _result(r: Ruling, short: dict[Deal, str], notes: dict[Deal, list[str]]) -> TransferResult:
    o, d = r.order, r.order.deal
    if not r.goes:
        return _refused(r.why, o, r.matched)
    if d in short:
        return _refused(f"{r.why}: failed, {short[d]}", o, r.matched)
    text = r.why
    if r.once:
        text += " (the same transfer as the other side's order, counted once)"
    elif notes.get(d):
        text += "; " + "; ".join(notes[d])
    return Transferred(text, o.player, o.end, o.other, r.matched)
