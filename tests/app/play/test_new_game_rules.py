"""Optional rules in the New Game and New Campaign dialogs: a check-box each, ticked as
the scenario sets them, and what is ticked is the game's switch."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.campaign.new_campaign import NewCampaignDialog
from app.play.new_game import NewGameDialog
from core.files.ruleset import OPTIONAL_RULES
from core.scenario.reader import builtin_scenarios

SCENARIOS = {p.stem: p for p in builtin_scenarios()}


def test_optional_rules_default_to_the_scenarios_setting(qtbot: QtBot) -> None:
    dialog = NewGameDialog(scenario=SCENARIOS["hostile-takeover"])
    qtbot.addWidget(dialog)
    boxes = dialog.rule_boxes
    assert set(boxes) == set(OPTIONAL_RULES)
    assert boxes["fog_of_war"].isChecked() and boxes["bases_pick_sides"].isChecked()
    assert not boxes["boarding"].isChecked()
    dialog.add_scenario(SCENARIOS["training"])
    assert not boxes["fog_of_war"].isChecked() and boxes["civilian_ships"].isChecked()


def test_optional_rules_ticked_are_passed_into_the_game(qtbot: QtBot) -> None:
    dialog = NewGameDialog(scenario=SCENARIOS["training"])
    qtbot.addWidget(dialog)
    dialog.rule_boxes["boarding"].setChecked(True)
    dialog.rule_boxes["civilian_ships"].setChecked(False)
    chosen = dialog.result_game()
    assert chosen is not None
    scenario, seats, seed = chosen
    state, _ = scenario.start(seats, seed)
    assert state.uses("boarding") and not state.uses("civilian_ships")
    assert not state.uses("fog_of_war")


def test_optional_rules_in_the_new_campaign_dialog(qtbot: QtBot) -> None:
    dialog = NewCampaignDialog(scenario=SCENARIOS["hostile-takeover"])
    qtbot.addWidget(dialog)
    dialog.rule_boxes["fog_of_war"].setChecked(False)
    chosen = dialog.result_game()
    assert chosen is not None
    assert dict(chosen[0].switches)["fog_of_war"] is False


def test_weak_gravity_carries_over_is_chosen_in_new_game_and_kept_by_the_game(
    qtbot: QtBot,
) -> None:
    """The other reading of the two-weak-hexes rule is a box in New Game, off by default;
    ticking it turns it on in the game's own switches."""
    dialog = NewGameDialog(scenario=SCENARIOS["training"])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    box = dialog.rule_boxes["weak_gravity_carries_over"]
    assert box.isVisible() and not box.isChecked() and "weak" in box.toolTip()
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=box.rect().center())
    chosen = dialog.result_game()
    assert chosen is not None
    scenario, seats, seed = chosen
    state, _ = scenario.start(seats, seed)
    assert state.uses("weak_gravity_carries_over")
