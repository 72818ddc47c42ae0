"""Seed "Tactical Scale Sequence", "Guns", "Railguns", "Torpedoes", "Stealth" (issue 20
requirement 6): the battle's phases, gun combat basic and advanced, railguns, torpedoes
with secret targets, "#T" groups and interception."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.board.hexgrid import Direction, Hex
from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand
from core.engine.play import apply, current_phase, view
from core.rules.void.system import SYSTEM
from core.rules.void.tactical import entry
from core.rules.void.tactical.guns import Fire, could_hit
from core.rules.void.tactical.terms import terms, with_terms
from core.rules.void.tactical.torpedoes import GuideTorpedoes, LaunchTorpedoes
from core.rules.void.work import work
from core.vector.state import GameState, ShipStatus
from tests.core.rules.void.tactical.make import duel, place, texts


def to_phase(state: GameState, player: str, phase: str) -> GameState:
    for _ in range(20):
        if current_phase(state) == phase and SYSTEM.turn_of(state).id == player:  # type: ignore[union-attr]
            return state
        state, _ = apply(state, EndPhase(SYSTEM.turn_of(state).id))  # type: ignore[union-attr]
    raise AssertionError(f"never reached {player}'s {phase}")


def test_a_tactical_turn_has_five_phases_ordnance_before_movement_combat_after() -> None:
    state = duel()
    assert [p.name for p in SYSTEM.phases(state)] == [
        "astrogation",
        "ordnance",
        "movement",
        "combat",
        "resupply",
    ]
    assert not state.rules.gravity  # no gravity at tactical scale


def test_basic_gun_combat_odds_with_stealth_and_range() -> None:
    state = place(duel(loaded=(6,)), "bastet", Hex(11, 10))
    state = to_phase(state, "red", "combat")
    state, events = apply(state, Fire("red", ("doctrine",), "bastet"))
    said = texts(events)
    assert "8 against 5 (1:1)" in said  # the Bastet's stealth: defence 5
    assert "Doctrine fires at Bastet" in said  # one ship: "fires"
    assert "- 1 (range)" in said
    assert state.ship("bastet").disabled_for == 3  # 6 - 1 = 5 at 1:1: D3
    with pytest.raises(IllegalCommand):
        apply(state, Fire("red", ("doctrine",), "bastet"))  # once a turn


def test_advanced_gun_combat_places_hits_by_location() -> None:
    state = place(duel(advanced=True, loaded=(6, 4)), "bastet", Hex(11, 10))
    state = to_phase(state, "red", "combat")
    state, events = apply(state, Fire("red", ("doctrine",), "bastet"))
    log = terms(state).log("bastet")
    assert (log.weapons, log.drives, log.structure) == (1, 0, 1)  # one hit: a 4
    assert "weapons 1, structure 1" in texts(events)


def test_railguns_never_fire_on_the_first_turn_then_every_other_turn() -> None:
    state = to_phase(place(duel(), "bastet", Hex(11, 10)), "red", "combat")
    with pytest.raises(IllegalCommand, match="first turn"):
        apply(state, Fire("red", ("doctrine",), "bastet", railguns=True))
    state = replace(state, round=2, dice=replace(state.dice, loaded=(1,)))
    state, events = apply(state, Fire("red", ("doctrine",), "bastet", railguns=True))
    assert "9 against 5" in texts(events)  # a light railgun adds 1
    state = with_terms(replace(state, round=3), replace(terms(state), fired=frozenset()))
    with pytest.raises(IllegalCommand, match="every other turn"):
        apply(state, Fire("red", ("doctrine",), "bastet", railguns=True))


def test_railguns_stay_silent_during_and_after_a_burn_above_two_hexes() -> None:
    state = to_phase(place(duel(), "bastet", Hex(11, 10)), "red", "combat")
    state = replace(state, round=2)
    now = terms(state)
    state = with_terms(state, now.with_log(replace(now.log("doctrine"), before=3)))
    with pytest.raises(IllegalCommand, match="more than 2 hexes"):
        apply(state, Fire("red", ("doctrine",), "bastet", railguns=True))


def test_torpedoes_fly_as_a_group_with_a_secret_target_and_face_point_defence() -> None:
    state = duel(loaded=(1, 6, 6))
    state = to_phase(state, "blue", "ordnance")
    with pytest.raises(IllegalCommand, match="1 to 2"):
        apply(state, LaunchTorpedoes("blue", "bastet", "doctrine", 3))  # two tubes
    state, events = apply(state, LaunchTorpedoes("blue", "bastet", "doctrine", 2))
    assert "2T" in texts(events) and "secret" in texts(events)
    (group,) = terms(state).torpedoes
    assert group.target == "doctrine"
    assert terms(view(state, "red")).torpedoes[0].target == ""  # hidden from the target
    assert terms(view(state, "blue")).torpedoes[0].target == "doctrine"
    state, _ = apply(state, EndPhase("blue"))  # ordnance over: the movement phase
    state, events = apply(state, EndPhase("blue"))  # blue moves: the group flies 3 hexes
    said = texts(events)
    assert "Doctrine stops 1 of 2" in said  # 8 / 3 against 1: 2:1; a 1 misses, a 6 kills
    assert state.ship("doctrine").disabled_for == 3  # the Torpedo column at 6: D3
    assert not terms(state).torpedoes


def test_torpedo_interception_by_a_disabled_ship_is_impossible() -> None:
    state = duel(loaded=(5,))
    state = state.with_ship(replace(state.ship("doctrine"), disabled=True, disabled_for=1))
    state = to_phase(state, "blue", "ordnance")
    state, _ = apply(state, LaunchTorpedoes("blue", "bastet", "doctrine", 1))
    state, _ = apply(state, EndPhase("blue"))
    state, events = apply(state, EndPhase("blue"))
    assert "stops" not in texts(events)
    assert state.ship("doctrine").disabled_for == 3  # 1 + D2


def test_each_surviving_ship_pays_one_fuel_point_when_the_battle_ends() -> None:
    state = duel()
    state = state.with_ship(replace(state.ship("bastet"), status=ShipStatus.DESTROYED))
    state, _ = SYSTEM.verdict(state)
    assert state.over
    result = entry.result(state)
    assert result is not None
    assert terms(state).chase_fuel  # the duel starts as a chase: the faster start costs 1
    assert result.ship("doctrine").fuel == 18 and not result.ship("doctrine").destroyed
    assert result.ship("bastet").destroyed and result.ship("bastet").fuel == 20
    plain = entry.result(with_terms(state, replace(terms(state), chase_fuel=False)))
    assert plain is not None and plain.ship("doctrine").fuel == 19


def test_the_attacker_may_plot_a_torpedo_groups_guidance_of_up_to_two_hexes() -> None:
    state = duel()
    state = to_phase(state, "blue", "ordnance")
    state, _ = apply(state, LaunchTorpedoes("blue", "bastet", "doctrine", 1))
    (group,) = terms(state).torpedoes
    with pytest.raises(IllegalCommand, match="may burn 3 hexes"):
        apply(state, GuideTorpedoes("blue", group.id, (Direction.N,) * 4))
    with pytest.raises(IllegalCommand):
        apply(state, GuideTorpedoes("red", group.id, (Direction.N,)))  # not red's group
    state, _ = apply(state, GuideTorpedoes("blue", group.id, (Direction.N,)))
    state, _ = apply(state, EndPhase("blue"))
    state, _ = apply(state, EndPhase("blue"))  # moves: one hex north, away from its target
    (flown,) = terms(state).torpedoes
    assert flown.motion.position == Hex(13, 9) and flown.burn is None
    state = replace(state, round=2)
    with pytest.raises(IllegalCommand, match="may burn 2 hexes"):
        apply(
            to_phase(state, "blue", "movement"),
            GuideTorpedoes("blue", group.id, (Direction.S,) * 3),
        )


def test_the_combat_phase_offers_fire_only_where_a_roll_could_hit() -> None:
    """Seed "Guns": a modified roll below 1 has no effect, the range taking one a hex; the
    combat phase stops for a player whose ship could still hit (3 hexes), and passes by
    itself when none could (6 hexes: a 6 comes to 0)."""
    near = duel()
    owner = near.ship("doctrine").owner
    near = to_phase(near, owner, "combat")
    level, what = work(near)
    assert level == "action" and "Doctrine may fire" in what
    far = place(near, "bastet", Hex(16, 10))
    assert not could_hit(far, far.ship("doctrine"), far.ship("bastet"))
    assert work(far)[0] == "nothing"
