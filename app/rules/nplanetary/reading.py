"""What NPlanetary's docks show, read from the game: every ship and installation as a
:class:`Holder` (stocks, hold, strength, damage tracks), the orders in players' words,
and the phase's help. The one place the docks read the rule system's model, so the
widgets stay plain."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from app.rules.nplanetary.place import Place
from core.engine.commands import Command
from core.files.ruleset import show_amount
from core.rules.nplanetary import model
from core.rules.nplanetary.amounts import amount
from core.rules.nplanetary.combat_things import piece_name
from core.rules.nplanetary.model import Installation
from core.rules.nplanetary.orders import (
    Attack,
    Deploy,
    Dock,
    Land,
    LayOrdnance,
    Purchase,
    Transfer,
)
from core.rules.nplanetary.partners import partners as core_partners
from core.rules.nplanetary.tables import TRACKS
from core.vector.orders import Plot, Unplot
from core.vector.state import GameState, Ship, ShipStatus

if TYPE_CHECKING:
    from collections.abc import Callable

#: the goods, in the order the docks list them
GOODS = ("fuel", "supplies", "ore", "water")

PHASE_HELP = {
    "ordnance": "Each armed ship may release one piece of ordnance it carries.",
    "combat": "Ships and bases with working weapons may attack anything in sight.",
    "movement": "Plot each ship's burn on the map, or land or dock instead.",
    "development": "Bases buy ships and cargo; ships deploy the bases and outposts they carry.",
    "logistics": "Ships and bases move cargo and fuel between them.",
}

PHASE_NOTE = {
    "development": "Buy and deploy in the Cargo & Economy dock.",
    "logistics": "Order transfers with Transfer… in the Cargo & Economy dock.",
}


@dataclass(frozen=True)
class Holder:
    """A ship, base or outpost as the docks show it."""

    id: str
    name: str
    kind: Literal["ship", "base", "outpost"]
    kind_name: str
    owner: str
    owner_name: str
    place: Place
    strength: int
    attacks: bool
    fuel: str
    fuel_cap: str
    items: tuple[tuple[str, int], ...]
    hold: str
    tracks: tuple[tuple[str, int, int], ...]
    status: str = ""
    open: bool = False
    """Drives and weapons (where it has them) all out: anyone may transfer with it."""

    @property
    def where(self) -> str:
        """Where it is, whole: "At 0506, speed 2, docked at Vesta Depot"."""
        return self.place.sentence()

    @property
    def strength_words(self) -> str:
        if self.strength <= 0:
            return "No combat strength"
        how = "may attack" if self.attacks else "defensive only"
        return f"Combat strength {self.strength} ({how})"

    def stock_lines(self) -> list[str]:
        lines = [f"Fuel {self.fuel}" + (f" of {self.fuel_cap}" if self.fuel_cap else "")]
        if self.hold:
            lines.append(f"Hold {self.hold}")
        carried = [f"{n} {item}" for item, n in self.items]
        lines.append("Carries " + (", ".join(carried) if carried else "nothing"))
        return lines

    def amount(self, item: str) -> int:
        return next((n for k, n in self.items if k == item), 0)


def _tracks(state: GameState, thing: Ship | Installation) -> tuple[tuple[str, int, int], ...]:
    cap = model.capacity(state, thing)
    damage = model.damage_of(thing)
    return tuple((t, damage.of(t), cap.of(t)) for t in TRACKS if cap.of(t) > 0)


def _open(state: GameState, thing: Ship | Installation) -> bool:
    return model.failed(state, thing, "weapons") and (
        isinstance(thing, Installation) or model.failed(state, thing, "drives")
    )


def place(state: GameState, thing: Ship | Installation) -> Place:
    """Where ``thing`` is, as the docks word it (:class:`Place`)."""
    at = state.starmap.bounds.labels.format(thing.motion.position)
    if isinstance(thing, Installation):
        return Place(at, None, thing.site, thing.body or "")
    speed = thing.motion.velocity.speed
    # landed first: a ship landed at a surface base is docked at it too, and the Ships
    # dock says "landed" of it
    if thing.status is ShipStatus.LANDED and thing.landed_at:
        return Place(at, speed, "landed", name_of(state, thing.landed_at))
    if thing.docked_at:
        return Place(at, speed, "docked", name_of(state, thing.docked_at))
    if thing.orbit:
        return Place(at, speed, "orbit", thing.orbit)
    return Place(at, speed)


def ship_holder(state: GameState, ship: Ship) -> Holder:
    unit = state.rules.unit(ship.unit)
    hold = model.hold_of(ship)
    dry, _wet = model.cargo_used(state, hold)
    cap = int(unit.cargo or 0)
    status = [] if ship.in_play else [ship.status.value]
    if ship.in_play and model.failed(state, ship, "drives"):
        status.append("drives disabled")
    if ship.in_play and unit.military and model.failed(state, ship, "weapons"):
        status.append("weapons disabled")
    return Holder(
        ship.id,
        ship.name,
        "ship",
        unit.name,
        ship.owner,
        state.player(ship.owner).name,
        place(state, ship),
        model.strength(state, ship),
        bool(unit.military),
        show_amount(ship.fuel),
        show_amount(unit.fuel) if unit.fuel is not None else "",
        hold.items,
        f"{dry} of {cap} points" if cap else "none",
        _tracks(state, ship),
        ", ".join(status).capitalize(),
        _open(state, ship),
    )


def installation_holder(state: GameState, inst: Installation) -> Holder:
    kind = model.tables_of(state).installation(inst.kind)
    items = tuple((k, n) for k, n in inst.stocks if k != "fuel")
    status = "Weapons disabled" if model.failed(state, inst, "weapons") and kind.strength else ""
    return Holder(
        inst.id,
        inst.name,
        "base" if inst.kind == "base" else "outpost",
        kind.name,
        inst.owner,
        state.player(inst.owner).name,
        place(state, inst),
        model.strength(state, inst),
        kind.strength > 0,
        str(inst.amount("fuel")),
        "",
        items,
        "",
        _tracks(state, inst),
        status,
        _open(state, inst),
    )


def holders(state: GameState, owner: str | None = None) -> list[Holder]:
    """Every installation, then every ship in play (of ``owner`` only, if given)."""
    found = [installation_holder(state, i) for i in model.holdings_of(state).installations]
    found += [ship_holder(state, s) for s in state.ships if s.in_play]
    return [h for h in found if owner is None or h.owner == owner]


def holder(state: GameState, thing_id: str | None) -> Holder | None:
    if thing_id is None:
        return None
    inst = model.find_installation(state, thing_id)
    if inst is not None:
        return installation_holder(state, inst)
    try:
        return ship_holder(state, state.ship(thing_id))
    except KeyError:
        return None


def name_of(state: GameState, thing_id: str) -> str:
    """A ship's, installation's or piece of ordnance's name for the docks."""
    inst = model.find_installation(state, thing_id)
    if inst is not None:
        return inst.name
    try:
        return state.ship(thing_id).name
    except KeyError:
        pass
    try:
        piece = state.piece(thing_id)
    except KeyError:
        return thing_id
    return piece_name(state, piece)  # as the event log and the combat preview say it


def _goods(goods: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(amount(n, g) for g, n in goods)


def describe(state: GameState, order: Command) -> str:
    """An order in the players' words, as the Orders dock lists it."""
    n: Callable[[str], str] = lambda thing_id: name_of(state, thing_id)  # noqa: E731
    o = state.starmap.bounds.orientation
    if isinstance(order, LayOrdnance):
        turn = " then ".join(d.name_in(o) for d in order.burn)
        return f"{n(order.ship)} releases a {order.kind}" + (f", turning {turn}" if turn else "")
    if isinstance(order, Attack):
        how = "all its strength" if order.strength is None else f"strength {order.strength}"
        return f"{n(order.attacker)} attacks {', '.join(n(t) for t in order.targets)} ({how})"
    if isinstance(order, Land):
        return f"{n(order.ship)} lands at {n(order.base)}"
    if isinstance(order, Dock):
        return f"{n(order.ship)} docks at {n(order.base)}"
    if isinstance(order, Purchase):
        return f"{n(order.base)} buys {order.count} {order.item}"
    if isinstance(order, Deploy):
        return f"{n(order.ship)} deploys its {order.kind}"
    if isinstance(order, Transfer):
        # "gives 1 fuel to X and takes 5 ore from it", as the log says it when resolved
        parts, other = [], n(order.other)
        if order.give:
            parts.append(f"gives {_goods(order.give)} to {other}")
        if order.take:
            parts.append(f"takes {_goods(order.take)} from {'it' if parts else other}")
        return f"{n(order.party)} {' and '.join(parts) or 'exchanges nothing with ' + other}"
    if isinstance(order, Plot):
        return f"{n(order.ship)}: course plotted on the map"
    if isinstance(order, Unplot):
        return f"{n(order.ship)}: course taken back"
    return type(order).__name__


def phase_help(phase: str) -> str:
    return PHASE_HELP.get(phase, "")


def phase_note(phase: str) -> str:
    return PHASE_NOTE.get(phase, "")


def partners(state: GameState, end: str) -> list[str]:
    """The ships and bases ``end`` may transfer with (the rule system's answer)."""
    inst = model.find_installation(state, end)
    return core_partners(state, inst if inst is not None else state.ship(end))
