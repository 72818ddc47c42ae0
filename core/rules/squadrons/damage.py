"""Damage: a counter's factors now, from its design and the hits it carries, and what a
hit and a repair do to it.

The seed's rule: hits fall on the defense factor first; whatever defense cannot absorb
is taken in full from every other factor (the cruiser example in
``tests/core/rules/squadrons/test_damage.py``). Every hit also takes one fuel counter.
With the alternative rule (switch ``allotted_damage``) the hits past defense are marked
against the factors the firing side names instead. Admirals add one each to sensor
range, attack and attack range while that factor is above 0.
"""

from __future__ import annotations

from dataclasses import replace

from core.rules.squadrons.factors import FACTOR_NAMES, Factors
from core.rules.squadrons.state import Counter, SquadronGame

#: the factors an admiral adds one to
ADMIRAL_FACTORS = ("sensor", "attack", "attack_range")


def factors(counter: Counter, *, supply_takes_damage: bool = True) -> Factors:
    """What ``counter`` can do now: its design worn down by its hits, plus admirals."""
    design = counter.design.factors
    values: dict[str, int]
    if counter.allotted:
        marked = dict(counter.allotted)
        values = {name: max(0, design.get(name) - marked.get(name, 0)) for name in FACTOR_NAMES}
    elif counter.hits:
        through = max(0, counter.hits - design.defense)
        values = {name: max(0, design.get(name) - through) for name in FACTOR_NAMES}
        values["defense"] = max(0, design.defense - counter.hits)
    else:
        values = dict(design.items())
    if not supply_takes_damage:
        values["supply"] = design.supply
    for name in ADMIRAL_FACTORS:
        if counter.admirals and values[name] > 0:
            values[name] += counter.admirals
    return Factors(**values)


def destroyed(counter: Counter, *, supply_takes_damage: bool = True) -> bool:
    """A counter that has taken hits and has every factor at 0 is out of play (a
    ruling: the seed never says). Supply keeps it in play only while damage can reach
    supply."""
    if not counter.hits:
        return False
    now = factors(counter, supply_takes_damage=supply_takes_damage)
    return not any(v for name, v in now.items() if supply_takes_damage or name != "supply")


def halved(hits: int, *, round_up: bool) -> int:
    """Half damage to a counter under a "?": rounded down, or up with the switch."""
    return (hits + 1) // 2 if round_up else hits // 2


def hit(counter: Counter, hits: int, allot: tuple[tuple[str, int], ...] | None = None) -> Counter:
    """``counter`` after a damage counter of ``hits`` (0: a miss that costs nothing).
    ``allot`` (the alternative rule) marks the hits past defense against named factors;
    any left over fall on the other factors one by one in counter order."""
    if hits <= 0:
        return counter
    fuel = max(0, counter.fuel - 1)
    if allot is None:
        return replace(counter, hits=counter.hits + hits, fuel=fuel)
    marked = dict(counter.allotted)
    design = counter.design.factors
    absorbed = min(hits, max(0, design.defense - marked.get("defense", 0)))
    if absorbed:
        marked["defense"] = marked.get("defense", 0) + absorbed
    left = hits - absorbed
    for name, wanted in allot:
        if name in FACTOR_NAMES and name != "defense" and left > 0:
            take = min(max(0, wanted), left)
            marked[name] = marked.get(name, 0) + take
            left -= take
    others = [n for n in FACTOR_NAMES if n != "defense" and design.get(n) > marked.get(n, 0)]
    while left > 0 and others:
        for name in list(others):
            if left <= 0:
                break
            marked[name] = marked.get(name, 0) + 1
            left -= 1
            if marked[name] >= design.get(name):
                others.remove(name)
    allotted = tuple((n, marked[n]) for n in FACTOR_NAMES if marked.get(n))
    return replace(counter, hits=counter.hits + hits, fuel=fuel, allotted=allotted)


def repaired(counter: Counter) -> Counter:
    """``counter`` with one hit removed. With allotted damage the hit comes off the
    first factor in counter order that carries one, defense last (as even damage
    restores the other factors before defense)."""
    if counter.hits <= 0:
        return counter
    if not counter.allotted:
        return replace(counter, hits=counter.hits - 1)
    marked = dict(counter.allotted)
    order = [n for n in FACTOR_NAMES if n != "defense"] + ["defense"]
    name = next((n for n in order if marked.get(n)), None)
    if name is not None:
        marked[name] -= 1
    allotted = tuple((n, marked[n]) for n in FACTOR_NAMES if marked.get(n))
    return replace(counter, hits=counter.hits - 1, allotted=allotted)


def now(state: SquadronGame, counter: Counter) -> Factors:
    """``counter``'s factors now under the game's switches."""
    return factors(counter, supply_takes_damage=state.switch("supply_takes_damage"))
