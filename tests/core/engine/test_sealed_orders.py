"""Sealed phases (NPlanetary's simultaneous orders): each player's orders stay out of the
game and out of the other players' sight until everyone has ended the phase, then are
resolved together, so the order in which they arrive cannot change the result."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.hexgrid import ZERO, Direction, Hex
from core.board.starmap import Bounds, StarMap
from core.engine.commands import Command, EndPhase
from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.engine.play import OrderSealed, apply, current_phase, new_game, view
from core.vector.movement import Motion, Order
from core.vector.orders import Plot, Unplot
from core.vector.state import GameState, Player, Ship, state_hash

OPEN = StarMap("Open space", Bounds(30, 30))
PLAYERS = (Player("a", "Ann", "red"), Player("b", "Bob", "blue"), Player("c", "Cy", "green"))
STARTS = {"a": Hex(6, 6), "b": Hex(15, 10), "c": Hex(22, 18)}


def at_movement() -> GameState:
    """Three players' frigates in open space, in the movement phase of round 1."""
    ships = tuple(
        Ship(f"{p}{n}", f"{p}{n}", p, p, "frigate", Motion(STARTS[p] + ZERO, ZERO), Fraction(9))
        for p in "abc"
        for n in (1, 2)
    )
    state, _ = new_game("nplanetary", OPEN, PLAYERS, ships, seed=7)
    while current_phase(state) != "movement":
        for p in "abc":
            state, _ = apply(state, EndPhase(p))
    return state


def play(state: GameState, commands: list[Command]) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for command in commands:
        state, more = apply(state, command)
        events.extend(more)
    return state, events


def test_a_sealed_plot_changes_nothing_and_tells_nothing_until_all_are_in() -> None:
    state = at_movement()
    before = state
    state, events = apply(state, Plot("a", "a1", Order((Direction.N,))))
    assert [type(e) for e in events] == [OrderSealed]
    assert "a1" not in events[0].text and state.plans == before.plans
    assert state.ships == before.ships
    state, _ = apply(state, EndPhase("a"))
    state, _ = apply(state, EndPhase("b"))
    assert state.ship("a1").motion == before.ship("a1").motion
    state, events = apply(state, EndPhase("c"))
    assert state.ship("a1").motion.velocity != ZERO
    assert state.sealed == () and state.done == frozenset()
    assert any(e.text.startswith("a1 plots a course") for e in events)


def test_a_sealed_order_is_checked_when_given() -> None:
    state = at_movement()
    with pytest.raises(IllegalCommand, match="not yours"):
        apply(state, Plot("a", "b1", Order((Direction.N,))))
    burn = Order((Direction.N, Direction.N, Direction.N))
    with pytest.raises(IllegalCommand):
        apply(state, Plot("a", "a1", burn))
    assert state.sealed == ()


def test_each_player_sees_only_their_own_sealed_orders() -> None:
    state = at_movement()
    state, _ = apply(state, Plot("a", "a1", Order((Direction.N,))))
    state, _ = apply(state, Plot("b", "b1", Order((Direction.S,))))
    assert [c.player for c in view(state, "a").sealed] == ["a"]
    assert [c.player for c in view(state, "b").sealed] == ["b"]
    assert view(state, "c").sealed == ()
    assert len(state.sealed) == 2


def test_a_player_sees_their_own_sealed_plots_as_plans_and_nobody_elses() -> None:
    state = at_movement()
    state, _ = apply(state, Plot("a", "a1", Order((Direction.N,))))
    state, _ = apply(state, Plot("a", "a2", Order((Direction.S,))))
    state, _ = apply(state, Unplot("a", "a2"))
    assert state.plans == ()
    assert [ship for ship, _ in view(state, "a").plans] == ["a1"]
    assert view(state, "b").plans == ()


#: each player's own orders, in the order that player gives them
ORDERS: dict[str, list[Command]] = {
    "a": [
        Plot("a", "a1", Order((Direction.N,))),
        Plot("a", "a2", Order((Direction.SE, Direction.SE))),
        Plot("a", "a1", Order((Direction.SW,))),  # changes its mind
    ],
    "b": [Plot("b", "b1", Order((Direction.NE,))), Unplot("b", "b1")],
    "c": [Plot("c", "c2", Order((Direction.S,))), Plot("c", "c1", Order((Direction.NW,)))],
}


def interleave(picks: list[int], ends: list[str]) -> list[Command]:
    """The players' orders merged in the order ``picks`` draws from them (each player's
    own kept in order), then everyone ending the phase in the order ``ends``."""
    queues = {p: list(orders) for p, orders in ORDERS.items()}
    merged: list[Command] = []
    for pick in picks:
        waiting = [p for p in "abc" if queues[p]]
        merged.append(queues[waiting[pick % len(waiting)]].pop(0))
    return merged + [EndPhase(p) for p in ends]


CANONICAL = at_movement()
EXPECTED = play(CANONICAL, interleave([0] * 7, ["a", "b", "c"]))


@settings(max_examples=40, deadline=None)
@given(
    picks=st.lists(st.integers(0, 2), min_size=7, max_size=7),
    ends=st.permutations(["a", "b", "c"]),
)
def test_the_result_does_not_depend_on_the_order_orders_arrive_in(
    picks: list[int], ends: list[str]
) -> None:
    state, events = play(CANONICAL, interleave(picks, list(ends)))
    expected_state, expected_events = EXPECTED
    assert state_hash(state) == state_hash(expected_state)
    resolved = [e for e in events if not isinstance(e, OrderSealed)]
    assert resolved == [e for e in expected_events if not isinstance(e, OrderSealed)]
    assert state.ship("a1").motion.velocity != ZERO and state.ship("b1").motion.velocity == ZERO
