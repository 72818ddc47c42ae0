"""In the combat phase of a System III Void campaign the Battles dock lists what the
selected ship's course offers (what Engage would list). At the default window size, and
at a laptop's 1400x900, those lines were below the fold: the dock had to be scrolled to
read them. They now stand under the Engage button, in sight. Visible controls only."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from tests.app.acceptance.test_void_strategic_trial import meeting
from tests.app.acceptance.user import Player
from tests.app.acceptance.void_table import open_campaign, shot


@pytest.mark.parametrize("size", [None, (1400, 900)])
def test_a_courses_offers_are_in_sight_without_scrolling_the_battles_dock(
    qtbot: QtBot, tmp_path: Path, size: tuple[int, int] | None
) -> None:
    path = tmp_path / "meeting.ecliptic"
    meeting(path)  # Ann's combat phase, her course through Bob's hex
    user = Player(qtbot, tmp_path)
    if size is not None:
        user.win.resize(*size)
    open_campaign(user, path)
    user.select_ship("Ann's Bastet")
    user.show_tab("Battles")
    QApplication.processEvents()
    offers = [
        w
        for w in user.win.findChildren(QLabel)
        if w.isVisible() and "This turn's course offers:" in w.text()
    ]
    assert offers, "no offers shown"
    label = offers[0]
    assert "Bob's Bastet: free" in label.text()
    seen = label.visibleRegion().boundingRect()
    assert seen == label.rect(), f"only {seen} of the offers' {label.rect()} in sight"
    if size is None:
        shot(user.win, "offers-in-sight")
