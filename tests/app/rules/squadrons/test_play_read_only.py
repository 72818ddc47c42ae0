"""A squadron campaign opened read-only by a second Ecliptic (while the first plays it)
shows only what both sides may see: an onlooker's view, with no hand-over and no
orders."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from tests.app.acceptance.squadron_table import SquadronTable
from tests.app.acceptance.test_squadrons_campaign import new_campaign


def test_a_read_only_onlooker_sees_neither_sides_secrets(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    new_campaign(table, "Border Raid", "Raid")
    assert table.take_seat() == "Ann"
    assert any(t.startswith("Frigate Squadron (Imperium") for t in table.counters("Dunmore"))
    path = table.win.campaign.path  # type: ignore[union-attr]

    monkeypatch.setattr(QMessageBox, "question", lambda *_: QMessageBox.StandardButton.Open)
    settings = QSettings(str(tmp_path / "other.ini"), QSettings.Format.IniFormat)
    other = MainWindow(settings=settings)
    other.ask_before_closing = False
    qtbot.addWidget(other)
    other.show()
    assert other.open_campaign(path)
    onlooker = SquadronTable.at(qtbot, other)
    assert not onlooker.handing_over()
    seen = onlooker.counters("Dunmore")
    assert any(t.startswith('"?" counter (Imperium)') for t in seen)
    assert not any(t.startswith("Frigate Squadron (Imperium") for t in seen)
    assert not any("Zhodani" in t for t in onlooker.counters("Ashfall"))
    assert not other.turn_bar.end_button.isEnabled()
    other.close_game()
