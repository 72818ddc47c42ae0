"""Positions for the fire tests, written as in the adjudication cases (:mod:`.casefile`)."""

from __future__ import annotations

from pathlib import Path

from core.vector.state import GameState
from tests.core.rules.nplanetary.casefile import Case, build


def position(
    phase: str, *lines: str, dice: tuple[int, ...] = (), players: str = "a b"
) -> GameState:
    """A state in ``phase`` holding the things of ``lines`` (the cases' ``before:``)."""
    case = Case(
        Path("fire.case"),
        rule="fire",
        players=tuple(players.split()),
        phase=phase,
        dice=dice,
        before=list(enumerate(lines, 1)),
    )
    return build(case)
