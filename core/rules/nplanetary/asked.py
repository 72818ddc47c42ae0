"""Who is asked for orders: a player with nothing they could order in a phase is not
asked, and a phase nobody can act in passes by itself (seed "Phases").

What "could order" means in each phase is a ruling (docs/rules/nplanetary.md):
ordnance, an armed ship carrying ordnance; combat, an armed ship or base with another
player's ship, installation or piece of ordnance within reach (its full strength, less
the range, plus the relative speed, still one or more: attacking one's own is allowed
but does not by itself call a player to the combat phase); movement, a ship with working drives and
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
from core.rules.nplanetary.sites import free_docks
from core.vector.state import GameState, Ordnance, Ship
from core.vector.turns import current_phase

#: why a player asked while nobody can act has nothing to do (the log says it)
IDLE = "nothing of theirs could be given an order in this phase"


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
    own: list[Ship | Installation] = [*_ships(state, player), *_bases(state, player)]
    attackers = [a for a in own if may_attack(state, a)]
    if not attackers:
        return False
    things: list[Ship | Installation | Ordnance] = [
        *(s for s in state.ships if s.in_play),
        *holdings_of(state).installations,
        *state.ordnance,
    ]
    targets = [(t.motion.position, t.motion.velocity) for t in things if t.owner != player]
    for a in attackers:
        reach = strength(state, a) - 1  # range less closing speed at most this
        (aq, ar), (avq, avr) = a.motion.position, a.motion.velocity
        for (q, r), (vq, vr) in targets:
            dq, dr, sq, sr = aq - q, ar - r, avq - vq, avr - vr
            distance = max(abs(dq), abs(dr), abs(dq + dr))
            if distance - max(abs(sq), abs(sr), abs(sq + sr)) <= reach:
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
    """Someone to transfer with: a base to be docked at, a ship docked at one's base or
    at the same base, or a ship in the same hex with the same velocity
    (:mod:`core.rules.nplanetary.partners`, counted here in one pass)."""
    bases = {i.id: i.owner for i in holdings_of(state).installations}
    together: dict[tuple[object, object], int] = {}
    docked: dict[str, int] = {}
    for s in state.ships:
        if s.in_play:
            key = (s.motion.position, s.motion.velocity)
            together[key] = together.get(key, 0) + 1
            if s.docked_at in bases:
                docked[s.docked_at] = docked.get(s.docked_at, 0) + 1
    for s in _ships(state, player):
        if s.docked_at in bases or together[(s.motion.position, s.motion.velocity)] > 1:
            return True
    return any(docked.get(b, 0) for b, owner in bases.items() if owner == player)


ABLE: dict[str, Callable[[GameState, str], bool]] = {
    "ordnance": _ordnance,
    "combat": _combat,
    "movement": _movement,
    "development": _development,
    "logistics": _logistics,
}


#: the last answers, for the state's parts they depend on (a sealed phase changes only
#: the envelope, so every order given in it asks about the same parts again)
_SEEN: list[tuple[tuple[object, ...], dict[str, bool]]] = []


def _answers(state: GameState) -> dict[str, bool]:
    parts = (state.ships, state.terms, state.ordnance, state.rules, state.phase, state.round)
    for seen, answers in _SEEN:
        if all(a is b for a, b in zip(seen[:4], parts[:4], strict=True)) and seen[4:] == parts[4:]:
            return answers
    answers = {}
    _SEEN[:] = [(parts, answers), *_SEEN[:3]]
    return answers


def able(state: GameState, player: str) -> bool:
    """Whether ``player`` has anything they could order in the current phase."""
    answers = _answers(state)
    found = answers.get(player)
    if found is None:
        found = answers[player] = ABLE[current_phase(state)](state, player)
    return found
