"""End Turn is flat (issue 19 req 2), counted rather than timed: the window does the same
work for an End Turn at round 400 of a six-player game as at round 3. Counted are the
Python calls it makes, from the click until the queued Campaign dock refresh is done
(the dock, the logs, the state hash, the views), and the instructions SQLite runs for
it. Anything that walks every round, entry, line or well visited so far makes the long
game's count grow with its length: a hand-over walking every round of the dock, or a
ship's ever longer list of wells written out a string at a time, each made it several
percent more at round 400 (more at round 1,000), where a game's own moves differ by
well under one percent. ``benchmarks/bench_end_turn.py`` times the same End Turn."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from benchmarks.long_campaigns import build, sabotage
from tests.app.campaign.test_campaign_dock import take_seat
from tests.app.campaign.test_campaign_window import make_window

SHORT, LONG = 3, 400  # rounds played before the End Turns counted
WARM = 6  # End Turns first, uncounted (a round: every player's docks once)
COUNTED = 12
GROWTH = 0.02  # more work allowed at round LONG than at round SHORT
STEP = 100  # SQLite instructions per progress call


def seated(qtbot: QtBot, win: MainWindow) -> None:
    """The next player takes the seat, and the window settles before they play (the
    docks read as them): each End Turn then hands the dock to another reader."""
    take_seat(qtbot, win)
    QApplication.processEvents()


def work_of_end_turns(qtbot: QtBot, win: MainWindow, path: Path) -> tuple[Counter[str], int]:
    """Open ``path``, let the background seal check finish (as a second idle after
    opening does), and count what :data:`COUNTED` End Turns make the window do: Python
    calls by function, and SQLite instructions (in hundreds)."""
    assert win.open_path(path)
    watch = win.seal_watch
    assert watch is not None
    qtbot.waitUntil(lambda: watch.problems is not None)
    assert watch.problems == []
    for _ in range(WARM):
        seated(qtbot, win)
        qtbot.mouseClick(win.turn_bar.end_button, Qt.MouseButton.LeftButton)
        QApplication.processEvents()
    calls: Counter[str] = Counter()
    steps = [0]

    def count(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            calls[f"{frame.f_code.co_filename}:{frame.f_code.co_name}"] += 1
        elif event == "c_call":
            calls[getattr(arg, "__qualname__", repr(arg))] += 1

    def step() -> int:
        steps[0] += 1
        return 0  # go on

    assert win.campaign is not None
    db = win.campaign.db
    before = sys.getprofile()
    for _ in range(COUNTED):
        seated(qtbot, win)
        db.set_progress_handler(step, STEP)
        sys.setprofile(count)
        try:
            qtbot.mouseClick(win.turn_bar.end_button, Qt.MouseButton.LeftButton)
            QApplication.processEvents()  # what was queued: the Campaign dock's refresh
        finally:
            sys.setprofile(before)
            db.set_progress_handler(None, STEP)
        assert not win.browser._stale
    win.close_game()
    return calls, steps[0]


def test_end_turn_does_the_same_work_at_round_400_as_at_round_3(
    qtbot: QtBot, tmp_path: Path
) -> None:
    win = make_window(qtbot, tmp_path)
    work = {}
    for rounds in (SHORT, LONG):
        path = tmp_path / f"sabotage-{rounds}.ecliptic"
        build(path, sabotage(), rounds)
        work[rounds] = work_of_end_turns(qtbot, win, path)
    (short, short_sql), (long, long_sql) = work[SHORT], work[LONG]
    grown = sorted(((long[f] - short[f], f) for f in long), reverse=True)[:8]
    said = "; ".join(f"{f} +{n}" for n, f in grown)
    more, base = sum(long.values()), sum(short.values())
    assert more <= base * (1 + GROWTH), f"{more:,} calls against {base:,}; grown most: {said}"
    assert long_sql <= short_sql * (1 + GROWTH) + 2, f"SQLite: {long_sql} against {short_sql}"
