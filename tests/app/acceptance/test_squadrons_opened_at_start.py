"""A squadron campaign or player file opened as Ecliptic starts (double-clicked, or
named on the command line) shows the squadron game's docks only: the star-map game's
Ships, Course and Event Log docks stood empty beside the page, put away only when the
file was opened in a window already on screen."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from core.campaign import CampaignFile
from core.campaign.mail import referee
from core.engine.play import start
from core.rules.squadrons.scenario import load_scenario
from core.rules.squadrons.state import RULES
from tests.core.rules.squadrons.helpers import SEATS


def shown_docks(win: MainWindow) -> set[str]:
    return {d.windowTitle() for d in win.findChildren(QDockWidget) if d.isVisible()}


def started_with(qtbot: QtBot, tmp_path: Path, path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "ecliptic.ini"), QSettings.Format.IniFormat)
    win = MainWindow(path=path, settings=settings)
    win.ask_before_closing = False
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def border_raid_campaign(tmp_path: Path) -> CampaignFile:
    state, _ = start(RULES, SEATS, seed=0, setup=load_scenario("border-raid"))
    return CampaignFile.create(tmp_path / "raid.ecliptic", "Raid", state)


def test_a_squadron_campaign_opened_at_start_shows_only_its_docks(
    qtbot: QtBot, tmp_path: Path
) -> None:
    border_raid_campaign(tmp_path).close()
    win = started_with(qtbot, tmp_path, tmp_path / "raid.ecliptic")
    shown = shown_docks(win)
    assert "Squadron Sheet" in shown and "Campaign" in shown
    assert not shown & {"Ships", "Course", "Event Log", "Dice"}, shown


def test_a_squadron_player_file_opened_at_start_shows_only_its_docks(
    qtbot: QtBot, tmp_path: Path
) -> None:
    campaign = border_raid_campaign(tmp_path)
    referee.set_mode(campaign, referee.REFEREED)
    written = referee.export_player_files(campaign, tmp_path / "files")
    campaign.close()
    win = started_with(qtbot, tmp_path, next(p for p in written if "Ann" in p.name))
    shown = shown_docks(win)
    assert "Squadron Sheet" in shown
    assert not shown & {"Ships", "Course", "Event Log", "Dice"}, shown
