"""A damaged snapshot first met after the open, on Undo or in the replay view: the
player is told once, with the same warning as when it is met on opening."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox, QToolBar
from pytestqt.qtbot import QtBot

from core.campaign.history import SNAPSHOT_EVERY
from tests.app.acceptance.user import Player
from tests.core.campaign.test_campaign_damaged_snapshot import WRONG_STATE, damaged


def opened(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Player:
    """The campaign open with its earlier snapshot damaged (the open needs only the later
    one, so it says nothing yet)."""
    path, _ = damaged(tmp_path, WRONG_STATE, [SNAPSHOT_EVERY])
    you = Player(qtbot, tmp_path)
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(path), "Campaigns (*.ecliptic)")
    )
    you.choose("File", "Open")
    assert warnings(you) == [], "nothing damaged on the way to where play stands"
    assert "damaged" not in you.status()
    return you


def warnings(you: Player) -> list[QMessageBox]:
    boxes = you.win.findChildren(QMessageBox, "rebuilt_warning_box")
    return [b for b in boxes if b.isVisible()]


def told_once(you: Player, step: Callable[[], None]) -> None:
    """Take ``step`` until the warning comes up, read it, dismiss it, and take the step
    again: the same snapshot is not told twice."""
    for _ in range(2 * SNAPSHOT_EVERY):
        if warnings(you):
            break
        step()
    [box] = warnings(you)
    assert "had a damaged snapshot" in box.text()
    said = box.informativeText()
    assert f"• The snapshot at entry {SNAPSHOT_EVERY} is damaged" in said
    assert "rebuilt from the game's start" in said
    you.press("OK", box)
    for _ in range(3):
        step()
    assert warnings(you) == []


def test_a_damaged_snapshot_first_met_on_undo_is_told_once(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    you = opened(qtbot, tmp_path, monkeypatch)
    told_once(you, lambda: you.choose("Edit", "Undo"))


def test_a_damaged_snapshot_first_met_in_the_replay_view_is_told_once(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    you = opened(qtbot, tmp_path, monkeypatch)
    you.choose("Game", "Replay Past Turns")
    bar = you.win.findChild(QToolBar, "replay_bar")
    assert isinstance(bar, QToolBar) and bar.isVisible()
    [back] = [a for a in bar.actions() if a.text() == "◀ Turn"]

    def step() -> None:
        assert back.isEnabled()
        back.trigger()

    told_once(you, step)
