"""Stale panels (issue 16, requirement 5): after a hand-over the Course, Combat and
Manifest docks show the new player's ship or nothing, never the previous player's text:
on the hand-over screen nothing of the last turn is left, and once the next player sits
down the docks speak of their ship."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from tests.app.campaign.test_campaign_window import make_window
from tests.app.play.test_game import click, hover
from tests.app.play.test_no_ghost_counters import end_turn
from tests.app.rules.interplanetary.test_combat_panel import duel, sit


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def dock_text(win: MainWindow, key: str) -> str:
    """Every word a dock shows (its labels), one string."""
    return "\n".join(label.text() for label in win.docks[key].findChildren(QLabel))


DOCKS = ("course", "combat", "manifest")


def test_after_a_hand_over_the_docks_forget_the_last_players_ship(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.play(duel(1), [], "Duel")
    session, board = window.session, window.board
    assert session is not None and board is not None
    sit(qtbot, window)
    assert session.seat() is not None and session.seat().id == "a"  # type: ignore[union-attr]
    alpha = session.state.ship("alpha")
    click(qtbot, window, alpha.motion.position)  # Ann picks her ship on the map
    assert board.selected == "alpha"
    assert board.preview is not None
    course = next(o for o in board.preview.options if o.fuel and not o.result.hazards)
    hover(qtbot, window, course.tip)
    assert "To " in window.course_panel.hovered.text(), "Ann reads a course"
    for key in ("course", "manifest"):
        assert "Alpha" in dock_text(window, key), key

    end_turn(qtbot, window)
    assert window.stack.currentWidget() is window.hand_over, "Bob's turn: hand over"
    for key in DOCKS:
        assert "Alpha" not in dock_text(window, key), f"{key} dock still shows Ann's ship"
    assert window.course_panel.hovered.text() == ""
    assert window.course_panel.title.text() == "No ship selected"

    sit(qtbot, window)
    assert session.seat() is not None and session.seat().id == "b"  # type: ignore[union-attr]
    assert board.selected == "beta", "Bob's ship is picked for him"
    for key in ("course", "manifest"):
        assert "Beta" in dock_text(window, key), key
    for key in DOCKS:
        assert "Alpha" not in dock_text(window, key), f"{key} dock still shows Ann's ship"
    # and back to Ann: nothing of Bob's turn is left either
    qtbot.mouseClick(window.turn_bar.end_button, Qt.MouseButton.LeftButton)
    end_turn(qtbot, window)
    if window.stack.currentWidget() is window.hand_over:
        for key in DOCKS:
            assert "Beta" not in dock_text(window, key), f"{key} dock still shows Bob's ship"
