"""Seed "Torpedoes", ruling on the scan's reach, in the window: an enemy group farther
than a scan reaches leaves Scan greyed out and says how far it is, rather than offering a
scan that is then refused (visible controls only)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QLabel, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.test_void_torpedo_scan import torpedoes_incoming
from tests.app.acceptance.void_clouds import opened


def test_scan_out_of_reach_is_greyed_out_and_says_how_far(qtbot: QtBot, tmp_path: Path) -> None:
    # 14 hexes apart at launch: the group flies 3 nearer, and is 11 hexes off
    user = opened(qtbot, tmp_path, torpedoes_incoming(apart=14))
    box = user.find(QWidget, "scan_box")
    groups = user.find(QComboBox, "scan_group", box)
    assert isinstance(groups, QComboBox) and "target unknown" in groups.currentText()
    assert not user.button("Scan", box).isEnabled()
    note = user.find(QLabel, "scan_note", box)
    assert isinstance(note, QLabel)
    assert "11 hexes away" in note.text() and "reaches 10" in note.text(), note.text()
    assert "11 hexes" in groups.currentText()  # the list and the note agree
