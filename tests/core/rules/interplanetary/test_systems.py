"""Play aid "System modules": each system's effect in play, switched off when the Reactor
is down (unless a battery holds), while the ship is disabled (except capacitors), or when
the module is destroyed."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from core.board.hexgrid import ZERO, Hex, Vector
from core.board.starmap import Body, BodyKind, Bounds, StarMap
from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand
from core.engine.play import active_player, apply, new_game
from core.rules.interplanetary.aid.damage import Allocation, Placement
from core.rules.interplanetary.aid.manifest import fit
from core.rules.interplanetary.aid.playaid import Outfit
from core.rules.interplanetary.combat.attack import AllocateDamage, PendingAnswer, PendingHit
from core.rules.interplanetary.combat.guns import Fire
from core.rules.interplanetary.combat.ordnance_attacks import flak
from core.rules.interplanetary.combat.readiness import guns_ready
from core.rules.interplanetary.combat.systems import (
    battery,
    detector_range,
    gun_block,
    self_repair,
    system,
)
from core.rules.interplanetary.scenario.terms import Terms
from core.vector.motion import Motion
from core.vector.state import GameState, Ship
from tests.core.rules.interplanetary.test_combat import CENTRE, PLAYERS, aid, game, to_guns


def fitted(sid: str, owner: str, at: Hex = CENTRE, v: Vector = ZERO, **outfit) -> Ship:
    guns = outfit.pop("guns", ("artillery",))
    manifest = fit(aid(), Outfit(guns=guns, **outfit))
    return Ship(
        sid, sid.title(), owner, owner, "ship", Motion(at, v), Fraction(15), manifest=manifest
    )


def pair(*systems: str, guns=("artillery",)) -> GameState:
    """Alpha (Ann) plain; Beta (Bob), two hexes away, with ``systems``."""
    return game(
        fitted("alpha", "a"),
        fitted("beta", "b", CENTRE + Vector(2, 0), systems=systems, guns=guns),
    )


def damaged(state: GameState, sid: str, role: str, points: int, point: int = 0) -> GameState:
    ship = state.ship(sid)
    assert ship.manifest is not None
    return state.with_ship(replace(ship, manifest=ship.manifest.with_damage(role, point, points)))


def disabled(state: GameState, sid: str) -> GameState:
    ship = state.ship(sid)
    return state.with_ship(replace(ship, disabled=True, disabled_for=2, disabled_round=state.round))


def end_turns(state: GameState, player: str, turns: int) -> tuple[GameState, list]:
    """Play on until ``player`` has ended ``turns`` of their turns."""
    events: list = []
    while turns:
        current = active_player(state)
        assert current is not None
        last = state.phase == len(state.rules.sequence.phases) - 1
        state, more = apply(state, EndPhase(current.id))
        events.extend(more)
        if last and current.id == player:
            turns -= 1
    return state, events


# ---- power ----


def test_a_reactor_down_switches_systems_off():
    state = pair("repair_ai")
    assert system(state, state.ship("beta"), "repair") is not None
    state = damaged(state, "beta", "reactor", 6)
    assert system(state, state.ship("beta"), "repair") is None


def test_a_destroyed_system_does_nothing():
    state = damaged(pair("repair_ai"), "beta", "systems", 3)
    assert system(state, state.ship("beta"), "repair") is None


def test_a_disabled_ships_systems_are_offline_except_its_capacitors():
    state = disabled(pair("repair_ai", "capacitors"), "beta")
    beta = state.ship("beta")
    assert system(state, beta, "repair") is None
    assert system(state, beta, "capacitors") is not None


def test_battery_pack_keeps_guns_and_systems_working_5_rounds_after_the_reactor_fails():
    state = damaged(pair("battery_pack", "repair_ai"), "beta", "reactor", 6)
    assert gun_block(state, state.ship("beta")) is None
    assert system(state, state.ship("beta"), "repair") is not None
    for _ in range(4):
        state, _ = battery(state, None)
        assert gun_block(state, state.ship("beta")) is None
    state, events = battery(state, None)
    assert "flat" in events[-1].text
    assert "battery is flat" in (gun_block(state, state.ship("beta")) or "")
    assert system(state, state.ship("beta"), "repair") is None


def test_battery_pack_recharges_whenever_the_reactor_works_again():
    state = damaged(pair("battery_pack"), "beta", "reactor", 6)
    for _ in range(5):
        state, _ = battery(state, None)
    state = damaged(state, "beta", "reactor", 5)  # mended by a point
    state, _ = battery(state, None)
    assert state.ship("beta").battery_rounds == 0
    state = damaged(state, "beta", "reactor", 6)
    assert gun_block(state, state.ship("beta")) is None


def test_without_a_battery_pack_guns_stop_with_the_reactor():
    state = damaged(pair(), "beta", "reactor", 6)
    assert gun_block(state, state.ship("beta")) == "Beta's Reactor is down"


# ---- capacitors ----


def test_capacitors_let_a_disabled_ship_fire_back_at_the_attack_that_disabled_it():
    for seed in range(1, 600):
        state = to_guns(game(fitted("alpha", "a"), pair("capacitors").ship("beta"), seed=seed))
        state, _ = apply(state, Fire("a", "alpha", 0, "beta"))
        if state.ship("beta").disabled:
            break
    else:
        raise AssertionError("no seed disables Beta")
    while isinstance(state.pending[0], PendingHit):
        state, _ = apply(state, AllocateDamage("b", "beta"))
    assert isinstance(state.pending[0], PendingAnswer)
    state, _ = apply(state, Fire("b", "beta", 0, "alpha"))


def test_capacitors_bridge_two_rounds_then_stop():
    state = disabled(pair("capacitors"), "beta")
    beta = state.ship("beta")
    assert guns_ready(state, beta, answering=True)[1] is None
    state = replace(state, round=state.round + 1)
    assert guns_ready(state, beta, answering=True)[1] is None
    state = replace(state, round=state.round + 1)
    assert guns_ready(state, beta, answering=True)[1] == "Beta is disabled"


def test_capacitors_only_fire_back_they_do_not_fire_in_the_gun_phase():
    state = disabled(pair("capacitors"), "beta")
    assert gun_block(state, state.ship("beta")) == "Beta is disabled"


def test_large_capacitors_keep_the_weapons_working_normally_for_two_rounds():
    state = disabled(pair("large_capacitors", guns=("artillery", "flak")), "beta")
    beta = state.ship("beta")
    assert gun_block(state, beta) is None
    assert flak(state, beta) == (("flak on Beta", -1),)
    later = replace(state, round=state.round + 2)
    assert gun_block(later, beta) == "Beta is disabled"
    assert flak(later, beta) == ()


def test_capacitors_need_power_like_any_system():
    state = damaged(disabled(pair("large_capacitors"), "beta"), "beta", "reactor", 6)
    assert gun_block(state, state.ship("beta")) == "Beta is disabled"


# ---- repair AI ----


def test_repair_ai_mends_one_point_every_5_turns_never_fuel():
    state = damaged(pair("repair_ai"), "beta", "structure", 2)
    state = state.with_ship(replace(state.ship("beta"), fuel=Fraction(10)))
    for turn in range(1, 5):
        state, events = self_repair(state, "b")
        assert state.ship("beta").manifest.checked("structure") == 2, turn
    state, events = self_repair(state, "b")
    assert state.ship("beta").manifest.checked("structure") == 1
    assert "Repair AI mends 1 point of Structure" in events[0].text
    assert state.ship("beta").fuel == 10


def test_repair_ai_counts_only_the_owners_turns_with_damage_aboard():
    state = pair("repair_ai")
    state, _ = self_repair(state, "b")
    assert state.ship("beta").repair_turns == 0
    state = damaged(state, "beta", "reactor", 1)
    state, _ = self_repair(state, "a")
    assert state.ship("beta").repair_turns == 0
    state, _ = end_turns(state, "b", 5)
    assert state.ship("beta").manifest.checked("reactor") == 0


def test_repair_ai_stops_with_the_reactor():
    state = damaged(pair("repair_ai"), "beta", "reactor", 6)
    for _ in range(6):
        state, _ = self_repair(state, "b")
    assert state.ship("beta").manifest.checked("reactor") == 6


def test_two_of_the_same_system_work_no_better_than_one():
    state = damaged(pair("repair_ai", "repair_ai"), "beta", "structure", 4)
    for _ in range(5):
        state, _ = self_repair(state, "b")
    assert state.ship("beta").manifest.checked("structure") == 3


# ---- armour AI ----


def structure_hit(state: GameState, amount: int = 3, role: str = "structure") -> GameState:
    hit = PendingHit("b", "beta", role, amount, "a test gun", "Beta", role.title(), "alpha")
    return replace(state, pending=(hit,))


def test_armour_ai_moves_one_point_of_a_structure_hit_to_a_subsystem_of_the_owners_choice():
    state = structure_hit(pair("armour_ai"))
    move = Allocation((Placement("launchers", 2, 1),))
    state, events = apply(state, AllocateDamage("b", "beta", move))
    m = state.ship("beta").manifest
    assert (m.checked("structure"), m.checked("launchers", 2)) == (2, 1)
    assert any("Armour AI moves 1" in e.text for e in events)


def test_armour_ai_moves_one_point_of_a_reactor_hit_by_default_onto_an_empty_mount():
    state = structure_hit(pair("armour_ai"), 2, "reactor")
    state, _ = apply(state, AllocateDamage("b", "beta"))
    m = state.ship("beta").manifest
    assert m.checked("reactor") == 1
    assert m.total_damage() == 2


def test_armour_ai_moves_no_more_than_one_point():
    state = structure_hit(pair("armour_ai"))
    move = Allocation((Placement("launchers", 2, 1), Placement("launchers", 3, 1)))
    with pytest.raises(IllegalCommand, match="1 of this hit's points may go elsewhere, not 2"):
        apply(state, AllocateDamage("b", "beta", move))


def test_armour_ai_does_nothing_for_hits_on_other_subsystems():
    state = structure_hit(pair("armour_ai"), 2, "gun_mounts")
    move = Allocation((Placement("gun_mounts", 1, 1), Placement("launchers", 3, 1)))
    with pytest.raises(IllegalCommand, match="cannot go on Launchers"):
        apply(state, AllocateDamage("b", "beta", move))


def test_armour_ai_stops_with_the_reactor():
    state = damaged(structure_hit(pair("armour_ai")), "beta", "reactor", 6)
    move = Allocation((Placement("launchers", 2, 1),))
    with pytest.raises(IllegalCommand, match="cannot go on"):
        apply(state, AllocateDamage("b", "beta", move))


# ---- fuel scoop ----

SUN = Hex(20, 10)
SUNNY = StarMap("Sun", Bounds(40, 40), bodies=(Body("Sun", BodyKind.STAR, SUN, 0.4, None),))


def skimmer(*systems: str, fuel: int = 5) -> GameState:
    """Ann's ship about to coast along the edge of the Sun's hex (clear of its disc)."""
    ship = fitted("alpha", "a", SUN + Vector(-1, 0), Vector(2, -1), systems=systems)
    ship = replace(ship, fuel=Fraction(fuel))
    other = fitted("beta", "b", SUN + Vector(10, 0))
    state, _ = new_game("interplanetary", SUNNY, PLAYERS, (ship, other), seed=3)
    return state


def coast(state: GameState) -> tuple[GameState, list]:
    """Ann ends her launch and astrogation phases: her ship coasts."""
    events: list = []
    for _ in range(2):
        state, more = apply(state, EndPhase("a"))
        events.extend(more)
    return state, events


def test_fuel_scoop_refuels_a_d6_on_a_course_along_the_edge_of_the_suns_hex():
    state, events = coast(skimmer("fuel_scoop"))
    gained = state.ship("alpha").fuel - 5
    assert 1 <= gained <= 6
    assert any("Fuel scoop skims Sun" in e.text for e in events)


def test_fuel_scoop_fills_no_more_than_the_tank():
    state, _ = coast(skimmer("fuel_scoop", fuel=14))
    assert state.ship("alpha").fuel == 15


def test_fuel_scoop_needs_the_reactor():
    state = damaged(skimmer("fuel_scoop"), "alpha", "reactor", 6)
    state, _ = coast(state)
    assert state.ship("alpha").fuel == 5


def test_fuel_scoop_works_only_at_the_bodies_it_names():
    renamed = replace(SUNNY, bodies=(Body("Vulcan", BodyKind.STAR, SUN, 0.4, None),))
    state = replace(skimmer("fuel_scoop"), starmap=renamed)
    state, _ = coast(state)
    assert state.ship("alpha").fuel == 5


# ---- sensors ----


def test_long_range_sensors_widen_the_detector_range_from_3_to_6():
    state = pair("sensors")
    assert detector_range(state, state.ship("alpha")) == 3
    assert detector_range(state, state.ship("beta")) == 6
    state = damaged(state, "beta", "reactor", 6)
    assert detector_range(state, state.ship("beta")) == 3


def test_fuel_scoop_refuels_a_ship_that_moves_last_when_it_moves():
    """Alpha moves last of all (Industrial sabotage's science ship): Ann's movement does
    not move it, so it skims nothing then; it skims in Bob's, the round's last, when it
    moves."""
    state = skimmer("fuel_scoop")
    state = replace(state, terms=Terms(moves_last=("alpha",)))
    state, events = coast(state)  # Ann's movement: alpha waits
    assert state.ship("alpha").fuel == 5 and state.ship("alpha").motion.position == SUN - Vector(
        1, 0
    )
    assert not any("Fuel scoop" in e.text for e in events)
    for _ in range(2):  # Ann's guns and resupply phases
        state, _ = apply(state, EndPhase("a"))
    for _ in range(2):  # Bob's launch and astrogation: alpha moves last, past the Sun
        state, more = apply(state, EndPhase("b"))
        events.extend(more)
    assert any("moves last" in e.text for e in events)
    assert 1 <= state.ship("alpha").fuel - 5 <= 6
    assert any("Fuel scoop skims Sun" in e.text for e in events)
