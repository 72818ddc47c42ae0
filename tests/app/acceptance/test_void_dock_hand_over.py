"""System III Void's Battles dock after a hand-over: the torpedo count and target the
last player chose do not carry over to the next player's orders (they would hint at the
last player's intent), with visible controls only."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player
from tests.app.acceptance.void_table import at_the_window, encounter


def battles_orders(user: Player) -> QWidget:
    user.select_ship(f"{user.seated()}'s Bastet")
    user.show_tab("Battles")
    return user.find(QWidget, "tactical_orders")


def test_the_torpedo_count_a_player_chose_is_reset_for_the_next_player(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = at_the_window(qtbot, tmp_path)
    user.answer(lambda: user.press("Engage"), encounter(user, "Play it at tactical scale"))
    qtbot.waitUntil(lambda: user.label("breadcrumb").endswith("tactical turn 1"))
    user.take_seat()
    for _ in range(5):
        if user.phase() == "Ordnance":
            break
        user.primary()
        user.take_seat()
    first = user.seated()
    orders = battles_orders(user)
    user.pick(user.find(QComboBox, "tactical_target", orders), "Whirlwind")
    count = user.find(QSpinBox, "torpedo_count", orders)
    assert isinstance(count, QSpinBox)
    count.setFocus()
    qtbot.keyClick(count, Qt.Key.Key_Up)
    assert count.value() == 2
    for _ in range(5):
        user.primary()
        if user.take_seat() != first:
            break
    assert user.seated() != first
    orders = battles_orders(user)
    count = user.find(QSpinBox, "torpedo_count", orders)
    assert isinstance(count, QSpinBox)
    assert count.value() == 1, count.text()
