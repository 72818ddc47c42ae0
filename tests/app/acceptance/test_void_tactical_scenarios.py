"""System III Void's tactical-only scenarios (issue 20 requirement 10), started as a group
starts any scenario (File › New Quick Game…) and their first tactical turn played in the
window with its visible controls only: the generated map shown, the battle's situation in
the log, courses plotted on the map, each phase ended with the turn bar's button."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from core.campaign import CampaignFile, GameRecord
from tests.app.acceptance.user import Player, plain
from tests.app.acceptance.void_table import shot


@pytest.mark.parametrize(
    ("title", "situation", "ships"),
    [
        (
            "Big Danger and the Bastets",
            "Battle in deep space: Baseline situation, 40 hexes apart",
            7,
        ),
        ("Into the clouds", "Battle over Venus: Chase situation, 40 hexes apart", 2),
    ],
)
def test_a_tactical_scenario_starts_from_new_game_and_plays_its_first_tactical_turn(
    qtbot: QtBot, tmp_path: Path, title: str, situation: str, ships: int
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game(title, names=("Ann", "Bob"), seed=7)
    assert you.round() == 1
    assert any(line.startswith(situation) for line in you.log())
    assert you.ship_list().topLevelItemCount() == ships
    you.play_rounds(1)  # every phase of the first tactical turn, for both players
    assert you.round() == 2
    moved = [line for line in you.log() if " moves " in line or " coasts " in line]
    assert moved, you.log()


def test_a_tactical_scenario_starts_as_a_new_campaign_kept_in_its_file(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    path = tmp_path / "clouds.ecliptic"

    def fill(dialog: QWidget) -> None:
        combo = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        you.pick(combo, "Into the clouds")
        you.type_into(you.find(QLineEdit, "campaign_file", dialog), str(path))
        you.press("Create", dialog)

    you.answer(lambda: you.choose("File", "New Campaign"), fill)
    qtbot.waitUntil(lambda: you.round() == 1)
    assert any(line.startswith("Battle over Venus") for line in you.log())
    you.play_rounds(1)
    assert you.round() == 2
    with CampaignFile.open(path, read_only=True) as file:
        assert GameRecord(file, 1).state.round == 2  # every move kept in the file


def test_the_tactical_scenarios_have_one_way_in_new_game_not_a_ships_menu_duplicate(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Ships › Void Tactical Battle… started the same two scenarios with fewer choices (no
    names, seed or optional rules): New Game and New Campaign are the way in."""
    you = Player(qtbot, tmp_path)
    ships = [plain(a.text()) for a in you.menu("Ships").menu().actions()]
    assert not any("Tactical" in text for text in ships), ships
    you.new_game("Big Danger and the Bastets", names=("Ann", "Bob"), seed=3)
    assert you.ship_list().topLevelItemCount() == 7


def test_a_tactical_scenario_in_the_map_editor_says_its_map_is_generated_and_what_to_do(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A scenario whose [opening] names a generated map has no map file: the editor says
    so and points to New Game and the [opening] table, instead of "names no map"."""
    from PySide6.QtWidgets import QMessageBox

    from core.files.resources import SCENARIOS

    you = Player(qtbot, tmp_path)
    path = SCENARIOS / "void-into-the-clouds.toml"
    you.answer(lambda: you.choose("File", "Edit Map or Scenario"), lambda d: you.pick_file(d, path))
    qtbot.waitUntil(lambda: you.win.findChild(QMessageBox, "problems_box") is not None)
    box = you.win.findChild(QMessageBox, "problems_box")
    assert isinstance(box, QMessageBox) and "void-into-the-clouds.toml" in box.text()
    said = box.informativeText()
    assert "made by the rule system when a game starts" in said and "'void-tactical'" in said
    assert "New Game" in said and "[opening]" in said
    assert you.win.editor_mode.editor is None  # nothing half-opened
    shot(box, "editor-generated-map")
    box.close()
