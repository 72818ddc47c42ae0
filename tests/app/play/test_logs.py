"""The Event Log and Dice docks of a long game (issue 19 req 2): a line per row, every
row one line high, the newest line kept in view, and still so with 100,000 lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.play.session import Entry
from app.shell.main_window import MainWindow
from core.engine.dice import Rolled
from core.engine.events import PhasePassed
from core.files.resources import SCENARIOS
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.turns import RoundBegan
from tests.app.campaign.test_campaign_window import make_window

SEATS = [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")]
LINES = 100_000


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    win = make_window(qtbot, tmp_path)
    assert win.start_game(load_scenario(SCENARIOS / "training.toml"), SEATS, seed=3)
    return win


def play_turns(qtbot: QtBot, win: MainWindow, turns: int) -> None:
    for _ in range(turns):
        if win.stack.currentWidget() is win.hand_over:
            qtbot.mouseClick(win.hand_over.button, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(win.turn_bar.end_button, Qt.MouseButton.LeftButton)


def last_row_in_view(log: object) -> bool:
    from PySide6.QtWidgets import QTableView

    assert isinstance(log, QTableView)
    model = log.model()
    last = model.index(model.rowCount() - 1, 0)
    return log.viewport().rect().intersects(log.visualRect(last))


def test_event_log_shows_what_happened_a_line_a_row_with_the_newest_in_view(
    qtbot: QtBot, window: MainWindow
) -> None:
    log = window.event_log
    play_turns(qtbot, window, 4)
    texts = [log.line(row) for row in range(log.count())]
    assert any(t.startswith("Round 2") for t in texts)
    assert not log.wordWrap()
    assert last_row_in_view(log)
    heading = next(row for row, t in enumerate(texts) if t.startswith("Round 2"))
    index = log.model().index(heading, 0)
    assert index.data(Qt.ItemDataRole.FontRole).bold()  # a round's heading stands out


def test_event_log_with_100000_lines_keeps_rows_one_line_high_and_the_newest_in_view(
    qtbot: QtBot, window: MainWindow
) -> None:
    log, dice = window.event_log, window.dice_log
    session = window.session
    assert session is not None
    before = log.count()
    long_text = "Ann's raider fires at Bob's guard across three hexes of open space " * 4
    entries = [
        Entry(1 + i // 100, "combat", PhasePassed(f"line {i}: {long_text}", "combat", "p1"), i)
        for i in range(LINES)
    ]
    entries[50_000] = Entry(501, "movement", RoundBegan("Round 501 begins", 501, "p1"), 50_000)
    entries.append(Entry(1_001, "combat", Rolled("Attack roll: 4", "attack", (4,), 6), LINES))
    session.logged.emit(entries)
    assert log.count() == before + LINES
    assert dice.count() >= 1 and dice.line(dice.count() - 1) == "Round 1001: Attack roll: 4"
    assert last_row_in_view(log)
    assert log.rowHeight(0) == log.rowHeight(log.count() - 1) < 2 * log.fontMetrics().height()
    newest = log.model().index(log.count() - 1, 0)
    assert newest.data(Qt.ItemDataRole.ToolTipRole) == f"line {LINES - 1}: {long_text}"
    # the player scrolls back to the start with the keyboard, and back down
    log.setFocus()
    qtbot.keyClick(
        log, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier
    )  # the newest line becomes the current one
    qtbot.keyClick(log, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    first = log.model().index(0, 0)
    qtbot.waitUntil(lambda: log.viewport().rect().intersects(log.visualRect(first)))
    assert not last_row_in_view(log)
    qtbot.keyClick(log, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: last_row_in_view(log))
    qtbot.keyClick(log, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    play_turns(qtbot, window, 1)  # a new line comes into view
    assert log.count() > before + LINES
    qtbot.waitUntil(lambda: last_row_in_view(log))


def test_event_log_starts_afresh_with_a_new_game(qtbot: QtBot, window: MainWindow) -> None:
    play_turns(qtbot, window, 2)
    assert window.event_log.count() > 0
    window.close_game()
    assert window.start_game(load_scenario(SCENARIOS / "training.toml"), SEATS, seed=4)
    texts = [window.event_log.line(row) for row in range(window.event_log.count())]
    assert not any(t.startswith("Round 2") for t in texts)
