"""The "?" counters in play, each rule by name: removed within enemy sensor range before
fire, half damage to what is under one, firing from under one lifts it, fire at a "?"
falls on what it hides (or on nothing)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.engine.errors import IllegalCommand
from core.engine.play import apply
from core.rules.squadrons.commands import Fire, Move
from core.rules.squadrons.events import Fired, VeilRemoved
from core.rules.squadrons.state import Veil

from .helpers import IMP, ZHO, at, end_step, hx, new_game, play, squadron, to_step

GUNSHIP = dict(jump=2, maneuver=3, sensor=2, attack=9, attack_range=6, defense=1)


def veil(vid: str, side: str, system: str, label: str | None) -> Veil:
    return Veil(vid, side, system, None if label is None else hx(system, label))


def hidden_gunship(z_label: str = "0510", **z: int):
    return new_game(
        squadron("g", IMP, at("Marlow", "0505"), "Gunship", **GUNSHIP, fuel=2),
        squadron("z", ZHO, at("Marlow", z_label), "Raider", **{**GUNSHIP, **z}),
        veils=(veil("?1", IMP, "Marlow", "0505"),),
    )


def test_a_question_mark_within_enemy_sensor_range_is_removed_before_fire() -> None:
    state = hidden_gunship(sensor=5)  # 5 hexes away, sensor 5
    state, events = to_step(state, "fire-1")
    assert state.veils == ()
    assert [e.veil for e in events if isinstance(e, VeilRemoved)] == ["?1"]


def test_a_question_mark_out_of_enemy_sensor_range_stays() -> None:
    state, _ = to_step(hidden_gunship(), "fire-1")
    assert [v.id for v in state.veils] == ["?1"]


def test_a_counter_under_a_question_mark_is_fired_at_through_the_mark_for_half_damage() -> None:
    state, _ = to_step(hidden_gunship(), "fire-1")
    with pytest.raises(IllegalCommand, match='under a "\\?"; fire at the "\\?" instead'):
        apply(state, Fire("zed", "z", "g"))
    state, _ = play(state, Fire("zed", "z", "?1"))
    state, events = end_step(state)
    assert state.counter("g").hits == 4  # 9 halved, rounded down
    assert state.counter("g").fuel == 1
    assert [e.text for e in events if isinstance(e, Fired)] == [
        'Raider fires at a "?": 4 hits (half, under a "?")'
    ]


def test_half_damage_rounds_up_with_the_switch() -> None:
    state = replace(hidden_gunship(), switches=(("half_damage_rounds_up", True),))
    state, _ = to_step(state, "fire-1")
    state, _ = play(state, Fire("zed", "z", "?1"))
    state, _ = end_step(state)
    assert state.counter("g").hits == 5


def test_firing_from_under_a_question_mark_removes_it_after_the_fire() -> None:
    state, _ = to_step(hidden_gunship(), "fire-1")
    state, _ = play(state, Fire("ann", "g", "z"), Fire("zed", "z", "?1"))
    state, events = end_step(state)
    assert state.counter("g").hits == 4  # still halved: fire is simultaneous
    assert state.veils == ()
    assert any(isinstance(e, VeilRemoved) and e.veil == "?1" for e in events)


def test_fire_at_a_question_mark_falls_on_the_best_defended_counter_under_it() -> None:
    state = new_game(
        squadron("a", IMP, at("Marlow", "0505"), "Tender", **{**GUNSHIP, "defense": 1}),
        squadron("b", IMP, at("Marlow", "0505"), "Escort", **{**GUNSHIP, "defense": 4}),
        squadron("z", ZHO, at("Marlow", "0510"), "Raider", **GUNSHIP),
        veils=(veil("?1", IMP, "Marlow", "0505"),),
    )
    state, _ = to_step(state, "fire-1")
    state, _ = play(state, Fire("zed", "z", "?1"))
    state, _ = end_step(state)
    assert (state.counter("a").hits, state.counter("b").hits) == (0, 4)


def test_fire_at_a_decoy_question_mark_finds_nothing() -> None:
    state = new_game(
        squadron("g", IMP, at("Marlow", "0505"), **GUNSHIP),
        squadron("z", ZHO, at("Marlow", "0510"), "Raider", **GUNSHIP),
        veils=(veil("?1", IMP, "Marlow", "0507"),),
    )
    state, _ = to_step(state, "fire-1")
    state, _ = play(state, Fire("zed", "z", "?1"))
    state, events = end_step(state)
    assert [e.hits for e in events if isinstance(e, Fired)] == [0]


def test_a_question_mark_goes_along_with_its_stack_when_moved_together() -> None:
    state = hidden_gunship()
    state, _ = play(state, Move("ann", ("g",), hx("Marlow", "0605"), veils=("?1",)))
    assert state.veils[0].hex == hx("Marlow", "0605")
    state2, _ = play(hidden_gunship(), Move("ann", ("g",), hx("Marlow", "0605")))
    assert state2.veils[0].hex == hx("Marlow", "0505")  # left behind: the stack is in the open


def test_a_jump_board_question_mark_goes_once_an_enemy_counter_is_on_that_system_board() -> None:
    state = new_game(
        squadron("g", IMP, at("Tessaly", "0505"), **GUNSHIP),
        squadron("z", ZHO, at("Marlow", "0510"), **GUNSHIP),
        veils=(veil("?1", IMP, "Tessaly", None), veil("?2", IMP, "Marlow", None)),
    )
    state, _ = to_step(state, "fire-1")
    assert [v.id for v in state.veils] == ["?1"]
