"""The squadron scenarios as New Game and New Campaign list them: each wraps a
squadron scenario with what those dialogs ask of a scenario (see
:class:`app.play.systems.OwnGame`), and starts the game with the players seated one
side each, side one first."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from app.rules.squadrons.design.purchase_step import SCHEME_KEY
from core.board.problems import FileProblems
from core.engine import play as engine
from core.engine.events import Event
from core.engine.system import Seat
from core.rules.squadrons.design import Purchase
from core.rules.squadrons.purchases import with_purchases
from core.rules.squadrons.scenario import builtin_scenarios, load_scenario
from core.rules.squadrons.setup import Setup
from core.rules.squadrons.state import (
    DEFAULT_SWITCHES,
    RULES,
    SWITCHES,
    SYSTEM_ID,
    SquadronGame,
)

#: the squadron game's switches as New Game's boxes name them (their meaning: the tooltip)
SWITCH_TITLES: dict[str, str] = {
    "allotted_damage": "Damage allotted to chosen factors",
    "half_damage_rounds_up": 'Half damage under a "?" rounds up',
    "supply_takes_damage": "Damage wears down supply",
    "starport_resupply": "A day at a starport refills supply",
    "jump_outside_limit": "Jumps begin outside 100-diameter limits",
}


@dataclass(frozen=True)
class OfferRules:
    """What the dialogs read of a scenario's rules: its system, its switches' values
    (none of them a vector game's optional rule) and their titles and meanings. The
    game rolls no dice, so New Game offers no dice seed."""

    system_id: str = SYSTEM_ID
    id: str = SYSTEM_ID
    rolls_dice: bool = False

    def switch_values(self, switches: Sequence[tuple[str, bool]] = ()) -> dict[str, bool]:
        values = dict(DEFAULT_SWITCHES)
        values.update(dict(switches))
        return values

    @property
    def switch_titles(self) -> dict[str, tuple[str, str]]:
        return {k: (SWITCH_TITLES.get(k, k), meaning) for k, meaning in SWITCHES.items()}


@dataclass(frozen=True)
class SquadronOffer:
    """A squadron scenario in the new-game dialogs. ``setup`` makes its start (with
    the sides' purchases, by side name, where it has points to spend)."""

    id: str
    name: str
    description: str
    setup: Callable[[Mapping[str, Any]], Setup] = field(compare=False)
    budgets: Mapping[str, int] = field(default_factory=dict, compare=False)
    cost_scheme: str = "seed"
    min_players: int = 2
    max_players: int = 2
    switches: tuple[tuple[str, bool], ...] = ()
    rules: OfferRules = field(default_factory=OfferRules)

    def squadron_budgets(self) -> Mapping[str, int]:
        """Points by side for the purchases step (none: the navies are given)."""
        return self.budgets

    def start(
        self, seats: Sequence[Any], seed: int, outfits: Mapping[str, Any] | None = None
    ) -> tuple[SquadronGame, list[Event]]:
        """The first state, the seats taking the sides in turn, side one first."""
        setup = self.setup(outfits or {})
        chosen = dict(setup.switches)
        chosen.update(dict(self.switches))  # as ticked in New Game
        setup = replace(setup, switches=tuple(sorted(chosen.items())))
        players = tuple(
            Seat(f"p{i + 1}", s.name, setup.sides[i % len(setup.sides)], s.colour)
            for i, s in enumerate(seats)
        )
        state, events = engine.start(RULES, players, seed=seed, setup=setup)
        assert isinstance(state, SquadronGame)
        return state, events


def offer(path: Path) -> SquadronOffer:
    """A squadron scenario file as the dialogs list it (read again when started, so
    what is played is the file as it is then). Raises the loader's problems."""
    setup = load_scenario(path)
    with path.open("rb") as f:
        described = str(tomllib.load(f).get("description", ""))
    seats = ", ".join(f"seat {i + 1} plays {side}" for i, side in enumerate(setup.sides))
    described = f"{described}\n\n{seats[0].upper()}{seats[1:]} (side one moves first)."
    return SquadronOffer(
        f"squadrons/{path.stem}",
        setup.title or path.stem,
        described,
        lambda outfits: bought(load_scenario(path), outfits),
        budgets=setup.squadron_budgets(),
        cost_scheme=setup.cost_scheme,
        switches=setup.switches,
    )


def bought(setup: Setup, outfits: Mapping[str, Any]) -> Setup:
    """``setup`` with the sides' purchases placed, where it has points to spend, under
    the cost scheme chosen (the purchases are checked again: a refusal names the side
    and why)."""
    if not setup.squadron_budgets():
        return setup
    scheme = outfits.get(SCHEME_KEY)
    if isinstance(scheme, str) and scheme:  # chosen in New Game: kept with the game
        setup = replace(setup, cost_scheme=scheme)
    purchases = {side: p for side, p in outfits.items() if isinstance(p, Purchase)}
    return with_purchases(setup, purchases)


def scenarios() -> list[SquadronOffer]:
    """The built-in squadron scenarios (one that cannot be read is left out: the
    scenario tests name its problems)."""
    found = []
    for path in builtin_scenarios().values():
        try:
            found.append(offer(path))
        except FileProblems:
            continue
    return sorted(found, key=lambda o: o.name)
