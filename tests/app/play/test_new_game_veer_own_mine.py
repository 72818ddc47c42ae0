"""The ruling switch ``veering_clears_own_mine`` in New Game: a box among the optional
rules, ticked for a game started now (games recorded before keep it off), found and
clicked by its title as a player does; what is ticked is stored with the game. The
dialog is opened and started as in the weak-gravity switch's test."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox
from pytestqt.qtbot import QtBot

from app.play.new_game import NewGameDialog
from tests.app.play.test_new_game_rest_weak_gravity import _shown, _started

TITLE = "Veering off clears your own mine"


def _box(dialog: NewGameDialog) -> list[QCheckBox]:
    return [b for b in dialog.findChildren(QCheckBox) if b.isVisible() and b.text() == TITLE]


def test_veering_clears_own_mine_is_ticked_in_new_game_and_stored_with_the_game(
    qtbot: QtBot,
) -> None:
    dialog = _shown(qtbot, "last-man-standing")
    (box,) = _box(dialog)
    assert box.isChecked() and "burns aside" in box.toolTip()
    assert ("veering_clears_own_mine", True) in _started(dialog).switches  # kept by the game


def test_veering_clears_own_mine_unticked_in_new_game_plays_hex_by_hex(qtbot: QtBot) -> None:
    dialog = _shown(qtbot, "last-man-standing")
    (box,) = _box(dialog)
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=box.rect().center())
    assert not box.isChecked()
    assert not _started(dialog).uses("veering_clears_own_mine")


def test_veering_clears_own_mine_is_not_offered_for_another_system(qtbot: QtBot) -> None:
    assert not _box(_shown(qtbot, "nplanetary-duel"))
