"""The questions the squadron page asks of the game as the player at the table sees it:
where the selected squadrons may move, what a firer may fire at, the damage a fire order
would do (shown before the order is given), and who may supply a repair."""

from __future__ import annotations

from dataclasses import dataclass

from core.board.hexgrid import Hex
from core.engine.words import plural
from core.rules.squadrons.commands import Fire
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


#: the tooltip of a counter's row in the stack list (its text explained)
ROW_TIP = (
    "{name}: Attack/Defense as they are now, the hits taken, and the target of a fire "
    "order given this step. Select it to see its sheet."
)


def row_text(state: SquadronGame, counter: Counter) -> str:
    """A counter's row in the stack list: name, side, attack/defense now, hits, and
    "→ target" once it has a fire order this step (two frigates told apart by it)."""
    f = now(state, counter)
    hits = f", {counter.hits} hits" if counter.hits else ""
    text = f"{counter.name} ({counter.side}) {f.attack}/{f.defense}{hits}"
    for order in state.sealed:
        if isinstance(order, Fire) and order.firer == counter.id:
            target = state.counter(order.target)
            text += " → " + (target.name if target is not None else 'the "?"')
    return text


def all_targets(state: SquadronGame, firer: Counter) -> list[tuple[str, Target]]:
    """Everything ``firer`` may fire at, nearest first, each titled with its hex and
    distance (and hits taken): the Target box, whatever part of the board is in view."""
    if firer.place is None:
        return []
    board = state.world.board(firer.place.system)
    found: list[tuple[str, Target]] = []
    for h in sorted(in_range(state, firer), key=firer.place.hex.distance):
        away = plural(firer.place.hex.distance(h), "hex")
        for target in targets(state, firer, h):
            hit = state.counter(target.id)
            hits = f", {hit.hits} hits" if hit is not None and hit.hits else ""
            found.append((f"{target.title} ({board.label(h)}, {away}{hits})", target))
    return found


def no_target(state: SquadronGame | None, firer: Counter | None) -> str:
    """What the fire panel says with nothing to aim at: why, or what to do."""
    if state is None or firer is None:
        return "Select one of your counters, then click a target within its attack range."
    factors = now(state, firer)
    if factors.attack <= 0:
        return f"The {firer.name} has no Attack left: it cannot fire."
    return f"Nothing the {firer.name} may fire at is within {plural(factors.attack_range, 'hex')}."
