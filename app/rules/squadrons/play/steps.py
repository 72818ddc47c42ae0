"""The steps of a squadron day as the turn bar names them, what its primary button says
in each, and what the player at the table is asked to do there.

The day follows the seed's list: side one moves, side two moves, everyone fires; side
two moves, side one moves, everyone fires; repair; then, at the end of the day, jumps
begin, transit advances, arrivals appear and new "?" counters are placed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.play.phases import Step
from app.rules.squadrons.play.orders import in_range, repairs_left, supply_sources
from core.engine.words import plural
from core.rules.squadrons.state import STEPS

if TYPE_CHECKING:
    from core.rules.squadrons.state import SquadronGame

QUESTION = '"?" counter'

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

#: what each step is, in full, for its tooltip ({one}, {two}: the sides, in order)
TIPS: dict[str, str] = {
    "move-1-first": "{one} moves (side one moves first in the day's first half)",
    "move-1-second": "{two} moves",
    "fire-1": "Everyone fires: sealed orders, all resolved at once",
    "move-2-second": "{two} moves (side two moves first in the day's second half)",
    "move-2-first": "{one} moves",
    "fire-2": "Everyone fires again",
    "repair": "Repair and resupply; then jumps begin and jump space moves a day on",
    "place": 'Each side places its new "?" counter',
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


def steps(current: int, sides: tuple[str, ...] = ()) -> list[Step]:
    """The day's steps for the turn bar, ``current`` (an index of ``STEPS``) marked,
    each with its tooltip naming the side that moves (``sides`` in order)."""
    one, two = (*sides, "Side one", "Side two")[:2] if len(sides) < 2 else sides[:2]
    return [
        Step(name, TITLES.get(name, name), i == current, tip=TIPS[name].format(one=one, two=two))
        for i, name in enumerate(STEPS)
    ]


def primary_label(step: str, over: bool) -> str:
    if over:
        return "Game Over"
    return PRIMARY.get(kind_of(step), "End Step")


def asked(step: str) -> str:
    return ASKED.get(kind_of(step), "")


def what_now(state: SquadronGame, side: str, step: str) -> str:
    """The turn bar's hint for the side at the table: what to do in this step, or that
    there is nothing to do and which button goes on (a newcomer would otherwise look for
    a target or a repair that is not there)."""
    kind = kind_of(step)
    go_on = f"press {PRIMARY.get(kind, 'End Step')} to go on"
    mine = list(state.on_board(side))
    if kind == "move" and not any(c.place is not None for c in mine):
        return f"nothing of yours can move: {go_on}"
    if kind == "fire":
        ordered = {getattr(o, "firer", "") for o in state.sealed}  # only our own are seen
        able = [c for c in mine if in_range(state, c)]
        left = sum(1 for c in able if c.id not in ordered)
        if not able:
            return f"nothing of yours has a target in range: {go_on}"
        if not left:
            return f"every counter of yours that can fire has its order: {go_on}"
        return f"{ASKED['fire']} ({left} of yours can still fire)"
    if kind == "repair":
        repairable = sum(1 for c in mine if repairs_left(state, c) and supply_sources(state, c))
        if not repairable:
            return f"nothing of yours can be repaired now: {go_on}"
        return f"{ASKED['repair']} ({repairable} of yours can be)"
    if kind == "place":
        hand = state.hand(side)
        if not hand:
            return f'no "?" counters in hand: {go_on}'
        return f"{ASKED['place']} ({plural(hand, QUESTION)} in hand), or keep them"
    return asked(step)
