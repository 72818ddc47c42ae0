"""Who is asked for orders: a player with nothing they could order in a phase is not
asked, and a phase nobody can act in passes by itself (seed "Phases").

What "could order" means in each phase is a ruling (docs/rules/nplanetary.md):
ordnance, an armed ship carrying ordnance; combat, an armed ship or base with some
ship, installation or piece of ordnance within reach (its full strength, less the range,
plus the relative speed, still one or more); movement, a ship with working drives and
fuel, or one that could dock for free; development, a base with supplies enough for the
cheapest purchase, or a ship carrying an installation; logistics, a ship or base with a
partner to transfer with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from core.rules.nplanetary.model import (
    Installation,
    drives_work,
    hold_of,
    holdings_of,
    may_attack,
    strength,
    tables_of,
)
from core.rules.nplanetary.partners import partners
from core.rules.nplanetary.sites import free_docks
from core.vector.state import GameState, Ship
from core.vector.turns import current_phase


def _ships(state: GameState, player: str) -> Iterator[Ship]:
    return (s for s in state.ships if s.owner == player and s.in_play)


def _bases(state: GameState, player: str) -> Iterator[Installation]:
    return (i for i in holdings_of(state).installations if i.owner == player)


def _ordnance(state: GameState, player: str) -> bool:
    kinds = {k.id for k in tables_of(state).ordnance}
    return any(
        may_attack(state, s) and any(hold_of(s).amount(k) for k in kinds)
        for s in _ships(state, player)
    )


def _combat(state: GameState, player: str) -> bool:
    attackers: list[Ship | Installation] = [*_ships(state, player), *_bases(state, player)]
    targets = [
        *((t.id, t.motion.position, t.motion.velocity) for t in state.ships if t.in_play),
        *((i.id, i.motion.position, i.motion.velocity) for i in holdings_of(state).installations),
        *((o.id, o.motion.position, o.motion.velocity) for o in state.ordnance),
    ]
    for a in attackers:
        if not may_attack(state, a):
            continue
        full = strength(state, a)
        for tid, where, velocity in targets:
            if tid == a.id:
                continue
            distance = a.motion.position.distance(where)
            speed = (a.motion.velocity - velocity).speed
            if full - distance + speed >= 1:
                return True
    return False


def _movement(state: GameState, player: str) -> bool:
    for ship in _ships(state, player):
        if drives_work(state, ship) and ship.fuel >= 1:
            return True
        if free_docks(state, ship):
            return True
    return False


def _development(state: GameState, player: str) -> bool:
    t = tables_of(state)
    prices = [k.cost for k in t.ordnance] + [k.cost for k in t.installations]
    prices += [int(u.cost) for u in state.rules.units if u.cost is not None]
    cheapest = min(prices, default=0)
    if any(b.kind == "base" and b.amount("supplies") >= cheapest for b in _bases(state, player)):
        return True
    kinds = [k.id for k in t.installations]
    return any(any(hold_of(s).amount(k) for k in kinds) for s in _ships(state, player))


def _logistics(state: GameState, player: str) -> bool:
    own: list[Ship | Installation] = [*_ships(state, player), *_bases(state, player)]
    return any(partners(state, thing) for thing in own)


ABLE: dict[str, Callable[[GameState, str], bool]] = {
    "ordnance": _ordnance,
    "combat": _combat,
    "movement": _movement,
    "development": _development,
    "logistics": _logistics,
}


def able(state: GameState, player: str) -> bool:
    """Whether ``player`` has anything they could order in the current phase."""
    return ABLE[current_phase(state)](state, player)
