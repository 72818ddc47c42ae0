"""Test flight: a throwaway hot-seat game of the scenario being edited.

The scenario is built from a copy of the document's data and map, so the game can
never change the document; the editor comes back when the game is closed.
"""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtWidgets import QMessageBox

from app.editor.document import Document
from core.board.problems import FileProblems
from core.engine.words import plural

COLOURS = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00")
NAMES = ("Ann", "Bob", "Cleo", "Dev", "Eve", "Finn")


def start_flight(main: Any, document: Document, seed: int | None = None) -> bool:
    """Start the game in ``main`` (the main window); False, with the reason shown, if
    the document is not a scenario or has problems."""
    from core.scenario.document import Seat

    if not document.is_scenario:
        QMessageBox.information(
            main, "Test Flight", "Test flights fly scenarios: File › New Scenario on This Map."
        )
        return False
    try:
        scenario = document.build_scenario()
    except FileProblems as exc:
        n = len(exc.problems)
        QMessageBox.warning(
            main,
            "Cannot start a test flight",
            f"The scenario has {plural(n, 'problem')} (see the Issues dock); "
            f"the first: {exc.problems[0]}",
        )
        return False
    players = max(1, scenario.min_players)
    seats = [Seat(NAMES[i % 6], COLOURS[i % 6]) for i in range(players)]
    seed = random.randrange(1 << 30) if seed is None else seed
    started: bool = main.start_game(scenario, seats, seed)
    if started:
        main.setWindowTitle(f"Test flight: {scenario.name} — Ecliptic")
        main.status_label.setText("Test flight: File › Close returns to the Map Editor")
    return started
