"""NPlanetary's duel kept as a campaign, as a group starts one (File › New Campaign…)
and plays it with the window's controls: orders in each of the five phases (a torpedo
launched, attacks with the odds shown first, a burn plotted on the map, a purchase at a
station, a transfer ordered from both ends), the hand-over screen between the two
players, two whole rounds; then the campaign is closed and opened again from
File › Open Recent and goes on where it stood."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGraphicsItem,
    QLineEdit,
    QSpinBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from tests.app.acceptance.nplanetary_table import combo, orders, orders_in, shot, text, tick_target
from tests.app.acceptance.user import Player

DUEL = "NPlanetary: Duel in the Void"
SEALED = "an order is sealed until everyone has ended the phase"


def new_campaign(you: Player, file: Path, name: str) -> None:
    """File › New Campaign…: the duel, Ann and Bob, a fixed seed, the name and file."""

    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, QDialog)
        scenario = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(scenario, QComboBox)
        you.pick(scenario, DUEL)
        you.type_into(you.find(QSpinBox, "player_count", dialog), "2")
        for i, seat in enumerate(("Ann", "Bob")):
            you.type_into(you.find(QLineEdit, f"seat_name_{i}", dialog), seat)
        fixed = you.find(QCheckBox, "fixed_seed", dialog)
        assert isinstance(fixed, QCheckBox)
        if not fixed.isChecked():
            you.click(fixed)
        you.type_into(you.find(QSpinBox, "dice_seed", dialog), "7")
        you.type_into(you.find(QLineEdit, "campaign_name", dialog), name)
        you.type_into(you.find(QLineEdit, "campaign_file", dialog), str(file))
        QApplication.processEvents()
        shot(dialog, "nplanetary-new-campaign.png")
        you.press("Create", dialog)

    you.answer(lambda: you.choose("File", "New Campaign"), fill)
    you.qtbot.waitUntil(lambda: you.win.turn_bar.round_label.text() == "Round 1")


def item_named(you: Player, name: str) -> QGraphicsItem:
    """The map marker whose tooltip begins with ``name`` (a ship, a base)."""
    scene = you.win.map_view.scene()
    found = [i for i in scene.items() if i.isVisible() and i.toolTip().startswith(name)]
    assert found, f"nothing called {name!r} on the map"
    return found[0]


def burn_towards(you: Player, ship: str, target: str, fuel: str = "1 fuel") -> str:
    """Select ``ship`` and click, of its courses costing ``fuel``, the end point
    nearest ``target``'s marker, as a player aims at what they see."""
    you.select_ship(ship)
    goal = item_named(you, target).sceneBoundingRect().center()

    def distance(item: QGraphicsItem) -> float:
        d = item.sceneBoundingRect().center() - goal
        return float(d.x() ** 2 + d.y() ** 2)

    ends = [i for i in you.markers("end point") if i.toolTip().startswith(fuel)]
    best = min(ends, key=distance)
    tip = best.toolTip()
    you.click_marker(best)
    return tip


def transfer(
    you: Player, party: str, other: str, give: tuple[str, int], take: tuple[str, int]
) -> None:
    """The transfer dialog: ``party`` gives and takes (good, amount) with ``other``."""

    def order(dialog: QWidget) -> None:
        you.pick(combo(you, "np_transfer_from"), party)
        you.pick(combo(you, "np_transfer_with"), other)
        you.type_into(you.find(QSpinBox, f"np_give_{give[0]}", dialog), str(give[1]))
        you.type_into(you.find(QSpinBox, f"np_take_{take[0]}", dialog), str(take[1]))
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        you.click(ok)

    you.show_tab("Cargo & Economy")
    you.answer(lambda: you.press("Transfer"), order)


def end_phase(you: Player, phase: str) -> None:
    """Press the primary button until the game has left ``phase`` (the other player
    seated in between with the hand-over screen); asserts each is asked."""
    while you.phase() == phase and not you.over():
        you.primary()
        you.take_seat()


def test_a_duel_campaign_is_created_played_two_rounds_and_reopened(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    file = tmp_path / "duel night.ecliptic"
    new_campaign(you, file, "Duel night")
    assert file.exists()
    assert you.win.stack.currentWidget() is you.win.hand_over
    QApplication.processEvents()
    shot(you.win, "nplanetary-hand-over.png")

    # Round 1, ordnance: Ann's cruiser launches a torpedo; Bob has mines, lays none
    assert you.take_seat() == "Ann" and you.phase() == "Ordnance"
    you.pick(combo(you, "np_launch_kind"), "torpedo")
    QApplication.processEvents()
    shot(you.win, "nplanetary-ordnance.png")
    you.press("Launch")
    assert orders(you) == ["✓ Resolute releases a torpedo"]
    assert you.log().count(SEALED) == 0  # only its player may read it: not on the table
    you.primary()
    assert you.take_seat() == "Bob"
    assert orders(you) == [], "Ann's orders are not Bob's to see"
    assert orders_in(you) == "orders in: 1 of 2"
    you.primary()

    # combat: Ann fires on Swift, Bob's destroyer shoots down the torpedo (the odds first)
    assert you.take_seat() == "Ann" and you.phase() == "Combat"
    tick_target(you, "Swift")
    assert "Swift: share 5" in text(you, "np_combat_preview")
    you.press("Attack")
    you.primary()
    assert you.take_seat() == "Bob"
    you.pick(combo(you, "np_attacker"), "Vigilant")
    tick_target(you, "Resolute's torpedo")
    preview = text(you, "np_combat_preview")
    assert "destroys it" in preview or "destroyed" in preview, preview
    QApplication.processEvents()
    shot(you.win, "nplanetary-combat.png")
    you.press("Attack")
    assert orders(you) == ["✓ Vigilant attacks Resolute's torpedo (torpedo-1) (all its strength)"]
    you.primary()
    you.take_seat()
    log = you.log()
    assert "Resolute's torpedo (torpedo-1) is shot down" in log
    fired = next(i for i, line in enumerate(log) if line.startswith("fire on Swift"))
    assert log[fired + 1].startswith("Swift takes"), "the attack's end is told, harm or none"

    # movement: Resolute burns into Vigilant's hex; Bob's ships coast
    assert you.take_seat() == "Ann" and you.phase() == "Movement"
    burn_towards(you, "Resolute", "Vigilant")
    QApplication.processEvents()
    shot(you.win, "nplanetary-movement.png")
    you.primary()
    assert you.take_seat() == "Bob"
    you.steer()
    you.primary()

    # development: each station buys ordnance (the Course dock rests meanwhile)
    for buyer, station in (("Ann", "Ann's station"), ("Bob", "Bob's station")):
        assert you.take_seat() == buyer and you.phase() == "Development"
        assert not you.win.docks["course"].isVisible()
        you.show_tab("Cargo & Economy")
        you.pick(combo(you, "np_buy_base"), station)
        you.pick(combo(you, "np_buy_item"), "Mine")
        you.press("Buy")
        assert text(you, "np_economy_orders").endswith(f"✓ {station} buys 1 mine")
        you.primary()
    end_phase(you, "Logistics")  # nobody shares a hex at rest yet
    assert you.round() == 2

    # Round 2: Resolute stops in Vigilant's hex, so the two can trade
    end_phase(you, "Ordnance")
    end_phase(you, "Combat")
    assert you.take_seat() == "Ann" and you.phase() == "Movement"
    you.select_ship("Resolute")
    you.plot(lambda tip: tip.startswith("1 fuel · speed 0"))
    you.primary()
    assert you.take_seat() == "Bob"
    you.steer()
    you.primary()
    end_phase(you, "Development")

    # logistics: the same transfer ordered from both ends goes through
    assert you.take_seat() == "Ann" and you.phase() == "Logistics"
    transfer(you, "Resolute", "Vigilant", ("torpedo", 1), ("fuel", 2))
    you.primary()
    assert you.take_seat() == "Bob"
    transfer(you, "Vigilant", "Resolute", ("fuel", 2), ("torpedo", 1))
    you.primary()
    you.take_seat()
    assert you.round() == 3
    results = text(you, "np_economy_results")
    assert "✓ matched" in results, results
    QApplication.processEvents()

    # closed and opened again: the campaign goes on where it stood
    log = you.log()
    you.choose("File", "Close")
    assert you.win.turn_bar.round_label.text() == "No game"
    you.choose("File", "Open Recent", "Duel night")
    you.take_seat()
    assert you.round() == 3 and you.phase() == "Ordnance"
    assert you.log()[-3:] == log[-3:]
