"""NPlanetary's sealed orders in the window: the player at the table sees their own
sealed course as their plan, the next player sees nothing of it, and every ship moves
only once all players have ended the phase."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from core.board.hexgrid import ZERO, Hex
from core.board.starmap import Bounds, StarMap
from core.engine.play import new_game
from core.vector.motion import Motion
from core.vector.state import Player, Ship
from tests.app.campaign.test_campaign_window import make_window
from tests.app.play.test_game import click, take_seat

OPEN = StarMap("Open space", Bounds(20, 16))
PLAYERS = (Player("a", "Ann", "a", "#E69F00"), Player("b", "Bob", "b", "#56B4E9"))


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def test_sealed_orders_show_the_players_own_plan_and_hide_it_from_the_next_player(
    qtbot: QtBot, window: MainWindow
) -> None:
    ships = (
        Ship("a1", "Arrow", "a", "a", "frigate", Motion(Hex(5, 6) + ZERO, ZERO), Fraction(9)),
        Ship("b1", "Bolt", "b", "b", "frigate", Motion(Hex(14, 6) + ZERO, ZERO), Fraction(9)),
    )
    state, events = new_game("nplanetary", OPEN, PLAYERS, ships, seed=3)
    assert window.play(state, events, "Sealed orders")
    session, board = window.session, window.board
    assert session is not None and board is not None
    # The phases in which Ann can only end the phase pass by themselves: she plots.
    take_seat(qtbot, window, "Ann")
    assert session.phase() == "movement" and session.seat() is not None
    assert board.selected == "a1" and board.preview is not None
    target = next(o.tip for o in board.preview.options if o.tip != Hex(5, 6))
    click(qtbot, window, target)

    assert session.live.plans == () and len(session.live.sealed) == 1  # out of the game
    mine = session.state.plan("a1")
    assert mine is not None  # but drawn as Ann's own plan
    qtbot.mouseClick(window.turn_bar.end_button, Qt.MouseButton.LeftButton)

    take_seat(qtbot, window, "Bob")
    assert session.seat() is not None and session.seat().id == "b"
    assert session.state.plan("a1") is None  # Bob sees nothing of Ann's order
    assert session.state.ship("a1").motion.position == Hex(5, 6)
    qtbot.mouseClick(window.turn_bar.end_button, Qt.MouseButton.LeftButton)

    assert session.live.sealed == ()
    assert session.live.ship("a1").motion.position == target  # moved once all were in
