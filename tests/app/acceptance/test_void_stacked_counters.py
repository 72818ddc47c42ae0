"""Big Danger and the Bastets: the six Bastets start in one hex. Their counters fan out
round it, none covering another or the hex's centre, and a click on one selects that
Bastet, even where the fan puts it over the selected ship's burn dots (they overlapped
in one spot, and a click there only stepped through the hex's ships in turn). Visible
controls only."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player
from tests.app.acceptance.void_table import shot

ORDER = (4, 1, 6, 3, 5, 2)  # not the order a click on the hex steps through them


def counters(user: Player) -> dict[str, QGraphicsItem]:
    """The Bastets' counters on the map, by the name their tooltips read."""
    scene = user.win.map_view.scene()
    found = {}
    for item in scene.items():
        tip = item.toolTip()
        if tip.startswith("Bastet ") and tip.endswith("(active)"):
            found[tip.removesuffix(" (active)")] = item
    return found


def on_screen(user: Player, item: QGraphicsItem) -> QRect:
    """Where a counter (the same size at every zoom) is in the map's viewport."""
    view = user.win.map_view
    box = item.shape().boundingRect()
    at = view.mapFromScene(item.pos())
    return QRect(at + box.topLeft().toPoint(), box.size().toSize())


def selected(user: Player) -> str:
    tree = user.ship_list()
    return tree.currentItem().text(0) if tree.currentItem() is not None else ""


def test_six_ships_in_one_hex_each_show_whole_and_each_is_selected_by_a_click(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = Player(qtbot, tmp_path)
    user.new_game("Big Danger and the Bastets", names=("Ann", "Bob"), seed=7)
    while user.take_seat() != "Ann" or user.phase() != "Astrogation":
        user.primary()
    user.select_ship("Bastet 1")  # its burn dots round the hex the fan spreads over
    assert user.courses()
    found = counters(user)
    assert sorted(found) == [f"Bastet {k}" for k in range(1, 7)]
    rects = {name: on_screen(user, item) for name, item in found.items()}
    for name, rect in rects.items():
        others = [o for o, r in rects.items() if o != name and r.intersects(rect)]
        assert not others, f"{name} is covered by {others}"
    user.win.map_view.centerOn(found["Bastet 1"])
    shot(user.win.map_view, "stacked-counters")
    viewport = user.win.map_view.viewport()
    for k in ORDER:
        name = f"Bastet {k}"
        middle: QPoint = on_screen(user, found[name]).center()
        user.qtbot.mouseMove(viewport, middle)
        user.qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=middle)
        assert selected(user) == name
        found = counters(user)  # redrawn with the selection
    assert not user.win.session.live.plans, "a click on a counter gave an order"
