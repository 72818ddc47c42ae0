"""NPlanetary plays the map's weak gravity as Interplanetary does (its movement is the
shared vector movement), and with it the ruling switch ``weak_gravity_carries_over``,
which New Game therefore offers for NPlanetary scenarios: on, a weak hex entered first
thing in a turn must apply when last turn's course ended in a weak hex."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.board.hexgrid import Vector
from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand
from core.engine.play import apply, current_phase, new_game
from core.engine.system import system_for
from core.vector.motion import Motion, Order
from core.vector.orders import Plot
from core.vector.state import GameState, Player, Ship
from tests.core.vector.test_weak_gravity_carries_over import MOONS, SE, C


def to_movement(state: GameState) -> GameState:
    """Ann ends phases until the next movement phase (Bob has nothing to order)."""
    while current_phase(state) != "movement":
        state = apply(state, EndPhase("a"))[0]
    return state


def start(on: bool) -> GameState:
    """Ann's frigate heading south-east into the row of weak hexes."""
    ship = Ship("s", "Swift", "a", "a", "frigate", Motion(C, Vector.of(SE)), Fraction(15))
    players = (Player("a", "Ann", "a"), Player("b", "Bob", "b"))
    switches = (("weak_gravity_carries_over", on),)
    state, _ = new_game("nplanetary", MOONS, players, (ship,), seed=3, switches=switches)
    return to_movement(state)


def next_move(state: GameState) -> GameState:
    return to_movement(apply(state, EndPhase("a"))[0])


def test_weak_gravity_carries_over_is_one_of_nplanetarys_switches():
    assert "weak_gravity_carries_over" in system_for("nplanetary").switches


@pytest.mark.parametrize("on", [False, True])
def test_weak_gravity_carries_over_is_played_by_nplanetarys_movement(on: bool):
    state = next_move(start(on))  # round 1: coasts into the first weak hex
    state, _ = apply(state, Plot("a", "s", Order(ignore=frozenset({0}))))
    state = next_move(state)  # round 2: ignores it, enters the second first thing
    (pull,) = state.ship("s").motion.pulls
    assert pull.must_apply is on
    if on:
        with pytest.raises(IllegalCommand, match="second weak hex entered in a row"):
            apply(state, Plot("a", "s", Order(ignore=frozenset({0}))))
    else:
        apply(state, Plot("a", "s", Order(ignore=frozenset({0}))))
