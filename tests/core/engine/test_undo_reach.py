"""How far Undo and Redo reach in a sealed phase (:mod:`core.engine.reach`): only the
seated player's own orders since they took the seat; everything in a phase that is not
sealed, in a game one person plays alone, and for a referee."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from core.board.hexgrid import ZERO, Direction
from core.engine.commands import EndPhase
from core.engine.play import apply, new_game
from core.engine.reach import limited, refusal
from core.vector.movement import Motion, Order
from core.vector.orders import Plot
from core.vector.state import GameState, Ship
from tests.core.engine.test_sealed_orders import OPEN, PLAYERS, STARTS, at_movement

ANN_PLOTS = Plot("a", "a1", Order((Direction.N,)))
BOB_PLOTS = Plot("b", "b1", Order((Direction.N,)))


def test_undo_in_a_sealed_phase_never_reaches_another_players_end_of_phase() -> None:
    state = at_movement()
    state, _ = apply(state, ANN_PLOTS)
    state, _ = apply(state, EndPhase("a"))
    said = refusal(state, "b", [EndPhase("a")])
    assert said == "Undo reaches only your own orders: Ann's orders for this phase are sealed"


def test_undo_in_a_sealed_phase_never_reaches_another_players_sealed_order() -> None:
    state, _ = apply(at_movement(), ANN_PLOTS)
    assert refusal(state, "b", [ANN_PLOTS]).startswith("Undo reaches only your own orders")
    assert refusal(state, "b", [ANN_PLOTS], "Redo").startswith("Redo reaches only")


def test_undo_in_a_sealed_phase_reaches_the_seated_players_own_order() -> None:
    state, _ = apply(at_movement(), BOB_PLOTS)
    assert refusal(state, "b", [BOB_PLOTS]) == ""


def test_undo_stops_at_a_phase_played_out_even_by_the_seated_player() -> None:
    """A phase resolved by the seated player's own end of it is over for everyone."""
    state = at_movement()
    for p in "abc":
        state, _ = apply(state, EndPhase(p))
    assert "since you took the seat" in refusal(state, "c", [EndPhase("c")])
    assert "since you took the seat" in refusal(state, "a", [EndPhase("b"), EndPhase("c")])


def test_a_game_one_person_plays_alone_keeps_full_undo() -> None:
    """Ruling: every seat under the same player's name is one person trying the game."""
    alone = tuple(replace(p, name="Me") for p in PLAYERS)
    ships = (Ship("a1", "a1", "a", "a", "frigate", Motion(STARTS["a"] + ZERO, ZERO), Fraction(9)),)
    state, _ = new_game("nplanetary", OPEN, alone, ships, seed=7)
    state, _ = apply(state, EndPhase("a"))
    assert not limited(state, "b")
    assert refusal(state, "b", [EndPhase("a")]) == ""


def test_a_referee_and_a_phase_that_is_not_sealed_keep_full_undo() -> None:
    state: GameState = at_movement()
    assert refusal(state, None, [ANN_PLOTS]) == ""  # a referee's master: nobody seated
    ships = (Ship("a1", "a1", "a", "a", "ship", Motion(STARTS["a"] + ZERO, ZERO), Fraction(9)),)
    plain, _ = new_game("interplanetary", OPEN, PLAYERS, ships, seed=3)
    assert not limited(plain, "b")
    assert refusal(plain, "b", [EndPhase("a")]) == ""
    assert refusal(replace(state, over=True), "b", [ANN_PLOTS]) == ""


def test_going_on_from_an_earlier_entry_keeps_undos_reach() -> None:
    """The Campaign dock's Go On From Here and Restore This Branch take back and give
    again as Undo and Redo do: the seated player's own order only, never an end of phase."""
    state, _ = apply(at_movement(), BOB_PLOTS)
    verb = "Going on from there"
    assert refusal(state, "b", [BOB_PLOTS], verb) == ""
    assert refusal(state, "b", [ANN_PLOTS], verb, forward=True).startswith(f"{verb} reaches only")
    ending = refusal(state, "b", [EndPhase("b")], verb, forward=True)
    assert ending.endswith("it would end the phase")
