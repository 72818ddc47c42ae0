"""Seed "Gravity" (weak gravity) and "Planets", and Ecliptic's ruling switch
``rest_ignores_weak_gravity``: a ship at rest in a gravity hex feels it next turn (a ship
launched into a planet's ring falls back unless it burns), and a weak pull may always be
ignored; the seed does not say what a ship given no order does with it. On (new games),
a ship left at rest in a moon's weak ring stays there; off (games recorded before the
switch), every weak pull applies to it, as Ecliptic played it until then.

The situation is Hostile Takeover's: the Jovian ships parked at rest by the Io Research
Station meet in a space rendezvous and sit out their next turn.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import Bounds, GravityKind, GravityOverride, StarMap
from core.engine.commands import EndPhase
from core.engine.play import apply
from core.files.resources import SCENARIOS
from core.files.ruleset import LATER_SWITCHES, NEW_GAME_DEFAULTS
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.optional.rendezvous import Rendezvous
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.astrogation import ShipDestroyed
from core.vector.course_check import coasting_order
from core.vector.gravity import AT_REST, GravityPull
from core.vector.motion import Motion, Order
from core.vector.movement import move
from core.vector.orders import Plot
from core.vector.preview import preview, projection
from core.vector.reach import coast, default_order
from core.vector.state import GameState, ShipStatus
from tests.core.rules.interplanetary.test_scenario_special_rules import to_phase

SWITCH = "rest_ignores_weak_gravity"
IO_RING = Hex(41, -10)  # a weak hex by Io, its arrow pointing at the moon (NW)
JOVIANS = ("jovian-a-p1", "jovian-b-p1")
SEATS = [Seat("Ann", "#e69f00"), Seat("Bob", "#0072b2")]
N = Direction.N
C = Hex(10, 5)
RINGS = StarMap(
    "Rings",
    Bounds(30, 30),
    overrides=(
        GravityOverride(C, (N,), GravityKind.WEAK),
        GravityOverride(C + Vector.of(Direction.SE, 3), (N,), GravityKind.NORMAL),
    ),
)


def parked_at_io(rest_ignores: bool) -> GameState:
    """Hostile Takeover with rendezvous, Ann's two Jovian ships at rest in Io's weak
    ring (each having ignored its pull to stay there), met in Ann's resupply phase."""
    scenario = load_scenario(SCENARIOS / "hostile-takeover.toml")
    switches = {**dict(scenario.switches), "rendezvous": True, SWITCH: rest_ignores}
    scenario = replace(scenario, switches=tuple(sorted(switches.items())))
    state, _ = scenario.start(SEATS, seed=1, first=0)
    arrows = state.starmap.gravity_at(IO_RING)
    assert arrows is not None and arrows.arrows[0].kind is GravityKind.WEAK
    felt = GravityPull(IO_RING, arrows.arrows, AT_REST)
    for ship_id, room in zip(JOVIANS, (0, 2), strict=True):
        ship = state.ship(ship_id)
        motion = Motion(IO_RING, ZERO, (felt,))
        state = state.with_ship(replace(ship, motion=motion, orbit=None, fuel=ship.fuel - room))
    state = to_phase(state, "astrogation", "p1")
    for ship_id in JOVIANS:  # Ann keeps them parked: the weak pull ignored by choice
        state, _ = apply(state, Plot("p1", ship_id, Order(ignore=frozenset({0}))))
    state = to_phase(state, "resupply", "p1")
    state, _ = apply(state, Rendezvous("p1", JOVIANS[0], JOVIANS[1], Fraction(1)))
    return to_phase(state, "astrogation", "p1")


def test_rest_ignores_weak_gravity_hostile_takeover_ships_sitting_out_stay_parked_at_io():
    state = parked_at_io(True)
    assert all(state.ship(s).skips for s in JOVIANS)  # they sit out this turn
    after, events = apply(state, EndPhase("p1"))
    for ship_id in JOVIANS:
        ship = after.ship(ship_id)
        assert ship.status is ShipStatus.ACTIVE
        assert (ship.motion.position, ship.motion.velocity) == (IO_RING, ZERO)
    said = [e.text for e in events]
    assert "Io's weak gravity at 4211 ignored: Ann's first ship has no order and stays at rest" in (
        said
    )
    assert not any(isinstance(e, ShipDestroyed) for e in events)


def test_rest_ignores_weak_gravity_off_the_ships_sitting_out_fall_into_io_as_before():
    """Games recorded before the switch keep their course: the weak pull applied."""
    after, events = apply(parked_at_io(False), EndPhase("p1"))
    assert all(after.ship(s).status is ShipStatus.DESTROYED for s in JOVIANS)
    assert any("crashes into Io" in e.text for e in events)


def test_rest_ignores_weak_gravity_the_preview_shows_the_drift_the_engine_makes():
    """The course preview and the projection start from the same no-order course the
    movement phase gives a ship sitting out (the window's End Turn warning reads it)."""
    for on, drift in ((True, IO_RING), (False, IO_RING + Vector.of(Direction.NW))):
        state = parked_at_io(on)
        assert preview(state, JOVIANS[0]).drift == drift
        (first, *_) = projection(state, JOVIANS[0], 3)
        assert first.tip == drift and first.stopped is (not on)
        assert coasting_order(state, state.ship(JOVIANS[0])).ignore == (
            frozenset({0}) if on else frozenset()
        )


def test_rest_ignores_weak_gravity_only_a_weak_pull_felt_at_rest():
    """A weak hex entered on the move still applies to a ship given no order (it keeps a
    moon orbit), and so does a normal hex felt at rest (seed "Planets": a ship launched
    into a ring falls back unless it burns)."""
    weak_at_rest = move(RINGS, Motion(C, ZERO), Order()).next
    (pull,) = weak_at_rest.pulls
    assert pull.how == AT_REST and pull.optional
    assert default_order(weak_at_rest.pulls, stay_at_rest=True).ignore == {0}
    assert default_order(weak_at_rest.pulls).ignore == frozenset()
    (stay,) = coast(RINGS, weak_at_rest, turns=1, stay_at_rest=True)
    assert stay.tip == C
    entered = move(RINGS, Motion(C + Vector.of(Direction.SE), Vector.of(Direction.NW)))
    (weak_entered,) = entered.next.pulls
    assert weak_entered.how != AT_REST
    assert default_order(entered.next.pulls, stay_at_rest=True).ignore == frozenset()
    ring = C + Vector.of(Direction.SE, 3)
    normal_at_rest = move(RINGS, Motion(ring, ZERO), Order()).next
    (fall,) = coast(RINGS, normal_at_rest, turns=1, stay_at_rest=True)
    assert fall.tip == ring + Vector.of(N)


@pytest.mark.parametrize("ruleset", ["interplanetary", "nplanetary", "system3void-strategic"])
def test_rest_ignores_weak_gravity_is_interplanetarys_switch_off_for_recorded_games(ruleset):
    """The ruleset keeps the old reading (so a recorded game, which carries its ruleset,
    replays to the same hashes); New Game turns it on for a game started now."""
    rules = load_ruleset(ruleset)
    values = rules.switch_values()
    if ruleset != "interplanetary":
        assert SWITCH not in values and SWITCH not in rules.new_game_switches()
        return
    assert values[SWITCH] is LATER_SWITCHES[SWITCH] is False
    assert NEW_GAME_DEFAULTS[SWITCH] is True
    assert rules.new_game_switches()[SWITCH] is True
    assert rules.new_game_switches({SWITCH: False})[SWITCH] is False  # a scenario's own
