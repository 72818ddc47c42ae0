"""The ruling switch ``rest_ignores_weak_gravity`` in New Game: a box among the optional
rules, ticked for a game started now (games recorded before keep it off), found and
clicked by its title as a player does; what is ticked is stored with the game."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox
from pytestqt.qtbot import QtBot

from app.play.new_game import NewGameDialog
from core.scenario.reader import builtin_scenarios
from core.vector.state import GameState

SCENARIOS = {p.stem: p for p in builtin_scenarios()}
TITLE = "Ships left at rest ignore weak gravity"


def _shown(qtbot: QtBot, scenario: str) -> NewGameDialog:
    dialog = NewGameDialog(scenario=SCENARIOS[scenario])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def _boxes(dialog: NewGameDialog) -> list[QCheckBox]:
    return [b for b in dialog.findChildren(QCheckBox) if b.isVisible() and b.text() == TITLE]


def _started(dialog: NewGameDialog) -> GameState:
    """The game the dialog starts with what is chosen in it."""
    chosen = dialog.result_game()
    assert chosen is not None
    scenario, seats, seed = chosen
    state, _ = scenario.start(seats, seed)
    return state


def test_rest_ignores_weak_gravity_is_ticked_in_new_game_and_stored_with_the_game(
    qtbot: QtBot,
) -> None:
    dialog = _shown(qtbot, "hostile-takeover")
    (box,) = _boxes(dialog)
    assert box.isChecked() and "stays at rest" in box.toolTip()
    state = _started(dialog)
    assert state.uses("rest_ignores_weak_gravity")
    assert ("rest_ignores_weak_gravity", True) in state.switches  # kept by the game itself


def test_rest_ignores_weak_gravity_unticked_in_new_game_plays_the_old_reading(
    qtbot: QtBot,
) -> None:
    dialog = _shown(qtbot, "hostile-takeover")
    (box,) = _boxes(dialog)
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=box.rect().center())
    assert not box.isChecked()
    assert not _started(dialog).uses("rest_ignores_weak_gravity")


def test_rest_ignores_weak_gravity_is_not_offered_for_another_system(qtbot: QtBot) -> None:
    assert not _boxes(_shown(qtbot, "nplanetary-duel"))
