"""Carrying out course orders (:mod:`core.vector.orders`): a plan for a ship's move,
checked when it is given and kept until the movement phase carries it out."""

from __future__ import annotations

from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.events import Event, event
from core.vector.course_check import check_plan
from core.vector.hooks import Hooks
from core.vector.orders import Launch, Plot, Unplot
from core.vector.state import GameState, Plan
from core.vector.turns import current_phase, plotting_phases


@event
class PlanMade(Event):
    ship: str


def plan(
    state: GameState, command: Plot | Launch | Unplot, hooks: Hooks
) -> tuple[GameState, list[Event]]:
    """The state with ``command``'s plan for its ship, or IllegalCommand saying why not."""
    allowed = plotting_phases(state.rules)
    if current_phase(state) not in allowed:
        raise WrongPhase(
            f"ships are plotted in the {' or '.join(allowed)} phase, "
            f"not the {hooks.phase_word(current_phase(state))} phase"
        )
    ship = state.own_ship(command.player, command.ship)
    why = hooks.sits_out(ship)
    if why is not None and not isinstance(command, Unplot):
        raise IllegalCommand(why)
    if isinstance(command, Unplot):
        text = f"{ship.name}'s plan is taken back"
        return state.with_plan(ship.id, None), [PlanMade(text, ship.id)]
    if isinstance(command, Launch):
        new = Plan(launch=True, to=command.to)
    else:
        previous = state.plan(ship.id)
        launch, to = (previous.launch, previous.to) if previous is not None else (False, None)
        new = Plan(command.order, launch, command.land, command.dock, to)
    result = check_plan(state, ship, new)  # as the burn sees the ship (Hooks.plotted_as)
    labels = state.starmap.bounds.labels
    text = f"{ship.name} plots a course to {labels.describe(result.end)}"
    if new.launch:
        text = f"{ship.name} will launch to {labels.describe(result.start)}"
    return state.with_plan(ship.id, new), [PlanMade(text, ship.id)]
