"""The development phase (seed "Development"): bases buy, ships deploy installations.

A base spends its supplies on ordnance, installations (kept in its stocks) or ships: a
new ship starts docked at the base (landed, at a surface base), with an empty hold and
an empty tank, ready for the logistics phase. A ship deploys a base or outpost it
carries: a base in open space, in orbit of a planet (it orbits with the ship) or at rest
at a minor planet (it stands on it); an outpost at rest in an asteroid hex.

np-core calls :func:`resolve_development` as the phase's resolver
(``core.rules.nplanetary.phases.RESOLVERS["development"]``) and :func:`check_purchase`
and :func:`check_deploy` as the orders' checks (``CHECKS[Purchase]``, ``CHECKS[Deploy]``).

Rulings (docs/rules/nplanetary.md): only a base buys (an outpost has no yard); goods are
not for sale, only what has a cost; a base's purchases are paid in the order its owner
gave them, and one it can no longer afford fails, saying so; purchases are paid before
deployments, so a base deployed this phase buys nothing until the next; the deploying
ship stays docked at its new installation; buying and deploying belong to the
development phase only (the seed's list of phases mentions them under logistics too).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from core.engine.commands import Command
from core.engine.errors import IllegalCommand
from core.engine.events import Event, event
from core.rules.nplanetary.model import (
    EMPTY_HOLD,
    Installation,
    OrderFailed,
    Site,
    find_installation,
    hold_of,
    tables_of,
    with_hold,
    with_installation,
)
from core.rules.nplanetary.orders import Deploy, Purchase
from core.rules.nplanetary.sites import asteroid_at, in_space, minor_body_near
from core.vector.state import GameState, Ship, ShipStatus


@event
class Bought(Event):
    """A base paid ``cost`` supplies for ``count`` of ``item`` (``ships``: the new ships)."""

    player: str
    base: str
    item: str
    count: int
    cost: int
    ships: tuple[str, ...] = ()


@event
class Deployed(Event):
    """A ship deployed an installation, now ``installation``, at ``site``."""

    player: str
    ship: str
    installation: str
    kind: str
    site: str


def _base(state: GameState, command: Purchase) -> Installation:
    inst = find_installation(state, command.base)
    if inst is None or inst.owner != command.player:
        raise IllegalCommand(f"you have no base {command.base!r}")
    if inst.kind != "base":
        raise IllegalCommand(f"{inst.name} is an outpost: only bases buy")
    return inst


def price(state: GameState, command: Purchase) -> tuple[Installation, int]:
    """The base and the supplies the purchase costs; refused (IllegalCommand, saying
    why) when it cannot be made at all."""
    base = _base(state, command)
    if command.count < 1:
        raise IllegalCommand("buy one or more")
    each = tables_of(state).cost(command.item, state.rules)
    if each is None:
        raise IllegalCommand(f"{command.item} is not for sale")
    return base, each * command.count


def check_purchase(state: GameState, command: Command) -> None:
    """A purchase as it is given: the player's base, something for sale, affordable now
    (others of the base's purchases are paid first when the phase resolves)."""
    assert isinstance(command, Purchase)
    base, cost = price(state, command)
    _afford(base, cost, command)


def _afford(base: Installation, cost: int, command: Purchase) -> None:
    have = base.amount("supplies")
    if have < cost:
        what = f"{command.count} {command.item}" if command.count > 1 else f"a {command.item}"
        raise IllegalCommand(f"{what} costs {cost} supplies and {base.name} has {have}")


def site_for(state: GameState, ship: Ship, kind: str) -> tuple[Site, str | None]:
    """Where ``ship`` would deploy an installation of ``kind`` now, and the body it
    orbits or stands on; refused (IllegalCommand, saying why) where it may not."""
    if kind == "outpost":
        if asteroid_at(state, ship.motion):
            return "asteroid", None
        raise IllegalCommand(f"{ship.name} must be at rest in an asteroid hex to deploy an outpost")
    if kind != "base":
        raise IllegalCommand(f"{kind!r} is not an installation")
    if ship.status is ShipStatus.LANDED:
        raise IllegalCommand(f"{ship.name} is landed: a base is deployed in space or orbit")
    if ship.orbit is not None and tables_of(state).planet_kind(ship.orbit):
        return "orbit", ship.orbit
    body = minor_body_near(state, ship.motion)
    if body is not None:
        return "minor", body
    if in_space(state, ship.motion):
        return "space", None
    raise IllegalCommand(
        f"{ship.name} may deploy a base only in open space (not on an asteroid), "
        "in orbit of a planet, or at rest at a minor planet"
    )


def check_deploy(state: GameState, command: Command) -> None:
    """A deployment as it is given: the player's ship, carrying the installation, in a
    place where it may stand."""
    assert isinstance(command, Deploy)
    ship = state.own_ship(command.player, command.ship)
    if not ship.in_play:
        raise IllegalCommand(f"{ship.name} is {ship.status.value}")
    if hold_of(ship).amount(command.kind) < 1:
        raise IllegalCommand(f"{ship.name} carries no {command.kind}")
    site_for(state, ship, command.kind)


def _new_ships(state: GameState, base: Installation, unit: str, count: int) -> GameState:
    player = state.player(base.owner)
    name = state.rules.unit(unit).name
    for _ in range(count):
        n = state.serial + 1
        landed = base.site == "surface"
        ship = Ship(
            id=f"{base.id}-{unit}-{n}",
            name=f"{name} {n}",
            owner=base.owner,
            side=player.side,
            unit=unit,
            motion=replace(base.motion, pulls=()),
            fuel=Fraction(0),
            status=ShipStatus.LANDED if landed else ShipStatus.ACTIVE,
            landed_at=base.id if landed else None,
            docked_at=base.id,
            orbit=base.body if base.site == "orbit" else None,
            manifest=EMPTY_HOLD,
        )
        state = replace(state, ships=(*state.ships, ship), serial=n)
    return state


def _buy(state: GameState, command: Purchase) -> tuple[GameState, Event]:
    base, cost = price(state, command)
    _afford(base, cost, command)
    base = base.with_amount("supplies", base.amount("supplies") - cost)
    is_ship = any(u.id == command.item for u in state.rules.units)
    if not is_ship:
        base = base.with_amount(command.item, base.amount(command.item) + command.count)
    state = with_installation(state, base)
    before = {s.id for s in state.ships}
    if is_ship:
        state = _new_ships(state, base, command.item, command.count)
    ships = tuple(s.id for s in state.ships if s.id not in before)
    what = f"{command.count} {command.item}" if command.count > 1 else f"a {command.item}"
    text = f"{base.name} buys {what} for {cost} supplies ({base.amount('supplies')} left)"
    if ships:
        text += ": docked there, empty and unfuelled"
    return state, Bought(text, command.player, base.id, command.item, command.count, cost, ships)


def _deploy(state: GameState, command: Deploy) -> tuple[GameState, Event]:
    check_deploy(state, command)
    ship = state.ship(command.ship)
    site, body = site_for(state, ship, command.kind)
    n = state.serial + 1
    while find_installation(state, f"{command.kind}-{n}") is not None:
        n += 1
    kind = tables_of(state).installation(command.kind)
    inst = Installation(
        id=f"{command.kind}-{n}",
        name=f"{ship.name}'s {kind.name}",
        kind=command.kind,
        owner=ship.owner,
        # standing on a body or at an asteroid it feels no pull; in orbit or in space it
        # keeps the ship's (an orbit needs its pending pull)
        motion=replace(ship.motion, pulls=()) if site in ("minor", "asteroid") else ship.motion,
        site=site,
        body=body,
    )
    hold = hold_of(ship)
    ship = with_hold(ship, hold.with_amount(command.kind, hold.amount(command.kind) - 1))
    state = with_installation(state.with_ship(replace(ship, docked_at=inst.id)), inst)
    state = replace(state, serial=n)
    where = {
        "asteroid": "in the asteroids",
        "orbit": f"in orbit of {body}",
        "minor": f"on {body}",
        "space": "in open space",
    }[site]
    text = f"{ship.name} deploys {inst.name} {where}"
    return state, Deployed(text, command.player, ship.id, inst.id, command.kind, site)


def _words(order: Purchase | Deploy) -> str:
    """The order in the case table's words ("buy B1 frigate"), for :class:`OrderFailed`."""
    if isinstance(order, Purchase):
        return f"buy {order.base} {order.item}"
    return f"deploy {order.ship} {order.kind}"


def resolve_development(
    state: GameState, orders: Sequence[Command]
) -> tuple[GameState, list[Event]]:
    """The development phase's orders, all together: purchases first (each base's in the
    order given), then deployments; an order that can no longer be carried out fails
    with its reason (:class:`OrderFailed`). The orders arrive sorted by player, so the
    result does not depend on the order in which players' orders arrived."""
    events: list[Event] = []
    buying: list[Purchase | Deploy] = [o for o in orders if isinstance(o, Purchase)]
    deploying = sorted((o for o in orders if isinstance(o, Deploy)), key=lambda o: o.ship)
    for order in [*buying, *deploying]:
        try:
            if isinstance(order, Purchase):
                state, done = _buy(state, order)
            else:
                state, done = _deploy(state, order)
        except IllegalCommand as refused:
            events.append(OrderFailed(f"refused: {refused}", order.player, _words(order)))
            continue
        events.append(done)
    return state, events
