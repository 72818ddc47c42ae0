"""A campaign game played to its end in the window keeps its result: the Campaign dock
shows who won and why under the game, and so it does after the campaign is closed and
opened again (File › Open Recent). Everything is done with the window's controls."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QLineEdit,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player

ONE_ROUND = Path(__file__).parent / "scenarios" / "one-round.toml"
WON = "Result: Bob wins: round 1, the last, is over"


def new_campaign(
    you: Player,
    file: Path,
    name: str,
    scenario: Path = ONE_ROUND,
    title: str = "Test One Round",
    seed: int = 3,
) -> None:
    """File › New Campaign…: a scenario file (browsed to, listed by its ``title``), Ann
    and Bob, a fixed seed, the campaign's name and file; then Create."""

    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, QDialog)
        you.answer(lambda: you.press("Browse", dialog), lambda d: you.pick_file(d, scenario))
        combo = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        you.pick(combo, title)
        you.type_into(you.find(QSpinBox, "player_count", dialog), "2")
        for i, seat in enumerate(("Ann", "Bob")):
            you.type_into(you.find(QLineEdit, f"seat_name_{i}", dialog), seat)
        fixed = you.find(QCheckBox, "fixed_seed", dialog)
        assert isinstance(fixed, QCheckBox)
        if not fixed.isChecked():
            you.click(fixed)
        you.type_into(you.find(QSpinBox, "dice_seed", dialog), str(seed))
        you.type_into(you.find(QLineEdit, "campaign_name", dialog), name)
        you.type_into(you.find(QLineEdit, "campaign_file", dialog), str(file))
        you.agree_to_questions()
        you.press("Create", dialog)

    you.answer(lambda: you.choose("File", "New Campaign"), fill)
    you.dismiss_questions()
    you.qtbot.waitUntil(lambda: you.win.turn_bar.round_label.text() == "Round 1")


def dock_lines(you: Player) -> list[str]:
    """The Campaign dock's rows as shown: each game and the rows under it (its rounds
    and, once it is over, its result)."""
    tree = you.find(QTreeWidget, "campaign_browser")
    assert isinstance(tree, QTreeWidget)
    lines: list[str] = []

    def walk(item: QTreeWidgetItem) -> None:
        lines.append(item.text(0))
        if item.isExpanded():
            for i in range(item.childCount()):
                walk(item.child(i))

    for i in range(tree.topLevelItemCount()):
        walk(tree.topLevelItem(i))
    return lines


def test_a_game_played_to_its_end_shows_its_result_in_the_campaign_dock_after_reopening(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    new_campaign(you, tmp_path / "short.ecliptic", "Short war")
    assert not any(line.startswith("Result:") for line in dock_lines(you))
    for _ in range(30):
        if you.over():
            break
        you.primary()
    assert you.over()
    qtbot.waitUntil(lambda: WON in dock_lines(you))

    you.choose("File", "Close")
    assert you.win.turn_bar.round_label.text() == "No game"
    you.choose("File", "Open Recent", "Short war")
    assert you.over()
    assert WON in dock_lines(you)
