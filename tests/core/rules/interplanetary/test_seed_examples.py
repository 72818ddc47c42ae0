"""Interplanetary's own worked examples (seed 000) played through the engine with the
document's numbers, where no other test already did: the mine figure, the gun-modifier
figure as a real shot, and the kinetic buster at speed 5. The movement figures are in
``tests/core/vector/test_movement_figures``; docs/RULES-MAPPING.md, "Worked examples",
lists every example with its test."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.board.hexgrid import Direction, Vector
from core.board.starmap import Base, BaseKind, Body, BodyKind, Bounds, GravityKind, StarMap
from core.engine.dice import Rolled
from core.engine.events import Event
from core.engine.play import apply, new_game
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.combat.guns import Fire, closest_approach, relative_velocity
from core.rules.interplanetary.combat.ordnance import LaunchWeapon
from core.rules.interplanetary.combat.ordnance_attacks import BusterStrike, MineAttack
from core.vector.motion import Order
from core.vector.orders import Plot
from core.vector.state import GameState, ShipStatus
from tests.core.rules.interplanetary import test_combat as guns
from tests.core.rules.interplanetary.test_ordnance import (
    OPEN,
    PLAYERS,
    SIDEWAYS,
    VEER,
    C,
    armed,
    end,
    game,
    piece,
    place_all_hits,
    run,
    until,
)

MINE_SLOT = 1  # armed(): missile, mine, buckyball


def _mine_dropped(events: list[Event] | None = None) -> GameState:
    """Ship A (Ann) flies east at speed 2, drops a mine and burns to the side; ship B
    (Bob) is two hexes south of the middle of the mine's vector, heading north at 2.

    Assumed (the figure is not included): these speeds and places. The game is started
    as New Game starts one now, with ``veering_clears_own_mine`` on: with it off, a
    ship at speed 2 or more cannot burn clear of its own mine
    (``test_veer_own_mine``), which the figure shows A doing."""
    a = armed("alpha", "a", C, Vector(2, 0))
    b = armed("beta", "b", C + Vector(1, 2), Vector(0, -2))
    rules = load_ruleset("interplanetary").new_game_overrides()
    state, _ = new_game("interplanetary", OPEN, PLAYERS, (a, b), seed=1, switches=rules)
    state, _ = run(state, LaunchWeapon("a", "alpha", MINE_SLOT))
    state = until(state, "a", "astrogation")
    state, _ = run(state, Plot("a", "alpha", Order((VEER,))))
    return end(state, events)


def test_seed_example_figure_10_mine_hits_the_ship_that_crosses_its_vector() -> None:
    """Figure 10: A's mine does not touch A, which boosted aside; B, keeping its course
    on its own turn, runs into the mine's vector and is attacked."""
    events: list[Event] = []
    state = _mine_dropped(events)
    assert state.uses("veering_clears_own_mine")
    assert piece(state, "mine").path == (C, C + Vector(1, 0), C + Vector(2, 0))
    state = until(state, "b", "guns", events)
    attacked = [e.ship for e in events if isinstance(e, MineAttack)]
    assert attacked == ["beta"]  # and never alpha, which veered off


def test_seed_example_figure_10_a_ship_that_changes_course_escapes_the_mine() -> None:
    """Figure 10, "unless ship B changes its course": B brakes one hex and stops short of
    the mine's vector, so nothing attacks it."""
    state = until(_mine_dropped(), "b", "astrogation")
    state, _ = run(state, Plot("b", "beta", Order((SIDEWAYS,))))  # the tip one hex back
    events: list[Event] = []
    state = until(state, "b", "guns", events)
    assert state.ship("beta").motion.position == C + Vector(1, 1)
    assert not any(isinstance(e, MineAttack) for e in events)


def test_seed_example_figure_10_the_mine_stays_another_four_turns() -> None:
    """Figure 10: after the turn it is dropped the mine stays in space for four more of
    its owner's turns, then is gone (five turns in all)."""
    state = place_all_hits(until(_mine_dropped(), "a", "launch"))
    more = 0
    while state.ordnance:
        state = place_all_hits(until(state, "a", "guns"))  # Ann's turn: the mine moves
        more += 1
        state = place_all_hits(until(state, "a", "launch"))
    assert more == 4


# ---- Figure 11: the gun attack modifier ----


def test_seed_example_figure_11_gun_modifier_range_1_relative_velocity_4() -> None:
    """Figure 11: A fires on B; their vectors come within 1 hex (2 or less: no penalty)
    and their relative velocity is 4 (two over 2): the attack roll takes -2.

    Assumed (the figure is not included): A flies east at speed 2 and B west at speed 2
    on the next hex row, the courses overlapping, which gives the caption's 1 and 4."""
    a = guns.armed("alpha", "a", guns.CENTRE, Vector(2, 0))
    b = guns.armed("beta", "b", guns.CENTRE + Vector(0, 1), Vector(-2, 0))
    state = guns.to_guns(guns.game(a, b))  # A has moved: its vector this turn is drawn
    alpha, beta = state.ship("alpha"), state.ship("beta")
    assert (closest_approach(alpha, beta), relative_velocity(alpha, beta)) == (1, 4)
    _state, events = apply(state, Fire("a", "alpha", 0, "beta"))
    rolled = next(e for e in events if isinstance(e, Rolled))
    assert rolled.modifiers == (("relative velocity 4", -2),)
    assert rolled.total == rolled.dice[0] - 2


# ---- Optional rules, Kinetic Buster: the worked example ----

EAST = Direction(0)  # Vector(1, 0)


def _buster_at_speed_5(roll: int) -> tuple[GameState, list[Event]]:
    """A ship flying at speed 5 launches a kinetic buster whose vector ends over a
    planetary base; the base does not move, so the relative velocity is 5. The strike's
    die is loaded with ``roll``.

    Assumed (the example gives no map): a one-hex planet with its base on the side facing
    the ship's approach, the ship coming straight in along a hex row and burning aside."""
    planet = C + Vector(-6, 0)
    m = StarMap(
        "Open space",
        Bounds(40, 40),
        bodies=(Body("Mars", BodyKind.PLANET, planet, 0.35, GravityKind.NORMAL),),
        bases=(Base("Mars Base", BaseKind.PLANETARY, planet, side=EAST),),
    )
    base = m.bases[0]
    assert base.approach == C + Vector(-5, 0)
    ship = armed("alpha", "a", C, Vector(-5, 0), launched=("kinetic_buster",))
    landed = replace(armed("beta", "b", base.approach), landed_at="Mars Base")
    state = game(ship, landed, starmap=m, buster=True)
    state, _ = run(state, LaunchWeapon("a", "alpha", 0))
    state = until(state, "a", "astrogation")
    state, _ = run(state, Plot("a", "alpha", Order((VEER,))))
    state = replace(state, dice=replace(state.dice, loaded=(roll,)))
    events: list[Event] = []
    state = end(state, events)
    return state, events


@pytest.mark.parametrize(("roll", "destroyed"), [(r, r <= 4) for r in range(1, 7)])
def test_seed_example_kinetic_buster_speed_5(roll: int, destroyed: bool) -> None:
    """The example: relative velocity 5, so a roll under 5 (1 to 4) destroys the base
    and a 5 or a 6 does not."""
    state, events = _buster_at_speed_5(roll)
    (strike,) = [e for e in events if isinstance(e, BusterStrike)]
    rolled = next(e for e in events if isinstance(e, Rolled) and "Mars Base" in e.text)
    assert rolled.dice == (roll,) and "relative velocity 5" in rolled.why
    assert strike.destroyed is destroyed
    assert (state.bases_lost == frozenset({"Mars Base"})) is destroyed
    landed = state.ship("beta").status
    assert landed is (ShipStatus.DESTROYED if destroyed else ShipStatus.ACTIVE)
    assert not state.ordnance  # spent either way
