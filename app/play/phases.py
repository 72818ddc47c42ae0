"""The steps of a turn as the turn bar shows them, and what its primary button says.

The phases come from the game's rule system (the engine's :func:`core.engine.play.phases`)
and their names from the system's interface (:meth:`SystemUI.phase_title
<app.play.systems.SystemUI.phase_title>`). In the vector games the ships move when the
movement phase ends; where that phase has a name of its own (Interplanetary's
astrogation), the bar shows the movement after it as a step that passes by itself, so a
player sees the whole turn: launch, astrogation, movement, guns, resupply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.engine import play as engine
from core.engine.words import plural

if TYPE_CHECKING:
    from app.play.systems import SystemUI
    from core.vector.state import GameState

MOVEMENT = "movement"


@dataclass(frozen=True)
class Step:
    """One step of the turn bar: the phase it stands for, its title, whether the game
    is in it now, and whether it is a phase a player acts in (False: the movement
    that follows astrogation, which nobody stops for)."""

    phase: str
    title: str
    current: bool
    acted: bool = True
    #: what the step is, for its tooltip ("" : "The … phase")
    tip: str = ""


def steps(state: GameState, ui: SystemUI) -> list[Step]:
    """The turn's steps in order, the current one marked."""
    now = engine.current_phase(state)
    moving = state.rules.sequence.movement_phase
    found: list[Step] = []
    for phase in engine.system_of(state).phases(state):
        found.append(Step(phase.name, ui.phase_title(phase.name), phase.name == now))
        if phase.name == moving and moving != MOVEMENT:
            found.append(Step(MOVEMENT, ui.phase_title(MOVEMENT), False, acted=False))
    return found


def primary_label(state: GameState, ui: SystemUI, *, ends_turn: bool) -> str:
    """What the primary button does now: "Move" at the end of the movement phase,
    "End Turn" when nothing is left for the player after this phase, else "End <phase>
    Phase" ("Game Over" once it is); in a sealed phase always "End <phase> Phase"."""
    if state.over:
        return "Game Over"
    phase = engine.current_phase(state)
    # in a sealed phase the button only seals the seat's orders and passes the seat:
    # nothing moves and no turn ends when one player presses it, so it says the phase
    # ("Move" read to NPlanetary newcomers as if their ships moved then)
    sealed = engine.system_of(state).phase(state).sealed
    if sealed:
        return f"End {ui.phase_title(phase)} Phase"
    if phase == state.rules.sequence.movement_phase:
        return "Move"
    if ends_turn or phase == state.rules.sequence.phases[-1]:
        return "End Turn"
    return f"End {ui.phase_title(phase)} Phase"


def orders_hint(coasting: int, staying: int, primary: str) -> str:
    """What the turn bar says while orders are given: how many ships have none and what
    becomes of them (a ship in flight coasts, a landed one stays put), else which button
    ends the phase."""
    parts = []
    if coasting:
        fate = "it coasts" if coasting == 1 else "they coast"
        parts.append(f"{plural(coasting, 'ship')} without orders ({fate})")
    if staying:
        fate = "it stays landed" if staying == 1 else "they stay landed"
        parts.append(f"{plural(staying, 'landed ship')} without orders ({fate})")
    return "; ".join(parts) or f"All ships have orders: press {primary} when ready"


def orders_in(state: GameState) -> str:
    """With sealed orders, how many of the players asked for this phase's orders have
    given them ("orders in: 3 of 5"); "" in a phase that is not sealed, or for one player."""
    if state.over or not engine.system_of(state).phase(state).sealed:
        return ""
    given = len(state.done)
    asked = given + len(engine.waiting_for(state))
    return f"orders in: {given} of {asked}" if asked > 1 else ""
