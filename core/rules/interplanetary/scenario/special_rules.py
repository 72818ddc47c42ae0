"""A scenario's special rules in play (:class:`~core.rules.interplanetary.scenario.terms.Terms` in
the state).

- **No-fire zones** (the Great planet race's Earth zone, Training's variation): no gun
  fires from or into them and no weapon is launched from or into them
  (:func:`fire_refused`, :func:`launch_refused`, asked by
  :mod:`core.rules.interplanetary.combat.guns` and
  :mod:`core.rules.interplanetary.combat.ordnance`). A zone that lasts ``until_left`` lifts for
  good at the end of a movement after which no ship is inside it.
- **Another side at the helm** (Industrial sabotage: the mercenaries fly the science ship
  every 5th round): at the start of each round the ship passes to the first player of
  the side whose round it is, and back; while they fly it, a course that would destroy
  it at once is refused (:func:`course_refused`, asked through the vector hook of that
  name when a plan is checked, :func:`core.vector.course_check.check_plan`).
- **Coming back** (Last man standing's variation): at the end of a turn, a destroyed ship
  is taken off the map and returns a d6 rounds later where it started, repaired,
  refuelled and rearmed as it began.
- **Ships moving last** and **leaving the map their own way** (Industrial sabotage's
  science ship): asked by vector movement through the hooks :func:`moves_last` and
  :func:`leaving`.
- **Bases that make weapons** (Hostile takeover's kinetic busters): at the start of every
  so many rounds a base adds one to its stock, which its side's ships load for free
  (:func:`take_from_stock`, asked by :mod:`core.rules.interplanetary.bases`).
"""

from __future__ import annotations

from dataclasses import replace

from core.board.hexgrid import ZERO, Hex
from core.board.starmap import Leaving
from core.engine.dice import Rolled
from core.engine.events import Event, event
from core.engine.words import plural
from core.rules.interplanetary.aid.carried import aid_of
from core.rules.interplanetary.scenario.terms import (
    Boarded,
    NoFire,
    Terms,
    no_fire_zone,
    terms_of,
)
from core.vector.course import Crash, ForbiddenAsteroid
from core.vector.motion import Motion
from core.vector.movement import MoveResult
from core.vector.state import GameState, Ship, ShipStatus
from core.vector.victory import now


@event
class ZoneLifted(Event):
    zone: str


@event
class HelmChanged(Event):
    ship: str
    player: str


@event
class ShipComesBack(Event):
    ship: str
    rounds: int


@event
class WeaponMade(Event):
    base: str
    weapon: str


# ---- no-fire zones ----


def zone_at(state: GameState, h: Hex) -> str | None:
    """The no-fire zone the hex lies in, if any."""
    terms = terms_of(state)
    if terms is None or not terms.no_fire:
        return None
    return no_fire_zone(terms, [z.name for z in state.starmap.zones_at(h)])


def fire_refused(state: GameState, ship: Ship, target: Ship) -> str | None:
    """Why ``ship`` may not fire at ``target`` because of a no-fire zone, or None."""
    for who, where in ((ship, "from"), (target, "into")):
        zone = zone_at(state, who.motion.position)
        if zone is not None:
            return f"no gun may fire {where} {zone}: it is a no-fire zone ({who.name} is in it)"
    return None


def launch_refused(state: GameState, ship: Ship, motion: Motion) -> str | None:
    """Why ``ship`` may not launch a weapon that would fly ``motion``, or None."""
    zone = zone_at(state, ship.motion.position)
    if zone is not None:
        return f"no weapon may be launched from {zone}: it is a no-fire zone"
    zone = zone_at(state, motion.position)
    if zone is not None:
        return f"no weapon may be launched into {zone}: it is a no-fire zone"
    return None


def lift_zones(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """A zone that lasts until everyone has left lifts once no ship is inside it."""
    terms = terms_of(state)
    if terms is None or not any(rule.until_left for rule in terms.no_fire):
        return state, []
    kept: list[NoFire] = []
    events: list[Event] = []
    for rule in terms.no_fire:
        if rule.until_left and not _anyone_in(state, rule.zones):
            zones = " and ".join(rule.zones)
            text = f"Every ship has left {zones}: it is no longer a no-fire zone"
            events.append(ZoneLifted(text, zones))
            continue
        kept.append(rule)
    return replace(state, terms=replace(terms, no_fire=tuple(kept))), events


def _anyone_in(state: GameState, zones: tuple[str, ...]) -> bool:
    for ship in state.ships:
        if ship.in_play and any(
            z.name in zones for z in state.starmap.zones_at(ship.motion.position)
        ):
            return True
    return False


# ---- the start of a round: the helm, production ----


def new_round(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    terms = terms_of(state)
    if terms is None:
        return state, []
    state, events = _helm(state, terms)
    state, made = _produce(state)
    return state, events + made


def _helm(state: GameState, terms: Terms) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for rule in terms.control:
        ship = next((s for s in state.ships if s.id == rule.ship), None)
        if ship is None or not ship.in_play:
            continue
        side = rule.side if state.round % rule.every == 0 else ship.side
        pilot = next((p for p in state.players if p.side == side), None)
        if pilot is None or pilot.id == ship.owner:
            continue
        state = state.with_ship(replace(ship, owner=pilot.id))
        why = f"every {rule.every}th round" if side == rule.side else "again"
        text = f"{pilot.name} ({side}) flies {ship.name} this round ({why})"
        events.append(HelmChanged(text, ship.id, pilot.id))
    return state, events


def course_refused(state: GameState, ship: Ship, result: MoveResult) -> str | None:
    """Why a course for ``ship`` is refused while another side flies it: one that would
    destroy it at once (a crash into a body, or special asteroids it may not enter).
    Risks are allowed: asteroids, weapons in flight. None when the course is allowed."""
    terms = terms_of(state)
    rule = next((c for c in terms.control if c.ship == ship.id), None) if terms else None
    if rule is None or not rule.safe or state.player(ship.owner).side == ship.side:
        return None
    for hazard in result.hazards:
        if isinstance(hazard, Crash | ForbiddenAsteroid):
            return (
                f"{ship.name} is not yours to destroy: while {rule.side} fly it, a course "
                "that would destroy it at once is refused"
            )
    return None


def _produce(state: GameState) -> tuple[GameState, list[Event]]:
    terms = terms_of(state)
    assert terms is not None
    events: list[Event] = []
    done = state.round - 1  # full rounds played
    for base in terms.bases:
        if base.base in state.bases_lost:
            continue
        for weapon, every in base.produce:
            if done > 0 and done % every == 0:
                base = base.with_stock(weapon, base.in_stock(weapon) + 1)
                terms = terms.with_base(base)
                name = _weapon_name(state, weapon)
                text = f"{base.base} has made a {name} ({base.in_stock(weapon)} in stock)"
                events.append(WeaponMade(text, base.base, weapon))
    return replace(state, terms=terms), events


def _weapon_name(state: GameState, weapon: str) -> str:
    aid = aid_of(state.rules)
    return aid.launched_weapon(weapon).name if aid is not None else weapon


def take_from_stock(state: GameState, ship: Ship, base: str, weapon: str) -> GameState | None:
    """The state with one ``weapon`` taken from ``base``'s stock for ``ship``, or None
    when the base holds none for the ship's side."""
    terms = terms_of(state)
    own = terms.base(base) if terms is not None else None
    if terms is None or own is None or own.in_stock(weapon) < 1:
        return None
    if own.side is not None and own.side != ship.side:
        return None
    own = own.with_stock(weapon, own.in_stock(weapon) - 1)
    return replace(state, terms=terms.with_base(own))


def closed(state: GameState, base: str) -> bool:
    """Whether the scenario closes ``base`` to every ship."""
    terms = terms_of(state)
    return terms is not None and terms.closed(base)


# ---- coming back ----


def come_back(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    terms = terms_of(state)
    if terms is None or not terms.respawn:
        return state, []
    events: list[Event] = []
    for ship in state.ships:
        start = terms.start_of(ship.id)
        if ship.status is not ShipStatus.DESTROYED or start is None:
            continue
        state, rolled = state_roll(state, f"{ship.name} comes back in a d6 rounds")
        events.append(rolled)
        rounds = rolled.total
        back = replace(
            ship,
            status=ShipStatus.OFF_MAP,
            returns_in=rounds,
            motion=Motion(start.motion.position, ZERO),
            fuel=state.rules.unit(ship.unit).fuel,
            manifest=start.manifest,
            disabled=False,
            disabled_for=0,
            docked_at=None,
            landed_at=None,
            orbit=None,
        )
        state = state.with_ship(back)
        text = f"{ship.name} will come back where it started in {plural(rounds, 'round')}"
        events.append(ShipComesBack(text, ship.id, rounds))
    return state, events


def state_roll(state: GameState, why: str) -> tuple[GameState, Rolled]:
    dice, rolled = state.dice.roll(why)
    return replace(state, dice=dice), rolled


# ---- ships moving last, leaving the map their own way (vector movement's hooks) ----


def moves_last(state: GameState) -> tuple[str, ...]:
    """The ships the scenario moves after every other ship."""
    terms = terms_of(state)
    return terms.moves_last if terms is not None else ()


def leaving(state: GameState, ship: Ship) -> Leaving | None:
    """What leaving the map means for ``ship`` if the scenario says (None: the game's)."""
    terms = terms_of(state)
    return terms.leaving_of(ship.id) if terms is not None else None


# ---- the records the victory conditions read ----


def note_losses(state: GameState) -> GameState:
    """Note when each base fell (a kinetic buster's work), for Headquarters."""
    terms = terms_of(state)
    if terms is None or not state.bases_lost:
        return state
    known = {b for b, _ in terms.lost_at}
    new = sorted(state.bases_lost - known)
    if not new:
        return state
    lost = (*terms.lost_at, *((b, now(state)) for b in new))
    return replace(state, terms=replace(terms, lost_at=lost))


# ---- boarding's record ----


def record_boarding(state: GameState, target: str, boarder: str) -> GameState:
    """Note that ``boarder`` subdued ``target`` (the boarding rule calls this), for the
    Heist victory: the boarder now carries the target's secrets."""
    terms = terms_of(state) or Terms()
    wells = len(state.ship(boarder).wells)
    record = Boarded(target, boarder, wells)
    return replace(state, terms=replace(terms, boarded=(*terms.boarded, record)))
