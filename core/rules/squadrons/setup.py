"""What a squadron game starts from (a scenario, read by
:mod:`core.rules.squadrons.scenario`) and the first state made of it with the seats."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.engine.serial import register
from core.engine.system import Seat
from core.rules.squadrons.cost_schemes import DEFAULT_SCHEME as DEFAULT_COSTS
from core.rules.squadrons.events import DayBegins
from core.rules.squadrons.state import (
    DEFAULT_SWITCHES,
    Counter,
    Place,
    SquadronGame,
    Veil,
    Victory,
)


@register
@dataclass(frozen=True)
class Setup:
    """A scenario's start: the boards, the two sides (side one first), every counter
    where it stands, the "?" counters placed and in hand, how it is won, switches."""

    title: str
    world: Any
    sides: tuple[str, ...]
    counters: tuple[Counter, ...]
    veils: tuple[Veil, ...] = ()
    in_hand: tuple[tuple[str, int], ...] = ()
    victory: Victory | None = None
    switches: tuple[tuple[str, bool], ...] = ()
    #: points each side that buys its navy before play may still spend, by side
    budgets: tuple[tuple[str, int], ...] = ()
    #: where each buying side's purchases start, by side
    deploy: tuple[tuple[str, Place], ...] = ()
    #: the cost scheme purchases are checked under
    cost_scheme: str = "seed"

    def squadron_budgets(self) -> dict[str, int]:
        """Points by side for the purchases step (empty: the navies are given)."""
        return dict(self.budgets)


def start_state(setup: Setup, seats: Sequence[Seat]) -> tuple[SquadronGame, list[Event]]:
    """The first state: day 1, side one's first movement step."""
    if len(setup.sides) != 2:
        raise IllegalCommand("a squadron game is played by two sides")
    for seat in seats:
        if seat.side not in setup.sides:
            sides = " or ".join(setup.sides)
            raise IllegalCommand(f"{seat.name} plays {seat.side!r}; this scenario has {sides}")
    for side in setup.sides:
        if not any(s.side == side for s in seats):
            raise IllegalCommand(f"nobody plays {side}")
        if side in dict(setup.budgets) and not any(c.side == side for c in setup.counters):
            raise IllegalCommand(f"{side} has no counters: buy its navy first")
    switches = dict(DEFAULT_SWITCHES)
    switches.update(dict(setup.switches))
    hand = dict(setup.in_hand)
    state = SquadronGame(
        players=tuple(seats),
        sides=setup.sides,
        world=setup.world,
        counters=setup.counters,
        veils=setup.veils,
        in_hand=tuple((s, hand.get(s, 0)) for s in setup.sides),
        victory=setup.victory,
        switches=tuple(sorted(switches.items())),
        title=setup.title,
        costs="" if setup.cost_scheme == DEFAULT_COSTS else setup.cost_scheme,
        next_id=1 + len(setup.veils),
    )
    return state, [DayBegins(f"{setup.title or 'the game'}: day 1 begins", 1)]
