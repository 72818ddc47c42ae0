"""One End Turn brings the window up to date once: the game actions (End Turn, Undo,
Take Back…), the guard on the docks that act for a player, and the count of sealed
orders in are each worked out once per click, not once per signal the End Turn sets off
(the phase change, the new turn, the hand-over), and nothing of what they show is lost."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import app.play.phases as phases
from app.shell.game_view import GameView
from app.shell.main_window import MainWindow
from app.shell.seat import SeatActions
from benchmarks.long_campaigns import build, sabotage
from core.board.hexgrid import ZERO, Hex
from core.engine.play import new_game
from core.vector.motion import Motion
from core.vector.state import Ship
from tests.app.campaign.test_campaign_window import make_window
from tests.app.play.test_sealed_orders_in_window import OPEN, PLAYERS

SHIPS = (
    Ship("a1", "Arrow", "a", "a", "frigate", Motion(Hex(5, 6) + ZERO, ZERO), Fraction(9)),
    Ship("b1", "Bolt", "b", "b", "frigate", Motion(Hex(14, 6) + ZERO, ZERO), Fraction(9)),
)
COUNTED = {
    "actions": (GameView, "_update_game_actions"),
    "guard": (SeatActions, "guard_seat_panels"),
    "orders in": (phases, "orders_in"),
}


def counting(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Count the calls of the window's three updates from now on."""
    calls: Counter[str] = Counter()
    for name, (owner, attribute) in COUNTED.items():
        real = getattr(owner, attribute)

        def counted(*args: Any, _real: Callable[..., Any] = real, _name: str = name) -> Any:
            calls[_name] += 1
            return _real(*args)

        monkeypatch.setattr(owner, attribute, counted)
    return calls


def end_turn(qtbot: QtBot, win: MainWindow, calls: Counter[str]) -> Counter[str]:
    """Click End Turn; what it made the window work out."""
    calls.clear()
    qtbot.mouseClick(win.turn_bar.end_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    return Counter(calls)


def take_seat(qtbot: QtBot, win: MainWindow) -> None:
    assert win.stack.currentWidget() is win.hand_over
    qtbot.mouseClick(win.hand_over.button, Qt.MouseButton.LeftButton)
    assert win.stack.currentWidget() is win.map_view


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def test_end_turn_handing_the_seat_over_updates_the_window_once(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, events = new_game("nplanetary", OPEN, PLAYERS, SHIPS, seed=3)
    assert window.play(state, events, "Sealed orders")
    take_seat(qtbot, window)
    calls = counting(monkeypatch)
    # Ann's orders in, Bob to give his; then a new round, Ann first again
    for player, given in (("Bob", "1 of 2"), ("Ann", "0 of 2"), ("Bob", "1 of 2")):
        assert end_turn(qtbot, window, calls) == {"actions": 1, "guard": 1, "orders in": 1}
        # nothing lost: the hand-over is up, says the count, and nobody may play
        assert window.stack.currentWidget() is window.hand_over
        assert player in window.hand_over.message.text()
        assert window.hand_over.detail.text().endswith(f"(orders in: {given})")
        assert window.turn_bar.orders_in.text() == f"orders in: {given}"
        assert not window.turn_bar.end_button.isEnabled()
        assert not window.end_turn_action.isEnabled()
        assert not window.docks["course"].widget().isEnabled()
        calls.clear()
        take_seat(qtbot, window)
        assert calls == {"actions": 1, "guard": 1}  # the seat taken: once as well
        assert window.turn_bar.end_button.isEnabled()
        assert window.docks["course"].widget().isEnabled()


def test_end_turn_with_the_same_player_going_on_updates_the_window_once(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, events = new_game("nplanetary", OPEN, PLAYERS[:1], SHIPS[:1], seed=3)
    assert window.play(state, events, "Alone")
    assert window.stack.currentWidget() is window.map_view  # no hand-over for one
    calls = counting(monkeypatch)
    for _ in range(3):
        before = window.turn_bar.round_label.text()
        assert end_turn(qtbot, window, calls) == {"actions": 1, "orders in": 1}
        assert window.turn_bar.round_label.text() != before  # the next round shown
        assert window.stack.currentWidget() is window.map_view
        assert window.turn_bar.end_button.isEnabled()
        assert window.end_turn_action.isEnabled()


def test_end_turn_in_a_campaign_updates_the_window_once(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "sabotage.ecliptic"
    build(path, sabotage(), 3)  # six players, three rounds played
    assert window.open_path(path)
    calls = counting(monkeypatch)
    for _ in range(8):
        if window.stack.currentWidget() is window.hand_over:
            take_seat(qtbot, window)
        assert window.turn_bar.end_button.isEnabled()
        assert end_turn(qtbot, window, calls) == {"actions": 1, "guard": 1, "orders in": 1}
        assert window.stack.currentWidget() is window.hand_over
        assert not window.turn_bar.end_button.isEnabled()
        assert window.undo_action.isEnabled()  # a campaign's turn may be taken back
