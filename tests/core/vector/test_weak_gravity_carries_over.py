"""Seed "Gravity", two weak hexes in a row, and Ecliptic's ruling switch
``weak_gravity_carries_over``: off (the default), a run of weak hexes counts within one
turn's course; on, it carries over the turn boundary, so the first weak hex entered this
turn must apply when last turn's course ended in a weak hex."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import Bounds, GravityKind, GravityOverride, StarMap
from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand
from core.engine.play import apply, current_phase, new_game
from core.files.rulesets import load_ruleset
from core.vector.course_check import movement_params
from core.vector.gravity import IgnoreError
from core.vector.motion import Motion, MovementParams, Order
from core.vector.movement import move
from core.vector.orders import Plot
from core.vector.state import GameState, Player, Ship
from tests.core.files.test_ruleset import GOOD, at, problems_of

SE, NE, N, NW, SW, S = Direction
C = Hex(10, 5)
WEAK = GravityKind.WEAK
# three weak hexes in a row to the south-east of C, their arrows pointing north
MOONS = StarMap(
    "Weak run",
    Bounds(30, 30),
    overrides=tuple(GravityOverride(C + Vector.of(SE, n), (N,), WEAK) for n in (1, 2, 3)),
)
OFF = MovementParams()
ON = MovementParams(weak_run_carries_over=True)


def two_turns(params: MovementParams) -> Motion:
    """One weak hex entered last thing on turn 1, the next one first thing on turn 2 (the
    first pull ignored, so the ship keeps to the row)."""
    first = move(MOONS, Motion(C, Vector.of(SE)), params=params)
    second = move(MOONS, first.next, Order(ignore=frozenset({0})), params=params)
    return second.next


def test_weak_gravity_carries_over_off_a_weak_hex_first_thing_this_turn_is_optional():
    (pull,) = two_turns(OFF).pulls
    assert pull.hex == C + Vector.of(SE, 2) and pull.optional
    move(MOONS, two_turns(OFF), Order(ignore=frozenset({0})), params=OFF)  # allowed


def test_weak_gravity_carries_over_on_a_weak_hex_first_thing_this_turn_must_apply():
    (pull,) = two_turns(ON).pulls
    assert pull.hex == C + Vector.of(SE, 2) and pull.must_apply
    with pytest.raises(IgnoreError, match="second weak hex entered in a row"):
        move(MOONS, two_turns(ON), Order(ignore=frozenset({0})), params=ON)


def test_weak_gravity_carries_over_only_from_a_weak_hex_entered_not_one_stayed_in():
    # at rest in a weak hex: it was not entered last turn, so no run carries over
    rest = move(MOONS, Motion(C + Vector.of(SE), ZERO), params=ON).next
    burned = move(MOONS, rest, Order((SE,), ignore=frozenset({0})), params=ON)
    (pull,) = burned.next.pulls
    assert pull.hex == C + Vector.of(SE, 2) and pull.optional


def test_weak_gravity_carries_over_is_a_ruleset_switch_off_by_default():
    rules = load_ruleset("interplanetary")
    assert rules.switch("weak_gravity_carries_over") is False
    assert not movement_params(rules, "ship").weak_run_carries_over
    on = (("weak_gravity_carries_over", True),)
    assert movement_params(rules, "ship", on).weak_run_carries_over


def start(switches: tuple[tuple[str, bool], ...]) -> GameState:
    ship = Ship("s", "Swift", "a", "red", "ship", Motion(C, Vector.of(SE)), Fraction(5))
    players = (Player("a", "Ann", "red"),)
    state, _ = new_game("interplanetary", MOONS, players, (ship,), seed=3, switches=switches)
    while current_phase(state) != "astrogation":
        state, _ = apply(state, EndPhase("a"))
    return state


def next_move(state: GameState) -> GameState:
    state, _ = apply(state, EndPhase("a"))
    while current_phase(state) != "astrogation":
        state, _ = apply(state, EndPhase("a"))
    return state


@pytest.mark.parametrize("on", [False, True])
def test_weak_gravity_carries_over_is_stored_with_the_game_and_played(on: bool):
    state = start((("weak_gravity_carries_over", on),))
    assert dict(state.switches)["weak_gravity_carries_over"] is on
    state = next_move(state)  # turn 1: coasts into the first weak hex
    state, _ = apply(state, Plot("a", "s", Order(ignore=frozenset({0}))))
    state = next_move(state)  # turn 2: ignores it, enters the second weak hex first thing
    (pull,) = state.ship("s").motion.pulls
    assert pull.must_apply is on
    if on:
        with pytest.raises(IllegalCommand, match="second weak hex entered in a row"):
            apply(state, Plot("a", "s", Order(ignore=frozenset({0}))))
    else:
        apply(state, Plot("a", "s", Order(ignore=frozenset({0}))))


def test_weak_gravity_carries_over_must_be_true_or_false_in_a_ruleset(tmp_path: Path):
    text = GOOD.replace("hexside_entered = false", 'weak_gravity_carries_over = "yes"')
    assert problems_of(tmp_path, text) == [
        at(tmp_path, 13, "switches.weak_gravity_carries_over: Input should be a valid boolean")
    ]
