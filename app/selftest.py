"""``ecliptic --self-test``: proof that an installed Ecliptic works on this machine.

It runs the real program the way a player would, with no display needed: the main
window opens offscreen with the built-in map, a game of Training starts and one whole
round is played by pressing the turn bar's button and the hand-over screen's, and the
window is drawn to a PNG. Everything it writes goes to a temporary folder, so a
self-test never touches the user's settings, caches or campaigns. Packagers run it on
each bundle they build (see ``packaging/README.md``)."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from app.shell.main_window import MainWindow

#: presses allowed for one round: far more than Training's two players need
MAX_PRESSES = 200


class SelfTestFailed(Exception):
    """A step of the self-test did not do what it should have."""


def run(out: Path | None = None, say: Callable[[str], None] = print) -> int:
    """Run every step; report each as it passes. 0 when all passed, 1 otherwise."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    with tempfile.TemporaryDirectory(prefix="ecliptic-self-test-") as folder:
        os.environ["ECLIPTIC_DATA_DIR"] = folder
        try:
            _steps(Path(folder), out or Path(folder) / "self-test.png", say)
        except SelfTestFailed as failure:
            say(f"FAILED: {failure}")
            return 1
    say("self-test passed")
    return 0


def _steps(folder: Path, png: Path, say: Callable[[str], None]) -> None:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from app.shell.main_window import MainWindow
    from app.shell.version import version_text
    from core.scenario.document import Seat
    from core.scenario.reader import builtin_scenarios, load_scenario

    say(version_text())
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    window.ask_before_closing = False
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    if window.starmap is None or not window.starmap.bodies:
        raise SelfTestFailed("the built-in map did not open")
    say(f"opened the built-in map: {len(window.starmap.bodies)} bodies")

    training = next((p for p in builtin_scenarios() if p.stem == "training"), None)
    if training is None:
        raise SelfTestFailed("the built-in scenario Training is missing")
    seats = [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")]
    if not window.start_game(load_scenario(training), seats, seed=1):
        raise SelfTestFailed("Training did not start")
    say("started Training for two players")
    _play_one_round(window, app)
    say("played one round")

    png.parent.mkdir(parents=True, exist_ok=True)
    if not window.grab().save(str(png)) or png.stat().st_size == 0:
        raise SelfTestFailed(f"could not write {png}")
    say(f"drew the window to {png}")
    window.close()


def _play_one_round(window: MainWindow, app: QApplication) -> None:
    """Press what a player presses (Take Seat, then the turn bar's button) until the
    round number moves on."""
    from PySide6.QtWidgets import QApplication, QMainWindow

    assert isinstance(window, QMainWindow) and isinstance(app, QApplication)
    session = getattr(window, "session", None)
    if session is None:
        raise SelfTestFailed("no game is running")
    start = session.state.round
    for _ in range(MAX_PRESSES):
        if session.state.round > start or session.state.over:
            return
        stack = window.stack
        hand_over = window.hand_over
        if stack.currentWidget() is hand_over:
            hand_over.button.click()
        else:
            button = window.turn_bar.end_button
            if not button.isEnabled():
                raise SelfTestFailed(f"the turn bar's button is disabled ({button.text()})")
            button.click()
        app.processEvents()
    raise SelfTestFailed(f"round {start} did not end after {MAX_PRESSES} presses")
