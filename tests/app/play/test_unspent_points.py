"""The Great Planet Race warns, before it starts, when a player would start with ship
points unspent; the players may go back and spend them, or start anyway."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from app.play.new_game import NewGameDialog
from tests.app.campaign.test_campaign_window import make_window
from tests.app.clicks import button, menu_action, when_modal


def test_great_planet_race_warns_when_a_player_starts_with_unspent_ship_points(
    qtbot: QtBot, tmp_path: Path
) -> None:
    win = make_window(qtbot, tmp_path)
    warnings: list[str] = []

    def reply(answer: QMessageBox.StandardButton):  # type: ignore[no-untyped-def]
        def act(box: QWidget) -> None:
            assert isinstance(box, QMessageBox)
            warnings.append(box.text())
            box.button(answer).click()

        return act

    def start_twice(dialog: QWidget) -> None:
        box = dialog.findChild(QComboBox, "scenario_box")
        box.setCurrentIndex(box.findText("Interplanetary: The Great Planet Race"))
        when_modal(reply(QMessageBox.StandardButton.No), QMessageBox)
        button(dialog, "Start").click()
        assert dialog.isVisible(), "No: back to the dialog to spend them"
        when_modal(reply(QMessageBox.StandardButton.Yes), QMessageBox)
        button(dialog, "Start").click()

    when_modal(start_twice, NewGameDialog)
    menu_action(win, "File", "New Quick Game").trigger()
    assert len(warnings) == 2
    assert warnings[0].startswith("Ann has ") and "unspent; Bob has " in warnings[0]
    assert "Start anyway?" in warnings[0]
    assert win.session is not None and win.session.title == "The Great Planet Race"


def test_a_scenario_without_ship_points_starts_without_a_warning(
    qtbot: QtBot, tmp_path: Path
) -> None:
    win = make_window(qtbot, tmp_path)

    def start(dialog: QWidget) -> None:
        box = dialog.findChild(QComboBox, "scenario_box")
        box.setCurrentIndex(box.findText("Interplanetary: Training"))
        button(dialog, "Start").click()

    when_modal(start, NewGameDialog)
    menu_action(win, "File", "New Quick Game").trigger()
    assert win.session is not None and win.session.title == "Training"
