"""NPlanetary's race scenarios are decided by play (the trial of 2026-11-26 found Race for
the Belt won by seat 1 in round 3 before a frigate could get near, and The Six Worlds won
by Mars in round 5 by unloading the ore it started with). Checked here from the start
state, with the movement's own courses (:mod:`tests.core.rules.nplanetary.routes`):
equal or compensated distances, no win by income alone, and every seat's claim within
reach of a rival's warship rounds before anyone could win."""

from __future__ import annotations

import pytest

from core.board.hexgrid import Hex
from core.engine.commands import Command
from core.rules.nplanetary.model import hold_of, holdings_of
from core.rules.nplanetary.sites import asteroid_good
from core.vector.course_check import movement_params
from core.vector.movement import move
from core.vector.state import GameState
from core.vector.victory import GameDrawn
from tests.core.rules.nplanetary.claims import (
    CLAIMS,
    belt_claims,
    claim_course,
    claim_site,
    six_world_claims,
)
from tests.core.rules.nplanetary.routes import at_rest_in, course, reach
from tests.core.rules.nplanetary.scripted import play_out, scenario_start

SEATS = ("p1", "p2", "p3", "p4")
WORLDS = ("mercury", "venus", "earth", "mars", "jupiter", "saturn")


def nobody(state: GameState, player: str) -> list[Command]:
    """A player who orders nothing at all: every ship stays or coasts."""
    return []


# ---- Race for the Belt


@pytest.fixture(scope="module")
def belt() -> GameState:
    return scenario_start("nplanetary-belt-race", seed=7)


def test_belt_race_puts_every_prospector_four_moves_from_its_own_ore(belt: GameState) -> None:
    labels = belt.starmap.bounds.labels
    for seat, claim in zip(SEATS, CLAIMS, strict=True):
        ship = belt.ship(f"prospector-{seat}")
        plan = course(belt, ship, at_rest_in({labels.parse(claim)}))
        assert plan is not None and len(plan) == 4, claim
    # and no ore asteroid is any nearer, for anyone: they all start in the same hex
    ore = {h for h in belt.starmap.asteroids if asteroid_good(belt, h) == "ore"}
    first = course(belt, belt.ship("prospector-p1"), at_rest_in(ore))
    assert first is not None and len(first) == 4
    assert len({s.motion for s in belt.ships}) == 1


def test_belt_race_with_nobody_claiming_is_drawn_after_round_12(belt: GameState) -> None:
    state, events = play_out(belt, nobody)
    assert state.over and state.winners == () and state.round == 13
    assert any(isinstance(e, GameDrawn) for e in events)


def test_belt_race_unopposed_claims_all_reach_five_ore_in_round_8_not_before(
    belt: GameState,
) -> None:
    state, _ = play_out(belt, belt_claims(belt, SEATS), rounds=7)
    assert not state.over  # nobody has 5 ore by the end of round 7
    state, _ = play_out(state, belt_claims(belt, SEATS))
    assert state.over and state.round == 9 and state.winners == SEATS  # a shared win


def test_belt_race_rival_frigates_reach_every_claim_rounds_before_a_win(belt: GameState) -> None:
    labels = belt.starmap.bounds.labels
    earliest_win = 8  # a claim is set up in round 4 at the soonest, 1 ore a round
    for seat, claim in zip(SEATS, CLAIMS, strict=True):
        rivals = [s for s in belt.ships if s.unit == "frigate" and s.owner != seat]
        rounds = reach(belt, rivals, labels.parse(claim))
        assert rounds is not None and rounds <= 3 < earliest_win - 3, (seat, rounds)


# ---- The Six Worlds


@pytest.fixture(scope="module")
def worlds() -> GameState:
    return scenario_start("nplanetary-solar-system", seed=3)


@pytest.fixture(scope="module")
def claims(worlds: GameState) -> dict[str, tuple[int, Hex]]:
    """Each world's shortest course to a minor planet: (moves, where it ends)."""
    found: dict[str, tuple[int, Hex]] = {}
    for w in WORLDS:
        ship = worlds.ship(f"{w}-freighter")
        plan = claim_course(worlds, ship.id, claim_site("base", worlds))
        motion, params = ship.motion, movement_params(worlds.rules, ship.unit, worlds.switches)
        for order in plan:
            motion = move(worlds.starmap, motion, order, params).next
        found[w] = (len(plan), motion.position)
    return found


def supplies(state: GameState) -> dict[str, int]:
    totals: dict[str, int] = {}
    for inst in holdings_of(state).installations:
        totals[inst.owner] = totals.get(inst.owner, 0) + inst.amount("supplies")
    return totals


def test_six_worlds_starting_supplies_make_up_for_the_way_to_a_minor_planet(
    worlds: GameState, claims: dict[str, tuple[int, Hex]]
) -> None:
    """A power's second base earns from the round its freighter stops beside a minor
    planet: one supply more at the start for each move more it needs to get there."""
    start = {inst.id: inst.amount("supplies") for inst in holdings_of(worlds).installations}
    for w in WORLDS:
        moves, _ = claims[w]
        assert start[f"{w}-base"] == 8 + moves, w
    assert {w: claims[w][0] for w in WORLDS} == {
        "mercury": 5,
        "venus": 7,
        "earth": 2,
        "mars": 8,
        "jupiter": 2,
        "saturn": 3,
    }


def test_six_worlds_no_cargo_head_start(worlds: GameState) -> None:
    holds = {s.id: dict(hold_of(s).items) for s in worlds.ships if s.unit == "freighter"}
    assert all(items == {"base": 1} for items in holds.values()), holds


def test_six_worlds_home_income_alone_never_reaches_the_goal(worlds: GameState) -> None:
    state, events = play_out(worlds, nobody)
    assert state.over and state.winners == () and state.round == 21
    assert max(supplies(state).values()) == 36 < 40  # Mars: 16 + 20 rounds
    assert any(isinstance(e, GameDrawn) for e in events)


def test_six_worlds_no_power_can_win_before_round_16(
    worlds: GameState, claims: dict[str, tuple[int, Hex]]
) -> None:
    """By its own two bases, the most a power can hold at the end of round r is its
    start, r from home and (r - moves + 1) from the minor planet: 40 needs round 16."""
    start = supplies(worlds)
    for player, w in zip(("p1", "p2", "p3", "p4", "p5", "p6"), WORLDS, strict=True):
        moves, _ = claims[w]
        best = {r: start[player] + r + max(0, r - moves + 1) for r in range(1, 21)}
        assert min(r for r, n in best.items() if n >= 40) == 16, w


def test_six_worlds_every_power_claiming_shares_the_win_in_round_16(worlds: GameState) -> None:
    state, _ = play_out(worlds, six_world_claims(worlds, WORLDS))
    assert state.over and state.round == 17
    assert state.winners == ("p1", "p2", "p3", "p4", "p5", "p6")


def test_six_worlds_rival_frigates_reach_every_claim_rounds_before_a_win(
    worlds: GameState, claims: dict[str, tuple[int, Hex]]
) -> None:
    for w in WORLDS:
        _, where = claims[w]
        rivals = [worlds.ship(f"{o}-frigate") for o in WORLDS if o != w]
        rounds = reach(worlds, rivals, where, turns=10)
        assert rounds is not None and rounds <= 8 < 16 - 5, (w, rounds)
