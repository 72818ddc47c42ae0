"""The day as the seed lists it, movement, fleets and fire, each rule by name."""

from __future__ import annotations

import pytest

from core.board.hexgrid import Hex
from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand, NotYourTurn, WrongPhase
from core.engine.play import apply, current_phase, system_of, waiting_for
from core.rules.squadrons.commands import DisbandFleet, Fire, FormFleet, Move, PlaceVeil
from core.rules.squadrons.events import Fired, Told, for_side
from core.rules.squadrons.factors import Factors
from core.rules.squadrons.fire import preview
from core.rules.squadrons.state import STEPS, Veil

from .helpers import (
    CRUISER,
    IMP,
    ZHO,
    at,
    end_step,
    hx,
    new_game,
    play,
    squadron,
    to_step,
)

FRIGATE = dict(jump=2, maneuver=4, sensor=3, attack=6, attack_range=2, defense=2)


def duel(**imp: int):
    return new_game(
        squadron("c1", IMP, at("Marlow", "0505"), "Cruiser", **{**CRUISER, **imp}),
        squadron("z1", ZHO, at("Marlow", "0507"), "Frigate", **FRIGATE),
    )


def test_the_day_runs_side_one_side_two_fire_side_two_side_one_fire_repair_place() -> None:
    state = duel()
    seen = []
    for _ in STEPS:
        seen.append((current_phase(state), tuple(s.id for s in waiting_for(state))))
        state, _ = end_step(state)
    assert seen == [
        ("Imperium moves", ("ann",)),
        ("Zhodani moves", ("zed",)),
        ("fire", ("ann", "zed")),
        ("Zhodani moves", ("zed",)),
        ("Imperium moves", ("ann",)),
        ("fire", ("ann", "zed")),
        ("repair and resupply", ("ann", "zed")),
        ('place "?" counters', ("ann", "zed")),
    ]
    assert state.day == 2 and state.step == 0
    assert system_of(state).phase(state).sealed is False
    assert [p.sealed for p in system_of(state).phases(state)] == [
        False,
        False,
        True,
        False,
        False,
        True,
        False,
        False,
    ]


def test_only_the_moving_side_acts_in_its_movement_step() -> None:
    state = duel()
    with pytest.raises(NotYourTurn, match="Imperium's movement step"):
        apply(state, Move("zed", ("z1",), hx("Marlow", "0509")))
    with pytest.raises(WrongPhase, match="firing is not done"):
        apply(state, Fire("ann", "c1", "z1"))


def test_movement_is_up_to_the_maneuver_factor_per_movement_step() -> None:
    state = duel()
    state, events = play(state, Move("ann", ("c1",), hx("Marlow", "0805")))  # 3 hexes
    assert state.counter("c1").place == at("Marlow", "0805")
    assert events == [Told("moved Cruiser 3 hexes to Marlow 0805", IMP)]
    state, _ = play(state, Move("ann", ("c1",), hx("Marlow", "1105")))  # 3 more: 6
    with pytest.raises(IllegalCommand, match="0 more hexes this step, not 1"):
        apply(state, Move("ann", ("c1",), hx("Marlow", "1205")))
    state, _ = to_step(state, "move-2-first")  # a new movement step: 6 again
    state, _ = play(state, Move("ann", ("c1",), hx("Marlow", "1705")))
    assert state.counter("c1").place == at("Marlow", "1705")


def test_maneuver_zero_cannot_leave_its_hex_and_a_planet_never_moves() -> None:
    state = new_game(squadron("p", IMP, at("Marlow", "0505"), "Fort", attack=3, defense=9))
    with pytest.raises(IllegalCommand, match="can move 0 more hexes"):
        apply(state, Move("ann", ("p",), hx("Marlow", "0506")))


def test_moving_off_the_system_board_is_refused() -> None:
    state = duel()
    with pytest.raises(IllegalCommand, match="off Marlow's board"):
        apply(state, Move("ann", ("c1",), Hex(-1, 4)))  # five hexes west of 0505


def test_stacking_is_unlimited() -> None:
    many = [squadron(f"s{i}", IMP, at("Marlow", f"05{i + 1:02}"), **FRIGATE) for i in range(4)]
    state = new_game(*many, squadron("z", ZHO, at("Marlow", "2015"), **FRIGATE))
    for i in range(4):
        state, _ = play(state, Move("ann", (f"s{i}",), hx("Marlow", "0505")))
    assert {c.place for c in state.counters if c.side == IMP} == {at("Marlow", "0505")}


def test_a_fleet_counter_moves_its_counters_as_one_and_loses_those_moved_alone() -> None:
    a = squadron("a", IMP, at("Marlow", "0505"), **FRIGATE)
    b = squadron("b", IMP, at("Marlow", "0505"), **{**FRIGATE, "maneuver": 2})
    c = squadron("c", IMP, at("Marlow", "0505"), **FRIGATE)
    state = new_game(a, b, c, squadron("z", ZHO, at("Marlow", "2015"), **FRIGATE))
    state, _ = play(state, FormFleet("ann", "Home Fleet", ("a", "b", "c")))
    (fleet,) = state.fleets
    assert fleet.members == ("a", "b", "c") and fleet.name == "Home Fleet"
    with pytest.raises(IllegalCommand, match="b can move 2 more hexes"):
        apply(state, Move("ann", (fleet.id,), hx("Marlow", "0805")))
    state, _ = play(state, Move("ann", (fleet.id,), hx("Marlow", "0705")))
    assert {state.counter(m).place for m in "abc"} == {at("Marlow", "0705")}
    state, _ = play(state, Move("ann", ("a",), hx("Marlow", "0805")))
    assert state.fleets[0].members == ("b", "c")
    state, _ = play(state, DisbandFleet("ann", fleet.id))
    assert state.fleets == ()


def test_a_fleet_stands_for_counters_of_one_hex_only() -> None:
    a = squadron("a", IMP, at("Marlow", "0505"), **FRIGATE)
    b = squadron("b", IMP, at("Marlow", "0506"), **FRIGATE)
    state = new_game(a, b, squadron("z", ZHO, at("Marlow", "2015"), **FRIGATE))
    with pytest.raises(IllegalCommand, match="share one hex"):
        apply(state, FormFleet("ann", "Split", ("a", "b")))


def test_fire_orders_are_sealed_and_resolved_at_once_so_both_sides_hit() -> None:
    state, _ = to_step(duel(), "fire-1")
    state, _ = play(state, Fire("ann", "c1", "z1"))
    assert state.counter("z1").hits == 0  # nothing happens until everyone is in
    assert system_of(state).view(state, "zed").sealed == ()
    state, _ = play(state, Fire("zed", "z1", "c1"), EndPhase("zed"))
    state, events = play(state, EndPhase("ann"))
    fired = {e.firer: e.hits for e in events if isinstance(e, Fired)}
    assert fired == {"c1": 20, "z1": 6}
    assert state.counter("c1").hits == 6  # the frigate fired though it was destroyed
    assert state.counter("z1") is None
    assert state.over and state.winners == ("ann",)


def test_fire_is_limited_to_attack_range_on_the_same_system_board() -> None:
    state = new_game(
        squadron("c1", IMP, at("Marlow", "0505"), **CRUISER),
        squadron("z1", ZHO, at("Marlow", "0508"), **FRIGATE),
        squadron("z2", ZHO, at("Tessaly", "0508"), **FRIGATE),
    )
    state, _ = to_step(state, "fire-1")
    with pytest.raises(IllegalCommand, match="3 hexes away; z1's attack range is 2"):
        apply(state, Fire("zed", "z1", "c1"))
    with pytest.raises(IllegalCommand, match="in Tessaly, not in Marlow"):
        apply(state, Fire("ann", "c1", "z2"))
    with pytest.raises(IllegalCommand, match="already has a fire order"):
        play(state, Fire("ann", "c1", "z1"), Fire("ann", "c1", "z1"))


def test_attack_range_zero_fires_only_in_its_own_hex() -> None:
    state = new_game(
        squadron("a", IMP, at("Marlow", "0505"), attack=5, defense=1),
        squadron("z", ZHO, at("Marlow", "0506"), **FRIGATE),
    )
    state, _ = to_step(state, "fire-1")
    with pytest.raises(IllegalCommand, match="attack range is 0"):
        apply(state, Fire("ann", "a", "z"))


def test_damage_applied_shows_in_the_next_movement_step() -> None:
    state, _ = to_step(duel(), "fire-1")
    state, _ = play(state, Fire("zed", "z1", "c1"))
    state, _ = end_step(state)
    state, _ = to_step(state, "move-2-first")
    # 6 hits on defense 6: maneuver untouched; the cruiser still moves 6
    state, _ = play(state, Move("ann", ("c1",), hx("Marlow", "1105")))


def test_new_question_marks_come_one_a_side_each_day_and_are_placed_anywhere() -> None:
    state, _ = to_step(duel(), "place")
    assert state.hand(IMP) == state.hand(ZHO) == 1
    state, _ = play(state, PlaceVeil("ann", "Marlow", hx("Marlow", "0505")))
    assert state.veils == (Veil("?1", IMP, "Marlow", hx("Marlow", "0505")),)
    with pytest.raises(IllegalCommand, match='no "\\?" counter left'):
        apply(state, PlaceVeil("ann", "Tessaly"))
    state, _ = end_step(state)
    assert state.day == 2 and state.hand(ZHO) == 1  # unplaced ones are kept


def test_with_allotted_damage_the_firing_side_names_the_factors_its_hits_fall_on() -> None:
    state = new_game(
        squadron("c1", IMP, at("Marlow", "0505"), "Cruiser", **CRUISER),
        squadron("z1", ZHO, at("Marlow", "0507"), "Frigate", **{**FRIGATE, "attack": 10}),
        switches=(("allotted_damage", True),),
    )
    state, _ = to_step(state, "fire-1")
    state, _ = play(state, Fire("zed", "z1", "c1", (("attack", 3), ("maneuver", 1))))
    state, _ = end_step(state)
    assert dict(state.counter("c1").allotted) == {"maneuver": 1, "attack": 3, "defense": 6}


def test_a_sides_own_moves_are_told_to_that_side_only() -> None:
    _, events = play(duel(), Move("ann", ("c1",), hx("Marlow", "0605")))
    assert for_side(events, ZHO) == [] and len(for_side(events, IMP)) == 1


def test_a_fire_order_previews_the_hits_and_the_targets_factors_after_them() -> None:
    state, _ = to_step(duel(), "fire-1")
    seen = preview(state, Fire("zed", "z1", "c1"))
    assert (seen.target, seen.hits, seen.halved, seen.destroyed) == ("c1", 6, False, False)
    assert seen.after == Factors(4, 6, 7, 20, 7, 0, 0)
    assert preview(state, Fire("ann", "c1", "z1")).destroyed
