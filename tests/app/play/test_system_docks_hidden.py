"""During a game the docks of the other rule systems are hidden (their placeholders would
only take room), and shown again for a game of their own system; a dock the player closed
stays closed, and the saved layout keeps every dock as the player left it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from core.board.hexgrid import ZERO, Hex
from core.board.starmap import Bounds, StarMap
from core.engine.play import new_game
from core.vector.motion import Motion
from core.vector.state import Player, Ship
from tests.core.vector.test_victory import training

OPEN = StarMap("Open space", Bounds(20, 16))
PLAYERS = (Player("a", "Ann", "a", "#E69F00"), Player("b", "Bob", "b", "#56B4E9"))


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "ecliptic.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    win.ask_before_closing = False
    qtbot.addWidget(win)
    return win


def nplanetary() -> tuple[object, list[object]]:
    ships = (
        Ship("a1", "Arrow", "a", "a", "frigate", Motion(Hex(5, 6) + ZERO, ZERO), Fraction(9)),
        Ship("b1", "Bolt", "b", "b", "frigate", Motion(Hex(14, 6) + ZERO, ZERO), Fraction(9)),
    )
    return new_game("nplanetary", OPEN, PLAYERS, ships, seed=3)


def hidden(window: MainWindow) -> set[str]:
    return {k for k, d in window.docks.items() if d.isHidden()}


def test_each_game_shows_its_own_systems_docks_and_hides_the_others(window: MainWindow) -> None:
    assert window.play(training(1), [], "Training")
    assert {"orders", "economy", "np_ship"} <= hidden(window)
    assert not {"combat", "manifest"} & hidden(window)
    state, events = nplanetary()
    assert window.play(state, events, "NPlanetary")  # type: ignore[arg-type]
    assert {"combat", "manifest"} <= hidden(window)
    assert not {"orders", "economy", "np_ship"} & hidden(window)
    window.docks["orders"].close()  # the player closes the Orders dock
    assert window.play(training(1), [], "Training")
    assert not {"combat", "manifest"} & hidden(window)
    window.save_settings()
    assert not {"combat", "manifest"} & hidden(window), "saving shows nothing it should not"
    state, events = nplanetary()
    assert window.play(state, events, "NPlanetary")  # type: ignore[arg-type]
    assert "orders" in hidden(window), "a dock the player closed stays closed"
    assert "economy" not in hidden(window)
    window.save_settings()
    assert {"combat", "manifest"} <= hidden(window), "still hidden after the layout is saved"
