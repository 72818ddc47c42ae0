"""The referee's Event Log, a refereed campaign opened again: every line the game said
(the players' sealed orders too), not only those every player may read. The log was
filled before the window knew the campaign was the referee's master, so a master opened
again showed none of the lines only one player may read.

The players' turn is played with the core's play-by-mail functions (as their programs
and the referee's earlier session did); the referee then opens the master with File ›
Open."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from core.api.scenarios import start_scenario
from core.campaign import CampaignFile
from core.campaign.mail import files, referee
from core.campaign.mail.player import save_orders
from core.vector.orders import Plot
from core.vector.preview import preview
from tests.app.acceptance.test_play_by_mail import open_file
from tests.app.acceptance.user import Player

SEALED = "an order is sealed until everyone has ended the phase"


def played_master(folder: Path) -> Path:
    """An NPlanetary duel kept refereed, its first movement played by order files (each
    ship plotted a coast: sealed orders, a line only their player may read)."""
    state, events = start_scenario("nplanetary-duel", ["Ann", "Bob"], seed=3)
    path = folder / "duel.ecliptic"
    campaign = CampaignFile.create(path, "Duel", state, title="Duel", events=events)
    referee.set_mode(campaign, referee.REFEREED)
    for turn in range(3):  # the phases before movement, then movement
        out = folder / f"orders {turn}"
        out.mkdir()
        for p in referee.export_player_files(campaign, folder / f"files {turn}"):
            pf = files.read_player_file(p)
            if not pf.expected:
                continue
            plots = [
                Plot(pf.player, s.id, preview(pf.view, s.id).options[0].order)
                for s in pf.view.ships
                if "movement" in pf.phase.lower() and s.owner == pf.player and s.in_play
            ]
            referee.import_order_file(campaign, save_orders(pf, plots, out))
        referee.play_turn(campaign)
    campaign.close()
    return path


def test_the_referee_reads_every_line_of_a_master_opened_again(
    qtbot: QtBot, tmp_path: Path
) -> None:
    master = played_master(tmp_path)
    you = Player(qtbot, tmp_path / "referee")
    open_file(you, master)
    qtbot.waitUntil(you.win.referee_panel.isVisible)
    log = you.log()
    assert SEALED in log  # a player's own line: the referee reads it
    assert "Resolute stays at 2111 (speed 0)" in log
