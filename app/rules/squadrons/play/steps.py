"""The steps of a squadron day as the turn bar names them, what its primary button says
in each, and what the player at the table is asked to do there.

The day follows the seed's list: side one moves, side two moves, everyone fires; side
two moves, side one moves, everyone fires; repair; then, at the end of the day, jumps
begin, transit advances, arrivals appear and new "?" counters are placed.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.play.phases import Step
from core.rules.squadrons.state import STEPS

#: the turn bar's short title of each step
TITLES: dict[str, str] = {
    "move-1-first": "Move 1",
    "move-1-second": "Move 2",
    "fire-1": "Fire",
    "move-2-second": "Move 2",
    "move-2-first": "Move 1",
    "fire-2": "Fire",
    "repair": "Repair",
    "place": 'Place "?"',
}

#: what the primary button does in each kind of step
PRIMARY: dict[str, str] = {
    "move": "End Move",
    "fire": "Seal Fire Orders",
    "repair": "End Repair",
    "place": "End Day",
}

#: what the player at the table is asked to do, by kind of step
ASKED: dict[str, str] = {
    "move": "click a squadron, then a hex within its maneuver",
    "fire": "pick a firer, then click a target in range",
    "repair": "pick a damaged squadron, then Repair",
    "place": 'Place "?", then click a hex or a system',
}


def kind_of(step: str) -> str:
    """ "move", "fire", "repair" or "place"."""
    return step.split("-", 1)[0]


@dataclass(frozen=True)
class Shown:
    """Who the turn bar shows at the table: the player's name with their side."""

    name: str
    colour: str


def steps(current: int) -> list[Step]:
    """The day's steps for the turn bar, ``current`` (an index of ``STEPS``) marked."""
    return [Step(name, TITLES.get(name, name), i == current) for i, name in enumerate(STEPS)]


def primary_label(step: str, over: bool) -> str:
    if over:
        return "Game Over"
    return PRIMARY.get(kind_of(step), "End Step")


def asked(step: str) -> str:
    return ASKED.get(kind_of(step), "")
