"""New Game as a newcomer reads it: every scenario in the list is marked with its rule
system the same way (not only NPlanetary's), a scenario with fixed sides says which
seat plays which (System III Void's as the squadron game's do), and a short briefing
leaves no blank gap under it. Only visible controls: File › New Quick Game…, the
scenario list (chosen with the keyboard) and the labels shown."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QLabel, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player

SYSTEMS = ("Interplanetary", "NPlanetary", "System III Void", "Traveller Squadrons")


def looked_at(you: Player, look) -> None:  # type: ignore[no-untyped-def]
    """File › New Quick Game…, ``look`` at the dialog, then Cancel."""

    def handle(dialog: QWidget) -> None:
        assert isinstance(dialog, QDialog)
        look(dialog)
        you.press("Cancel", dialog)

    you.answer(lambda: you.choose("File", "New Quick Game"), handle)


def gap_under_briefing(you: Player, dialog: QWidget) -> int:
    """Pixels between the briefing's last line and the Players box below it."""
    label = you.find(QLabel, "scenario_description", dialog)
    assert isinstance(label, QLabel)
    flags = int(label.alignment().value) | int(Qt.TextFlag.TextWordWrap.value)
    lines = label.fontMetrics().boundingRect(0, 0, label.width(), 10_000, flags, label.text())
    text_bottom = label.mapTo(dialog, QPoint(0, lines.height())).y()
    players = you.find(QSpinBox, "player_count", dialog)
    return players.mapTo(dialog, QPoint(0, 0)).y() - text_bottom


def test_every_scenario_is_marked_with_its_rule_system(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    listed: list[str] = []

    def look(dialog: QWidget) -> None:
        combo = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        listed.extend(combo.itemText(i) for i in range(combo.count()))

    looked_at(you, look)
    unmarked = [t for t in listed if not t.startswith(SYSTEMS)]
    assert not unmarked
    assert "System III Void (tactical): Into the clouds" in listed
    assert "Traveller Squadrons: Border Raid" in listed
    assert "NPlanetary: Duel in the Void" in listed  # marked once, as its title says it


def test_a_void_scenario_says_which_seat_plays_which_side(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    said: list[str] = []

    def look(dialog: QWidget) -> None:
        combo = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        you.pick(combo, "Into the clouds")
        said.append(you.find(QLabel, "scenario_description", dialog).text())  # type: ignore[attr-defined]

    looked_at(you, look)
    assert said[0].endswith("Seat 1 plays UN Navy, seat 2 plays Raiders.")


def test_a_short_briefing_leaves_no_blank_gap_under_it(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    gaps: list[int] = []

    def look(dialog: QWidget) -> None:
        combo = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        you.pick(combo, "Last Man Standing")
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # laid out as shown
        line = dialog.fontMetrics().lineSpacing()
        gaps.append(gap_under_briefing(you, dialog) // line)
        dialog.grab().save(str(tmp_path / "new_game.png"))

    looked_at(you, look)
    assert gaps[0] <= 1, f"{gaps[0]} blank lines under a three-line briefing"
