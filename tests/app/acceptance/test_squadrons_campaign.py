"""The Battle for Tessaly kept in a campaign, through visible controls only: New
Campaign lists the squadron scenarios; a fleet counter is formed and disbanded; a move
is undone with Ctrl+Z; a new "?" counter is placed at the end of the day, and the other
side sees only the "?"; the campaign is closed and opened again from File › Open
Recent, and the game goes on where it was, its log shown again."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QInputDialog, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable

CRUISER = "Cruiser Squadron (Imperium"


def new_campaign(table: SquadronTable, scenario: str, name: str) -> None:
    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, QDialog)
        combo = table.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        table.pick(combo, scenario)
        table.type_into(table.find(QLineEdit, "campaign_name", dialog), name)
        table.press("Create", dialog)

    table.answer(lambda: table.choose("File", "New Campaign"), fill)
    table.qtbot.waitUntil(lambda: table.win.turn_bar.round_label.text() == "Day 1")


def test_a_squadron_campaign_keeps_fleets_veils_and_the_day(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    new_campaign(table, "The Battle for Tessaly", "Tessaly")
    assert table.take_seat() == "Ann"

    # a fleet counter stands in for the two cruisers, then goes again
    table.click_counter("Tessaly", lambda t: t.startswith(CRUISER))
    assert sum("Cruiser Squadron" in row for row in table.stack_rows()) == 2

    def name_fleet(dialog: QWidget) -> None:
        assert isinstance(dialog, QInputDialog)
        table.type_into(table.find(QLineEdit, "", dialog), "Home Fleet")
        table.press("OK", dialog)

    table.answer(lambda: table.press("Form Fleet"), name_fleet)
    fleet = "Home Fleet: fleet counter of Imperium"
    assert any(t.startswith(fleet) for t in table.counters("Tessaly"))
    table.press("Disband Fleet")
    assert not any(t.startswith(fleet) for t in table.counters("Tessaly"))

    # a move, taken back with Ctrl+Z
    table.click_counter("Tessaly", lambda t: t.startswith("Frigate Squadron (Imperium"))
    before = table.label("selected_hex")
    table.click_mark("Tessaly")
    assert table.label("selected_hex") != before
    qtbot.keyClick(table.win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert any(t.startswith("Frigate Squadron (Imperium") for t in table.counters("Tessaly"))
    table.click_counter("Tessaly", lambda t: t.startswith("Frigate Squadron (Imperium"))
    assert table.label("selected_hex") == before

    # the Campaign dock tells Ann her own orders (the other side sees no trace of them:
    # tests/app/campaign/test_campaign_dock_secrets.py)
    qtbot.waitUntil(lambda: any("Home Fleet" in r for r in table.campaign_rows()))

    # to the end of the day: Ann places her new "?" over her frigate
    table.everyone_ends(lambda: table.win.turn_bar.current_phase() == 'Place "?"')
    assert table.take_seat() == "Ann"
    table.press('Place "?" (2 in hand)')
    table.click_counter("Tessaly", lambda t: t.startswith("Frigate Squadron (Imperium"))
    assert sum(t.startswith('"?" counter (Imperium)') for t in table.counters("Tessaly")) == 1
    table.end_step()

    # Bob sees the "?", not the frigate under it
    assert table.take_seat() == "Bob"
    seen = table.counters("Tessaly")
    assert any(t.startswith('"?" counter (Imperium)') for t in seen)
    assert not any(t.startswith("Frigate Squadron (Imperium") for t in seen)
    table.end_step()
    assert table.day() == 2

    # closed, and opened again from the recent campaigns, its log with it
    table.choose("File", "Close")
    assert table.win.turn_bar.round_label.text() == "No game"
    table.choose("File", "Open Recent", "Tessaly")
    assert table.day() == 2
    assert table.take_seat() == "Ann"
    assert any(t.startswith('"?" counter (Imperium)') for t in table.counters("Tessaly"))
    for day in ("day 1 begins", "day 2 begins"):
        assert any(line.endswith(day) for line in table.log_lines()), table.log_lines()
