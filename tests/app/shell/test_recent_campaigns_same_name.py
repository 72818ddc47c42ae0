"""File › Open Recent tells apart campaigns with the same name: newcomers saw "Clouds"
three times and could not know which was which. Where names collide each entry adds
the end of its path that differs; every entry shows its whole path on hover and in the
status bar."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player
from tests.core.campaigns import new_campaign


def open_campaign(you: Player, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(path), "Campaigns (*.ecliptic)")
    )
    you.choose("File", "Open")
    you.qtbot.waitUntil(lambda: path.name in you.status())


def test_open_recent_tells_apart_campaigns_with_the_same_name(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = []
    for folder, name, file in (
        ("club", "Clouds", "clouds.ecliptic"),
        ("home", "Clouds", "clouds.ecliptic"),
        ("home", "Clouds", "clouds-2.ecliptic"),
        ("home", "Ladder", "ladder.ecliptic"),
    ):
        (tmp_path / folder).mkdir(exist_ok=True)
        campaign = new_campaign(tmp_path / folder, name, file)
        campaign.close()  # made beforehand, as another evening's play left them
        files.append(campaign.path)
    you = Player(qtbot, tmp_path / "seat")
    for path in files:
        open_campaign(you, path, monkeypatch)
    recent = you.menu("File", "Open Recent").menu()
    assert recent is not None and recent.toolTipsVisible()
    texts = [a.text() for a in recent.actions() if a.text()]
    assert texts == [
        "Ladder",  # a name no other shares stays as it was
        "Clouds (clouds-2.ecliptic)",  # the file name tells this one apart
        "Clouds (…/home/clouds.ecliptic)",  # these two need their folders
        "Clouds (…/club/clouds.ecliptic)",
    ]
    for action, path in zip(recent.actions(), reversed(files), strict=True):
        assert action.toolTip() == action.statusTip() == str(path.resolve())
    club = next(a for a in recent.actions() if a.text() == "Clouds (…/club/clouds.ecliptic)")
    club.trigger()
    qtbot.waitUntil(lambda: you.status().startswith("Opened clouds.ecliptic"))
    assert recent.actions()[0].toolTip() == str(files[0].resolve())
