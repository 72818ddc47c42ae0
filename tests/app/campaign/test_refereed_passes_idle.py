"""Issue 23: the window's referee and the command line pass empty phases by the same
rule (:mod:`core.vector.idle`): a master the command line has played on opens in the
window where it stands, and nothing more is passed by."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from core.campaign import CampaignFile
from core.cli.main import main
from tests.app.acceptance.test_play_by_mail import open_file
from tests.app.acceptance.user import Player
from tests.core.mail.test_referee_passes_idle import send_orders


def entries(path: Path) -> int:
    with CampaignFile.open(path, read_only=True) as campaign, campaign.reading() as db:
        return int(db.execute("SELECT count(*) FROM entry").fetchone()[0])


def test_the_window_passes_no_more_phases_than_referee_play_did(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from core.campaign.mail import referee
    from tests.core.mail.games import fixed

    master = tmp_path / "master.ecliptic"
    with CampaignFile.create(master, "By mail", fixed("interplanetary").start) as campaign:
        referee.set_mode(campaign, referee.REFEREED)
    for _ in range(3):  # the third turn's play passes Ann's empty resupply phase
        send_orders(master, tmp_path)
        assert main(["referee", "play", str(master)]) == 0
    stored = entries(master)
    with CampaignFile.open(master, read_only=True) as campaign:
        phase = referee.inbox(campaign).phase
    you = Player(qtbot, tmp_path)
    open_file(you, master)
    qtbot.waitUntil(you.win.referee_panel.isVisible)
    assert f"{phase} phase" in you.label("referee_turn")
    assert any("passes by itself" in line for line in you.log())
    you.win.close_game()
    assert entries(master) == stored
