"""Seed "High acceleration and Juicing" (issue 20 requirement 6): the turn-before rule,
the Asteroid-column check and -3 without the juice, the -1/-2/-1 penalties, long juicing
on the Gun Combat Damage table with its column shift, strain then ship damage then the
crew's death, recovery, and juicing again with doubled effects."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.board.hexgrid import Direction
from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand
from core.engine.play import apply
from core.rules.void.crew import Juice, Kit, kit_of, with_kit
from core.rules.void.tables import Hit
from core.rules.void.tactical import juice
from core.rules.void.tactical.guns import Fire
from core.rules.void.tactical.orders import TakeJuice
from core.rules.void.tactical.terms import Log
from core.vector.motion import Order
from core.vector.orders import Plot
from core.vector.state import ShipStatus
from tests.core.rules.void.tactical.make import begin, duel, setup, ship, texts
from tests.core.rules.void.tactical.test_tactical_combat import to_phase

JUICED = Kit(juice=Juice.JUICED, juice_turns=1)


def test_juice_penalties_are_minus_1_juicing_minus_2_burning_minus_1_after() -> None:
    assert juice.penalty(Kit(juice=Juice.JUICED, juice_turns=0), Log("s")) == 1
    assert juice.penalty(JUICED, Log("s", accel=3)) == 2
    assert juice.penalty(JUICED, Log("s", accel=1)) == 1
    assert juice.penalty(Kit(juice=Juice.RECOVERY, juice_turns=2), Log("s")) == 1
    assert juice.penalty(Kit(), Log("s", accel=3)) == 3  # high acceleration, no juice
    assert juice.penalty(replace(JUICED, rejuiced=True), Log("s", accel=4)) == 4  # doubled
    assert juice.penalty(replace(JUICED, strain=2), Log("s")) == 3  # strain adds


def test_a_crew_juicing_this_turn_may_not_attack() -> None:
    state = to_phase(duel(), "blue", "astrogation")
    state, events = apply(state, TakeJuice("blue", "bastet"))
    assert "takes the juice" in texts(events)
    state = to_phase(state, "blue", "combat")
    with pytest.raises(IllegalCommand, match="cannot attack"):
        apply(state, Fire("blue", ("bastet",), "doctrine"))


def test_high_acceleration_without_the_juice_rolls_on_the_asteroid_column() -> None:
    state = to_phase(duel(loaded=(6,)), "blue", "astrogation")
    state, _ = apply(state, Plot("blue", "bastet", Order((Direction.N,) * 3)))
    state = to_phase(state, "blue", "movement")
    state, events = apply(state, EndPhase("blue"))
    assert "burns 3 hexes without the juice" in texts(events)
    assert state.ship("bastet").disabled_for == 2  # Asteroid column at 6: D2


def test_high_acceleration_after_juicing_the_turn_before_needs_no_roll() -> None:
    state = duel()
    bastet = with_kit(state.ship("bastet"), JUICED)
    state = to_phase(state.with_ship(bastet), "blue", "astrogation")
    state, _ = apply(state, Plot("blue", "bastet", Order((Direction.N,) * 3)))
    state = to_phase(state, "blue", "movement")
    state, events = apply(state, EndPhase("blue"))
    assert "without the juice" not in texts(events)


def test_long_juicing_rolls_gun_damage_shifted_right_per_hex_above_3() -> None:
    state = duel(loaded=(6,))
    ship = with_kit(state.ship("bastet"), JUICED)
    state = state.with_ship(ship)
    state, events = juice.turn_end(state, ship, 5)  # second turn juiced, a 5-hex burn
    assert "long on the juice" in texts(events)
    assert kit_of(state.ship("bastet")).strain == 4  # column 1:1 (two right): D4


def test_strain_stops_at_6_then_d_is_ship_damage_then_the_crew_dies() -> None:
    state = duel(loaded=(6, 6))
    ship = with_kit(state.ship("bastet"), replace(JUICED, strain=5))
    state = state.with_ship(ship)
    state, _ = juice.turn_end(state, ship, 3)  # 1:4 at 6: D1, strain 6
    assert kit_of(state.ship("bastet")).strain == 6
    ship = state.ship("bastet")
    state, _ = juice.turn_end(state, replace(ship, disabled_for=5), 3)
    assert state.ship("bastet").status is ShipStatus.DESTROYED  # D6 again: the crew dies


def test_strain_eases_by_one_a_turn_below_high_acceleration_and_recovery_ends() -> None:
    state = duel()
    ship = with_kit(state.ship("bastet"), Kit(juice=Juice.RECOVERY, juice_turns=1, strain=2))
    state, _ = juice.turn_end(state.with_ship(ship), ship, 1)
    kit = kit_of(state.ship("bastet"))
    assert kit.strain == 1 and kit.juice is Juice.OFF


def test_juicing_again_in_the_same_battle_doubles_every_effect() -> None:
    kit = juice.take(juice.stop(JUICED))
    assert kit.rejuiced and kit.juice is Juice.JUICED
    state = duel(loaded=(6,))
    ship = with_kit(state.ship("bastet"), replace(kit, juice_turns=1))
    state, _ = juice.turn_end(state.with_ship(ship), ship, 3)
    assert kit_of(state.ship("bastet")).strain == 2  # D1, doubled


def test_a_crew_entering_juiced_is_juiced_two_turns_then_recovers() -> None:
    state = begin(
        setup(
            replace(ship("doctrine", "destroyer-doctrine", "attacker"), juiced=True),
            ship("bastet", "frigate-bastet", "defender"),
        )
    )
    state = replace(state, dice=replace(state.dice, loaded=(1, 1, 1, 1)))
    assert kit_of(state.ship("doctrine")).juice is Juice.JUICED
    for _ in range(2):
        state = to_phase(state, "red", "resupply")
        state, _ = apply(state, EndPhase("red"))
    kit = kit_of(state.ship("doctrine"))
    assert kit.juice is Juice.RECOVERY and kit.juice_turns == 2


def test_standard_damage_says_one_turn_disabled_in_the_singular() -> None:
    """Standard damage (D1 on an undamaged ship): the log says "1 turn", not "1 turns"."""
    state = duel()
    state, events = juice.damage_ship(state, state.ship("doctrine"), Hit(disabled=1), "torpedo")
    assert "Doctrine is disabled for 1 turn (torpedo, D1)" in texts(events)
    state, events = juice.damage_ship(state, state.ship("doctrine"), Hit(disabled=3), "torpedo")
    assert "Doctrine is disabled for 4 turns (torpedo, D3)" in texts(events)
