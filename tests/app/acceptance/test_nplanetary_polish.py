"""What a newcomer's trial of NPlanetary found, checked with the window's controls: the
Cargo & Economy dock's lists read whole; the map's own bases (Interplanetary's) are not
drawn in an NPlanetary game; New Game offers only the optional rules the scenario's
system plays; a ship in orbit lands at its base for one fuel through the Orders dock."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QTreeWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from app.board.items import NAME_KEY, ROLE_KEY
from core.board.hexgrid import Hex
from core.rules.nplanetary.model import Damage
from tests.app.acceptance.nplanetary_table import base, combo, orders, seat_table, ship, shot
from tests.app.acceptance.user import Player

LANDING = Path(__file__).parent / "scenarios" / "nplanetary-landing.toml"
CARRIED = (("outpost", 1), ("torpedo", 2), ("mine", 3))


def test_the_cargo_dock_shows_what_a_ship_carries_and_the_buy_choice_whole(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = seat_table(
        qtbot,
        tmp_path,
        (
            ship("a1", "Ladle", "a", "transport", Hex(5, 6), docked="depot"),
            ship("a2", "Mule", "a", "battleship", Hex(9, 6), hold=CARRIED),
            ship("b1", "Bale", "b", "transport", Hex(5, 6), hold=(("supplies", 5),)),
        ),
        (base("depot", "Vesta Depot", "a", Hex(5, 6), (("supplies", 200),)),),
        players=2,
        phase="development",
    )
    assert you.take_seat() == "Ann"
    you.show_tab("Cargo & Economy")
    QApplication.processEvents()
    tree = you.find(QTreeWidget, "np_holdings")
    assert isinstance(tree, QTreeWidget)
    other = [tree.headerItem().text(c) for c in range(tree.columnCount())].index("Other")
    mule = next(tree.topLevelItem(i) for i in range(3) if tree.topLevelItem(i).text(0) == "Mule")
    # the column is in view at the dock's width, and hovering the cell reads it whole
    assert tree.header().sectionViewportPosition(other) + 40 < tree.viewport().width()
    assert mule.toolTip(other) == "Mule: other 3 mines, 1 outpost, 2 torpedoes"
    item = combo(you, "np_buy_item")
    you.pick(item, "Battleship")
    wanted = item.fontMetrics().horizontalAdvance(item.currentText())
    assert item.width() > wanted + 20  # the whole choice, with its arrow
    shot(you.find(QWidget, "np_cargo_panel_scroll"), "nplanetary-cargo-dock.png")


def test_the_cargo_docks_damage_and_where_columns_fit_without_a_scroll_bar(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = seat_table(
        qtbot,
        tmp_path,
        (
            ship(
                "a1", "Ladle", "a", "transport", Hex(5, 6), docked="depot", damage=Damage(drives=1)
            ),
            ship("a2", "Mule", "a", "battleship", Hex(9, 6), damage=Damage(weapons=2, structure=1)),
            ship("b1", "Bale", "b", "transport", Hex(5, 6), hold=(("supplies", 5),)),
        ),
        (base("depot", "Vesta Depot", "a", Hex(5, 6), (("supplies", 200),)),),
        players=2,
        phase="development",
    )
    you.take_seat()
    you.show_tab("Cargo & Economy")
    QApplication.processEvents()
    tree = you.find(QTreeWidget, "np_holdings")
    assert isinstance(tree, QTreeWidget)
    heads = [tree.headerItem().text(c) for c in range(tree.columnCount())]
    assert heads[-2:] == ["Dmg", "Where"]
    assert tree.horizontalScrollBar().maximum() == 0  # every column in view at once
    end = tree.header().sectionViewportPosition(8) + tree.header().sectionSize(8)
    assert end <= tree.viewport().width()
    rows = {tree.topLevelItem(i).text(0): tree.topLevelItem(i) for i in range(4)}
    mule, ladle = rows["Mule"], rows["Ladle"]
    assert [mule.text(7), ladle.text(7), ladle.text(8)] == ["W2 S1", "D1", "docked"]
    assert mule.toolTip(7).startswith("Mule: damage weapons 2/")  # hovering reads it whole
    assert "docked at Vesta Depot" in ladle.toolTip(8)
    assert "structure" in tree.headerItem().toolTip(7)
    shot(you.find(QWidget, "np_cargo_panel_scroll"), "nplanetary-cargo-columns.png")


def map_names(you: Player) -> set[str]:
    """The names the map shows, of bodies and of its own bases."""
    scene = you.win.map_view.scene()
    shown = [i for i in scene.items() if i.isVisible() and i.data(ROLE_KEY) in ("name", "base")]
    return {i.data(NAME_KEY) for i in shown}


def test_an_nplanetary_game_does_not_draw_the_maps_own_bases(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Acceptance NPlanetary Landing", browse=LANDING, names=("Ann", "Bob"))
    names = map_names(you)
    assert "Mars" in names and "Luna" in names  # the bodies are named as ever
    assert not names & {"Mars Station", "Mars Port", "Luna Base"}
    assert [i.toolTip().splitlines()[0] for i in you.markers("base")] == [
        "Ann's base Red Mars Base"
    ]
    # an Interplanetary game on the same map afterwards has its bases again
    you.new_game("Acceptance Duel", browse=LANDING.parent / "duel.toml", names=("Ann", "Bob"))
    assert {"Mars Station", "Mars Port", "Luna Base"} <= map_names(you)


def test_new_game_offers_the_optional_rules_of_the_scenarios_own_system(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    seen: dict[str, list[str]] = {}

    def look(dialog: QWidget) -> None:
        assert isinstance(dialog, QDialog)
        you.answer(
            lambda: you.press("Browse", dialog),
            lambda d: you.pick_file(d, LANDING.parent / "duel.toml"),
        )
        scenarios = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(scenarios, QComboBox)
        for scenario in ("NPlanetary: Duel in the Void", "Belt Standoff", "Acceptance Duel"):
            you.pick(scenarios, scenario)
            seen[scenario] = [b.text() for b in dialog.findChildren(QCheckBox) if b.isVisible()]
        dialog.reject()

    you.answer(lambda: you.choose("File", "New Quick Game"), look)
    weak = "Weak gravity carries over turns"
    # NPlanetary's movement plays the map's weak gravity, and so the ruling on it
    assert weak in seen["NPlanetary: Duel in the Void"]
    assert "Space rendezvous" not in seen["NPlanetary: Duel in the Void"]
    # System III Void's maps have no weak gravity: its own rulings only
    assert weak not in seen["Belt Standoff"] and "Space rendezvous" not in seen["Belt Standoff"]
    assert weak in seen["Acceptance Duel"] and "Space rendezvous" in seen["Acceptance Duel"]


def test_a_ship_in_orbit_lands_at_its_base_for_one_fuel(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Acceptance NPlanetary Landing", browse=LANDING, names=("Ann", "Bob"))
    # round 1: the hauler coasts into orbit round Mars
    for _ in range(6):
        if you.round() == 2:
            break
        you.primary()
    assert you.round() == 2
    while you.phase() != "Movement":
        you.primary()
    assert you.take_seat() == "Ann"
    assert hauler_row(you)[2:4] == ["active, orbit Mars", "10"]
    you.show_tab("Orders")
    you.pick(combo(you, "np_dock_ship"), "Red hauler")
    you.pick(combo(you, "np_dock_at"), "land at Red Mars Base (1 fuel)")
    you.press("Land")
    assert orders(you) == ["✓ Red hauler lands at Red Mars Base"]
    while you.phase() == "Movement":
        you.primary()
    assert any("Red hauler burns 1 fuel and lands at Red Mars Base" in line for line in you.log())
    status, fuel = hauler_row(you)[2:4]
    assert status == "landed (Red Mars Base)" and fuel == "9"  # the base's name, not its id


def hauler_row(you: Player) -> list[str]:
    """The Ships dock's row of Red's hauler: ship, player, status, fuel..."""
    you.show_tab("Ships")
    ships = you.ship_list()
    rows = [ships.topLevelItem(i) for i in range(ships.topLevelItemCount())]
    row = next(r for r in rows if r.text(0) == "Red hauler")
    return [row.text(c) for c in range(row.columnCount())]
