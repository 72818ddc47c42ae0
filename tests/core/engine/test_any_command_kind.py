"""Every kind of command, with random fields, in a game of armed ships (issue 18 req 7):
combat, ordnance, bases, rendezvous, boarding and surrender commands from any player
get events or an IllegalCommand, never another exception."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.hexgrid import Direction
from core.engine.commands import Command, EndPhase
from core.engine.errors import IllegalCommand, UnknownShip
from core.engine.play import active_player, apply, current_phase
from core.files.resources import SCENARIOS
from core.rules.interplanetary.bases import RESUPPLY_PHASE, Load, Refit, Refuel
from core.rules.interplanetary.combat.guns import Fire, Hold
from core.rules.interplanetary.combat.ordnance import LaunchWeapon
from core.rules.interplanetary.combat.ordnance_attacks import Strike
from core.rules.interplanetary.combat.single_use import Decline, UseModule
from core.rules.interplanetary.optional.boarding import Board
from core.rules.interplanetary.optional.rendezvous import AcceptRendezvous, Rendezvous
from core.rules.interplanetary.optional.surrender import Surrender
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.motion import Order
from core.vector.orders import Launch, Plot, Unplot
from core.vector.state import GameState

Step = Callable[[str], Command]


@cache
def _armed() -> GameState:
    """The armed training scenario (a gun, a missile and a mine aboard each ship)."""
    scenario = load_scenario(SCENARIOS / "training-variation.toml")
    state, _ = scenario.start([Seat("Ann", "#e69f00"), Seat("Bob", "#56b4e9")], seed=5, first=0)
    return state


ships = st.sampled_from(["trainee-p1", "trainee-p2", "ghost", ""])
numbers = st.one_of(st.integers(-2, 6), st.just(10**18))
roles = st.sampled_from(["gun_mounts", "launchers", "systems", "single_use", "wings", ""])
modules = st.sampled_from(["artillery", "missile", "mine", "torpedo", "nothing", ""])
thrusts = st.lists(st.sampled_from(list(Direction)), max_size=3).map(tuple)
fuels = st.sampled_from([Fraction(-1), Fraction(0), Fraction(1, 2), Fraction(10**20)])
counts = st.lists(st.integers(-1, 4), max_size=3).map(tuple)


def _step(
    kind: Callable[..., Command], *fields: st.SearchStrategy[object]
) -> st.SearchStrategy[Step]:
    return st.tuples(*fields).map(lambda values: lambda p: kind(p, *values))


steps: st.SearchStrategy[Step] = st.one_of(
    st.just(EndPhase),
    _step(Plot, ships, st.builds(Order, burn=thrusts)),
    _step(Launch, ships),
    _step(Unplot, ships),
    _step(Fire, ships, numbers, ships),
    _step(Hold, ships),
    _step(LaunchWeapon, ships, numbers, thrusts),
    _step(Strike, ships, st.one_of(st.none(), ships)),
    _step(UseModule, ships, numbers, st.one_of(st.none(), roles), st.one_of(st.none(), numbers)),
    _step(Decline, ships),
    _step(Board, ships, ships),
    _step(Rendezvous, ships, ships, fuels, counts, counts),
    _step(AcceptRendezvous, ships, st.booleans()),
    _step(Surrender, ships, st.sampled_from(["p1", "p2", "nobody"])),
    _step(Refuel, ships),
    _step(Refit, ships, roles, numbers, st.one_of(st.none(), modules)),
    _step(Load, ships, numbers, modules),
)
who = st.sampled_from(["active", "active", "active", "p1", "p2", "nobody"])


@pytest.mark.fuzz
@settings(deadline=None)
@given(st.lists(st.lists(st.tuples(who, steps), max_size=5), min_size=1, max_size=16))
def test_every_kind_of_command_gets_events_or_an_illegal_command(
    phases: list[list[tuple[str, Step]]],
) -> None:
    """Each phase: a few random commands of any kind, then its player ends it."""
    state = _armed()
    for script in phases:
        for player, step in [*script, ("active", EndPhase)]:
            if player == "active":
                acting = active_player(state)
                player = acting.id if acting is not None else "p1"
            try:
                state, _ = apply(state, step(player))
            except IllegalCommand as refused:
                assert str(refused), "a refusal says why"


def test_refuelling_a_ship_that_does_not_exist_is_an_unknown_ship() -> None:
    """Found by the test above: a base's services looked the ship up without a check and
    raised KeyError for a ship id no ship has."""
    state = _armed()
    while current_phase(state) != RESUPPLY_PHASE:
        acting = active_player(state)
        assert acting is not None
        state, _ = apply(state, EndPhase(acting.id))
    acting = active_player(state)
    assert acting is not None
    with pytest.raises(UnknownShip, match="there is no ship 'ghost'"):
        apply(state, Refuel(acting.id, "ghost"))
