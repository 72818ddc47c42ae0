"""The squadron scenarios as New Game and New Campaign list them: each wraps a
squadron scenario with what those dialogs ask of a scenario (see
:class:`app.play.systems.OwnGame`), and starts the game with the players seated one
side each, side one first."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.board.problems import FileProblems
from core.engine import play as engine
from core.engine.events import Event
from core.engine.system import Seat
from core.rules.squadrons.design import Purchase
from core.rules.squadrons.purchases import with_purchases
from core.rules.squadrons.scenario import builtin_scenarios, load_scenario
from core.rules.squadrons.setup import Setup
from core.rules.squadrons.state import RULES, SYSTEM_ID, SquadronGame


@dataclass(frozen=True)
class OfferRules:
    """What the dialogs read of a scenario's rules: its system, and no vector-game
    optional rules to tick."""

    system_id: str = SYSTEM_ID
    id: str = SYSTEM_ID

    def switch_values(self, switches: object = ()) -> dict[str, bool]:
        return {}


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
    """``setup`` with the sides' purchases placed, where it has points to spend (the
    purchases are checked again: a refusal names the side and why)."""
    if not setup.squadron_budgets():
        return setup
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
