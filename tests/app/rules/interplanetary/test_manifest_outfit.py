"""The outfitting dialog: outfit a ship within budget, refusals over budget and for the
wrong mount with the reason shown, drag and drop from the catalogue and between mounts,
the mount's menu, and the keyboard alone."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QByteArray, QMimeData, QPointF, Qt, QTimer
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMenu
from pytestqt.qtbot import QtBot

from app.rules.interplanetary.manifest.outfit_dialog import OutfitDialog
from app.rules.interplanetary.manifest.widget import MIME, SheetWidget
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.manifest import empty
from core.rules.interplanetary.aid.outfitting import Slot
from core.rules.interplanetary.aid.playaid import PlayAid


@pytest.fixture
def aid() -> PlayAid:
    found = load_ruleset("interplanetary").play_aid
    assert found is not None
    return found


@pytest.fixture
def dialog(qtbot: QtBot, aid: PlayAid) -> OutfitDialog:
    d = OutfitDialog(aid, empty(aid), 6)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d


def ok_button(d: OutfitDialog) -> bool:
    return d.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def drop(sheet: SheetWidget, slot: Slot, payload: str) -> None:
    mime = QMimeData()
    mime.setData(MIME, QByteArray(payload.encode()))
    event = QDropEvent(
        QPointF(sheet.slot_rect(slot).center()),
        Qt.DropAction.CopyAction | Qt.DropAction.MoveAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    sheet.dropEvent(event)  # what Qt calls when the drag ends over the sheet


def test_outfit_within_budget_shows_the_points_left(dialog: OutfitDialog) -> None:
    assert dialog.points_text().startswith("Points left: 6 of 6")
    assert dialog.place(Slot("gun_mounts", 0), "heavy_rail")
    assert dialog.place(Slot("launchers", 0), "missile")
    assert dialog.place(Slot("launchers", 1), "missile")
    assert dialog.points_text().startswith("Points left: 1 of 6")
    assert dialog.message() == "Every rule of the play aid is met."
    assert ok_button(dialog)
    assert dialog.manifest().guns == ("heavy_rail", None)


def test_over_budget_is_refused_with_the_reason_shown(dialog: OutfitDialog) -> None:
    assert dialog.place(Slot("gun_mounts", 0), "mass_driver")
    assert dialog.place(Slot("systems", 0), "repair_ai")
    assert not dialog.place(Slot("systems", 1), "armour_ai")
    assert dialog.message() == (
        "Not done: Systems 2: Armour AI costs 2 ship points, and only 0 are left of the budget of 6"
    )
    assert dialog.points_text().startswith("Points left: 0 of 6")
    # the refused module is not on the sheet, and what is there is still legal
    assert dialog.manifest().systems == ("repair_ai", None)
    assert ok_button(dialog)


def test_the_wrong_kind_of_mount_says_where_it_goes(dialog: OutfitDialog) -> None:
    assert not dialog.place(Slot("single_use", 0), "missile")
    assert dialog.message().startswith(
        "Not done: Single-use 1: this takes a single-use module, and Missile is a launched "
        "weapon (it goes in the Launchers)"
    )


def test_drag_from_the_catalogue_and_between_mounts(dialog: OutfitDialog) -> None:
    drop(dialog.sheet, Slot("launchers", 2), "module:launched:mine")
    assert dialog.manifest().launchers[2] == "mine"
    drop(dialog.sheet, Slot("gun_mounts", 1), "module:guns:mass_driver")
    assert dialog.manifest().guns == ("mass_driver", "mass_driver")
    drop(dialog.sheet, Slot("launchers", 5), "mount:launchers:2")
    assert dialog.manifest().launchers == (None, None, None, None, None, "mine")
    drop(dialog.sheet, Slot("systems", 0), "module:guns:flak")
    assert "this takes a system module, and Flak gun is a gun" in dialog.message()
    dialog.catalogue.returned.emit("mount:gun_mounts:0")  # dragged back to the catalogue
    assert dialog.manifest().guns == (None, None)


def test_the_mount_menu_places_removes_and_swaps(qtbot: QtBot, dialog: OutfitDialog) -> None:
    menu = dialog.mount_menu(Slot("launchers", 0))
    texts = [a.text() for a in menu.actions()]
    assert "Missile  (1 pt)" in texts and "Kinetic buster  (not sold)" in texts
    next(a for a in menu.actions() if a.text() == "Buckyball  (1 pt)").trigger()
    assert dialog.manifest().launchers[0] == "buckyball"
    menu = dialog.mount_menu(Slot("launchers", 0))
    swap = next(a for a in menu.actions() if a.menu() is not None).menu()
    next(a for a in swap.actions() if a.text().startswith("Launchers 4")).trigger()
    assert dialog.manifest().launchers[3] == "buckyball"
    menu = dialog.mount_menu(Slot("launchers", 3))
    next(a for a in menu.actions() if a.text() == "&Remove").trigger()
    assert dialog.manifest().launchers == (None,) * 6


def test_keyboard_alone(qtbot: QtBot, dialog: OutfitDialog) -> None:
    sheet = dialog.sheet
    sheet.setFocus()
    qtbot.waitUntil(sheet.hasFocus)
    assert sheet.focused() == Slot("gun_mounts", 0)
    qtbot.keyClick(sheet, Qt.Key.Key_Tab)
    assert sheet.focused() == Slot("gun_mounts", 1)
    qtbot.keyClick(sheet, Qt.Key.Key_Down)  # from Gun Mounts down to the Launchers
    assert sheet.focused() is not None and sheet.focused().role == "launchers"
    target = sheet.focused()

    def pick() -> None:
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        action = next(a for a in menu.actions() if a.text() == "Mine  (1 pt)")
        menu.setActiveAction(action)
        qtbot.keyClick(menu, Qt.Key.Key_Return)

    QTimer.singleShot(100, pick)
    qtbot.keyClick(sheet, Qt.Key.Key_Return)  # opens the mount's menu
    assert dialog.manifest().launchers[target.point] == "mine"
    qtbot.keyClick(sheet, Qt.Key.Key_Delete)
    assert dialog.manifest().launchers[target.point] is None
    # Enter on a catalogue row fits it on the focused mount
    dialog.catalogue.setFocus()
    item = dialog.catalogue.item_for("launched", "missile")
    assert item is not None
    dialog.catalogue.setCurrentItem(item)
    qtbot.keyClick(dialog.catalogue, Qt.Key.Key_Return)
    assert dialog.manifest().launchers[target.point] == "missile"


def test_a_problem_keeps_ok_off_and_marks_the_slot(qtbot: QtBot, aid: PlayAid) -> None:
    from dataclasses import replace

    broken = replace(empty(aid), guns=("artillery", "mass_driver"))
    d = OutfitDialog(aid, broken, 6)
    qtbot.addWidget(d)
    assert not ok_button(d)
    assert "Gun Mounts 2: Mass driver needs 2 gun mount points" in d.message()
    assert Slot("gun_mounts", 1) in d.sheet.marks.problems
    assert d.remove(Slot("gun_mounts", 1))
    assert ok_button(d)
