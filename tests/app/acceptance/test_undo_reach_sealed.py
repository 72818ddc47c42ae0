"""Undo in a game of sealed orders reaches only the seated player's own orders since
they took the seat: at one shared screen, Edit › Undo (Ctrl+Z) once stepped back over
another player's end of the phase and then over their sealed orders, wiping them
unseen. A game whose orders are not sealed (Interplanetary) undoes as it always did.
Through visible controls only."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QLineEdit, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.nplanetary_table import combo, orders
from tests.app.acceptance.test_nplanetary_campaign import new_campaign as duel_campaign
from tests.app.acceptance.user import Player

REFUSED = "Undo reaches only your own orders: Ann's orders for this phase are sealed"


def test_undo_in_a_sealed_phase_reaches_only_the_seated_players_own_orders(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    duel_campaign(you, tmp_path / "duel.ecliptic", "Duel")  # a campaign: undo walks the log
    assert you.take_seat() == "Ann" and you.phase() == "Ordnance"
    you.pick(combo(you, "np_launch_kind"), "torpedo")
    you.press("Launch")
    assert orders(you) == ["✓ Resolute releases a torpedo"]
    you.primary()

    # on the hand-over screen nobody sits: Undo reaches nobody's orders
    assert you.win.stack.currentWidget() is you.win.hand_over
    undo = you.menu("Edit", "Undo")
    assert not undo.isEnabled()
    assert "take the seat" in undo.toolTip()

    # Bob sits: Ann's end of the phase and her order are not his to undo
    assert you.take_seat() == "Bob"
    assert not undo.isEnabled(), "Bob could undo Ann's end of the phase"
    assert undo.toolTip() == REFUSED
    assert undo.statusTip() == REFUSED

    # his own order he may take back, and no further than it
    you.pick(combo(you, "np_launch_kind"), "mine")
    you.press("Launch")
    mine = orders(you)
    assert len(mine) == 1 and "releases a mine" in mine[0], mine
    assert undo.isEnabled()
    you.choose("Edit", "Undo")
    assert orders(you) == [] and you.seated() == "Bob"
    assert not undo.isEnabled() and undo.toolTip() == REFUSED
    redo = you.menu("Edit", "Redo")
    assert redo.isEnabled()  # his own order again
    you.choose("Edit", "Redo")
    assert orders(you) == mine
    you.choose("Edit", "Undo")

    # the phase resolves with Ann's order as she gave it
    you.primary()
    you.take_seat()
    launched = [line for line in you.log() if line.startswith("Resolute releases a torpedo")]
    assert launched, you.log()
    assert not any("releases a mine" in line for line in you.log())  # Bob undid his
    assert you.phase() == "Combat"
    assert not you.menu("Edit", "Undo").isEnabled()  # the phase played out stands


TRAINING_CAMPAIGN = "Training"


def new_training_campaign(you: Player, file: Path) -> None:
    """File › New Campaign…: Training (Interplanetary: the players take turns), Ann and
    Bob, a fixed seed."""

    def fill(dialog: QWidget) -> None:
        scenario = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(scenario, QComboBox)
        you.pick(scenario, TRAINING_CAMPAIGN)
        you.type_into(you.find(QSpinBox, "player_count", dialog), "2")
        for i, seat in enumerate(("Ann", "Bob")):
            you.type_into(you.find(QLineEdit, f"seat_name_{i}", dialog), seat)
        fixed = you.find(QCheckBox, "fixed_seed", dialog)
        assert isinstance(fixed, QCheckBox)
        if not fixed.isChecked():
            you.click(fixed)
        you.type_into(you.find(QSpinBox, "dice_seed", dialog), "11")
        you.type_into(you.find(QLineEdit, "campaign_name", dialog), "Training night")
        you.type_into(you.find(QLineEdit, "campaign_file", dialog), str(file))
        QApplication.processEvents()
        you.agree_to_questions()
        you.press("Create", dialog)

    you.answer(lambda: you.choose("File", "New Campaign"), fill)
    you.qtbot.waitUntil(lambda: you.win.turn_bar.round_label.text() == "Round 1")


def test_undo_in_a_game_without_sealed_orders_is_unchanged(qtbot: QtBot, tmp_path: Path) -> None:
    """Interplanetary: the player who has just moved may take it back from the hand-over
    screen, and the next player may undo it too, as before."""
    you = Player(qtbot, tmp_path)
    new_training_campaign(you, tmp_path / "training.ecliptic")
    first = you.take_seat()
    you.lift_off()
    assert you.primary() == "Move"
    assert you.win.stack.currentWidget() is you.win.hand_over
    undo = you.menu("Edit", "Undo")
    assert undo.isEnabled() and undo.toolTip() == "Undo"
    second = you.take_seat()
    assert second != first and undo.isEnabled()
    you.choose("Edit", "Undo")
    assert you.take_seat() == first  # the move taken back: the first player's turn again
    assert you.menu("Edit", "Redo").isEnabled()
    you.choose("Edit", "Redo")
    assert you.take_seat() == second
