"""Sealed phases in the window, for any rule system with them: the turn bar counts the
orders in ("orders in: 1 of 2"), the hand-over screen says it too, and any one of the
seated player's orders of the phase (not only the last) may be taken back before they
end the phase (:mod:`app.play.withdraw`)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.play.withdraw import own_orders, withdraw
from app.shell.main_window import MainWindow
from core.board.hexgrid import ZERO, Direction, Hex
from core.board.starmap import Bounds, StarMap
from core.campaign import CampaignFile
from core.campaign.history import GameRecord
from core.engine.play import new_game
from core.vector.motion import Motion, Order
from core.vector.orders import Plot
from core.vector.state import Player, Ship
from tests.app.campaign.test_campaign_window import make_window
from tests.app.play.test_game import take_seat

OPEN = StarMap("Open space", Bounds(20, 16))
PLAYERS = (Player("a", "Ann", "a", "#E69F00"), Player("b", "Bob", "b", "#56B4E9"))


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def ship(sid: str, owner: str, q: int) -> Ship:
    return Ship(
        sid, sid.upper(), owner, owner, "frigate", Motion(Hex(q, 6) + ZERO, ZERO), Fraction(9)
    )


def test_the_turn_bar_counts_the_orders_in_and_any_order_may_be_taken_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    ships = (ship("a1", "a", 4), ship("a2", "a", 6), ship("a3", "a", 8), ship("b1", "b", 14))
    state, events = new_game("nplanetary", OPEN, PLAYERS, ships, seed=3)
    assert window.play(state, events, "Sealed orders")
    session = window.session
    assert session is not None
    take_seat(qtbot, window, "Ann")
    assert session.phase() == "movement"
    assert window.turn_bar.orders_in.text() == "orders in: 0 of 2"
    for sid in ("a1", "a2", "a3"):  # one hex q+ each
        assert session.apply(Plot("a", sid, Order(burn=(Direction(0),))))
    assert [c.ship for c in own_orders(session)] == ["a1", "a2", "a3"]  # type: ignore[attr-defined]

    assert withdraw(session, 1)  # the middle one: the others stay, in order
    assert [c.ship for c in own_orders(session)] == ["a1", "a3"]  # type: ignore[attr-defined]
    assert session.state.plan("a2") is None and session.state.plan("a3") is not None
    assert not withdraw(session, 5)

    qtbot.mouseClick(window.turn_bar.end_button, Qt.MouseButton.LeftButton)
    assert "orders in: 1 of 2" in window.hand_over.detail.text()
    take_seat(qtbot, window, "Bob")
    assert window.turn_bar.orders_in.text() == "orders in: 1 of 2"
    assert own_orders(session) == []  # Bob sees none of Ann's
    qtbot.mouseClick(window.turn_bar.end_button, Qt.MouseButton.LeftButton)
    live = session.live
    assert live.ship("a1").motion.position == Hex(5, 6)
    assert live.ship("a2").motion.position == Hex(6, 6), "its order was taken back: it stays"
    assert live.ship("a3").motion.position == Hex(9, 6)


def test_in_a_campaign_an_order_taken_back_stays_in_the_file_as_a_branch(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    ships = (ship("a1", "a", 4), ship("a2", "a", 6), ship("b1", "b", 14))
    state, events = new_game("nplanetary", OPEN, PLAYERS, ships, seed=3)
    campaign = CampaignFile.create(tmp_path / "sealed.ecliptic", "Sealed", state)
    record = GameRecord(campaign, campaign.games()[0].id)
    assert window.play(record.state, events, "Sealed orders", record=record)
    session = window.session
    assert session is not None
    take_seat(qtbot, window, "Ann")
    for sid in ("a1", "a2"):
        assert session.apply(Plot("a", sid, Order(burn=(Direction(0),))))
    assert withdraw(session, 0)
    assert [c.ship for c in own_orders(session)] == ["a2"]  # type: ignore[attr-defined]
    assert [c.ship for c in record.state.sealed] == ["a2"]  # type: ignore[attr-defined]
    campaign.close()
