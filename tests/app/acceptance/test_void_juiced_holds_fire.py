"""Seed "Juice" in the window: a crew that takes the juice defends that turn but does not
attack, so the Battles dock greys out Launch and says why, rather than offering a launch
that is then refused (visible controls only)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.test_void_torpedo_scan import torpedoes_incoming
from tests.app.acceptance.void_clouds import opened
from tests.app.acceptance.void_table import shot


def test_a_crew_on_the_juice_its_first_turn_may_not_launch_and_is_told_why(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = opened(qtbot, tmp_path, torpedoes_incoming())
    orders = user.find(QWidget, "tactical_orders")
    user.press("Take the Juice", orders)
    assert any("takes the juice" in line for line in user.log())
    user.show_tab("Course")
    user.press("Coast (no burn)")
    user.primary()  # End Astrogation Phase
    assert user.phase() == "Ordnance"
    user.select_ship("Doctrine")
    user.show_tab("Battles")
    assert not user.button("Launch", orders).isEnabled()
    note = user.find(QLabel, "attack_note", orders)
    assert isinstance(note, QLabel) and "takes the juice this turn" in note.text(), note.text()
    shot(orders.parentWidget(), "attack-held")
