"""NPlanetary's duel scenario started as a group starts it (File › New Quick Game…) and
played through its first round with the window's controls only: the Orders dock's
launch and attack (with the odds first), the hand-over between the two players, the
stations on the map and in the Cargo & Economy dock, burns plotted on the map."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QTreeWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.nplanetary_table import combo, orders, orders_in, text, tick_target
from tests.app.acceptance.user import Player

DUEL = "NPlanetary: Duel in the Void"


def test_the_duel_is_started_from_new_game_and_its_first_round_played_in_the_window(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game(DUEL, names=("Ann", "Bob"), seed=7)
    assert you.take_seat() == "Ann"
    assert you.phase() == "Ordnance"
    assert orders_in(you) == "orders in: 0 of 2"
    # the stations are on the map, with their stocks
    bases = sorted(i.toolTip().splitlines()[0] for i in you.markers("base"))
    assert bases == ["Ann's base Ann's station", "Bob's base Bob's station"]

    you.pick(combo(you, "np_launch_kind"), "torpedo")
    you.press("Launch")
    assert orders(you) == ["✓ Resolute releases a torpedo"]
    assert you.primary() == "End Ordnance Phase"
    assert you.take_seat() == "Bob"
    assert orders(you) == []
    assert you.primary() == "End Ordnance Phase"  # Bob keeps his mines

    # Combat: only Ann's cruiser has anything in reach; she sees the odds first.
    assert you.take_seat() == "Ann" and you.phase() == "Combat"
    assert orders_in(you) == "orders in: 0 of 2"
    tick_target(you, "Vigilant")
    preview = text(you, "np_combat_preview")
    assert preview.startswith("Vigilant: share 5, range 1 (−1), velocity term +0: 4 reaches it")
    assert "against strength 3: ratio 1.33, band 1:1" in preview
    you.press("Attack")
    assert orders(you) == ["✓ Resolute attacks Vigilant (all its strength)"]
    assert you.primary() == "End Combat Phase"
    assert you.take_seat() == "Bob"  # his destroyer is in reach too: he is asked
    assert orders(you) == []
    assert you.primary() == "End Combat Phase"
    assert any(line.startswith("fire on Vigilant") for line in you.log())

    # Movement: every ship is steered on the map, the seat handed over between.
    while you.phase() == "Movement":
        you.take_seat()
        you.steer()
        you.primary()

    # Development: Ann's station buys a frigate in the Cargo & Economy dock.
    assert you.take_seat() == "Ann" and you.phase() == "Development"
    you.show_tab("Cargo & Economy")
    you.pick(combo(you, "np_buy_base"), "Ann's station")
    you.pick(combo(you, "np_buy_item"), "Frigate")
    you.press("Buy")
    assert orders(you) == ["✓ Ann's station buys 1 frigate"]
    while not you.over() and you.win.turn_bar.round_label.text() == "Round 1":
        you.primary()
        you.take_seat()
    assert "Round 2 begins: orders are sealed" in you.log()
    you.show_tab("Cargo & Economy")
    tree = you.find(QTreeWidget, "np_holdings")
    assert isinstance(tree, QTreeWidget)
    owners = [tree.topLevelItem(i).text(1) for i in range(tree.topLevelItemCount())]
    assert owners.count("Ann") == 3, "Ann's station, Resolute and the new frigate"
