"""System III Void's ordnance and movement phases say what they are for: the turn bar
spoke of plotting in them ("1 ship without orders (it coasts)", "All ships have orders"),
though courses are plotted on the map in the astrogation phase only. The game still
stops in them, as before. Visible controls only."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.test_void_combat_phase_stops import second_turn
from tests.app.acceptance.void_clouds import opened


def test_ordnance_and_movement_phases_describe_their_own_work(qtbot: QtBot, tmp_path: Path) -> None:
    user = opened(qtbot, tmp_path, second_turn(3))
    hints: dict[str, str] = {}
    for _ in range(4):
        user.take_seat()
        hints[user.phase()] = user.win.turn_bar.hint.text()
        user.primary()
    assert list(hints) == ["Astrogation", "Ordnance", "Movement", "Combat"], hints
    assert "without orders" in hints["Astrogation"]
    assert hints["Ordnance"] == "Bastet may launch torpedoes (Battles dock)"
    assert hints["Movement"] == "the ships move on the courses plotted as this phase ends"
    for phase in ("Ordnance", "Movement"):
        assert "orders" not in hints[phase], hints
