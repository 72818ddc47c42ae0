"""What a newcomer's trial of NPlanetary in the window found, each checked with the
window's controls: the event log notes a player's sealed orders once a phase (not once
an order); Land/Dock offers only the places the ship can reach now; the Course dock
rests outside the movement phase; the Cargo & Economy dock lists the orders given there
and says why one was refused."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from core.board.hexgrid import Hex
from tests.app.acceptance.nplanetary_table import base, combo, orders, seat_table, ship, text
from tests.app.acceptance.user import Player

SEALED = "an order is sealed until everyone has ended the phase"
NEAR, FAR = Hex(5, 6), Hex(12, 6)


def harbour(qtbot: QtBot, tmp_path: Path, phase: str) -> Player:
    """Ann's frigate at rest at her Near Dock and her freighter out in space; her Far
    Dock a long way off; Bob's destroyer far from everything."""
    return seat_table(
        qtbot,
        tmp_path,
        (
            ship("a1", "Drifter", "a", "frigate", NEAR, fuel=10, hold=(("mine", 1),)),
            ship("a2", "Loner", "a", "freighter", Hex(9, 10), fuel=10),
            ship("b1", "Brand", "b", "destroyer", Hex(14, 8), fuel=10),
        ),
        (
            base("near", "Near Dock", "a", NEAR, (("supplies", 60),)),
            base("far", "Far Dock", "a", FAR, (("supplies", 10),)),
        ),
        players=2,
        phase=phase,
    )


def button(you: Player, name: str) -> QPushButton:
    found = you.find(QPushButton, name)
    assert isinstance(found, QPushButton)
    return found


def test_land_or_dock_offers_only_the_bases_and_outposts_in_reach(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = harbour(qtbot, tmp_path, "movement")
    assert you.take_seat() == "Ann" and you.phase() == "Movement"
    you.show_tab("Orders")
    you.pick(combo(you, "np_dock_ship"), "Drifter")
    at = combo(you, "np_dock_at")
    assert [at.itemText(i) for i in range(at.count())] == ["dock at Near Dock (free)"]
    assert not button(you, "np_land").isEnabled()
    you.press("Dock")
    assert orders(you) == ["✓ Drifter docks at Near Dock"]

    # a ship with nowhere in reach is told so, and cannot give the order
    you.show_tab("Orders")
    you.pick(combo(you, "np_dock_ship"), "Loner")
    assert not at.isVisible()
    panel = you.find(QWidget, "np_orders_panel")
    shown = [w.text() for w in panel.findChildren(QLabel) if w.isVisible()]
    assert "At:" not in shown, "no label left standing for the list taken away"
    assert text(you, "np_dock_none").startswith("Loner can reach no base or outpost now")
    assert not button(you, "np_land").isEnabled() and not button(you, "np_dock").isEnabled()


def test_the_event_log_shows_nobodys_sealed_orders_at_the_table(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The log stays on screen through the hand-over: a sealed order is a line only its
    player may read, so it is not in the log at the table; the Orders dock lists one's own."""
    you = harbour(qtbot, tmp_path, "movement")
    assert you.take_seat() == "Ann"
    you.steer()  # two ships, two sealed orders
    assert orders(you) != [] and len(orders(you)) == 2
    assert you.log().count(SEALED) == 0
    you.primary()
    assert you.take_seat() == "Bob"
    assert you.log().count(SEALED) == 0, "nothing tells Bob that Ann gave orders"
    you.steer()
    you.primary()
    you.take_seat()
    assert you.log().count(SEALED) == 0


def test_the_course_dock_rests_outside_the_movement_phase(qtbot: QtBot, tmp_path: Path) -> None:
    you = harbour(qtbot, tmp_path, "ordnance")
    assert you.take_seat() == "Ann" and you.phase() == "Ordnance"
    course = you.win.docks["course"]
    assert not course.isVisible(), "no courses are plotted in the ordnance phase"
    you.press("Launch")  # Drifter lays its mine
    while you.phase() != "Movement":
        you.primary()
        you.take_seat()
    assert course.isVisible()
    assert text(you, "np_must_move").startswith("Must burn away from the mine")


def test_the_cargo_dock_lists_the_orders_given_there_and_says_why_one_is_refused(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = harbour(qtbot, tmp_path, "development")
    assert you.take_seat() == "Ann" and you.phase() == "Development"
    you.show_tab("Cargo & Economy")
    given = text(you, "np_economy_orders")
    assert given == "No orders given yet in this phase."
    you.pick(combo(you, "np_buy_base"), "Far Dock")
    you.pick(combo(you, "np_buy_item"), "Frigate")
    you.press("Buy")
    refusal = text(you, "np_economy_refusal")
    assert refusal == "Refused: a frigate costs 40 supplies and Far Dock has 10"
    you.pick(combo(you, "np_buy_base"), "Near Dock")
    you.press("Buy")
    assert not [w for w in you.win.findChildren(QLabel, "np_economy_refusal") if w.isVisible()]
    assert text(you, "np_economy_orders").endswith("✓ Near Dock buys 1 frigate")
    QApplication.processEvents()


def test_choosing_the_duel_after_a_scenario_with_ship_points_leaves_no_purchases_on_show(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    seen: list[bool] = []

    def look(dialog: QWidget) -> None:
        scenario = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(scenario, QComboBox)
        you.pick(scenario, "Last Man Standing")
        assert you.button("Fleet Purchases", dialog).isVisible()
        you.pick(scenario, "NPlanetary: Duel in the Void")
        seen.append(
            any(b.isVisible() and "Purchases" in b.text() for b in dialog.findChildren(QPushButton))
        )
        you.press("Cancel", dialog)

    you.answer(lambda: you.choose("File", "New Quick Game"), look)
    assert seen == [False], "the other scenario's ship points are gone with it"


def test_an_empty_choice_in_the_cargo_dock_says_what_is_missing(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = harbour(qtbot, tmp_path, "development")
    you.take_seat()
    you.show_tab("Cargo & Economy")
    carriers = combo(you, "np_deploy_ship")
    assert carriers.count() == 0 and carriers.currentText() == ""
    assert carriers.placeholderText() == "no ship carrying one"
    assert not button(you, "np_deploy").isEnabled()


def test_a_torpedo_launched_without_a_turn_warns_that_it_stays_with_its_ship(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = seat_table(
        qtbot,
        tmp_path,
        (
            ship("a1", "Lancer", "a", "frigate", NEAR, hold=(("torpedo", 1),)),
            ship("b1", "Brand", "b", "destroyer", Hex(14, 8)),
        ),
        players=2,
        phase="ordnance",
    )
    assert you.take_seat() == "Ann" and you.phase() == "Ordnance"
    you.show_tab("Orders")
    assert text(you, "np_torpedo_stays").startswith("With no turn, the torpedo keeps")
    you.pick(combo(you, "np_torpedo_turn_1"), "N")
    assert not [w for w in you.win.findChildren(QLabel, "np_torpedo_stays") if w.isVisible()]
