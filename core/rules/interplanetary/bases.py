"""Base services (seed "Resupply phase", "Base services").

A ship landed at a planetary base or docked with an orbital or asteroid base may, in its
owner's resupply phase, refuel to a full tank, refit (swap a gun or system module for
another, one for one) and load launched weapons into empty launcher slots. Shipyards mend
damage at the end of the owner's turn: 1 point a round at an orbital station, 2 at a
planet or asteroid base. What the base offers is the map's list of services.

Rulings (``docs/rules/interplanetary-play-aid.md``): refuelling is a free service; refits
and weapons are paid in ship points at play-aid prices, the module taken out paying
towards the one put in, unless the scenario's ``market`` makes them free (Training's
variation) or closes it; repairs mend the Reactor first, then Structure, then the mounts
in hit-location order; a destroyed launcher slot cannot be loaded until it is mended.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.board.starmap import Base, BaseKind, Service
from core.engine.commands import Command
from core.engine.errors import IllegalCommand
from core.engine.events import Event, event
from core.engine.serial import register
from core.rules.interplanetary.aid.carried import (
    aid_of,
    fitted_of,
    manifest_of,
    manifest_or_empty,
    play_aid,
)
from core.rules.interplanetary.aid.manifest import Manifest, mend_one, working
from core.rules.interplanetary.aid.playaid import PlayAid
from core.rules.interplanetary.allegiance import refused
from core.rules.interplanetary.phases import phase_word
from core.rules.interplanetary.scenario.special_rules import closed, take_from_stock
from core.vector.state import GameState, Ship, ShipStatus
from core.vector.turns import current_phase

RESUPPLY_PHASE = "resupply"


@event
class Serviced(Event):
    ship: str
    base: str
    service: str


@register
@dataclass(frozen=True)
class Refuel(Command):
    ship: str


@register
@dataclass(frozen=True)
class Refit(Command):
    """Put ``module`` (None: take it out) on mount point ``point`` of ``role`` (gun
    mounts or systems) in place of what is there."""

    ship: str
    role: str
    point: int
    module: str | None


@register
@dataclass(frozen=True)
class Load(Command):
    """Load the launched weapon ``weapon`` into empty launcher slot ``slot``."""

    ship: str
    slot: int
    weapon: str


def base_of(state: GameState, ship: Ship) -> Base | None:
    """The base the ship is at: landed at, or docked with (None: not at a base)."""
    name = ship.landed_at if ship.status is ShipStatus.LANDED else ship.docked_at
    if name is None:
        return None
    return state.starmap.base(name)


def _services(state: GameState, player: str, ship_id: str) -> tuple[Ship, Base]:
    if current_phase(state) != RESUPPLY_PHASE:
        now = phase_word(current_phase(state))
        raise IllegalCommand(f"bases serve ships in the resupply phase, not the {now} phase")
    ship = state.known_ship(ship_id)
    if ship.owner != player:
        raise IllegalCommand(f"{ship.name} is not yours to command")
    base = base_of(state, ship)
    if base is None or not ship.in_play:
        raise IllegalCommand(f"{ship.name} is not landed at or docked with a base")
    if closed(state, base.name):
        raise IllegalCommand(f"{base.name} is closed to every ship in this scenario")
    why = refused(state, ship, base)
    if why is not None:
        raise IllegalCommand(why)
    return ship, base


def _offers(base: Base, service: Service) -> Service:
    if service not in base.services:
        raise IllegalCommand(f"{base.name} does not offer {service.value.replace('-', ' ')}")
    return service


def refuel(state: GameState, command: Refuel) -> tuple[GameState, list[Event]]:
    ship, base = _services(state, command.player, command.ship)
    _offers(base, Service.REFUEL)
    tank = state.rules.unit(ship.unit).fuel
    if ship.fuel >= tank:
        raise IllegalCommand(f"{ship.name}'s tank is already full")
    text = f"{ship.name} refuels at {base.name}: {ship.fuel} to {tank}"
    state = state.with_ship(replace(ship, fuel=tank))
    return state, [Serviced(text, ship.id, base.name, "refuel")]


def _pay(state: GameState, ship: Ship, price: int, what: str) -> Ship:
    market = state.market
    if market == "closed":
        raise IllegalCommand("this scenario's bases sell nothing")
    if market == "free" or price <= 0:
        return ship
    if ship.points < price:
        raise IllegalCommand(
            f"{what} costs {price} ship point{'s' if price != 1 else ''} and {ship.name} "
            f"has {ship.points} left"
        )
    return replace(ship, points=ship.points - price)


def refit(state: GameState, command: Refit) -> tuple[GameState, list[Event]]:
    ship, base = _services(state, command.player, command.ship)
    _offers(base, Service.REFIT)
    aid = play_aid(state)
    if command.role not in ("gun_mounts", "systems"):
        raise IllegalCommand("a refit swaps guns and system modules; launchers are loaded")
    m = manifest_or_empty(aid, ship)
    mounts = m.mounts(command.role)
    if not 0 <= command.point < len(mounts):
        raise IllegalCommand(f"there is no mount point {command.point + 1} there")
    old = mounts[command.point]
    if command.role == "gun_mounts":
        old_cost = aid.gun(old).cost if old else 0
        gun = aid.gun(command.module) if command.module else None
        if gun is not None and gun.mounts != 1:
            raise IllegalCommand(f"the {gun.name} takes both mounts: refit one-for-one only")
        if old and aid.gun(old).mounts != 1:
            raise IllegalCommand(f"the {aid.gun(old).name} takes both mounts: refit one-for-one")
        new_cost, new_name = (gun.cost, gun.name) if gun else (0, "")
    else:
        old_cost = aid.system(old).cost if old else 0
        module = aid.system(command.module) if command.module else None
        new_cost, new_name = (module.cost, module.name) if module else (0, "")
    trade = old_cost if aid.prices.refit_trade_in else 0
    what = new_name or "nothing"
    ship = _pay(state, ship, max(0, new_cost - trade), f"the {what}")
    ship = replace(
        ship,
        manifest=m.with_mount(command.role, command.point, command.module),
        fitted=_as_fitted(ship, m).with_mount(command.role, command.point, command.module),
    )
    old_name = (
        "nothing"
        if old is None
        else (aid.gun(old).name if command.role == "gun_mounts" else aid.system(old).name)
    )
    text = f"{ship.name} refits at {base.name}: {old_name} out, {what} in"
    return state.with_ship(ship), [Serviced(text, ship.id, base.name, "refit")]


def load(state: GameState, command: Load) -> tuple[GameState, list[Event]]:
    ship, base = _services(state, command.player, command.ship)
    aid = play_aid(state)
    m = manifest_or_empty(aid, ship)
    weapon = aid.launched_weapon(command.weapon)
    if not 0 <= command.slot < len(m.launchers):
        raise IllegalCommand(f"there is no launcher slot {command.slot + 1}")
    if m.launchers[command.slot] is not None:
        raise IllegalCommand(f"launcher slot {command.slot + 1} is loaded already")
    if not working(aid, m, "launchers", (command.slot,)):
        raise IllegalCommand(f"launcher slot {command.slot + 1} is destroyed until it is mended")
    carried = m.launchers.count(weapon.id)
    if weapon.max_carried is not None and carried >= weapon.max_carried:
        raise IllegalCommand(f"a ship may carry {weapon.max_carried} {weapon.name} at most")
    stocked = take_from_stock(state, ship, base.name, weapon.id)
    if stocked is not None:  # the base's own stock, free to its side (Hostile takeover)
        ship = replace(ship, manifest=m.with_mount("launchers", command.slot, weapon.id))
        text = f"{ship.name} loads a {weapon.name} from {base.name}'s stock, free"
        return stocked.with_ship(ship), [Serviced(text, ship.id, base.name, "load")]
    if weapon.cost is None and state.market != "free":
        raise IllegalCommand(f"the {weapon.name} is not for sale: the scenario hands it out")
    ship = _pay(state, ship, weapon.cost or 0, f"a {weapon.name}")
    ship = replace(
        ship,
        manifest=m.with_mount("launchers", command.slot, weapon.id),
        fitted=_as_fitted(ship, m).with_mount("launchers", command.slot, weapon.id),
    )
    text = f"{ship.name} loads a {weapon.name} at {base.name} into launcher {command.slot + 1}"
    return state.with_ship(ship), [Serviced(text, ship.id, base.name, "load")]


def repair(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """Shipyards mend the damage of the player's ships at bases, a round's worth."""
    aid = aid_of(state.rules)
    if aid is None:
        return state, []
    events: list[Event] = []
    for ship in state.ships:
        if (player is not None and ship.owner != player) or not ship.in_play:
            continue  # a destroyed ship is not mended
        base = base_of(state, ship)
        own = manifest_of(ship)
        if base is None or own is None or not own.total_damage():
            continue
        if base.name in state.bases_lost:
            continue  # a destroyed base has no shipyard
        if Service.ORBITAL_REPAIR in base.services and base.kind is BaseKind.ORBITAL:
            points = 1
        elif Service.PLANETSIDE_REPAIR in base.services:
            points = 2
        else:
            continue
        m, mended = own, []
        for _ in range(points):
            m, role = mend_one(m)
            if role is not None:
                mended.append(aid.subsystem(role).name)
        if mended:
            state = state.with_ship(replace(ship, manifest=m))
            text = f"{base.name}'s shipyard mends {ship.name}: {', '.join(mended)}"
            events.append(Serviced(text, ship.id, base.name, "repair"))
    return state, events


def _as_fitted(ship: Ship, m: Manifest) -> Manifest:
    """The outfit the ship was given (its manifest without damage when it has none):
    a refit or a load changes it, so the sheet still shows weapons spent before."""
    fitted = fitted_of(ship)
    return fitted if fitted is not None else replace(m, damage=())


def free_slot(aid: PlayAid, m: Manifest) -> int | None:
    """The first launcher slot that is empty and can be loaded (its circle unchecked)."""
    slots = enumerate(m.launchers)
    return next((i for i, w in slots if w is None and working(aid, m, "launchers", (i,))), None)


def services_for(state: GameState, ship: Ship) -> tuple[str, ...]:
    """What a base could do for ``ship`` now, in the players' words: ``"refuel"`` (the
    tank is not full), ``"reload"`` (a weapon of its outfit was spent and its slot can
    be filled again), ``"refit"`` (swapping mounts and buying weapons, possible wherever
    the market is open). Empty when the ship is at no base it may use."""
    base = base_of(state, ship)
    aid = aid_of(state.rules)
    if base is None or not ship.in_play or aid is None:
        return ()
    if base.name in state.bases_lost or closed(state, base.name) or refused(state, ship, base):
        return ()
    found: list[str] = []
    if Service.REFUEL in base.services and ship.fuel < state.rules.unit(ship.unit).fuel:
        found.append("refuel")
    buying = state.market == "free" or (state.market == "sell" and ship.points > 0)
    m, fitted = manifest_or_empty(aid, ship), fitted_of(ship)
    spent = [
        i
        for i, w in enumerate(fitted.launchers if fitted is not None else ())
        if w is not None and i < len(m.launchers) and m.launchers[i] is None
    ]
    if buying and any(working(aid, m, "launchers", (i,)) for i in spent):
        found.append("reload")
    if buying:
        found.append("refit")
    return tuple(found)


def can_resupply(state: GameState, ship: Ship) -> bool:
    """Whether a base could do something for ``ship`` now (for skipping idle phases)."""
    return bool(services_for(state, ship))
