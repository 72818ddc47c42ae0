"""Hostile Takeover through the window, with the optional Space rendezvous rule ticked in
New Game: the Jovian player's two ships, side by side at Io, meet in the resupply phase
(a phase that stops for an optional rule's action); the Mercurian player's ships stand at
their own base with points to spend, so their resupply phase stops for loading weapons.
Three rounds are played."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QSpinBox
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player


def test_two_ships_of_one_side_meet_by_rendezvous_and_three_rounds_are_played(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Hostile Takeover", seed=5, rules=("Space rendezvous",))
    met = False
    for _ in range(100):
        seat = you.take_seat()
        if you.round() > 3 or you.over():
            break
        if you.phase() == "Resupply" and seat == "Ann" and not met:
            assert "meet another ship (rendezvous)" in you.win.turn_bar.hint.text()
            you.select_ship("Ann's first ship")
            partner = you.find(QComboBox, "rendezvous_partner")
            assert isinstance(partner, QComboBox)
            you.pick(partner, "Ann's second ship")
            you.type_into(you.find(QSpinBox, "rendezvous_fuel"), "1")
            you.press("Meet")
            said = "Ann's first ship and Ann's second ship meet in space: 1 fuel from"
            met = any(line.startswith(said) for line in you.log())
            assert met, (you.log()[-3:], you.status())
            continue
        if you.phase() == "Astrogation" and seat == "Ann" and you.round() == 1:
            # the same burn for both ships: they stay together, a fuel point short
            you.select_ship("Ann's first ship")
            markers = you.markers("end point")
            index = next(
                i
                for i, m in enumerate(markers)
                if m.toolTip().startswith("1 fuel") and you.safe(m.toolTip())
            )
            you.click_marker(markers[index])
            you.select_ship("Ann's second ship")
            you.click_marker(you.markers("end point")[index])
        elif you.phase() == "Astrogation":
            you.steer()
        you.primary()
    assert met, "the Jovian ships met in round 1's resupply phase"
    assert you.round() == 4 and not you.over()


def test_with_the_preference_set_a_phase_offering_only_a_rendezvous_passes_by_itself(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    preference = you.menu("Game", "Pass By Phases With Only Optional Extras")
    assert preference.isCheckable() and not preference.isChecked()
    preference.trigger()
    you.new_game("Hostile Takeover", seed=5, rules=("Space rendezvous",))
    you.play_rounds(1)
    said = "Ann's resupply phase passes by itself: Ann's first ship and Ann's second ship"
    line = next(line for line in you.log() if line.startswith(said))
    assert "may meet another ship (rendezvous)" in line and "optional extras" in line

    # The preference is kept: a window opened later has it set.
    again = Player(qtbot, tmp_path)
    assert again.menu("Game", "Pass By Phases With Only Optional Extras").isChecked()
