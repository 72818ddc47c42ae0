"""The end of the round (seed "End of Round"): what bases and outposts produce.

Each base standing on a major or minor planet (on it, not in orbit) gains supplies; a
base standing on one of the fuel bodies (Earth, Europa, Titan) also gains fuel; each
outpost gains ore or water, as its asteroid holds. The amounts and bodies are the
tables' ``[nplanetary.income]`` and ``[nplanetary.bodies]``.

np-core calls :func:`end_of_round` once a round, after the logistics phase
(``core.rules.nplanetary.phases.ROUND_END``).

Rulings (docs/rules/nplanetary.md): "on" a body is a base on its surface (a scenario's
planetary base) or one deployed at rest at a minor planet; a base in orbit or in open
space gains nothing, nor does a base on an asteroid that is not a minor planet; a damaged
base produces all the same.
"""

from __future__ import annotations

from core.engine.events import Event, event
from core.rules.nplanetary.amounts import amount
from core.rules.nplanetary.model import Installation, holdings_of, tables_of, with_installation
from core.rules.nplanetary.sites import asteroid_good
from core.vector.state import GameState


@event
class Produced(Event):
    """An installation's income at the end of the round: ``goods`` by id and amount."""

    installation: str
    owner: str
    goods: tuple[tuple[str, int], ...]


def income_of(state: GameState, inst: Installation) -> dict[str, int]:
    """What ``inst`` gains at the end of the round (nothing: an empty dict)."""
    t = tables_of(state)
    if inst.kind == "outpost":
        return {asteroid_good(state, inst.motion.position): t.income.outpost_yield}
    if inst.kind != "base" or inst.site not in ("surface", "minor") or inst.body is None:
        return {}
    gains: dict[str, int] = {}
    if t.planet_kind(inst.body):
        gains["supplies"] = t.income.surface_supplies
    if inst.body in t.income.fuel_bodies:
        gains["fuel"] = t.income.fuel
    return {g: n for g, n in gains.items() if n}


def end_of_round(state: GameState) -> tuple[GameState, list[Event]]:
    """Every installation's income, in the order they were placed."""
    events: list[Event] = []
    for inst in holdings_of(state).installations:
        gains = income_of(state, inst)
        if not gains:
            continue
        for good, n in sorted(gains.items()):
            inst = inst.with_amount(good, inst.amount(good) + n)
        state = with_installation(state, inst)
        words = " and ".join(amount(n, g) for g, n in sorted(gains.items()))
        text = f"end of round: {inst.name} gains {words}"
        events.append(Produced(text, inst.id, inst.owner, tuple(sorted(gains.items()))))
    return state, events
