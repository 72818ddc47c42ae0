"""A newcomer's first Skirmish at Velde, bought in New Game: Navy Purchases refuses, as it
happens, a purchase the game's start could not place (supply counters no squadron can
carry), so the New Game dialog is never lost to a refusal after Start; each design's
factors are read beside its price; each side's tab is covered until its player shows it,
and again when another tab is chosen (what a side bought is its secret, and so is how
much it spent); and the question about unspent points says what the squadron game does
with them (they are lost)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QComboBox, QDialog, QLabel, QLineEdit, QMessageBox, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable


def skirmish(
    table: SquadronTable,
    buy: Callable[[QWidget], None],
    ask: Callable[[QWidget], None] | None = None,
) -> None:
    """File › New Quick Game of Skirmish at Velde for Ann and Bob: ``buy`` answers Navy
    Purchases, then Start, ``ask`` answering its question (else Yes to any)."""

    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, QDialog)
        table.pick(table.find(QComboBox, "scenario_box", dialog), "Skirmish at Velde")  # type: ignore[arg-type]
        for i, name in enumerate(("Ann", "Bob")):
            table.type_into(table.find(QLineEdit, f"seat_name_{i}", dialog), name)
        table.answer(lambda: table.press("Navy Purchases", dialog), buy)
        if ask is None:
            table.agree_to_questions()
            table.press("Start", dialog)
        else:
            table.answer(lambda: table.press("Start", dialog), ask)

    table.answer(lambda: table.choose("File", "New Quick Game"), fill)
    table.dismiss_questions()
    table.qtbot.waitUntil(lambda: table.win.turn_bar.round_label.text() == "Day 1")


def spin(dialog: QWidget, name: str) -> QSpinBox:
    """The visible count box a player reads as ``name`` (a design or an extra)."""
    found = [
        s for s in dialog.findChildren(QSpinBox) if s.isVisible() and s.accessibleName() == name
    ]
    assert found, f"no count for {name!r}"
    return found[0]


def _spin_shown(dialog: QWidget, name: str) -> bool:
    return any(s.isVisible() and s.accessibleName() == name for s in dialog.findChildren(QSpinBox))


def test_navy_purchases_refuses_supply_counters_its_squadrons_cannot_carry(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    said: list[str] = []

    def buy(dialog: QWidget) -> None:
        table.press("Show Imperium's Purchase", dialog)
        table.type_into(spin(dialog, "Cruiser"), "1")  # Supply 2
        table.type_into(spin(dialog, "Frigate"), "1")  # Supply 1
        factors = table.find(QLabel, "buy_label_0_1", dialog).text()  # type: ignore[attr-defined]
        assert "Attack 20" in factors and "Supply 2" in factors  # read before buying
        table.type_into(spin(dialog, "supply counter"), "5")
        refusal = table.find(QLabel, "purchase_refusals_0", dialog).text()  # type: ignore[attr-defined]
        said.append(refusal)
        assert not table.button("OK", dialog).isEnabled()
        table.type_into(spin(dialog, "supply counter"), "3")
        assert table.button("OK", dialog).isEnabled()
        table.show_tab("2 Zhodani")
        table.press("Show Zhodani's Purchase", dialog)
        table.type_into(spin(dialog, "Scout"), "1")
        table.type_into(spin(dialog, "admiral"), "1")
        table.show_tab("1 Imperium")  # Ann's purchase is covered again for Bob to pass
        assert not _spin_shown(dialog, "Cruiser")
        table.press("OK", dialog)

    def ask(box: QWidget) -> None:
        assert isinstance(box, QMessageBox)
        said.append(box.text())
        table.click(box.button(QMessageBox.StandardButton.Yes))

    skirmish(table, buy, ask)
    refusal, unspent = said
    assert refusal == (
        "Imperium bought 5 supply counters; its squadrons' Supply factors carry only 3"
    )
    assert unspent.startswith("Imperium has points left unspent; Zhodani has points left")
    assert "lost" in unspent and "bases" not in unspent  # not the ship game's rule
    assert table.take_seat() == "Ann"
    table.click_counter("Velde", lambda t: t.startswith("Cruiser (Imperium"))
    assert "Supply: 2 counters" in table.sheet()


def test_a_navy_bought_before_play_is_squadrons_only_not_a_planets_defences(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Ruling: a planet counter is a planet's defences; Navy Purchases does not offer
    one (it would stand, unable to move, at the deployment hex in deep space)."""
    table = SquadronTable(qtbot, tmp_path)
    said: list[str] = []

    def buy(dialog: QWidget) -> None:
        table.press("Show Imperium's Purchase", dialog)
        assert _spin_shown(dialog, "Cruiser") and not _spin_shown(dialog, "Planetary Defences")
        said.append(table.find(QLabel, "purchase_planets_0", dialog).text())  # type: ignore[attr-defined]
        table.press("Cancel", dialog)

    def fill(dialog: QWidget) -> None:
        table.pick(table.find(QComboBox, "scenario_box", dialog), "Skirmish at Velde")  # type: ignore[arg-type]
        table.answer(lambda: table.press("Navy Purchases", dialog), buy)
        table.press("Cancel", dialog)

    table.answer(lambda: table.choose("File", "New Quick Game"), fill)
    assert said and said[0].startswith("1 planet design not offered")
