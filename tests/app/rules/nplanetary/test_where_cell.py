"""The Cargo & Economy dock's Where cell says in a word or two where a ship, base or
outpost is ("docked", "landed", "orbit Mars", "on Mars", "at Ceres", else its hex),
worded from where the holder is (its hex, berth and base or body), not cut out of the
whole sentence the Ship panel and the map's tooltip show: rewording that sentence leaves
the cell as it was."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QTreeWidget
from pytestqt.qtbot import QtBot

from app.rules.nplanetary import place as place_module
from app.rules.nplanetary import reading
from app.rules.nplanetary.place import Place
from core.board.hexgrid import Hex, Vector
from core.engine.play import new_game
from core.rules.nplanetary.model import Holdings, Installation, with_holdings
from core.vector.state import GameState, ShipStatus
from tests.app.acceptance.nplanetary_table import OPEN, SEATS, base, seat_table, ship


def site(bid: str, name: str, where: str, body: str | None, at: Hex) -> Installation:
    return replace(base(bid, name, "a", at), site=where, body=body)  # type: ignore[arg-type]


INSTALLATIONS = (
    base("depot", "Vesta Depot", "a", Hex(5, 6)),
    site("ring", "Ring Base", "orbit", "Mars", Hex(7, 6)),
    site("port", "Red Port", "surface", "Mars", Hex(8, 6)),
    site("camp", "Ceres Camp", "minor", "Ceres", Hex(9, 6)),
    site("rock", "Rock Post", "asteroid", None, Hex(10, 6)),
)
SHIPS = (
    ship("a1", "Ladle", "a", "transport", Hex(5, 6), docked="depot"),
    replace(
        ship("a2", "Mule", "a", "transport", Hex(8, 6)),
        status=ShipStatus.LANDED,
        landed_at="port",
        docked_at="port",
    ),
    replace(ship("a3", "Hoop", "a", "transport", Hex(7, 6)), orbit="Mars"),
    ship("b1", "Bale", "b", "transport", Hex(12, 6), velocity=Vector(1, 0)),
)
#: each holder's Where cell, and its whole place after "At" (the cell's tooltip)
WHERE = {
    "Vesta Depot": ("0609", "0609, in open space"),
    "Ring Base": ("orbit Mars", "0810, in orbit of Mars"),
    "Red Port": ("on Mars", "0911, on Mars"),
    "Ceres Camp": ("at Ceres", "1011, at Ceres"),
    "Rock Post": ("1112", "1112, at an asteroid"),
    "Ladle": ("docked", "0609, speed 0, docked at Vesta Depot"),
    "Mule": ("landed", "0911, speed 0, landed at Red Port"),
    "Hoop": ("orbit Mars", "0810, speed 0, in orbit of Mars"),
    "Bale": ("1313", "1313, speed 1"),
}


def table() -> GameState:
    state, _events = new_game("nplanetary", OPEN, SEATS[:2], SHIPS, seed=5)
    return with_holdings(replace(state, ships=SHIPS), Holdings(INSTALLATIONS))


def cells(state: GameState) -> dict[str, tuple[str, str]]:
    """Each holder's Where cell and its tooltip, by name."""
    return {h.name: (h.place.short(), h.place.detail()) for h in reading.holders(state)}


def test_where_cell_is_worded_from_the_holders_hex_berth_and_base() -> None:
    state = table()
    assert cells(state) == WHERE
    ladle = reading.holder(state, "a1")
    assert ladle is not None
    assert ladle.place == Place("0609", 0, "docked", "Vesta Depot")
    assert ladle.where == "At 0609, speed 0, docked at Vesta Depot"  # the Ship panel's


def test_where_cell_stays_when_the_whole_sentence_is_reworded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reworded = {k: f"(newly worded: {v})" for k, v in place_module._WHOLE.items()}
    monkeypatch.setattr(place_module, "_WHOLE", reworded)
    state = table()
    shown = cells(state)
    assert {name: short for name, (short, _) in shown.items()} == {
        name: short for name, (short, _) in WHERE.items()
    }
    assert shown["Ladle"][1] == "0609, speed 0, (newly worded: docked at Vesta Depot)"


def test_where_column_of_the_cargo_dock_shows_the_short_place_and_hovers_the_whole(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = seat_table(qtbot, tmp_path, SHIPS, INSTALLATIONS, players=2, phase="development")
    you.take_seat()
    you.show_tab("Cargo & Economy")
    QApplication.processEvents()
    tree = you.find(QTreeWidget, "np_holdings")
    assert isinstance(tree, QTreeWidget)
    assert tree.headerItem().text(8) == "Where"
    rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    shown = {r.text(0): (r.text(8), r.toolTip(8)) for r in rows}
    assert {"Ladle", "Mule", "Hoop", "Vesta Depot", "Red Port"} <= set(shown)
    assert all(
        short == WHERE[name][0] and WHERE[name][1] in tip for name, (short, tip) in shown.items()
    )
