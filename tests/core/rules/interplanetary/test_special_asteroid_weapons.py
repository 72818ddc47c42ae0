"""Seed "Optional rules: Special Asteroids", second part: a missile entering a special
asteroid hex detonates harmlessly, sparing the ships inside; ships already inside may
fire out, and guns work both ways. Our reading: every launched weapon, whoever launched
it, detonates on entering; the hex a weapon is launched in is not entered."""

from __future__ import annotations

from dataclasses import replace

from core.board.hexgrid import Direction, Hex, Vector
from core.engine.commands import EndPhase
from core.engine.play import apply
from core.rules.interplanetary.combat.attack import AllocateDamage, AttackResolved, PendingHit
from core.rules.interplanetary.combat.guns import Fire
from core.rules.interplanetary.combat.ordnance import OrdnanceLost, move_pieces
from core.rules.interplanetary.combat.ordnance_attacks import (
    MineAttack,
    PendingStrike,
    after_movement,
)
from core.rules.interplanetary.combat.threats import weapons_met
from core.vector.course_check import check_plan
from core.vector.motion import Motion, Order
from core.vector.orders import Plot
from core.vector.state import GameState, Ordnance, Plan
from tests.core.optional_games import armed, to_phase
from tests.core.rules.interplanetary.test_allegiance import belt_game

INSIDE = Hex(8, 5)  # the Outpost's special asteroid hex (the Outpost is blue's)
EAST = Vector(1, 0)


def _with_missile(state: GameState, owner: str, side: str, at: Hex, v: Vector) -> GameState:
    piece = Ordnance("missile-9", "missile", owner, side, Motion(at, v), turns_left=3)
    return replace(state, ordnance=(piece,))


def _hideout(**switches: bool) -> GameState:
    """Blue's ship in the special asteroid hex, red's ship just west of it."""
    state = belt_game(armed("blue1", "b", "blue", at=INSIDE), **switches)
    red = armed("red1", "a", "red", at=Hex(6, 5))
    return replace(state, ships=(*state.ships, red))


def test_special_asteroids_a_missile_entering_detonates_harmlessly() -> None:
    for owner, side in (("a", "red"), ("b", "blue")):  # the owner's missiles too
        state = _with_missile(_hideout(), owner, side, Hex(7, 5), EAST)
        after, events = move_pieces(state, owner)
        assert not after.ordnance
        lost = [e for e in events if isinstance(e, OrdnanceLost)]
        assert lost and "detonates harmlessly" in lost[0].text


def test_special_asteroids_spare_the_ships_inside_from_missiles() -> None:
    state = _with_missile(_hideout(), "a", "red", Hex(7, 5), EAST)
    after, _ = after_movement(state, "a")
    assert not any(isinstance(p, PendingStrike) for p in after.pending)
    assert after.ship("blue1").manifest == state.ship("blue1").manifest


def test_special_asteroids_a_ship_inside_may_launch_out() -> None:
    state = _with_missile(_hideout(), "b", "blue", INSIDE, EAST)
    after, _ = move_pieces(state, "b")
    assert [p.motion.position for p in after.ordnance] == [Hex(9, 5)]


def test_special_asteroids_switch_off_lets_missiles_through() -> None:
    state = _with_missile(_hideout(special_asteroids=False), "a", "red", Hex(7, 5), EAST)
    after, _ = move_pieces(state, "a")
    assert [p.motion.position for p in after.ordnance] == [INSIDE]


def test_special_asteroids_course_preview_ignores_a_mine_that_will_detonate() -> None:
    state = to_phase(_hideout(), "astrogation", "a")
    mine = Ordnance("mine-9", "mine", "a", "red", Motion(Hex(7, 5), Vector(2, 0)), turns_left=3)
    state = replace(state, ordnance=(mine,))
    red = state.ship("red1")
    course = check_plan(state, red, Plan(Order((Direction(0),))))
    assert course.end == Hex(7, 5)
    assert weapons_met(state, red, course) == ()
    moved, _ = apply(state, Plot("a", "red1", Order((Direction(0),))))
    moved, events = apply(moved, EndPhase("a"))
    assert not any(isinstance(e, MineAttack) for e in events)


def test_special_asteroids_guns_work_both_ways() -> None:
    state = to_phase(_hideout(), "guns", "a")
    after, events = apply(state, Fire("a", "red1", 0, "blue1"))  # into the hex
    assert any(isinstance(e, AttackResolved) and e.target == "blue1" for e in events)
    while isinstance(after.pending[0], PendingHit):  # hits placed as suggested
        first = after.pending[0]
        after, _ = apply(after, AllocateDamage(first.player, first.ship))
    after, events = apply(after, Fire("b", "blue1", 0, "red1"))  # out of it, answering
    assert any(isinstance(e, AttackResolved) and e.target == "red1" for e in events)
