"""Seed "Optional rules: Kinetic Buster": a destroyed base is crossed out on the map."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from tests.core.vector.test_victory import circling_earth, training


def test_destroyed_base_is_crossed_out_on_the_map(qtbot: QtBot, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "ecliptic.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    win.ask_before_closing = False
    qtbot.addWidget(win)
    state = circling_earth(training(1), "0618", ())
    win.play(replace(state, bases_lost=frozenset({"Mars Station"})), [], "Training")
    assert win.board is not None
    tips = [i.toolTip() for i in win.board._pieces]
    assert any(t.startswith("Mars Station: destroyed by a kinetic buster") for t in tips)
    win.play(state, [], "Training")
    assert win.board is not None
    assert not any("destroyed by a kinetic buster" in i.toolTip() for i in win.board._pieces)
