"""The optional rules' actions in the Combat dock: a tanker meets its escort, a raider
boards a disabled enemy, a ship surrenders, another player accepts a rendezvous."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from core.engine.commands import EndPhase
from core.engine.play import new_game
from core.rules.interplanetary.optional.rendezvous import PendingRendezvous
from tests.app.campaign.test_campaign_window import make_window
from tests.core.optional_games import ALLIES, OPEN, RIVALS, armed

CLICK = Qt.MouseButton.LeftButton


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def play(win: MainWindow, ships, players=RIVALS, **switches: bool):
    state, _ = new_game(
        "interplanetary", OPEN, players, ships, seed=3, switches=tuple(switches.items())
    )
    assert win.play(state, [], "Optional rules")
    if win.stack.currentWidget() is win.hand_over:
        win.hand_over.button.click()
    session = win.session
    assert session is not None
    return session


def to(session, phase: str) -> None:
    while session.phase() != phase:
        seat = session.seat()
        assert seat is not None
        assert session.apply(EndPhase(seat.id))


def test_rendezvous_from_the_combat_dock(qtbot: QtBot, window: MainWindow) -> None:
    tanker = armed("tanker", "a", "red", fuel=15)
    escort = armed("escort", "b", "red", fuel=2, launched=())
    session = play(window, (tanker, escort), ALLIES, rendezvous=True)
    to(session, "resupply")
    assert window.board is not None
    window.board.select("tanker")
    actions = window.panel("combat").optional
    assert actions.isVisible() and actions.meet_button.isVisible()
    actions.fuel.setValue(6)
    qtbot.mouseClick(actions.meet_button, CLICK)
    assert isinstance(session.state.pending[0], PendingRendezvous)
    if window.stack.currentWidget() is window.hand_over:
        window.hand_over.button.click()
    assert actions.accept_button.isVisible()
    qtbot.mouseClick(actions.accept_button, CLICK)
    assert session.state.ship("escort").fuel == 8 and session.state.ship("escort").skips


def test_board_and_surrender_from_the_combat_dock(qtbot: QtBot, window: MainWindow) -> None:
    raider = armed("raider", "a", "red")
    prize = replace(armed("prize", "b", "blue"), disabled=True, disabled_for=3)
    session = play(window, (raider, prize), boarding=True, surrender=True)
    to(session, "guns")
    assert window.board is not None
    window.board.select("raider")
    actions = window.panel("combat").optional
    assert actions.board_button.isVisible() and actions.prize.currentData() == "prize"
    assert actions.surrender_button.isVisible() and actions.victor.currentText() == "Bob"
    qtbot.mouseClick(actions.board_button, CLICK)
    assert "raider" in session.state.boarded
    window.board.select("raider")
    qtbot.mouseClick(actions.surrender_button, CLICK)
    assert session.state.ship("raider").surrendered == "b"
    assert not actions.surrender_button.isVisible()
