"""The dice seed foretells every roll, so New Game keeps it secret: drawn at random and
shown only when a player ticks Fixed dice seed to choose one."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from app.campaign.new_campaign import NewCampaignDialog
from app.play.new_game import NewGameDialog
from core.scenario.reader import builtin_scenarios

TRAINING = next(p for p in builtin_scenarios() if p.stem == "training")


def shown_texts(dialog: QWidget) -> str:
    parts = [w.text() for w in dialog.findChildren(QLabel) if w.isVisible()]
    parts += [w.text() for w in dialog.findChildren(QSpinBox) if w.isVisible()]
    return "\n".join(parts)


def test_the_dice_seed_is_not_shown_unless_a_player_fixes_it(qtbot: QtBot) -> None:
    for kind in (NewGameDialog, NewCampaignDialog):
        dialog = kind(scenario=TRAINING)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        seed = dialog.findChild(QSpinBox, "dice_seed")
        fixed = dialog.findChild(QCheckBox, "fixed_seed")
        assert seed is not None and fixed is not None
        assert fixed.isVisible() and not fixed.isChecked()
        assert not seed.isVisible()
        assert str(seed.value()) not in shown_texts(dialog)
        chosen = dialog.result_game()
        assert chosen is not None and chosen[2] == seed.value()  # the secret seed is used


def test_a_fixed_dice_seed_is_typed_and_used(qtbot: QtBot) -> None:
    dialog = NewGameDialog(scenario=TRAINING)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    fixed = dialog.findChild(QCheckBox, "fixed_seed")
    seed = dialog.findChild(QSpinBox, "dice_seed")
    assert fixed is not None and seed is not None
    qtbot.mouseClick(fixed, Qt.MouseButton.LeftButton)
    assert seed.isVisible()
    seed.selectAll()
    qtbot.keyClicks(seed.lineEdit(), "1234")
    chosen = dialog.result_game()
    assert chosen is not None and chosen[2] == 1234


def test_a_game_without_dice_shows_no_dice_seed(qtbot: QtBot) -> None:
    """The squadron game rolls no dice: New Game says nothing of dice for it, and shows
    the row again for a game that rolls them."""
    dialog = NewGameDialog(scenario=TRAINING)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    fixed = dialog.findChild(QCheckBox, "fixed_seed")
    assert fixed is not None and fixed.isVisible()
    combo = dialog.scenario_box
    combo.setCurrentIndex(combo.findText("Traveller Squadrons: Border Raid"))
    assert combo.currentText() == "Traveller Squadrons: Border Raid"
    assert not fixed.isVisible()
    assert "dice" not in shown_texts(dialog).lower()
    combo.setCurrentIndex(combo.findData(str(TRAINING)))
    assert fixed.isVisible() and "Dice:" in shown_texts(dialog)
