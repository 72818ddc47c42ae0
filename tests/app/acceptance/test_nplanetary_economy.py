"""NPlanetary's economy at one table, with the window's controls: the Cargo & Economy
dock shows every base's stocks and every ship's hold; a base buys a ship and a ship
deploys the base it carries (development); the transfer dialog orders a transfer from
both sides, and once the logistics phase resolves the dock says the other side's order
matched; a refused order says why in red; the Ship panel draws the damage tracks."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QSpinBox,
    QTreeWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from core.board.hexgrid import Hex
from core.rules.nplanetary.model import Damage
from tests.app.acceptance.nplanetary_table import base, combo, orders, seat_table, ship, shot, text
from tests.app.acceptance.user import Player

DEPOT = Hex(5, 6)


def traders(qtbot: QtBot, tmp_path: Path, phase: str) -> Player:
    return seat_table(
        qtbot,
        tmp_path,
        (
            ship("a1", "Ladle", "a", "transport", DEPOT, fuel=10, docked="depot"),
            ship("a2", "Mule", "a", "freighter", Hex(9, 6), fuel=10, hold=(("base", 1),)),
            ship("b1", "Bale", "b", "transport", DEPOT, fuel=2, hold=(("supplies", 5),)),
            ship(
                "b2",
                "Brand",
                "b",
                "destroyer",
                Hex(14, 6),
                fuel=15,
                damage=Damage(weapons=1, drives=0, structure=2),
            ),
        ),
        (base("depot", "Vesta Depot", "a", DEPOT, (("fuel", 20), ("supplies", 100))),),
        players=2,
        phase=phase,
    )


def holdings(you: Player) -> dict[str, list[str]]:
    you.show_tab("Cargo & Economy")
    tree = you.find(QTreeWidget, "np_holdings")
    assert isinstance(tree, QTreeWidget)
    rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    return {r.text(0): [r.text(c) for c in range(r.columnCount())] for r in rows}


def test_bases_buy_and_ships_deploy_in_the_development_phase(qtbot: QtBot, tmp_path: Path) -> None:
    you = traders(qtbot, tmp_path, "development")
    assert you.take_seat() == "Ann"
    assert you.phase() == "Development"
    shown = holdings(you)
    assert shown["Vesta Depot"][1] == "Ann" and shown["Vesta Depot"][3] == "100"
    assert "1 base" in shown["Mule"][6]
    you.pick(combo(you, "np_buy_base"), "Vesta Depot")
    you.pick(combo(you, "np_buy_item"), "Frigate")
    you.press("Buy")
    you.pick(combo(you, "np_deploy_ship"), "Mule")
    you.press("Deploy")
    assert orders(you) == ["✓ Vesta Depot buys 1 frigate", "✓ Mule deploys its base"]
    you.show_tab("Cargo & Economy")
    QApplication.processEvents()
    shot(you.win, "nplanetary-economy.png")


def test_a_transfer_ordered_by_both_sides_goes_through_and_the_dialog_says_it_matched(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = traders(qtbot, tmp_path, "logistics")
    assert you.take_seat() == "Ann"
    assert you.phase() == "Logistics"

    def ann(dialog: QWidget) -> None:
        assert isinstance(dialog, QDialog)
        you.pick(combo(you, "np_transfer_from"), "Ladle")  # type: ignore[arg-type]
        you.pick(combo(you, "np_transfer_with"), "Bale")
        you.type_into(you.find(QSpinBox, "np_give_fuel", dialog), "3")
        you.type_into(you.find(QSpinBox, "np_take_supplies", dialog), "5")
        assert "Bob must order the same transfer" in text(you, "np_transfer_note", dialog)
        shot(dialog, "nplanetary-transfer.png")
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        you.click(ok)

    you.show_tab("Cargo & Economy")
    you.answer(lambda: you.press("Transfer"), ann)
    assert orders(you) == ["✓ Ladle gives 3 fuel to Bale and takes 5 supplies from it"]
    assert you.primary() == "End Logistics Phase"

    assert you.take_seat() == "Bob"
    assert orders(you) == []

    def bob(dialog: QWidget) -> None:
        you.pick(combo(you, "np_transfer_from"), "Bale")
        you.pick(combo(you, "np_transfer_with"), "Ladle")
        you.type_into(you.find(QSpinBox, "np_give_supplies", dialog), "5")
        you.type_into(you.find(QSpinBox, "np_take_fuel", dialog), "3")
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        you.click(ok)

    you.show_tab("Cargo & Economy")
    you.answer(lambda: you.press("Transfer"), bob)
    you.primary()

    you.take_seat()
    shown = holdings(you)
    assert shown["Bale"][2] == "5" and shown["Ladle"][2] == "7"
    assert shown["Ladle"][3] == "5" and shown["Bale"][3] == "0"
    results = text(you, "np_economy_results")
    assert "Ladle gives 3 fuel to Bale and takes 5 supplies" in results
    assert "✓ matched" in results and "not matched" not in results
    QApplication.processEvents()
    panel = you.find(QWidget, "np_cargo_panel")  # the whole panel, scrolled or not
    shot(panel, "nplanetary-transfer-matched.png")


def test_a_refused_order_says_why_in_red_and_the_ship_panel_draws_damage_tracks(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = traders(qtbot, tmp_path, "development")
    assert you.take_seat() == "Ann"
    assert you.phase() == "Development"
    you.show_tab("Cargo & Economy")
    you.pick(combo(you, "np_buy_base"), "Vesta Depot")
    you.pick(combo(you, "np_buy_item"), "Battleship")
    you.press("Buy")  # 150 supplies, and the depot has 100
    refusal = text(you, "np_economy_refusal")
    assert refusal.startswith("Refused:") and "Vesta Depot has 100" in refusal
    assert orders(you) == []
    assert you.status().startswith("Not allowed: ")

    you.select_ship("Brand")
    you.show_tab("Ship")
    assert text(you, "np_track_weapons") == "1 of 2"
    assert text(you, "np_track_structure") == "2 of 3"
    QApplication.processEvents()
    shot(you.win, "nplanetary-ship.png")
    # Ann ends the phase: Bob sees nothing of what she tried
    assert you.primary() == "End Development Phase"
    while you.take_seat() != "Bob":
        you.primary()
    assert you.status() == ""
    you.show_tab("Orders")
    shown = [w for w in you.win.findChildren(QLabel, "np_refusal") if w.isVisible()]
    assert shown == [], "Ann's refusal is not left for Bob to read"


def test_a_refusal_in_the_status_bar_is_cleared_once_the_phase_or_player_changes(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = traders(qtbot, tmp_path, "development")
    assert you.take_seat() == "Ann"
    you.show_tab("Cargo & Economy")
    you.pick(combo(you, "np_buy_base"), "Vesta Depot")
    you.pick(combo(you, "np_buy_item"), "Battleship")
    you.press("Buy")
    assert you.status().startswith("Not allowed: ")
    you.primary()  # the phase (or the player) moves on: the refusal no longer applies
    you.take_seat()
    assert not you.status().startswith("Not allowed: "), you.status()
