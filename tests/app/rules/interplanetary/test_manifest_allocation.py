"""The defender's damage allocation on the sheet: clicks place points, the engine's own
check refuses an illegal placement with its reason, "Use Suggested" restores the default,
single-use modules can be given up; and the read-only sheet of a ship in play."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from app.rules.interplanetary.manifest.allocation import AllocationDialog
from app.rules.interplanetary.manifest.layout import SheetData
from app.rules.interplanetary.manifest.widget import SheetWidget
from core.board.hexgrid import Hex, Vector
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.damage import Allocation, Placement, default_allocation
from core.rules.interplanetary.aid.manifest import Manifest, empty
from core.rules.interplanetary.aid.outfitting import Slot, put
from core.rules.interplanetary.aid.playaid import PlayAid
from core.vector.motion import Motion
from core.vector.state import Ship


@pytest.fixture
def aid() -> PlayAid:
    found = load_ruleset("interplanetary").play_aid
    assert found is not None
    return found


def armed(aid: PlayAid) -> Manifest:
    m = put(aid, empty(aid), Slot("gun_mounts", 0), "artillery")
    m = put(aid, m, Slot("launchers", 0), "missile")
    return put(aid, m, Slot("single_use", 0), "spin_booster")


def make(qtbot: QtBot, aid: PlayAid, m: Manifest, role: str, amount: int) -> AllocationDialog:
    d = AllocationDialog(
        aid, "Vanguard", m, Fraction(15), role, amount, default_allocation(aid, m, role, amount)
    )
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d


def ok(d: AllocationDialog) -> bool:
    return d.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def click(qtbot: QtBot, d: AllocationDialog, slot: Slot, right: bool = False) -> None:
    button = Qt.MouseButton.RightButton if right else Qt.MouseButton.LeftButton
    qtbot.mouseClick(d.sheet, button, pos=d.sheet.slot_rect(slot).center().toPoint())


def test_the_suggestion_is_offered_and_accepted(qtbot: QtBot, aid: PlayAid) -> None:
    d = make(qtbot, aid, armed(aid), "gun_mounts", 3)
    assert ok(d)
    assert d.allocation() == Allocation((Placement("gun_mounts", 1, 3),))
    assert d.message() == "Gun Mounts 2 (empty) takes 3 and is out of action"


def test_clicks_place_damage_and_an_illegal_placement_is_refused(
    qtbot: QtBot, aid: PlayAid
) -> None:
    d = make(qtbot, aid, armed(aid), "gun_mounts", 4)
    d.clear_button.click()
    assert not ok(d)  # nothing placed, but the Gun Mounts can take it
    assert "Gun Mounts can still take 4 more of this hit's 4 points" in d.message()
    for _ in range(4):
        click(qtbot, d, Slot("gun_mounts", 0))
    assert d.message().startswith("Not allowed: Gun Mounts 1 (Artillery gun) has 3 circles left")
    assert not ok(d)
    click(qtbot, d, Slot("gun_mounts", 0), right=True)  # take one back
    click(qtbot, d, Slot("gun_mounts", 1))
    assert ok(d)
    assert d.allocation() == Allocation(
        (Placement("gun_mounts", 0, 3), Placement("gun_mounts", 1, 1))
    )
    assert "Gun Mounts 1 (Artillery gun) takes 3 and is out of action" in d.message()
    assert d.sheet.marks.pending == ((("gun_mounts", 0), 3), (("gun_mounts", 1), 1))
    d.suggested_button.click()
    assert d.allocation() == d.default


def test_giving_up_a_single_use_module(qtbot: QtBot, aid: PlayAid) -> None:
    d = make(qtbot, aid, armed(aid), "structure", 2)
    click(qtbot, d, Slot("single_use", 0))
    assert d.allocation().sacrifice == (0,)
    assert ok(d)
    assert d.message().startswith("Vanguard gives up its Spin booster to absorb 1 point")
    assert "Structure takes 1" in d.message()
    placed = d.placed()
    assert placed is not None and placed.manifest.checked("structure") == 1


def test_keyboard_places_points(qtbot: QtBot, aid: PlayAid) -> None:
    d = make(qtbot, aid, armed(aid), "launchers", 1)
    d.clear_button.click()
    d.sheet.setFocus()
    qtbot.waitUntil(d.sheet.hasFocus)
    assert d.sheet.focused() == Slot("launchers", 0)
    qtbot.keyClick(d.sheet, Qt.Key.Key_Right)
    qtbot.keyClick(d.sheet, Qt.Key.Key_Plus)
    assert d.allocation() == Allocation((Placement("launchers", 1, 1),))
    assert ok(d)
    qtbot.keyClick(d.sheet, Qt.Key.Key_Minus)
    assert d.allocation() == Allocation()


def test_the_sheet_shows_a_ship_in_play_read_only(qtbot: QtBot, aid: PlayAid) -> None:
    m = armed(aid).with_damage("reactor", 0, 6)
    ship = Ship(
        "s1",
        "Vanguard",
        "p1",
        "p1",
        "ship",
        Motion(Hex(0, 0), Vector(0, 0)),
        Fraction(9),
        disabled=True,
        manifest=m,
        disabled_for=2,
    )
    data = SheetData.of_ship(aid, ship, fitted=put(aid, m, Slot("launchers", 1), "mine"))
    assert data.live and data.fuel_left == 9 and data.disabled_for == 2
    sheet = SheetWidget(data, read_only=True)
    qtbot.addWidget(sheet)
    assert sheet.focusPolicy() == Qt.FocusPolicy.NoFocus
    assert not sheet.acceptDrops()
    image = sheet.grab().toImage()
    assert not image.isNull()
