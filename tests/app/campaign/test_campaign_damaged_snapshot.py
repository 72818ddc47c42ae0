"""A campaign whose latest snapshot is damaged, opened with File › Open: the map is
shown, rebuilt from an earlier point, and a warning names the damaged snapshot (in a
message and in the status bar); the damaged row is left as it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from app.board.items import ROLE_KEY
from core.campaign import CampaignFile, GameRecord
from core.campaign.history import SNAPSHOT_EVERY
from core.engine.states import state_hash
from tests.app.acceptance.user import Player
from tests.core.campaign.test_campaign_damaged_snapshot import WRONG_STATE, damaged


def snapshots(path: Path) -> list[tuple[object, ...]]:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return db.execute("SELECT * FROM snapshot ORDER BY entry_id").fetchall()
    finally:
        db.close()


def test_open_a_campaign_with_a_damaged_snapshot_warns_and_shows_the_map(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, intact = damaged(tmp_path, WRONG_STATE, [2 * SNAPSHOT_EVERY])
    rows = snapshots(path)
    you = Player(qtbot, tmp_path)
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(path), "Campaigns (*.ecliptic)")
    )
    you.choose("File", "Open")
    box = you.win.findChild(QMessageBox, "rebuilt_warning_box")
    assert box is not None and box.isVisible()
    assert "had a damaged snapshot" in box.text()
    assert f"• The snapshot at entry {2 * SNAPSHOT_EVERY} is damaged" in box.informativeText()
    assert f"rebuilt from the snapshot at entry {SNAPSHOT_EVERY}" in box.informativeText()
    assert "damaged snapshot was passed over" in you.status()
    you.press("OK", box)
    assert you.take_seat() == "Bob"  # the game goes on where it stood: Bob's turn
    view = you.win.map_view
    assert view.isVisible()  # and the map is on screen, its planets drawn
    assert any(i.data(ROLE_KEY) == "body" and i.isVisible() for i in view.scene().items())
    assert you.win.record is not None and state_hash(you.win.record.state) == intact
    you.win.close_game()
    assert snapshots(path) == rows  # the damaged row kept as it was
    with CampaignFile.open(path, read_only=True) as file:
        assert state_hash(GameRecord(file, 1).state) == intact
