"""The turn bar's hint about ships without orders says what becomes of them in the
player's words: a landed ship stays landed (it does not coast), one ship is "it", and
once every ship has orders it names the button that ends the phase ("Move"), not a
button the bar does not show."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player


def test_orders_hint_names_the_landed_ship_and_the_button_on_the_bar(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Training", seed=11)
    you.take_seat()
    bar = you.win.turn_bar
    assert bar.hint.text() == "1 landed ship without orders (it stays landed)"
    you.lift_off()
    assert bar.end_button.text() == "Move"
    assert bar.hint.text() == "All ships have orders: press Move when ready"
    you.primary()
    you.take_seat()
    you.lift_off()
    you.primary()
    you.take_seat()
    assert bar.hint.text() == "1 ship without orders (it coasts)"
