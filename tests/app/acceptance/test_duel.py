"""A duel of the acceptance tests' own (``scenarios/duel.toml``, opened with New Game's
Browse… as a player opens a scenario file): the positions the built-in scenarios do not
reach in three rounds. Two warships a hex apart launch a missile, a mine and a buckyball,
fire their guns with the odds shown, the defender places the damage on the ship's sheet
and fires back, the red tender refuels and refits at Luna Base, and the fight goes on
until one side has won."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QMenu,
    QMessageBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from app.rules.interplanetary.manifest.widget import SheetWidget
from core.rules.interplanetary.aid.outfitting import Slot
from tests.app.acceptance.user import Player, plain

DUEL = Path(__file__).parent / "scenarios" / "duel.toml"


def start(qtbot: QtBot, tmp_path: Path) -> Player:
    you = Player(qtbot, tmp_path)
    you.new_game("Acceptance Duel", browse=DUEL, seed=3)
    assert you.take_seat() == "Ann", "Ann plays Red, and rolled first"
    return you


def launch(you: Player, weapon: str, thrust: str = "None") -> None:
    """The Combat dock in the launch phase: a weapon, its thrust, Launch."""
    assert you.phase() == "Launch"
    assert you.win.turn_bar.end_button.text() == "End Launch Phase"
    you.pick(you.find(QComboBox, "launch_slot"), weapon)  # type: ignore[arg-type]
    you.pick(you.find(QComboBox, "launch_thrust"), thrust)  # type: ignore[arg-type]
    you.press("Launch")
    assert any(
        line.startswith(f"Red gunship's {weapon}") and "is launched" in line for line in you.log()
    )


def place_on_the_sheet(you: Player) -> None:
    """The defender opens the ship's sheet with Place Damage… and accepts the placement
    it shows (the suggested one) with OK."""

    def accept(dialog: QWidget) -> None:
        buttons = dialog.findChild(QDialogButtonBox)
        assert buttons is not None
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert ok.isEnabled(), "the suggestion is a legal placement"
        you.click(ok)

    you.answer(lambda: you.press("Place Damage"), accept)


def test_a_duel_launches_fires_with_the_odds_places_damage_retaliates_and_is_won(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = start(qtbot, tmp_path)

    # Round 1, Ann: a missile; the launch phase then has nothing left and passes.
    launch(you, "Missile")
    assert you.phase() == "Astrogation"
    you.press("Coast (no burn)")
    assert you.primary() == "Move"

    # The gun phase stops for her: the Combat dock shows the odds before she fires.
    assert you.phase() == "Gun"
    odds = you.label("combat_detail")
    assert "Range 1" in odds and "Chances on the" in odds and "%" in odds
    assert you.has_button("Fire")
    you.press("Fire")

    # Bob answers: the hit (if any) placed on his sheet, then fire back.
    placed = fired_back = False
    while you.take_seat() == "Bob" and not you.over():
        if you.has_button("Place Damage"):
            place_on_the_sheet(you)
            placed = True
        elif you.has_button("Fire") and "fire back" in you.label("combat_title"):
            assert "Chances on the" in you.label("combat_detail")
            you.press("Fire")
            fired_back = True
        else:
            break
    assert fired_back or placed or you.over()
    settle(you)

    # Ann's second gun may still fire; she ends the gun phase instead, and the
    # resupply phase stops for her: her tender at Luna Base is not full.
    if you.phase() == "Gun":
        assert you.primary() == "End Gun Phase"
    assert you.phase() == "Resupply", you.log()[-5:]
    assert "tender may refuel" in you.win.turn_bar.hint.text()
    you.select_ship("Red tender")
    assert fuel_of(you, "Red tender") == "9"
    you.press("Refuel")
    assert fuel_of(you, "Red tender") == "15"
    refit(you, "Long-range sensors")
    assert any("Red tender refits at Luna Base" in line for line in you.log())
    assert you.primary() == "End Turn"

    # Bob's turn passes through the window's own stops; round 2 and 3: Ann lays a
    # mine, then a buckyball.
    fight(you, rounds=1)
    assert you.round() == 2
    you.take_seat()
    if you.seated() != "Ann":
        fight(you, rounds=2, until_seat="Ann")
    launch(you, "Mine")
    fight(you, rounds=2)
    if you.seated() != "Ann":
        fight(you, rounds=3, until_seat="Ann")
    launch(you, "Buckyball")

    # And the fight goes on until one side has no ship left.
    fight(you, rounds=30)
    assert you.over(), "someone won within thirty rounds"
    assert "Red gunship is destroyed" in you.log()
    assert you.win.turn_bar.player_label.text() == "Bob won"
    assert you.win.turn_bar.hint.text() == "Bob wins: Red gunship is destroyed"
    box = you.win.findChild(QMessageBox, "game_over_box")
    assert box is not None and box.isVisible() and "Bob won" in box.text()
    you.click(box.button(QMessageBox.StandardButton.Ok))
    assert you.win.turn_bar.end_button.text() == "Game Over"
    assert not you.win.turn_bar.end_button.isEnabled()


def fuel_of(you: Player, ship: str) -> str:
    tree = you.ship_list()
    rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    return next(r.text(3) for r in rows if r.text(0) == ship)


def refit(you: Player, module: str) -> None:
    """Right-click the first systems mount on the Manifest sheet and choose ``module``
    from its menu with the keyboard."""
    you.show_tab("Manifest")
    sheet = next(w for w in you.win.findChildren(SheetWidget) if w.isVisible())
    assert not sheet.read_only, "the sheet is editable at a base in the resupply phase"
    at = sheet.slot_rect(Slot("systems", 0)).center().toPoint()

    def right_click() -> None:
        event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at, sheet.mapToGlobal(at))
        QApplication.sendEvent(sheet, event)

    def choose(menu: QWidget) -> None:
        assert isinstance(menu, QMenu)
        action = next(a for a in menu.actions() if plain(a.text()).startswith(module))
        assert action.isEnabled() and "not possible" not in action.text(), action.text()
        menu.setActiveAction(action)
        you.qtbot.keyClick(menu, Qt.Key.Key_Return)

    you.answer(right_click, choose, popup=True)
    you.show_tab("Ships")


def settle(you: Player) -> None:
    """Answer the decisions the game waits for, whoever they are for, until Ann's own
    turn goes on: damage placed as suggested, fire back when offered."""
    for _ in range(20):
        you.take_seat()
        if you.has_button("Place Damage"):
            place_on_the_sheet(you)
        elif you.has_button("Use Suggested"):
            you.press("Use Suggested")
        elif "fire back" in you.label("combat_title") and you.has_button("Fire"):
            you.press("Fire")
        else:
            return


def fight(you: Player, rounds: int, until_seat: str = "") -> None:
    """Both players fire whatever they can, answer every decision, and coast, until
    round ``rounds`` is over (or ``until_seat`` sits down in its launch phase)."""
    for _ in range(600):
        you.take_seat()
        if you.over() or you.round() > rounds:
            return
        if until_seat and you.seated() == until_seat and you.phase() == "Launch":
            return
        play_a_step(you)
    raise AssertionError("the duel did not get on")


def play_a_step(you: Player) -> None:
    """One thing the seated player does in the fight: place a hit, fire whatever can
    fire, coast (or the cheapest safe burn), or press the primary button."""
    if you.has_button("Place Damage"):
        place_on_the_sheet(you)
    elif you.has_button("Use Suggested"):
        you.press("Use Suggested")
    elif you.has_button("Fire"):
        you.press("Fire")
    elif you.phase() == "Astrogation":
        you.steer(lift=False)  # the tender stays at its base
        you.primary()
    else:
        you.primary()


def test_the_primary_button_names_each_stop_of_the_turn_and_ends_the_turn_when_none_is_left(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = start(qtbot, tmp_path)
    bar = you.win.turn_bar
    assert (you.phase(), bar.end_button.text()) == ("Launch", "End Launch Phase")
    assert you.primary() == "End Launch Phase"
    assert (you.phase(), bar.end_button.text()) == ("Astrogation", "Move")
    you.press("Coast (no burn)")
    assert you.primary() == "Move"
    # the tender's tank waits to be filled, so the gun phase is not the last stop
    assert (you.phase(), bar.end_button.text()) == ("Gun", "End Gun Phase")
    assert you.primary() == "End Gun Phase"
    assert (you.phase(), bar.end_button.text()) == ("Resupply", "End Turn")
    assert you.primary() == "End Turn"

    # Bob has no launcher: his launch phase passes; after his gun phase nothing is
    # left for him, so its button ends his turn.
    assert you.take_seat() == "Bob"
    assert "Bob's launch phase passes by itself: no ship has a weapon it may launch" in you.log()
    assert you.primary() == "Move"
    assert (you.phase(), bar.end_button.text()) == ("Gun", "End Turn")
    you.choose("Game", "End Turn")  # the menu's entry (Ctrl+Enter) does the same
    passed = "Bob's resupply phase passes by itself: no ship has anything to do at a base"
    assert passed in you.log()
    # the last player of a round is the first of the next: Bob plays on
    assert (you.round(), you.seated(), you.phase()) == (2, "Bob", "Astrogation")
