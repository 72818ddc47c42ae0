"""What one side may see: a view of the game built up from what that side is allowed,
never by blanking out what it is not (a field added to the state later stays hidden
until it is let in here).

A side sees all of its own. Of the enemy it sees: counters on system boards that no
enemy "?" covers (a "?" on a system board covers its hex; one on the jump board covers
the enemy's whole presence in that system, other "?" included); one "?" per covered hex
(a "?" hides the "?" under it); counters in jump transit with their day, never where
they are going; fleet counters whose counters it sees. It never sees the enemy's jump
orders, sealed fire orders or repairs in hand.
"""

from __future__ import annotations

from dataclasses import replace

from core.board.hexgrid import Hex
from core.rules.squadrons.state import Counter, Jump, SquadronGame, Veil


def hidden(state: SquadronGame, counter: Counter) -> bool:
    """Whether the enemy cannot see ``counter`` on its board now (under a "?" of its
    side there, or in a system its side covers with a jump-board "?"): what is said of
    it then is told to its own side only."""
    place = counter.place
    if place is None:
        return False
    return state.veiled(counter.side, place) or any(
        v.side == counter.side and v.hex is None and v.system == place.system for v in state.veils
    )


def _hidden_systems(state: SquadronGame, enemy: str) -> set[str]:
    return {v.system for v in state.veils if v.side == enemy and v.hex is None}


def _seen_enemy(state: SquadronGame, c: Counter, hidden: set[str]) -> Counter | None:
    if c.transit is not None:
        secret = Jump("", "", Hex(0, 0), 0, c.transit.day)
        return replace(c, transit=secret, jump=None, spent=0)
    if c.place is None or c.place.system in hidden or state.veiled(c.side, c.place):
        return None
    return replace(c, jump=None)


def _seen_veils(state: SquadronGame, side: str, hidden: set[str]) -> tuple[Veil, ...]:
    seen: list[Veil] = []
    covered: set[tuple[str, object]] = set()
    for v in state.veils:
        if v.side == side:
            seen.append(v)
            continue
        if v.hex is not None and v.system in hidden:
            continue
        key = (v.system, v.hex)
        if key not in covered:
            covered.add(key)
            seen.append(v)
    return tuple(seen)


def view(state: SquadronGame, player: str) -> SquadronGame:
    """The game as ``player`` may see it (a seat not in the game sees both sides' open
    counters only, as an onlooker)."""
    side = state.side_of(player) or ""
    enemy = next((s for s in state.sides if s != side), "")
    hidden = _hidden_systems(state, enemy) if side else set()
    counters: list[Counter] = []
    for c in state.counters:
        if c.side == side:
            counters.append(c)
        else:
            seen = _seen_enemy(state, c, _hidden_systems(state, c.side) if not side else hidden)
            if seen is not None:
                counters.append(seen)
    shown = {c.id for c in counters}
    fleets = tuple(f for f in state.fleets if f.side == side or all(m in shown for m in f.members))
    sealed = tuple(o for o in state.sealed if state.side_of(o.player) == side)
    repaired = tuple(
        (cid, n) for cid, n in state.repaired if (x := state.counter(cid)) and x.side == side
    )
    return SquadronGame(
        players=state.players,
        sides=state.sides,
        world=state.world,
        rules=state.rules,
        counters=tuple(counters),
        veils=_seen_veils(state, side, hidden),
        fleets=fleets,
        in_hand=state.in_hand,
        victory=state.victory,
        switches=state.switches,
        title=state.title,
        day=state.day,
        step=state.step,
        repaired=repaired,
        done=state.done,
        sealed=sealed,
        next_id=state.next_id,
        over=state.over,
        winners=state.winners,
        costs=state.costs,  # public: both navies were bought under it
    )
