"""The launch phase's choices in the Combat dock (a loaded launcher, the weapon's own
thrust), and the weapon's course before it is launched: the thrust chosen shown on the
map the way the course plotter shows a ship's course (issue 16, requirement 7).

Nothing is computed here that the engine does not do: the launch is played on a copy of
the state (the game is a value; launching rolls no dice) and the new piece's first move
is the one :func:`~core.rules.interplanetary.combat.ordnance.flight` gives it in the
movement phase.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QComboBox

from core.board.hexgrid import Direction
from core.engine.errors import IllegalCommand
from core.engine.play import apply
from core.rules.interplanetary.aid.carried import manifest_or_empty, play_aid
from core.rules.interplanetary.combat.ordnance import LaunchWeapon, flight, weapon_of
from core.vector.course import Crash, ForbiddenAsteroid, OffMap
from core.vector.gravity import MoveError
from core.vector.movement import MoveResult
from core.vector.state import GameState, Ship

if TYPE_CHECKING:
    from app.play.session import GameSession


def fill(combo: QComboBox, items: Sequence[tuple[str, Any]], *, quiet: bool = False) -> None:
    """Put ``(text, data)`` items in ``combo`` in place of what it held (``quiet``: without
    telling its listeners, who are told of the new choice by the caller)."""
    combo.blockSignals(quiet)
    combo.clear()
    for text, data in items:
        combo.addItem(text, data)
    combo.blockSignals(False)


def launcher_choices(state: GameState, ship: Ship) -> list[tuple[str, tuple[int, str]]]:
    """The ship's loaded launchers: ("Missile (slot 1)", (slot, weapon id))."""
    aid = play_aid(state)
    return [
        (f"{aid.launched_weapon(w).name} (slot {i + 1})", (i, w))
        for i, w in enumerate(manifest_or_empty(aid, ship).launchers)
        if w is not None
    ]


def thrust_choices(state: GameState, weapon: str) -> list[tuple[str, tuple[Direction, ...]]]:
    """The thrusts ``weapon`` may be launched with: none, then each direction for one
    hex and up to the weapon's thrust ("2 hexes NE", (NE, NE))."""
    orientation = state.starmap.bounds.orientation
    choices: list[tuple[str, tuple[Direction, ...]]] = [("None: the ship's vector", ())]
    for hexes in range(1, play_aid(state).launched_weapon(weapon).thrust + 1):
        for d in Direction:
            name = f"{hexes} hex{'es' if hexes > 1 else ''} {d.name_in(orientation)}"
            choices.append((name, (d,) * hexes))
    return choices


def launch_course(
    state: GameState, ship_id: str, slot: int, thrust: tuple[Direction, ...]
) -> tuple[MoveResult, str] | None:
    """The first move of the weapon ``ship_id`` would launch from ``slot`` with
    ``thrust``, and a line saying it ("Missile: speed 3, to 1207"); None if that launch
    is not allowed now."""
    ship = state.ship(ship_id)
    try:
        after, _ = apply(state, LaunchWeapon(ship.owner, ship_id, slot, thrust))
    except IllegalCommand:
        return None
    known = {p.id for p in state.ordnance}
    piece = next((p for p in after.ordnance if p.id not in known), None)
    if piece is None:
        return None
    try:
        result = flight(after, piece)
    except MoveError:
        return None
    labels = state.starmap.bounds.labels
    words = [
        f"{weapon_of(after, piece).name}: speed {result.velocity.speed}, "
        f"to {labels.format(result.tip)}"
    ]
    if any(isinstance(h, Crash | ForbiddenAsteroid) for h in result.hazards):
        words.append("lost on the way")
    elif any(isinstance(h, OffMap) for h in result.hazards):
        words.append("leaves the map")
    return result, " · ".join(words)


def sketch(
    session: GameSession | None,
    ship_id: str | None,
    slot: tuple[int, str] | None,
    thrust: tuple[Direction, ...] | None,
) -> None:
    """Have the map show the course of the weapon in ``slot`` of ``ship_id`` launched with
    ``thrust`` (the Combat dock's choices), or no course when ``ship_id`` is None."""
    if session is None:
        return
    course = None
    if ship_id is not None and slot is not None:
        course = launch_course(session.state, ship_id, slot[0], tuple(thrust or ()))
    session.sketched.emit(course)
