"""Seed 001 "Phases": five sealed phases; a player with nothing to order is not asked and a
phase nobody can act in passes by itself. Property tests: the result does not depend on
the order in which players' orders arrive, and replaying a game's commands reproduces
its hash."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.hexgrid import ZERO, Direction, Hex
from core.board.starmap import Bounds, StarMap
from core.engine.commands import Command, EndPhase
from core.engine.errors import IllegalCommand, NotYourTurn
from core.engine.play import apply, current_phase, new_game, waiting_for
from core.rules.nplanetary.orders import Attack, LayOrdnance, Purchase, Transfer
from core.vector.motion import Motion, Order
from core.vector.orders import Plot
from core.vector.state import GameState, Player, Ship, state_hash
from core.vector.turns import PhaseBegan
from tests.core.rules.nplanetary.fire_helpers import position

#: three players: Ann's frigate carries mines, her tanker waits at her base; Bob's destroyer is
#: within reach of Ann's frigate, Cy has only a freighter far away
TABLE = (
    "ship a1 a frigate at 5,5 velocity 0,0 fuel 15 hold mine=2",
    "base A a space at 12,12 stocks supplies=100 fuel=20",
    "ship a2 a tanker at 12,12 velocity 0,0 fuel 0 docked A",
    "ship b1 b destroyer at 7,5 velocity 0,0 fuel 15 hold torpedo=1",
    "ship c1 c freighter at 25,25 velocity 0,0 fuel 10",
)


OPEN = StarMap("Open space", Bounds(30, 30))


def table(phase: str = "ordnance") -> GameState:
    return position(phase, *TABLE, players="a b c")


def asked(state: GameState) -> set[str]:
    return {p.id for p in waiting_for(state)}


def test_a_player_with_nothing_to_order_is_not_asked() -> None:
    state = table("ordnance")
    assert asked(state) == {"a", "b"}  # Cy's freighter is unarmed
    with pytest.raises(NotYourTurn):
        apply(state, EndPhase("c"))


def test_a_phase_nobody_can_act_in_passes_by_itself() -> None:
    """Cy has only an unarmed freighter, no base and no partner: the game starts in the
    movement phase (ordnance and combat passed), and once Cy has moved, development,
    logistics and the next round's ordnance and combat pass by themselves too."""
    ship = Ship("c1", "Cargo", "c", "c", "freighter", Motion(Hex(5, 5), ZERO), Fraction(9))
    state, events = new_game("nplanetary", OPEN, (Player("c", "Cy", "c"),), (ship,), seed=3)
    assert (current_phase(state), asked(state)) == ("movement", {"c"})
    assert [e.text for e in events if isinstance(e, PhaseBegan)] == [
        "ordnance phase",
        "combat phase",
        "movement phase",
    ]
    state, _ = apply(state, EndPhase("c"))
    assert (state.round, current_phase(state), asked(state)) == (2, "movement", {"c"})


def test_when_nobody_can_ever_act_everyone_is_asked_rather_than_turning_for_ever() -> None:
    """Ruling: after a whole turn of phases passed by themselves, the game asks everyone
    (ending the phase moves it on), so a game of drifting wrecks still advances."""
    state = position("development", "ship c1 c freighter at 25,25 fuel 0", players="c")
    assert asked(state) == {"c"}


def test_in_combat_only_players_with_a_target_in_reach_are_asked() -> None:
    # Bob's destroyer (3) reaches Ann's frigate two hexes off; her frigate (2) does not
    assert asked(table("combat")) == {"b"}
    far = position(
        "combat",
        "ship a1 a frigate at 2,2 fuel 15",
        "ship b1 b frigate at 20,20 fuel 15",
        "ship c1 c frigate at 2,20 fuel 15",
        players="a b c",
    )
    assert asked(far) == {"a", "b", "c"}  # nobody can: everyone is asked (ruling above)
    near = position(
        "combat", "ship a1 a frigate at 2,2 fuel 15", "ship b1 b freighter at 3,2 fuel 10"
    )
    assert asked(near) == {"a"}  # Bob's freighter only defends


#: one whole turn of orders for each player, phase by phase (own orders kept in order)
TURN: dict[str, dict[str, list[Command]]] = {
    "ordnance": {
        "a": [LayOrdnance("a", "a1", "mine")],
        "b": [LayOrdnance("b", "b1", "torpedo", (Direction.NW,))],
    },
    "combat": {"a": [Attack("a", "a1", ("b1",))], "b": [Attack("b", "b1", ("a1",), 2)]},
    "movement": {
        "a": [Plot("a", "a1", Order((Direction.N, Direction.N)))],
        "b": [Plot("b", "b1", Order((Direction.S,)))],
        "c": [Plot("c", "c1", Order((Direction.NW,)))],
    },
    "development": {"a": [Purchase("a", "A", "mine", 3), Purchase("a", "A", "frigate")]},
    "logistics": {"a": [Transfer("a", "A", "a2", give=(("fuel", 4),))]},
}


def play_turn(state: GameState, picks: Sequence[int], ends: Sequence[int]) -> GameState:
    """Give the turn's orders, interleaving the players' by ``picks`` and ending the phase
    in an order drawn from ``ends``, until the next round's first phase with orders."""
    draw = iter(picks)
    stops = iter(ends)
    start_round = state.round
    while state.round == start_round and not state.over:
        phase = current_phase(state)
        queues = {p: list(cs) for p, cs in TURN.get(phase, {}).items() if p in asked(state)}
        while queues:
            players = sorted(queues)
            p = players[next(draw, 0) % len(players)]
            state, _ = apply(state, queues[p].pop(0))
            if not queues[p]:
                del queues[p]
        before = (state.round, state.phase)
        while (state.round, state.phase) == before and not state.over:
            waiting = sorted(asked(state))
            state, _ = apply(state, EndPhase(waiting[next(stops, 0) % len(waiting)]))
    return state


EXPECTED = state_hash(play_turn(table(), [], []))


@settings(max_examples=25, deadline=None)
@given(
    picks=st.lists(st.integers(0, 5), min_size=12, max_size=12),
    ends=st.lists(st.integers(0, 5), min_size=15, max_size=15),
)
def test_property_the_result_is_the_same_whatever_order_orders_arrive_in(
    picks: list[int], ends: list[int]
) -> None:
    assert state_hash(play_turn(table(), picks, ends)) == EXPECTED


def test_property_a_replay_of_the_commands_reproduces_the_hash() -> None:
    log: list[Command] = []
    state = table()
    original = _apply_logging(state, log)
    replayed = table()
    for command in log:
        replayed, _ = apply(replayed, command)
    assert state_hash(replayed) == state_hash(original) == EXPECTED


def _apply_logging(state: GameState, log: list[Command]) -> GameState:
    """The turn of :func:`play_turn` played command by command, each one logged."""
    start_round = state.round
    while state.round == start_round and not state.over:
        phase = current_phase(state)
        for p, commands in sorted(TURN.get(phase, {}).items()):
            if p in asked(state):
                for command in commands:
                    state, _ = apply(state, command)
                    log.append(command)
        before = (state.round, state.phase)
        while (state.round, state.phase) == before and not state.over:
            command = EndPhase(sorted(asked(state))[0])
            state, _ = apply(state, command)
            log.append(command)
    return state


def test_up_to_six_players() -> None:
    seats = tuple(Player(f"p{i}", f"P{i}", f"p{i}") for i in range(7))
    with pytest.raises(IllegalCommand, match="up to 6 players"):
        new_game("nplanetary", OPEN, seats, (), seed=1)
    state, _ = new_game("nplanetary", OPEN, seats[:6], (), seed=1)
    assert len(state.players) == 6
