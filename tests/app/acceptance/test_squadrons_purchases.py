"""Skirmish at Velde, where both sides buy their navies first: New Game lists it, Navy
Purchases… spends each side's points, and the game opens with what each bought at its
deployment hex; a side that bought a "?" is seen by the other only as the "?"."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QDialog, QLineEdit, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable


def test_both_sides_buy_their_navies_and_play_with_them(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)

    def buy(dialog: QWidget) -> None:
        for side, cruisers in ((0, "2"), (1, "1")):
            name = ("Imperium", "Zhodani")[side]
            table.show_tab(f"{side + 1} {name}")
            table.press(f"Show {name}'s Purchase", dialog)  # each side's is covered
            spin = table.find(QSpinBox, f"buy_{side}_1", dialog)
            assert spin.accessibleName() == "Cruiser"
            table.type_into(spin, cruisers)
        table.type_into(table.find(QSpinBox, "extra_1_unknown", dialog), "1")  # on the Zhodani tab
        table.press("OK", dialog)

    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, QDialog)
        combo = table.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        table.pick(combo, "Skirmish at Velde")
        for i, name in enumerate(("Ann", "Bob")):
            table.type_into(table.find(QLineEdit, f"seat_name_{i}", dialog), name)
        table.answer(lambda: table.press("Navy Purchases", dialog), buy)
        table.agree_to_questions()  # points left unspent: start anyway
        table.press("Start", dialog)

    table.answer(lambda: table.choose("File", "New Quick Game"), fill)
    table.dismiss_questions()
    qtbot.waitUntil(lambda: table.win.turn_bar.round_label.text() == "Day 1")
    assert table.take_seat() == "Ann"
    seen = table.counters("Velde")
    assert sum(t.startswith("Cruiser (Imperium squadron)") for t in seen) == 2
    assert any(t.startswith('"?" counter (Zhodani)') for t in seen)
    assert not any(t.startswith("Cruiser (Zhodani") for t in seen)


def test_the_cost_scheme_chosen_in_new_game_is_kept_and_shown(qtbot: QtBot, tmp_path: Path) -> None:
    """Skirmish at Velde offers the cost schemes in New Game (its own, Seed, first); the
    one chosen prices the purchases, is kept with the game and named on the sheet."""
    table = SquadronTable(qtbot, tmp_path)

    def buy(dialog: QWidget) -> None:
        for side in (0, 1):
            name = ("Imperium", "Zhodani")[side]
            table.show_tab(f"{side + 1} {name}")
            table.press(f"Show {name}'s Purchase", dialog)  # each side's is covered
            spin = next(
                s
                for s in dialog.findChildren(QSpinBox)
                if s.isVisible() and s.accessibleName() == "Cruiser"
            )
            table.type_into(spin, "1")
        table.press("OK", dialog)

    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, QDialog)
        table.pick(table.find(QComboBox, "scenario_box", dialog), "Skirmish at Velde")
        schemes = table.find(QComboBox, "squadron_cost_scheme", dialog)
        assert isinstance(schemes, QComboBox) and schemes.currentText() == "Seed"
        table.pick(schemes, "Flat")
        for i, name in enumerate(("Ann", "Bob")):
            table.type_into(table.find(QLineEdit, f"seat_name_{i}", dialog), name)
        assert schemes.currentText() == "Flat"  # renaming the seats keeps the choice
        table.answer(lambda: table.press("Navy Purchases", dialog), buy)
        table.agree_to_questions()
        table.press("Start", dialog)

    table.answer(lambda: table.choose("File", "New Quick Game"), fill)
    table.dismiss_questions()
    qtbot.waitUntil(lambda: table.win.turn_bar.round_label.text() == "Day 1")
    table.take_seat()
    table.click_counter("Velde", lambda t: t.startswith("Cruiser (Imperium"))
    assert "Cost scheme: Flat" in table.sheet()
    session = table.win.own_page.session  # type: ignore[union-attr]
    assert session.live.cost_scheme == "flat"
