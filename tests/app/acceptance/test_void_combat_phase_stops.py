"""Seeds "Guns" and "Railguns" in the window: in a tactical battle the combat phase stops
for a player whose ship may fire at an enemy in reach, so guns and railguns are fired
from the Battles dock (the phase used to pass by itself: nothing could ever fire;
visible controls only)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QCheckBox, QWidget
from pytestqt.qtbot import QtBot

from core.engine.commands import EndPhase
from core.engine.play import apply, current_phase, waiting_for
from core.vector.state import GameState
from tests.app.acceptance.void_clouds import clouds, opened


def second_turn(apart: int) -> GameState:
    """Into the clouds, the ships ``apart`` hexes apart at rest, at the Bastet's owner's
    astrogation phase of the battle's second turn (railguns may fire)."""
    state = clouds(apart)
    bob = state.ship("bastet").owner
    for _ in range(40):
        who = waiting_for(state)[0]
        if state.round == 2 and current_phase(state) == "astrogation" and who.id == bob:
            return state
        state, _ = apply(state, EndPhase(who.id))
    raise AssertionError("never reached the second turn")


def to_combat(qtbot: QtBot, tmp_path: Path, apart: int):
    user = opened(qtbot, tmp_path, second_turn(apart))
    for _ in range(4):  # End Astrogation Phase, End Ordnance Phase, Move
        if user.phase() != "Combat":
            user.primary()
    return user


def test_the_combat_phase_stops_for_a_ship_in_reach_and_it_fires_with_railguns(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = to_combat(qtbot, tmp_path, 3)
    assert user.phase() == "Combat" and user.seated() == "Bob", user.log()[-3:]
    user.select_ship("Bastet")
    user.show_tab("Battles")
    orders = user.find(QWidget, "tactical_orders")
    rails = user.button("with railguns", orders)
    assert isinstance(rails, QCheckBox)
    user.click(rails)
    user.press("Fire", orders)
    assert any("(gunfire" in line for line in user.log()), user.log()[-6:]


def test_the_combat_phase_passes_when_no_roll_could_hit(qtbot: QtBot, tmp_path: Path) -> None:
    user = to_combat(qtbot, tmp_path, 9)  # 9 hexes: the range takes more than a 6 away
    assert any("combat phase passes by itself" in line for line in user.log())


def test_railguns_cannot_be_ticked_while_they_are_silent(qtbot: QtBot, tmp_path: Path) -> None:
    """Seed "Railguns": never in a battle's first turn; the box is greyed out, not ticked
    to be refused at Fire."""
    user = opened(qtbot, tmp_path, clouds(3))
    user.select_ship("Bastet" if user.seated() == "Bob" else "Doctrine")
    user.show_tab("Battles")
    orders = user.find(QWidget, "tactical_orders")
    rails = user.button("with railguns", orders)
    assert not rails.isEnabled()
    assert "first turn" in rails.toolTip()
