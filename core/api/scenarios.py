"""The scenarios that come with Ecliptic, started from a script as the New Game dialog
starts them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from core.engine.events import Event
from core.files.resources import SCENARIOS
from core.rules.interplanetary.aid.manifest import Manifest
from core.scenario import reader
from core.scenario.document import Scenario, Seat
from core.scenario.reader import load_scenario
from core.vector.state import GameState

#: the colours seats get in turn when a script names only the players
COLOURS = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00")


def builtin_scenarios() -> list[str]:
    """The names of the built-in scenarios (``"training"``, ``"hostile-takeover"``...)."""
    return sorted(p.stem for p in reader.builtin_scenarios())


def scenario(name: str | Path) -> Scenario:
    """A built-in scenario by name, or a scenario file by path, checked."""
    path = Path(name)
    if path.suffix != ".toml":
        path = SCENARIOS / f"{name}.toml"
    return load_scenario(path)


def start_scenario(
    chosen: str | Path | Scenario,
    players: Sequence[str | Seat],
    *,
    seed: int = 1,
    first: int | None = 0,
    outfits: Mapping[str, Manifest] | None = None,
) -> tuple[GameState, list[Event]]:
    """Start a scenario with ``players`` (names, or seats with colours). The game gives
    them the ids ``p1``, ``p2``...; its ships are named ``<ship>-p1`` where every player
    gets one. ``first`` None rolls for first player; ``outfits`` are purchases by ship."""
    found = chosen if isinstance(chosen, Scenario) else scenario(chosen)
    # a game started now, as New Game starts it: the new-game defaults of the switches
    # the scenario leaves unset (the squadron game's rules have none)
    fresh = getattr(found.rules, "new_game_overrides", None)
    if fresh is not None:
        found = replace(found, switches=fresh(found.switches))
    seats = [
        p if isinstance(p, Seat) else Seat(p, COLOURS[i % len(COLOURS)])
        for i, p in enumerate(players)
    ]
    return found.start(seats, seed, first, outfits)
