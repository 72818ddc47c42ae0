"""Which ordered transfers go through (seed "Logistics"): matching and counting once.

Pure: it sees only who ordered what with whom, who owns each end and which ends are
open to anyone (drives and weapons all disabled); stocks, reach and capacity are the
phase's business (:mod:`core.rules.nplanetary.logistics`). Every order gets a
:class:`Ruling` in players' words, which the app also shows in its transfer dialog.

A transfer is read as one exchange between two ends: each good moves one way, by one
amount. Seen from either end it is the same :class:`Deal` (the goods one end gives are
what the other takes), so "exactly the same transfer" means equal deals, and two equal
orders from both ends are one deal, carried out once.

Rulings: each end orders at most one transfer with the same other end in a phase, a
later order replacing an earlier one; two ends of one player that both order, but
differently, cancel each other (the seed lets an own end take part only when it is
silent or agrees); a transfer with a disabled end of another player goes through
whatever that player ordered for it (it cannot refuse).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from core.rules.nplanetary.amounts import amount


@dataclass(frozen=True)
class Deal:
    """A transfer between ends ``first`` and ``second`` (``first < second``), the same
    whichever end ordered it: ``goods`` pairs a good with the amount that goes from
    ``first`` to ``second`` (negative: from ``second`` to ``first``), sorted, no zeros."""

    first: str
    second: str
    goods: tuple[tuple[str, int], ...]

    def given_by(self, end: str) -> dict[str, int]:
        """The goods as ``end`` sees them: positive what it gives, negative what it takes."""
        sign = 1 if end == self.first else -1
        return {good: sign * amount for good, amount in self.goods}


def deal(end: str, other: str, gives: Mapping[str, int]) -> Deal:
    """The deal ``end`` orders with ``other``: ``gives`` pairs a good with what ``end``
    gives (negative: takes)."""
    sign = 1 if end < other else -1
    first, second = (end, other) if end < other else (other, end)
    goods = tuple(sorted((g, sign * n) for g, n in gives.items() if n))
    return Deal(first, second, goods)


@dataclass(frozen=True)
class TransferOrder:
    """One end's order: ``end`` (a ship or base, given by ``player``) exchanges with
    ``other``; ``gives`` pairs each good with what ``end`` gives (negative: takes).
    ``index`` is its place among the phase's orders, for "the later replaces"."""

    player: str
    end: str
    other: str
    gives: tuple[tuple[str, int], ...]
    index: int = 0

    @property
    def deal(self) -> Deal:
        return deal(self.end, self.other, dict(self.gives))


@dataclass(frozen=True)
class End:
    """What matching needs of a ship or base: its ``owner`` (None: nobody's), its
    ``name`` for the log and whether it is ``open`` (drives and weapons, where it has
    them, all disabled: anyone may transfer with it)."""

    id: str
    name: str
    owner: str | None
    open: bool = False


@dataclass(frozen=True)
class Ruling:
    """The verdict on one order. ``goes`` it is carried out (``once``: it is the twin of
    the other end's identical order, so this one adds nothing); ``matched`` the other end
    ordered exactly the same transfer; ``why`` says so in players' words."""

    order: TransferOrder
    goes: bool
    matched: bool
    once: bool
    why: str


def describe(goods: Mapping[str, int], end: str, other: str) -> str:
    """The goods of a transfer in words, from ``end``'s side ("gives 5 fuel to X")."""
    gives = [amount(n, g) for g, n in sorted(goods.items()) if n > 0]
    takes = [amount(-n, g) for g, n in sorted(goods.items()) if n < 0]
    parts = []
    if gives:
        parts.append(f"gives {', '.join(gives)} to {other}")
    if takes:
        parts.append(f"takes {', '.join(takes)} from {other}")
    return f"{end} {' and '.join(parts) or 'exchanges nothing with ' + other}"


def judge(orders: Sequence[TransferOrder], ends: Mapping[str, End]) -> list[Ruling]:
    """A ruling for every order, in the orders' order; deals to carry out are those of
    the rulings that go and are not ``once`` (:func:`deals`)."""
    latest: dict[tuple[str, str], TransferOrder] = {}
    for o in sorted(orders, key=lambda o: o.index):
        latest[(o.end, o.other)] = o
    rulings: list[Ruling] = []
    for o in orders:
        if latest[(o.end, o.other)] is not o:
            name, other = ends[o.end].name, ends[o.other].name
            why = f"{name}'s later transfer with {other} replaces this one"
            rulings.append(Ruling(o, False, False, False, why))
            continue
        rulings.append(_judge_one(o, latest.get((o.other, o.end)), ends))
    return rulings


def _judge_one(o: TransferOrder, reply: TransferOrder | None, ends: Mapping[str, End]) -> Ruling:
    me, them = ends[o.end], ends[o.other]
    said = describe(dict(o.gives), me.name, them.name)
    same = reply is not None and reply.deal == o.deal
    # the twin of an identical order is carried out once: by the order given first
    once = same and reply is not None and (reply.index, reply.end) < (o.index, o.end)
    if them.owner is not None and them.owner == me.owner:
        if reply is None or same:
            return Ruling(o, True, same, once, said)
        why = f"{said}: refused, {them.name} was ordered a different transfer with {me.name}"
        return Ruling(o, False, False, False, why)
    if them.open:
        why = f"{said} ({them.name} is disabled and cannot refuse)"
        return Ruling(o, True, same, once, why)
    if same:
        return Ruling(o, True, True, once, f"{said}: both sides ordered it")
    if reply is None:
        why = f"{said}: refused, {them.name}'s owner did not order this transfer"
    else:
        why = f"{said}: refused, {them.name}'s owner ordered a different transfer"
    return Ruling(o, False, False, False, why)


def deals(rulings: Iterable[Ruling]) -> list[Deal]:
    """The deals to carry out, each once, in a fixed order (by ends, then goods), so the
    outcome does not depend on the order in which the players' orders arrived."""
    found = {r.order.deal for r in rulings if r.goes and not r.once}
    return sorted(found, key=lambda d: (d.first, d.second, d.goods))


def matched(orders: Sequence[TransferOrder], order: TransferOrder) -> bool:
    """Whether the other end of ``order`` ordered exactly the same transfer (its latest
    order with this end, a later one replacing an earlier), for the transfer dialog."""
    replies = [o for o in orders if o.end == order.other and o.other == order.end]
    latest = max(replies, key=lambda o: o.index, default=None)
    return latest is not None and latest.deal == order.deal
