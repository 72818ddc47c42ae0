"""While the seat is handed over, nobody acts for the player who is to take it: in a
duel, Ann fires and the screen asks her to pass the seat to Bob; the Combat dock then
shows Bob's choice (fire back, or place damage) but its buttons are off until Bob
presses his button, so Ann cannot hold fire for him."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication
from pytestqt.qtbot import QtBot

from tests.app.acceptance.test_duel import launch, start


def seat_buttons(you: object) -> list[QAbstractButton]:
    win = you.win  # type: ignore[attr-defined]
    return [
        b
        for key in ("course", "combat", "manifest")
        for b in win.docks[key].widget().findChildren(QAbstractButton)
        if b.isVisible()
    ]


def test_hand_over_locks_the_next_players_panels_until_they_take_the_seat(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = start(qtbot, tmp_path)
    launch(you, "Missile")
    you.press("Coast (no burn)")
    assert you.primary() == "Move"
    assert you.phase() == "Gun"
    you.press("Fire")
    assert you.win.stack.currentWidget() is you.win.hand_over
    assert "Bob" in you.win.turn_bar.player_label.text()
    shown = seat_buttons(you)
    assert any(
        b.text().replace("&", "") in ("Fire", "Hold Fire", "Place Damage…", "Place Damage")
        for b in shown
    )
    assert not any(b.isEnabled() for b in shown), [b.text() for b in shown if b.isEnabled()]
    before = you.log()
    for button in shown:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert you.log() == before, "a click during the hand-over acted for Bob"
    assert you.take_seat() == "Bob"
    assert any(b.isEnabled() for b in seat_buttons(you))


def test_taking_the_seat_gives_the_map_the_keyboard(qtbot: QtBot, tmp_path: Path) -> None:
    """The hand-over button had the keyboard; once it is gone the map has it and the
    window is the active one, so the player's next keys (Ctrl+Enter, N, Backspace) reach
    the game even where no window manager hands the keyboard back after a dialog."""
    you = start(qtbot, tmp_path)
    launch(you, "Missile")
    you.press("Coast (no burn)")
    you.primary()
    you.press("Fire")
    assert you.win.stack.currentWidget() is you.win.hand_over
    you.take_seat()
    assert you.win.focusWidget() is you.win.map_view
    qtbot.waitUntil(lambda: QApplication.activeWindow() is you.win)
