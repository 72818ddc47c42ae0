"""The questions the squadron page asks of the game as the player at the table sees it:
where the selected squadrons may move, what a firer may fire at, the damage a fire order
would do (shown before the order is given), and who may supply a repair."""

from __future__ import annotations

from dataclasses import dataclass

from core.board.hexgrid import Hex
from core.engine.words import plural
from core.rules.squadrons.damage import halved, hit, now
from core.rules.squadrons.factors import FACTOR_NAMES, FACTOR_TITLES
from core.rules.squadrons.state import Counter, Place, SquadronGame

#: hits allotted to factors under the alternative damage rule, as (factor, hits)
Allot = tuple[tuple[str, int], ...]

#: the factors hits past defense may be allotted to
ALLOTTABLE = tuple(n for n in FACTOR_NAMES if n != "defense")


def reach(state: SquadronGame, ids: list[str]) -> list[Hex]:
    """The hexes the counters ``ids`` (one hex's) may move to together this step."""
    counters = [c for i in ids if (c := state.counter(i)) is not None and c.place is not None]
    if not counters:
        return []
    left = min(now(state, c).maneuver - c.spent for c in counters)
    if left <= 0:
        return []
    place = counters[0].place
    assert place is not None
    board = state.world.board(place.system)
    return [h for h in board.within(place.hex, left) if h != place.hex]


@dataclass(frozen=True)
class Target:
    """Something a firer may aim at: a counter, or an enemy "?" (the fire falls on what
    is under it, halved)."""

    id: str
    title: str
    veiled: bool


def targets(state: SquadronGame, firer: Counter, at: Hex) -> list[Target]:
    """What ``firer`` may fire at in hex ``at`` (nothing when out of range)."""
    if firer.place is None:
        return []
    place = Place(firer.place.system, at)
    if firer.place.hex.distance(at) > now(state, firer).attack_range:
        return []
    found: list[Target] = []
    for v in state.veils:
        if v.side != firer.side and v.system == place.system and v.hex == at:
            found.append(Target(v.id, 'the "?" counter', True))
    if not state.veiled(state.enemy_of(firer.side), place):
        for c in state.on_board():
            if c.side != firer.side and c.place == place:
                found.append(Target(c.id, c.name, False))
    return found


def in_range(state: SquadronGame, firer: Counter) -> list[Hex]:
    """The hexes within ``firer``'s attack range holding something to fire at."""
    if firer.place is None or now(state, firer).attack <= 0:
        return []
    board = state.world.board(firer.place.system)
    reachable = board.within(firer.place.hex, now(state, firer).attack_range)
    return [h for h in reachable if targets(state, firer, h)]


def preview(state: SquadronGame, firer: Counter, target: Target, allot: Allot = ()) -> str:
    """The damage a fire order would do, in words, before it is given (with allotted
    damage, ``allot`` names the factors the hits past defense go to)."""
    hits = now(state, firer).attack
    if target.veiled:
        half = halved(hits, round_up=state.switch("half_damage_rounds_up"))
        return (
            f'{firer.name} fires {hits} at the "?": whatever is under it takes half, '
            f"{plural(half, 'hit')} (nothing if it hides no counter)"
        )
    victim = state.counter(target.id)
    if victim is None:
        return ""
    before = now(state, victim)
    after = now(state, hit(victim, hits, allot if state.switch("allotted_damage") else None))
    absorbed = min(hits, before.defense)
    changes = [
        f"{FACTOR_TITLES[n]} {before.get(n)}→{after.get(n)}"
        for n in FACTOR_NAMES
        if before.get(n) != after.get(n)
    ]
    fuel = " and loses a fuel counter" if victim.fuel else ""
    return (
        f"{firer.name} fires {hits} at {victim.name}: defense absorbs {absorbed}; "
        f"{', '.join(changes) or 'no factor changes'}{fuel}."
    )


def repairs_left(state: SquadronGame | None, counter: Counter) -> int:
    """How many more hits ``counter`` may repair in this repair step: one, and one more
    per admiral, while it has hits."""
    if state is None or counter.hits <= 0:
        return 0
    done = dict(state.repaired).get(counter.id, 0)
    return max(0, min(counter.hits, 1 + counter.admirals - done))


def supply_sources(state: SquadronGame, counter: Counter) -> list[tuple[str, str]]:
    """Who may supply a repair of ``counter``: (title, source id; "" for its own)."""
    found: list[tuple[str, str]] = []
    if counter.supply > 0:
        found.append((f"its own supply ({counter.supply})", ""))
    for c in state.on_board(counter.side):
        if c.id != counter.id and c.place == counter.place and c.supply > 0:
            found.append((f"{c.name}'s supply ({c.supply})", c.id))
    return found
