"""A table of NPlanetary for the acceptance tests: a position set up as a group sets out
its counters (ships with their holds and damage, bases and outposts with their stocks),
put on the window's table; from then on everything is done as a player does it, with
the controls of :class:`tests.app.acceptance.user.Player`.

The players are Ann, Bob and Cy on an open map; each test says what is where."""

from __future__ import annotations

import os
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QListWidget, QWidget
from pytestqt.qtbot import QtBot

from core.board.hexgrid import ZERO, Hex, Vector
from core.board.starmap import Bounds, StarMap
from core.engine.play import new_game
from core.rules.nplanetary.model import Damage, Hold, Holdings, Installation, with_holdings
from core.vector.motion import Motion
from core.vector.state import Ordnance, Ship
from core.vector.state import Player as Seat
from tests.app.acceptance.user import Player

OPEN = StarMap("Open space", Bounds(20, 16))
SEATS = (
    Seat("a", "Ann", "a", "#E69F00"),
    Seat("b", "Bob", "b", "#56B4E9"),
    Seat("c", "Cy", "c", "#009E73"),
)


def ship(
    sid: str,
    name: str,
    owner: str,
    unit: str,
    at: Hex,
    *,
    velocity: Vector = ZERO,
    fuel: int = 10,
    hold: tuple[tuple[str, int], ...] = (),
    damage: Damage | None = None,
    docked: str | None = None,
) -> Ship:
    s = Ship(sid, name, owner, owner, unit, Motion(at + ZERO, velocity), Fraction(fuel))
    return replace(s, manifest=Hold(tuple(sorted(hold)), damage or Damage()), docked_at=docked)


def base(
    bid: str, name: str, owner: str, at: Hex, stocks: tuple[tuple[str, int], ...] = ()
) -> Installation:
    return Installation(bid, name, "base", owner, Motion(at + ZERO, ZERO), "space", None, stocks)


def seat_table(
    qtbot: QtBot,
    tmp_path: Path,
    ships: tuple[Ship, ...],
    installations: tuple[Installation, ...] = (),
    *,
    players: int = 3,
    phase: str = "ordnance",
    ordnance: tuple[Ordnance, ...] = (),
) -> Player:
    """The window with the position on the table, in ``phase`` of round 1, the seat
    handed to the first player asked."""
    you = Player(qtbot, tmp_path)
    seats = SEATS[:players]
    state, events = new_game("nplanetary", OPEN, seats, ships, seed=5)
    state = replace(
        state,
        ships=ships,
        phase=state.rules.sequence.phases.index(phase),
        done=frozenset(),
        sealed=(),
        ordnance=ordnance,
    )
    state = with_holdings(state, Holdings(installations))
    assert you.win.play(state, events, "NPlanetary at the table")
    return you


def orders(you: Player) -> list[str]:
    """The Orders dock's list, as shown."""
    you.show_tab("Orders")
    box = you.find(QListWidget, "np_order_list")
    assert isinstance(box, QListWidget)
    return [box.item(i).text() for i in range(box.count())]


def combo(you: Player, name: str) -> QComboBox:
    found = you.find(QComboBox, name)
    assert isinstance(found, QComboBox)
    return found


def text(you: Player, name: str, within: QWidget | None = None) -> str:
    found = you.find(QLabel, name, within)
    assert isinstance(found, QLabel)
    return found.text()


def orders_in(you: Player) -> str:
    return you.win.turn_bar.orders_in.text()


def click_row(you: Player, name: str, row: int) -> None:
    """Click a row of a visible list (its text, away from any tick box)."""
    box = you.find(QListWidget, name)
    assert isinstance(box, QListWidget)
    item = box.item(row)
    box.scrollToItem(item)
    rect = box.visualItemRect(item)
    at = rect.center()
    at.setX(rect.left() + rect.width() * 2 // 3)
    you.qtbot.mouseClick(box.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert box.currentRow() == row


def shot(widget: QWidget, name: str) -> None:
    """A picture of ``widget`` for ``docs/screenshots`` when ``ECLIPTIC_SCREENSHOTS``
    names that folder (``ECLIPTIC_SCREENSHOTS=docs/screenshots pytest …``); otherwise
    rendered and thrown away, so a test run leaves the tree as it was."""
    picture = widget.grab()
    folder = os.environ.get("ECLIPTIC_SCREENSHOTS")
    if folder:
        picture.save(str(Path(folder) / name))
    assert not picture.isNull()


def tick_target(you: Player, name: str) -> None:
    """In the Orders dock's target list: click the row of ``name`` and tick it (Space)."""
    targets = you.find(QListWidget, "np_targets")
    assert isinstance(targets, QListWidget)
    row = next(i for i in range(targets.count()) if targets.item(i).text().startswith(name))
    click_row(you, "np_targets", row)
    you.qtbot.keyClick(targets, Qt.Key.Key_Space)
