"""The squadron game's own worked examples (seed 004) played through the engine with the
document's numbers: the cruiser hit by an attack factor of 10, from the fire order to the
next movement and fire steps. The cost example is ``test_costs``'s first test;
docs/RULES-MAPPING.md, "Worked examples", lists every example with its test."""

from __future__ import annotations

import pytest

from core.engine.errors import IllegalCommand
from core.engine.play import apply
from core.rules.squadrons.boards import SystemBoard
from core.rules.squadrons.commands import BeginJump, Fire, Move
from core.rules.squadrons.damage import factors
from core.rules.squadrons.events import Fired

from .helpers import CRUISER, IMP, ZHO, at, end_step, new_game, play, reach, squadron, to_step

#: the attacker of the example: only its attack factor (10) is given; the rest assumed
RAIDER = dict(jump=2, maneuver=4, sensor=3, attack=10, attack_range=2, defense=2)


def _cruiser_hit_by_10():
    state = new_game(
        squadron("c1", IMP, at("Marlow", "0505"), "Cruiser Squadron", fuel=3, **CRUISER),
        squadron("z1", ZHO, at("Marlow", "0507"), "Raider", **RAIDER),
    )
    state, _ = to_step(state, "fire-1")
    state, _ = play(state, Fire("zed", "z1", "c1"))
    state, events = end_step(state)
    return state, events


def test_seed_example_cruiser_hit_by_attack_factor_10() -> None:
    """Jump 4, Maneuver 6, Sensors 7, Attack 20, Attack Range 7, Defense 6, hit by 10: a
    damage counter of 10; defense absorbs 6 and 4 fall on every other factor, leaving
    0, 2, 3, 16, 3 and 0, and the fuel it carries drops by one.

    Assumed: the cruiser carries 3 fuel counters (the example gives none) and the firing
    squadron, of which only the attack factor is given, is two hexes away within range."""
    state, events = _cruiser_hit_by_10()
    assert [(e.firer, e.hits) for e in events if isinstance(e, Fired)] == [("z1", 10)]
    cruiser = state.counter("c1")
    assert cruiser is not None and cruiser.hits == 10
    now = factors(cruiser)
    assert (now.jump, now.maneuver, now.sensor, now.attack, now.attack_range, now.defense) == (
        0,
        2,
        3,
        16,
        3,
        0,
    )
    assert cruiser.fuel == 2


def test_seed_example_cruiser_uses_its_reduced_factors_in_the_next_phases() -> None:
    """The example ends saying the reduced factors are what the squadron has in the next
    movement and fire: Jump 0 cannot jump, Maneuver 2 moves it two hexes and not three,
    Attack 16 fires at range 3."""
    state, _ = _cruiser_hit_by_10()
    board = reach().board("Marlow")
    start = at("Marlow", "0505").hex
    three = next(h for h in board.within(start, 3) if SystemBoard.distance(start, h) == 3)
    raider = at("Marlow", "0507").hex
    two = next(
        h
        for h in board.within(start, 2)
        if SystemBoard.distance(start, h) == 2 and SystemBoard.distance(h, raider) == 3
    )
    state, _ = to_step(state, "move-2-first")
    with pytest.raises(IllegalCommand, match="jump factor is 0"):
        apply(state, BeginJump("ann", "c1", "Tessaly", at("Tessaly", "0303").hex))
    with pytest.raises(IllegalCommand, match=r"2 more hexes this step, not 3 \(maneuver 2\)"):
        apply(state, Move("ann", ("c1",), three))
    state, _ = play(state, Move("ann", ("c1",), two))
    state, _ = to_step(state, "fire-2")
    z1 = state.counter("z1")
    assert z1 is not None and z1.place is not None and z1.place.hex == raider  # 3 away
    state, _ = play(state, Fire("ann", "c1", "z1"))
    _state, events = end_step(state)
    assert [(e.firer, e.hits) for e in events if isinstance(e, Fired)] == [("c1", 16)]


def test_seed_example_maneuver_and_attack_range_0_and_1() -> None:
    """The movement section's illustrations: maneuver 0 stays in its hex and maneuver 1
    moves one hex a movement step; attack range 0 reaches only its own hex and attack
    range 1 an adjacent one too."""
    state = new_game(
        squadron("still", IMP, at("Marlow", "0505"), attack=2, defense=1),
        squadron("one", IMP, at("Marlow", "0505"), maneuver=1, attack=2, attack_range=1),
        squadron("near", ZHO, at("Marlow", "0506"), defense=1),
        squadron("far", ZHO, at("Marlow", "0507"), defense=1),
        squadron("here", ZHO, at("Marlow", "0505"), defense=1),
    )
    with pytest.raises(IllegalCommand, match="can move 0 more hexes"):
        apply(state, Move("ann", ("still",), at("Marlow", "0506").hex))
    with pytest.raises(IllegalCommand):
        apply(state, Move("ann", ("one",), at("Marlow", "0507").hex))  # two hexes
    moved, _ = play(state, Move("ann", ("one",), at("Marlow", "0506").hex))
    assert moved.counter("one").place == at("Marlow", "0506")  # type: ignore[union-attr]
    state, _ = to_step(state, "fire-1")
    with pytest.raises(IllegalCommand, match="attack range is 0"):
        apply(state, Fire("ann", "still", "near"))
    with pytest.raises(IllegalCommand, match="attack range is 1"):
        apply(state, Fire("ann", "one", "far"))
    state, _ = play(state, Fire("ann", "still", "here"), Fire("ann", "one", "near"))
