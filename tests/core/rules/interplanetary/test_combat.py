"""Seed "Gun phase" and "The attack roll": guns fire once a turn with range and relative
velocity penalties, the attack roll reads the weapon's table, disabled does not stack and
wears off, hits wait for the defender to place them, and the target fires back."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from core.board.hexgrid import ZERO, Hex, Vector
from core.board.starmap import Base, BaseKind, Bounds, StarMap
from core.engine.commands import EndPhase
from core.engine.dice import Rolled
from core.engine.errors import IllegalCommand, NotYourTurn, WrongPhase
from core.engine.play import active_player, apply, current_phase, new_game, waiting_for
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.damage import Allocation, Placement
from core.rules.interplanetary.aid.manifest import fit
from core.rules.interplanetary.aid.playaid import Outfit, PlayAid
from core.rules.interplanetary.combat.attack import (
    AllocateDamage,
    Attack,
    PendingAnswer,
    PendingHit,
    ShipDisabled,
    resolve_attack,
)
from core.rules.interplanetary.combat.guns import (
    Fire,
    Hold,
    closest_approach,
    relative_velocity,
    shot,
)
from core.rules.interplanetary.combat.readiness import can_answer
from core.vector.motion import Motion
from core.vector.state import GameState, Player, Ship, ShipStatus

OPEN = StarMap("Open space", Bounds(40, 40))
PLAYERS = (Player("a", "Ann", "red"), Player("b", "Bob", "blue"))
CENTRE = OPEN.bounds.labels.from_offset(20, 20)


def aid() -> PlayAid:
    play_aid = load_ruleset("interplanetary").play_aid
    assert play_aid is not None
    return play_aid


def armed(sid: str, owner: str, at: Hex, v: Vector = ZERO, guns=("artillery",)) -> Ship:
    manifest = fit(aid(), Outfit(guns=guns, launched=("missile",)))
    return Ship(
        sid, sid.title(), owner, owner, "ship", Motion(at, v), Fraction(15), manifest=manifest
    )


def game(*ships: Ship, seed: int = 1) -> GameState:
    ships = ships or (armed("alpha", "a", CENTRE), armed("beta", "b", CENTRE + Vector(2, 0)))
    state, _ = new_game("interplanetary", OPEN, PLAYERS, ships, seed=seed)
    return state


def to_guns(state: GameState) -> GameState:
    while current_phase(state) != "guns":
        player = active_player(state)
        assert player is not None
        state, _ = apply(state, EndPhase(player.id))
    return state


def first_seed(result_codes: set[str], *ships: Ship, gun: int = 0) -> tuple[GameState, list]:
    """The first seed whose opening shot by Alpha at Beta gives one of ``result_codes``."""
    for seed in range(1, 400):
        state = to_guns(game(*ships, seed=seed))
        after, events = apply(state, Fire("a", "alpha", gun, "beta"))
        if any(getattr(e, "result", None) in result_codes for e in events):
            return after, events
    raise AssertionError(f"no seed gives {result_codes}")


# ---- range and relative velocity ----


def test_gun_range_is_the_closest_approach_of_the_two_vectors():
    # Alpha moved 4 hexes east, passing within 1 hex of Beta's path; they end 4 apart.
    alpha = armed("alpha", "a", CENTRE + Vector(4, 0), Vector(4, 0))
    beta = armed("beta", "b", CENTRE + Vector(2, -5), Vector(0, -4))
    assert alpha.motion.position.distance(beta.motion.position) > 2
    assert closest_approach(alpha, beta) == 1


def test_relative_velocity_is_the_difference_of_the_vectors():
    alpha = armed("alpha", "a", CENTRE, Vector(2, 0))
    beta = armed("beta", "b", CENTRE, Vector(-2, 0))
    assert relative_velocity(alpha, beta) == 4


def test_range_and_velocity_beyond_two_are_minus_one_a_hex():
    # the seed's own example: range 1 (free), relative velocity 4: -2 on the roll
    alpha = armed("alpha", "a", CENTRE, Vector(2, 0))
    beta = armed("beta", "b", CENTRE + Vector(0, 1), Vector(-2, 0))
    state = game(alpha, beta)
    odds = shot(state, alpha, aid().gun("artillery"), beta)
    assert (odds.range, odds.velocity) == (1, 4)
    assert odds.modifiers == (("relative velocity 4", -2),)
    far = armed("beta", "b", CENTRE + Vector(5, 0))
    odds = shot(game(alpha, far), alpha, aid().gun("artillery"), far)
    assert odds.modifiers == (("range 5", -3),)


def test_laser_ignores_relative_velocity_and_heavy_rail_adds_its_bonus():
    alpha = armed("alpha", "a", CENTRE, Vector(3, 0), guns=("laser", "heavy_rail"))
    beta = armed("beta", "b", CENTRE, Vector(-3, 0))
    state = game(alpha, beta)
    assert shot(state, alpha, aid().gun("laser"), beta).modifiers == ()
    rail = shot(state, alpha, aid().gun("heavy_rail"), beta).modifiers
    assert ("Heavy rail cannon", 1) in rail and ("relative velocity 6", -4) in rail


def test_mass_driver_adds_two_to_the_roll():
    alpha = armed("alpha", "a", CENTRE, guns=("mass_driver",))
    beta = armed("beta", "b", CENTRE + Vector(1, 0))
    odds = shot(game(alpha, beta), alpha, aid().gun("mass_driver"), beta)
    assert odds.modifiers == (("Mass driver", 2),)


def test_odds_are_shown_for_every_result_before_rolling():
    state = game()
    alpha, beta = state.ship("alpha"), state.ship("beta")
    odds = shot(state, alpha, aid().gun("artillery"), beta)
    assert dict(odds.chances) == {
        "-": Fraction(2, 6),
        "D": Fraction(1, 6),
        "H": Fraction(2, 6),
        "HD": Fraction(1, 6),
    }


# ---- the gun phase ----


def test_guns_fire_only_in_the_gun_phase():
    with pytest.raises(WrongPhase, match="gun phase"):
        apply(game(), Fire("a", "alpha", 0, "beta"))


def test_each_gun_fires_once_a_turn():
    state, _ = first_seed({"-"})
    state, _ = apply(state, Hold("b", "beta"))
    with pytest.raises(IllegalCommand, match="already fired"):
        apply(state, Fire("a", "alpha", 0, "beta"))


def test_a_disabled_ship_cannot_fire_its_guns():
    state = to_guns(game())
    state = state.with_ship(replace(state.ship("alpha"), disabled=True, disabled_for=2))
    with pytest.raises(IllegalCommand, match="disabled"):
        apply(state, Fire("a", "alpha", 0, "beta"))


def test_guns_need_a_working_reactor():
    state = to_guns(game())
    alpha = state.ship("alpha")
    assert alpha.manifest is not None
    state = state.with_ship(replace(alpha, manifest=alpha.manifest.with_damage("reactor", 0, 6)))
    with pytest.raises(IllegalCommand, match="Reactor is down"):
        apply(state, Fire("a", "alpha", 0, "beta"))


def test_landed_ships_are_safe_from_attack():
    state = to_guns(game())
    state = state.with_ship(replace(state.ship("beta"), status=ShipStatus.LANDED))
    with pytest.raises(IllegalCommand, match="safe"):
        apply(state, Fire("a", "alpha", 0, "beta"))


def test_ships_docked_at_an_asteroid_base_cannot_be_attacked_but_docked_in_orbit_can():
    rock, station = CENTRE + Vector(2, 0), CENTRE + Vector(0, 2)
    bases = (Base("Rock", BaseKind.ASTEROID, rock), Base("Station", BaseKind.ORBITAL, station))
    belt = StarMap("Belt", Bounds(40, 40), asteroids=frozenset({rock}), bases=bases)
    alpha = armed("alpha", "a", CENTRE)
    inside = replace(armed("beta", "b", rock), docked_at="Rock")
    state = to_guns(new_game("interplanetary", belt, PLAYERS, (alpha, inside), seed=1)[0])
    with pytest.raises(IllegalCommand, match="safe from attack"):
        apply(state, Fire("a", "alpha", 0, "beta"))
    docked = replace(armed("beta", "b", station), docked_at="Station")
    state = to_guns(new_game("interplanetary", belt, PLAYERS, (alpha, docked), seed=1)[0])
    _, events = apply(state, Fire("a", "alpha", 0, "beta"))
    assert any(isinstance(e, Rolled) for e in events)


def test_attack_roll_is_a_d6_plus_modifiers_read_on_the_weapons_table():
    _state, events = first_seed({"-", "D", "H", "HD"})
    rolled = next(e for e in events if isinstance(e, Rolled))
    assert "Gun table" in rolled.why
    code = next(e.result for e in events if hasattr(e, "result"))
    assert aid().table("gun").result(rolled.total).code == code


# ---- disabled ----


def test_disabled_ship_cannot_burn_and_recovers_after_its_turns():
    state, _events = first_seed({"D"})
    beta = state.ship("beta")
    assert beta.disabled and beta.disabled_for == aid().hull.disabled_turns
    # Bob may not answer: he was disabled
    assert not state.pending
    for _ in range(aid().hull.disabled_turns):
        while active_player(state).id != "b":
            state, _ = apply(state, EndPhase(active_player(state).id))
        assert state.ship("beta").disabled
        for _ in range(4):
            state, _ = apply(state, EndPhase("b"))
    assert not state.ship("beta").disabled


def test_disabled_does_not_stack():
    state = game()
    beta = replace(state.ship("beta"), disabled=True, disabled_for=1)
    state = state.with_ship(beta)
    from core.rules.interplanetary.combat.attack import disable

    after, events = disable(state, beta)
    assert after.ship("beta").disabled_for == 1
    assert isinstance(events[0], ShipDisabled) and "no further effect" in events[0].text


# ---- hits and the defender's placement ----


def test_hit_waits_for_the_defender_to_place_the_damage():
    state, _ = first_seed({"H"})
    hit = state.pending[0]
    assert isinstance(hit, PendingHit) and hit.player == "b"
    assert [p.id for p in waiting_for(state)] == ["b"]
    with pytest.raises(NotYourTurn, match="place"):
        apply(state, EndPhase("a"))
    state, _events = apply(state, AllocateDamage("b", "beta"))
    assert not any(isinstance(p, PendingHit) for p in state.pending)
    assert state.ship("beta").manifest.total_damage() > 0 or state.ship("beta").fuel < 15


def test_defender_chooses_where_the_damage_goes():
    for seed in range(1, 600):
        state = to_guns(game(seed=seed))
        state, _ = apply(state, Fire("a", "alpha", 0, "beta"))
        first = state.pending[0] if state.pending else None
        if isinstance(first, PendingHit) and first.role == "gun_mounts" and first.amount <= 3:
            break
    else:
        raise AssertionError("no seed gives a small hit on the gun mounts")
    amount = state.pending[0].amount
    state, _ = apply(
        state,
        AllocateDamage("b", "beta", Allocation((Placement("gun_mounts", 1, amount),))),
    )
    assert state.ship("beta").manifest.damage_of("gun_mounts") == (0, amount)


def test_an_illegal_placement_is_refused_with_the_reason():
    for seed in range(1, 600):
        state = to_guns(game(seed=seed))
        state, _ = apply(state, Fire("a", "alpha", 0, "beta"))
        first = state.pending[0] if state.pending else None
        if isinstance(first, PendingHit) and first.role == "gun_mounts":
            break
    bad = Allocation((Placement("systems", 0, 1),))
    with pytest.raises(IllegalCommand, match="cannot go on"):
        apply(state, AllocateDamage("b", "beta", bad))


def test_structure_gone_destroys_the_ship():
    state = to_guns(game())
    beta = state.ship("beta")
    state = state.with_ship(replace(beta, manifest=beta.manifest.with_damage("structure", 0, 7)))
    state = replace(
        state,
        pending=(
            PendingHit(
                "b", "beta", "structure", 3, "Alpha's Artillery gun", "Beta", "Structure", "alpha"
            ),
        ),
    )
    state, events = apply(state, AllocateDamage("b", "beta"))
    assert state.ship("beta").status is ShipStatus.DESTROYED
    assert state.ship("alpha").kills == 1
    assert any("Beta is destroyed" in e.text for e in events)


# ---- answering fire ----


def test_target_fires_back_after_the_damage_is_placed():
    state, events = first_seed({"-"})
    answer = state.pending[0]
    assert isinstance(answer, PendingAnswer) and answer.player == "b"
    state, events = apply(state, Fire("b", "beta", 0, "alpha"))
    assert any("firing back" in e.text for e in events)
    # an answer is not answered in turn
    assert not any(isinstance(p, PendingAnswer) and p.ship == "alpha" for p in state.pending)


def test_target_may_hold_its_fire():
    state, _ = first_seed({"-"})
    state, events = apply(state, Hold("b", "beta"))
    assert not state.pending
    assert "holds its fire" in events[-1].text


def test_mass_driver_never_fires_back():
    ships = (
        armed("alpha", "a", CENTRE),
        armed("beta", "b", CENTRE + Vector(1, 0), guns=("mass_driver",)),
    )
    state, events = first_seed({"-"}, *ships)
    assert not state.pending
    assert any("cannot fire back" in e.text for e in events)


def test_heavy_rail_cannon_fires_back_once_a_round():
    from core.rules.interplanetary.combat.attack import new_round

    ships = (
        armed("alpha", "a", CENTRE),
        armed("beta", "b", CENTRE + Vector(1, 0), guns=("heavy_rail",)),
    )
    state, _ = first_seed({"-"}, *ships)
    state, _ = apply(state, Fire("b", "beta", 0, "alpha"))
    assert can_answer(state, state.ship("beta"), "alpha") == "none of its guns can fire back"
    state, _ = new_round(state, None)
    assert can_answer(state, state.ship("beta"), "alpha") is None


def test_a_disabled_target_cannot_fire_back():
    state, events = first_seed({"D"})
    assert not state.pending
    assert any("cannot fire back" in e.text for e in events)


def test_resolve_attack_for_a_relative_velocity_table_does_that_much_damage():
    state = game()
    for seed in range(1, 300):
        s = replace(state, dice=replace(state.dice, seed=seed))
        after, _ = resolve_attack(
            s, Attack("A buckyball", "a", "beta", "buckyball", relative_velocity=5)
        )
        hits = [p for p in after.pending if isinstance(p, PendingHit)]
        if hits:
            assert hits[0].amount == 5
            return
    raise AssertionError("no seed gives a buckyball hit")


def test_crossing_asteroids_too_fast_is_an_attack_on_the_asteroid_column():
    rocks = frozenset(Hex(q, 5) for q in range(6, 12))
    belt = StarMap("Belt", Bounds(20, 20), asteroids=rocks)
    fast = replace(armed("alpha", "a", Hex(4, 5), Vector(3, 0)))
    state, _ = new_game("interplanetary", belt, PLAYERS[:1], (fast,), seed=3)
    for _ in range(2):
        state, events = apply(state, EndPhase("a"))
    crossings = [e for e in events if isinstance(e, Rolled) and "Asteroid table" in e.why]
    assert len(crossings) == 2  # two asteroid hexes entered at speed 3
    results = [e.result for e in events if hasattr(e, "result")]
    assert results == [aid().table("asteroid").result(r.total).code for r in crossings]


def test_combat_rules_load_on_first_use_and_saved_decisions_read_before_that():
    """Start-up does not pay for the combat rules; a saved state holding a combat decision
    (a campaign reopened before any command) still reads, by loading them then."""
    import subprocess
    import sys

    from core.engine.serial import dumps

    saved = dumps(PendingHit("b", "beta", "structure", 3, "Alpha's gun", "Beta", "Structure"))
    script = (
        "import json, sys\n"
        "import core.engine.play\n"
        "assert 'core.rules.interplanetary.combat.attack' not in sys.modules, "
        "'combat rules loaded at import'\n"
        "from core.engine.serial import from_data\n"
        f"hit = from_data(json.loads({saved!r}))\n"
        "print(type(hit).__name__, hit.amount)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["PendingHit", "3"]
