"""NPlanetary at one table, played with the window's controls: the Orders dock collects
each player's orders for the phase (each checked as it is given, any order removable
before the phase ends; a refusal shown in red, see ``test_nplanetary_economy``), the turn
bar counts the orders in, the hand-over screen stands between players so nobody sees
another's sealed orders, the ordnance released is drawn on the map once everyone's orders
are in, and the combat preview shows the shares, range, velocity term, ratio and band
before an attack is sealed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QListWidget
from pytestqt.qtbot import QtBot

from core.board.hexgrid import Hex
from tests.app.acceptance.nplanetary_table import (
    click_row,
    combo,
    orders,
    orders_in,
    seat_table,
    ship,
    shot,
    text,
)
from tests.app.acceptance.user import Player


def three_warships(qtbot: QtBot, tmp_path: Path) -> Player:
    return seat_table(
        qtbot,
        tmp_path,
        (
            ship(
                "a1",
                "Lance",
                "a",
                "frigate",
                Hex(5, 6),
                fuel=15,
                hold=(("torpedo", 1), ("mine", 1)),
            ),
            ship("b1", "Brand", "b", "destroyer", Hex(6, 6), fuel=15, hold=(("mine", 1),)),
            ship("c1", "Cutter", "c", "frigate", Hex(12, 6), fuel=15, hold=(("torpedo", 1),)),
        ),
    )


def test_orders_are_checked_removable_counted_and_sealed_behind_the_hand_over(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = three_warships(qtbot, tmp_path)
    assert "Ann" in you.win.hand_over.message.text()
    assert "orders in: 0 of 3" in you.win.hand_over.detail.text()
    assert you.take_seat() == "Ann"
    assert you.phase() == "Ordnance"
    assert orders_in(you) == "orders in: 0 of 3"

    # Ann releases the torpedo: checked, accepted, listed.
    you.pick(combo(you, "np_launch_kind"), "torpedo")
    you.press("Launch")
    assert orders(you) == ["✓ Lance releases a torpedo"]
    # She changes her mind: the torpedo order is removed, the mine given instead.
    click_row(you, "np_order_list", 0)
    you.press("Remove Order")
    assert orders(you) == []
    you.pick(combo(you, "np_launch_kind"), "mine")
    you.press("Launch")
    assert orders(you) == ["✓ Lance releases a mine"]

    # She ends the phase: the seat is handed over, the count goes up.
    assert you.primary() == "End Ordnance Phase"
    assert you.win.stack.currentWidget() is you.win.hand_over
    assert "Bob" in you.win.hand_over.message.text()
    assert "orders in: 1 of 3" in you.win.hand_over.detail.text()
    assert you.take_seat() == "Bob"
    assert orders(you) == [], "Bob sees nothing of Ann's sealed order"
    assert orders_in(you) == "orders in: 1 of 3"
    assert not you.markers("mine"), "nothing is on the map before all orders are in"
    you.press("Launch")
    assert you.primary() == "End Ordnance Phase"
    assert you.take_seat() == "Cy"
    assert orders(you) == []
    assert you.primary() == "End Ordnance Phase"  # Cy keeps her torpedo

    # All in: the phase resolves as one; the mines are on the map.
    pieces = [i for i in you.win.map_view.scene().items() if i.toolTip().startswith("mine")]
    assert len(pieces) == 2
    assert you.phase() == "Combat"
    while you.phase() == "Combat":  # nobody attacks
        you.primary()
        you.take_seat()
    # The movement phase reminds each minelayer of its obligation to move.
    assert you.phase() == "Movement" and you.seated() == "Ann"
    you.show_tab("Orders")
    assert text(you, "np_must_move").endswith(": Lance")


def test_the_combat_preview_shows_shares_range_velocity_ratio_and_band_before_sealing(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = three_warships(qtbot, tmp_path)
    you.take_seat()
    for _ in range(3):  # nobody releases anything
        assert you.primary() == "End Ordnance Phase"
        you.take_seat()
    assert you.phase() == "Combat"
    assert you.seated() == "Ann"
    attacker = combo(you, "np_attacker")
    assert attacker.currentText() == "Lance"
    you.select_ship("Brand")  # picking the enemy (on the map or in the list) ticks it
    you.show_tab("Orders")
    targets = you.find(QListWidget, "np_targets")
    assert isinstance(targets, QListWidget)
    ticked = [
        targets.item(i).text()
        for i in range(targets.count())
        if targets.item(i).checkState() == Qt.CheckState.Checked
    ]
    assert ticked == ["Brand (Bob's destroyer)"]
    preview = text(you, "np_combat_preview")
    assert "Brand: share 2, range 1 (−1), velocity term +0: 1 reaches it" in preview
    assert "against strength 3: ratio 0.33, band 1:4, a hit on a 6" in preview
    QApplication.processEvents()  # the turn bar lays out its new hint
    shot(you.win, "nplanetary-orders.png")
    you.press("Attack")
    assert orders(you) == ["✓ Lance attacks Brand (all its strength)"]


def test_a_whole_round_phases_nobody_can_act_in_pass_and_burns_are_plotted_on_the_map(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = seat_table(
        qtbot,
        tmp_path,
        (
            ship("a1", "Lance", "a", "frigate", Hex(3, 3), fuel=15),
            ship("b1", "Brand", "b", "destroyer", Hex(16, 12), fuel=15),
        ),
        players=2,
    )
    # Nothing to release, nobody within reach: the game opens in the movement phase.
    assert you.take_seat() == "Ann"
    assert you.phase() == "Movement"
    assert orders_in(you) == "orders in: 0 of 2"
    you.select_ship("Lance")
    burn = you.plot(lambda tip: tip.startswith("1 fuel"))
    assert orders(you) == ["✓ Lance: course plotted on the map"]
    assert you.primary() == "End Movement Phase"
    assert "orders in: 1 of 2" in you.win.hand_over.detail.text()
    assert you.take_seat() == "Bob"
    assert orders(you) == []  # nothing of Ann's shows
    you.select_ship("Brand")
    you.plot(lambda tip: tip.startswith("coast"))
    assert you.primary() == "End Movement Phase"
    # Development and logistics offer nobody anything: the next round begins.
    assert "Round 2 begins: orders are sealed" in you.log()
    assert you.win.turn_bar.round_label.text() == "Round 2"
    assert burn.startswith("1 fuel")
    you.take_seat()
    tree = you.ship_list()
    fuel = {tree.topLevelItem(i).text(0): tree.topLevelItem(i).text(3) for i in range(2)}
    assert fuel == {"Lance": "14", "Brand": "15"}
