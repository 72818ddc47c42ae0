"""A refereed NPlanetary campaign in the windows (issue 23): both players give sealed
orders from their player files at once; each sees their own plan and nothing of the
other's; the referee's inbox fills, and one step plays the turn and writes the next
files."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from core.board.hexgrid import ZERO, Hex
from core.campaign import CampaignFile
from core.campaign.mail.referee import REFEREED, set_mode
from core.engine.play import new_game
from core.vector.motion import Motion
from core.vector.state import Ship
from tests.app.campaign.test_campaign_window import make_window
from tests.app.play.test_game import click
from tests.app.play.test_sealed_orders_in_window import OPEN, PLAYERS


def player_window(qtbot: QtBot, tmp_path: Path, name: str, file: Path) -> MainWindow:
    win = make_window(qtbot, tmp_path / name)
    assert win.open_path(file)
    return win


def test_sealed_orders_by_mail_each_player_sees_only_their_own(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ships = (
        Ship("a1", "Arrow", "a", "a", "frigate", Motion(Hex(5, 6) + ZERO, ZERO), Fraction(9)),
        Ship("b1", "Bolt", "b", "b", "frigate", Motion(Hex(14, 6) + ZERO, ZERO), Fraction(9)),
    )
    state, _ = new_game("nplanetary", OPEN, PLAYERS, ships, seed=3)
    campaign = CampaignFile.create(tmp_path / "sealed.ecliptic", "Sealed", state, title="Sealed")
    set_mode(campaign, REFEREED)
    campaign.close()
    referee = make_window(qtbot, tmp_path / "referee")
    assert referee.open_path(tmp_path / "sealed.ecliptic")
    assert referee.refereed() and referee.session is not None and referee.session.sees_all
    written = referee.export_player_files()
    assert len(written) == 2
    expected = {
        p
        for p in ("Ann", "Bob")
        if referee.referee_panel.status_of(p) != "nothing to order this turn"
    }
    assert expected == {"Ann", "Bob"}  # sealed orders: both at once

    orders = []
    for name, ship in (("Ann", "a1"), ("Bob", "b1")):
        file = next(f for f in written if f.stem.endswith(name))
        win = player_window(qtbot, tmp_path, name, file)
        session, board = win.session, win.board
        assert session is not None and board is not None
        assert session.seat() is not None and session.seat().name == name
        board.select(ship)
        assert board.preview is not None
        start = session.state.ship(ship).motion.position
        target = next(o.tip for o in board.preview.options if o.tip != start)
        click(qtbot, win, target)
        assert session.state.plan(ship) is not None  # their own order, drawn as a plan
        other = "b1" if ship == "a1" else "a1"
        assert session.state.plan(other) is None
        target_file = tmp_path / f"{name}.ecliptic-orders"
        monkeypatch.setattr("app.campaign.mail.ask_save", lambda *_a, t=target_file: (t, ""))
        assert win.turn_bar.end_button.text() == "Save Order File"
        assert "without saving your orders" in win.closing_question()
        win.end_turn()
        assert target_file.exists()
        assert win.closing_question() == ""  # saved: nothing is lost by closing
        orders.append(target_file)
        win.close()

    assert referee.import_order_files(orders)
    assert (
        referee.referee_panel.status_of("Ann")
        == referee.referee_panel.status_of("Bob")
        == "orders in"
    )
    assert referee.play_turn_and_export()
    assert referee.referee_panel.heading.text().startswith("<b>Turn 2</b>")
    assert referee.session is not None
    assert referee.session.live.ship("a1").motion.position != Hex(5, 6)  # both moved
    assert referee.session.live.ship("b1").motion.position != Hex(14, 6)
    assert len(list((tmp_path / "sealed files").glob("*turn 2*.ecliptic-player"))) == 2
