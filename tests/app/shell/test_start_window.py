"""Starting the window as ``python -m app`` does (``app.__main__.start_window``): the
built-in map on show, and Python's garbage collector, paused while starting up, back on
once the event loop runs."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from app.__main__ import start_window
from core.engine.gcpause import gc_paused


def test_the_window_starts_on_the_built_in_map_and_collects_garbage_again(
    qtbot: QtBot, tmp_path: Path
) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    _app, window = start_window(settings=settings)
    qtbot.addWidget(window)
    window.ask_before_closing = False
    assert window.isVisible()
    assert window.starmap is not None and window.starmap.name == "The Solar System"
    assert not gc.isenabled()  # paused until the event loop has run
    qtbot.waitUntil(gc.isenabled)


def test_the_collector_pause_ends_even_when_the_work_fails() -> None:
    assert gc.isenabled()
    with pytest.raises(ValueError, match="failed"), gc_paused():
        assert not gc.isenabled()
        raise ValueError("the work failed")
    assert gc.isenabled()
