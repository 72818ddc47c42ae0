"""NPlanetary's orders, one kind or more per phase. Each is checked when given (a refusal
says why at once) and kept sealed until every player has ended the phase; then the phase
resolves all of them together (:mod:`core.rules.nplanetary.system`).

Movement uses the vector games' :class:`~core.vector.orders.Plot` for a burn (its
``land``/``dock`` fields are not used here) and :class:`Land` / :class:`Dock` instead of a
burn. Goods and items are named by id: "supplies", "fuel", "ore", "water", an ordnance
kind ("mine"...), an installation ("base", "outpost") or, to buy, a ship class.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.board.hexgrid import Direction
from core.engine.commands import Command
from core.engine.serial import register

#: goods by id and amount
Goods = tuple[tuple[str, int], ...]


@register
@dataclass(frozen=True)
class LayOrdnance(Command):
    """Ordnance phase: ``ship`` releases one piece of ``kind`` from its hold. A torpedo
    may change its vector by ``burn`` (one or two hexes) on its first turn."""

    ship: str
    kind: str
    burn: tuple[Direction, ...] = ()


@register
@dataclass(frozen=True)
class Attack(Command):
    """Combat phase: ``attacker`` (a ship or base) commits ``strength`` (None: all of it;
    less is a warning shot) in equal shares against each of ``targets`` (ships, bases,
    outposts or ordnance, anyone's)."""

    attacker: str
    targets: tuple[str, ...]
    strength: int | None = None


@register
@dataclass(frozen=True)
class Land(Command):
    """Movement phase, instead of a burn: ``ship``, in orbit of a planet, lands at the
    base ``base`` on its surface for one fuel."""

    ship: str
    base: str


@register
@dataclass(frozen=True)
class Dock(Command):
    """Movement phase, instead of a burn: ``ship`` docks at ``base`` (an orbital base of
    the planet it orbits, free; or a base or outpost it is stationary at)."""

    ship: str
    base: str


@register
@dataclass(frozen=True)
class Purchase(Command):
    """Development phase: the base ``base`` spends supplies on ``count`` of ``item``
    (ordnance, an installation or a ship class; a ship starts docked, empty, no fuel)."""

    base: str
    item: str
    count: int = 1


@register
@dataclass(frozen=True)
class Deploy(Command):
    """Development phase: ``ship`` deploys the installation ``kind`` ("base" or
    "outpost") it carries, where it is."""

    ship: str
    kind: str


@register
@dataclass(frozen=True)
class Transfer(Command):
    """Logistics phase: ``party`` (a ship or base of the player) gives ``give`` to and
    takes ``take`` from ``other``. Between two players it goes through only when the
    other side ordered the same transfer, seen from its end."""

    party: str
    other: str
    give: Goods = ()
    take: Goods = ()


#: the orders of each phase
PHASE_ORDERS: dict[str, tuple[type[Command], ...]] = {
    "ordnance": (LayOrdnance,),
    "combat": (Attack,),
    "movement": (Land, Dock),
    "development": (Purchase, Deploy),
    "logistics": (Transfer,),
}
