"""Outfitting as a new player met it: a module dropped on a full mount asks before
replacing what is there, and items that cannot be bought are shown but not offered to
tick, pick or load."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from app.rules.interplanetary.manifest.outfit_dialog import OutfitDialog
from app.shell.main_window import MainWindow
from core.board.hexgrid import ZERO, Hex
from core.board.starmap import DEFAULT_SERVICES, Base, BaseKind, Bounds, StarMap
from core.engine.commands import EndPhase
from core.engine.play import new_game
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.manifest import fit
from core.rules.interplanetary.aid.outfitting import Slot
from core.rules.interplanetary.aid.playaid import Outfit, PlayAid
from core.vector.motion import Motion
from core.vector.state import Ship
from tests.app.clicks import when_modal
from tests.app.rules.interplanetary.test_combat_panel import PLAYERS, window
from tests.app.rules.interplanetary.test_manifest_outfit import aid, dialog, drop

__all__ = ["aid", "dialog", "window"]


def window_aid() -> PlayAid:
    found = load_ruleset("interplanetary").play_aid
    assert found is not None
    return found


GUN = Slot("gun_mounts", 0)


def answer(text: str, asked: list[str]):  # type: ignore[no-untyped-def]
    def act(box: QWidget) -> None:
        assert isinstance(box, QMessageBox)
        asked.append(box.text())
        box.button(
            QMessageBox.StandardButton.Yes if text == "Yes" else QMessageBox.StandardButton.No
        ).click()

    return act


def test_dropping_a_module_on_a_full_gun_mount_asks_before_replacing(
    qtbot: QtBot, dialog: OutfitDialog
) -> None:
    drop(dialog.sheet, GUN, "module:guns:artillery")  # an empty mount: no question
    assert dialog.manifest().guns[0] == "artillery"
    asked: list[str] = []
    when_modal(answer("No", asked))
    drop(dialog.sheet, GUN, "module:guns:laser")
    assert asked == ["Gun Mounts 1 holds the Artillery gun. Replace it with the Laser battery?"]
    assert dialog.manifest().guns[0] == "artillery"  # kept
    when_modal(answer("Yes", asked))
    drop(dialog.sheet, GUN, "module:guns:laser")
    assert len(asked) == 2
    assert dialog.manifest().guns[0] == "laser"


def test_items_that_cannot_be_bought_are_not_offered_as_tickable(dialog: OutfitDialog) -> None:
    menu = dialog.mount_menu(Slot("launchers", 0))
    buster = next(a for a in menu.actions() if a.text() == "Kinetic buster  (not sold)")
    assert not buster.isCheckable() and not buster.isEnabled()
    missile = next(a for a in menu.actions() if a.text() == "Missile  (1 pt)")
    assert missile.isCheckable() and missile.isEnabled()
    rows = dialog.catalogue.findItems("Kinetic buster", Qt.MatchFlag.MatchRecursive)
    assert rows and not rows[0].flags() & Qt.ItemFlag.ItemIsSelectable
    missiles = dialog.catalogue.findItems("Missile", Qt.MatchFlag.MatchRecursive)
    assert missiles[0].flags() & Qt.ItemFlag.ItemIsSelectable


def test_a_base_does_not_offer_to_load_what_it_does_not_sell(
    qtbot: QtBot, window: MainWindow
) -> None:
    rock = Hex(5, 5)
    outpost = Base("Outpost", BaseKind.ASTEROID, rock, services=DEFAULT_SERVICES[BaseKind.ASTEROID])
    belt = StarMap("Belt", Bounds(12, 12), asteroids=frozenset({rock}), bases=(outpost,))
    kit = fit(window_aid(), Outfit(guns=("artillery",)))
    ship = Ship("s", "Swift", "a", "a", "ship", Motion(rock, ZERO), Fraction(4), manifest=kit)
    ship = replace(ship, docked_at="Outpost", points=2)
    state, _ = new_game("interplanetary", belt, PLAYERS[:1], (ship,), seed=1)
    assert window.play(state, [], "Belt")
    assert window.session is not None and window.board is not None
    window.session.apply(EndPhase("a"))  # astrogation; no guns to fire: on to resupply
    window.board.select("s")
    panel = window.panel("combat")
    assert panel.weapon.isVisible()
    sold = {panel.weapon.itemData(i): i for i in range(panel.weapon.count())}
    model = panel.weapon.model()
    assert model.item(sold["missile"]).isEnabled()
    assert "Kinetic buster (not sold)" in [panel.weapon.itemText(i) for i in sold.values()]
    assert not model.item(sold["kinetic_buster"]).isEnabled()
