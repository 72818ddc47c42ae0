"""The Campaign dock follows a game to its very end while it is played: the last
entries and the Result line show at once, not only after the campaign is opened
again. Played with the keyboard (Return takes the seat, Ctrl+Enter ends the phase),
with Bob going first, as a newcomer found it. Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player
from tests.app.campaign.test_campaign_results import WON, dock_lines, new_campaign

#: the dice seed with which Bob goes first in the one-round scenario
BOB_FIRST = 1


def key(you: Player, widget: object, *modifiers: Qt.KeyboardModifier) -> None:
    """A key press, then the window's event loop runs its queue as it does between a
    person's key presses (the dock's refresh waits there)."""
    you.qtbot.keyClick(widget, Qt.Key.Key_Return, *modifiers)  # type: ignore[arg-type]
    QApplication.processEvents()


def test_the_campaign_dock_shows_the_end_and_result_of_a_game_as_it_ends(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    new_campaign(you, tmp_path / "short.ecliptic", "Short war", seed=BOB_FIRST)
    assert you.take_seat() == "Bob"
    you.win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is you.win)
    for _ in range(30):
        if you.over():
            break
        if you.win.stack.currentWidget() is you.win.hand_over:
            key(you, you.win.hand_over.button)  # Return on the hand-over
        else:
            key(you, you.win.map_view, Qt.KeyboardModifier.ControlModifier)  # Ctrl+Enter
    assert you.over()
    QApplication.processEvents()  # the window idles: nothing more is typed
    lines = dock_lines(you)
    assert lines[-2].startswith("Ann ends the phase"), lines
    assert lines[-1] == WON
