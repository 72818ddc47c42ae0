"""Courses that lose the ship, in players' words: the plotter asks before such an order
is given (a click on a red end point, the Coast button, End Turn with a ship left to
coast into a planet), and the Course dock keeps saying it while the order stands.

What counts is what the preview marks red (:func:`app.vector.overlay.danger`): a crash,
a forbidden asteroid, or leaving a map the ship does not bounce off. Asteroid rolls and
weapons a course may meet are risks the player sees in amber, not losses, so they are
not asked about.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from core.board.starmap import LeavingRule
from core.engine.errors import IllegalCommand
from core.vector.course import Crash, ForbiddenAsteroid, OffMap
from core.vector.course_check import check_plan
from core.vector.map_edge import bounced, leaving_rule
from core.vector.movement import MoveResult
from core.vector.preview import Option
from core.vector.state import GameState, Plan, Ship

GIVE = "Give the Order"
KEEP_PLOTTING = "Cancel"


def course_hazard(state: GameState, ship: Ship, result: MoveResult, *, bounces: bool) -> str | None:
    """What the course does to the ship, as the rest of "Alpha ...", if it loses the
    ship; None for a course that keeps it (perhaps with risks)."""
    labels = state.starmap.bounds.labels
    for hazard in sorted(result.hazards, key=lambda h: h.t):
        if isinstance(hazard, Crash):
            return f"crashes into {hazard.body}"
        if isinstance(hazard, ForbiddenAsteroid):
            return f"is destroyed in {hazard.owner}'s asteroids at {labels.describe(hazard.hex)}"
        if isinstance(hazard, OffMap) and not bounces:
            leaving = leaving_rule(state, ship)
            # the last hex on the map has a label; the first one off it may not (a
            # column or row below the first label would be refused)
            edge = hazard.exit if hazard.exit is not None else hazard.hex
            where = f"leaves the map at {labels.describe(edge)}"
            if leaving.rule is LeavingRule.RETURNS:
                turns = leaving.penalty_turns
                return f"{where} and is out of play for {turns} turn{'s' * (turns != 1)}"
            return f"{where} and {leaving.said or 'is out of the game'}"
    return None


def option_hazard(state: GameState, ship: Ship, option: Option) -> str | None:
    """:func:`course_hazard` of an end point the plotter offers."""
    return course_hazard(state, ship, option.result, bounces=option.bounce is not None)


def plan_hazard(state: GameState, ship: Ship, plan: Plan) -> str | None:
    """:func:`course_hazard` of an order already given (None for a launch)."""
    if plan.launch:
        return None
    try:
        result = check_plan(state, ship, plan)
    except IllegalCommand:
        return None
    return course_hazard(state, ship, result, bounces=bounced(state, ship, result) is not None)


def confirm_loss(parent: QWidget | None, lines: list[str]) -> bool:
    """Ask whether to give orders that lose ships (``lines``: "Alpha crashes into
    Sun", one per ship); Cancel is the default, so Enter does not lose a ship."""
    box = QMessageBox(parent)
    box.setObjectName("hazard_box")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Dangerous Course")
    box.setText("\n".join(f"{line}." for line in lines))
    box.setInformativeText(
        "This course takes the ship out of play. Give the order anyway, or cancel and plot "
        "another one?"
        if len(lines) == 1
        else "These courses take the ships out of play. Give the orders anyway?"
    )
    give = box.addButton(GIVE, QMessageBox.ButtonRole.AcceptRole)
    cancel = box.addButton(KEEP_PLOTTING, QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    box.exec()
    return box.clickedButton() is give
