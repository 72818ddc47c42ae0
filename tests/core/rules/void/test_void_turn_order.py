"""Ruling, turn order: System III Void plays standard Triplanetary, where the players take
their turns in the same order every round; the first player does not move on each round
as in Interplanetary (there, with two players, one of them would play twice running). In
a battle the defender moves first, every round."""

from __future__ import annotations

from core.engine import play
from core.engine.commands import EndPhase
from core.engine.play import waiting_for
from core.files.resources import SCENARIOS
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.state import GameState
from core.vector.turns import current_phase

SEATS = [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")]


def turns_begun(scenario: str, rounds: int) -> list[tuple[int, str]]:
    """(round, player) for each astrogation phase begun in the first ``rounds`` rounds,
    everyone ending every phase at once."""
    state, _ = load_scenario(SCENARIOS / scenario).start(SEATS, 5, first=0)
    assert isinstance(state, GameState)
    seen: list[tuple[int, str]] = []
    while state.round <= rounds:
        who = waiting_for(state)[0].id
        if current_phase(state) == "astrogation" and (state.round, who) not in seen:
            seen.append((state.round, who))
        state, _ = play.apply(state, EndPhase(who))
    return seen


def test_void_strategic_turn_order_stays_the_same_every_round() -> None:
    assert turns_begun("void-belt-standoff.toml", 3) == [
        (1, "p1"),
        (1, "p2"),
        (2, "p1"),
        (2, "p2"),
        (3, "p1"),
        (3, "p2"),
    ]


def test_void_battle_defender_moves_first_every_round() -> None:
    order = turns_begun("void-big-danger.toml", 3)
    first = order[0][1]
    assert [who for rnd, who in order if rnd > 1][::2] == [first, first]
    assert all(order[i][1] != order[i + 1][1] for i in range(len(order) - 1))  # no one twice
