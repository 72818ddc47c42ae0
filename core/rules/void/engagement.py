"""The end of a tactical engagement (System III Void): what it costs the ships in it."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from core.engine.events import Event, event
from core.vector.state import GameState


@event
class EngagementFuel(Event):
    ship: str
    fuel: Fraction


def end_engagement(state: GameState) -> tuple[GameState, list[Event]]:
    """A tactical engagement is over: each surviving ship pays the ruleset's fuel for it
    (System III Void: one point for the whole engagement, none per burn)."""
    cost = state.rules.engagement_fuel
    if cost == 0:
        return state, []
    events: list[Event] = []
    ships = []
    for ship in state.ships:
        if ship.in_play:
            paid = min(cost, ship.fuel)
            ship = replace(ship, fuel=ship.fuel - paid)
            events.append(
                EngagementFuel(f"{ship.name} pays {paid} fuel for the engagement", ship.id, paid)
            )
        ships.append(ship)
    return replace(state, ships=tuple(ships)), events
