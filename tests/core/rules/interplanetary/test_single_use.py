"""Play aid "Single-use modules": each is fired by its owner (UseModule), spent at once,
works while the ship is disabled, and does what the card says; a module that cannot be
fired now is refused with the reason."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import Body, BodyKind, Bounds, GravityKind, StarMap
from core.engine.commands import EndPhase
from core.engine.dice import Rolled
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.play import active_player, apply, current_phase, new_game
from core.rules.interplanetary.aid.damage import Allocation, Placement
from core.rules.interplanetary.combat.attack import AllocateDamage, PendingHit
from core.rules.interplanetary.combat.guns import Fire
from core.rules.interplanetary.combat.single_use import Decline, PendingRoll, UseModule, choices
from core.vector.course import AsteroidHex
from core.vector.motion import Motion, Order
from core.vector.movement import move
from core.vector.orders import Plot
from core.vector.preview import preview
from core.vector.state import GameState, Ship, ShipStatus
from tests.core.rules.interplanetary.test_combat import CENTRE, PLAYERS, game, to_guns
from tests.core.rules.interplanetary.test_systems import fitted


def solo(ship: Ship, starmap: StarMap | None = None, seed: int = 3) -> GameState:
    """Ann alone with ``ship``, in her astrogation phase."""
    starmap = starmap or StarMap("Open space", Bounds(40, 40))
    state, _ = new_game("interplanetary", starmap, PLAYERS[:1], (ship,), seed=seed)
    return to_astrogation(state)


def to_astrogation(state: GameState) -> GameState:
    while current_phase(state) != "astrogation":
        player = active_player(state)
        assert player is not None
        state, _ = apply(state, EndPhase(player.id))
    return state


def with_modules(*modules: str, at: Hex = CENTRE, v: Vector = ZERO, fuel: int = 15) -> Ship:
    ship = fitted("alpha", "a", at, v, single_use=modules)
    return replace(ship, fuel=Fraction(fuel))


def east(n: int) -> Order:
    return Order((Direction.SE,) * n)


# ---- boosters ----


def test_chemical_booster_adds_one_hex_of_thrust_without_fuel():
    state = solo(with_modules("chemical_booster"))
    with pytest.raises(IllegalCommand, match="at most 1"):
        apply(state, Plot("a", "alpha", east(2)))
    state, events = apply(state, UseModule("a", "alpha", 0))
    assert "Chemical booster" in events[0].text
    state, _ = apply(state, Plot("a", "alpha", east(2)))
    state, _ = apply(state, EndPhase("a"))
    alpha = state.ship("alpha")
    assert alpha.motion.velocity.speed == 2 and alpha.fuel == 14


@pytest.mark.parametrize(
    ("hexes", "logged"),
    [
        (1, "Alpha burns with its Chemical booster, no fuel: vector shifted 1 hex SE"),
        (2, "Alpha burns with its Chemical booster, 1 fuel: vector shifted 2 hexes SE"),
    ],
)
def test_a_booster_burn_is_logged_as_burning_the_booster_not_0_fuel(hexes: int, logged: str):
    state = solo(with_modules("chemical_booster"))
    state, _ = apply(state, UseModule("a", "alpha", 0))
    state, _ = apply(state, Plot("a", "alpha", east(hexes)))
    state, events = apply(state, EndPhase("a"))
    assert [e.text for e in events if "burns" in e.text] == [logged]


def test_orion_booster_adds_two_hexes_and_a_short_burn_uses_no_fuel():
    state = solo(with_modules("orion_booster"))
    state, _ = apply(state, UseModule("a", "alpha", 0))
    state, _ = apply(state, Plot("a", "alpha", east(2)))
    state, _ = apply(state, EndPhase("a"))
    assert state.ship("alpha").motion.velocity.speed == 2
    assert state.ship("alpha").fuel == 15


def test_a_single_use_module_is_spent_when_used():
    state = solo(with_modules("chemical_booster"))
    state, _ = apply(state, UseModule("a", "alpha", 0))
    assert state.ship("alpha").manifest.single_use[0] is None
    with pytest.raises(IllegalCommand, match="slot 1 is empty"):
        apply(state, UseModule("a", "alpha", 0))


def test_booster_thrust_lasts_only_the_turn_it_is_fired():
    state = solo(with_modules("chemical_booster"))
    state, _ = apply(state, UseModule("a", "alpha", 0))
    state, _ = apply(state, EndPhase("a"))
    state = to_astrogation(state)
    assert state.ship("alpha").in_use == ()
    with pytest.raises(IllegalCommand, match="at most 1"):
        apply(state, Plot("a", "alpha", east(2)))


def test_boosters_are_fired_in_the_movement_phase_before_the_ship_moves():
    state, _ = new_game(
        "interplanetary", game().starmap, PLAYERS[:1], (with_modules("chemical_booster"),), seed=1
    )
    assert current_phase(state) == "launch"
    with pytest.raises(IllegalCommand, match="fired in the astrogation phase"):
        apply(state, UseModule("a", "alpha", 0))


def test_a_disabled_ship_burns_its_booster_hexes_only_and_no_fuel():
    ship = replace(with_modules("orion_booster"), disabled=True, disabled_for=2)
    state = solo(ship)
    with pytest.raises(IllegalCommand, match="disabled"):
        apply(state, Plot("a", "alpha", east(1)))
    state, _ = apply(state, UseModule("a", "alpha", 0))
    with pytest.raises(IllegalCommand, match="at most 2"):
        apply(state, Plot("a", "alpha", east(3)))
    state, _ = apply(state, Plot("a", "alpha", east(2)))
    state, _ = apply(state, EndPhase("a"))
    assert state.ship("alpha").fuel == 15 and state.ship("alpha").motion.velocity.speed == 2


def test_the_plotter_offers_the_booster_hexes():
    state = solo(with_modules("chemical_booster"))
    before = {o.tip for o in preview(state, "alpha").options}
    state, _ = apply(state, UseModule("a", "alpha", 0))
    after = {o.tip for o in preview(state, "alpha").options}
    assert before < after and len(after) == 19  # every hex within two


# ---- evasive booster ----

ROCKS = StarMap("Belt", Bounds(20, 20), asteroids=frozenset(Hex(q, 5) for q in range(6, 12)))


def asteroid_rolls(events: list) -> int:
    return sum(isinstance(e, Rolled) and "Asteroid table" in e.why for e in events)


def test_evasive_booster_makes_asteroid_hexes_safe_up_to_speed_3():
    state = solo(with_modules("evasive_booster", at=Hex(4, 5), v=Vector(3, 0)), ROCKS)
    state, _ = apply(state, UseModule("a", "alpha", 0))
    state, events = apply(state, EndPhase("a"))
    assert asteroid_rolls(events) == 0
    assert any("dodges through the asteroids" in e.text for e in events)


def test_evasive_booster_makes_the_plotters_preview_agree_that_asteroids_are_safe():
    state = solo(with_modules("evasive_booster", at=Hex(4, 5), v=Vector(3, 0)), ROCKS)

    def rocky(s: GameState) -> bool:
        coasting = next(o for o in preview(s, "alpha").options if not o.order.burn)
        return any(isinstance(h, AsteroidHex) for h in coasting.result.hazards)

    assert rocky(state)
    state, _ = apply(state, UseModule("a", "alpha", 0))
    assert not rocky(state)


def test_evasive_booster_does_not_help_above_speed_3():
    state = solo(with_modules("evasive_booster", at=Hex(2, 5), v=Vector(4, 0)), ROCKS)
    state, _ = apply(state, UseModule("a", "alpha", 0))
    state, events = apply(state, EndPhase("a"))
    assert asteroid_rolls(events) >= 1
    assert not any("dodges" in e.text for e in events)


# ---- shields ----

TERRA = Hex(10, 10)


def planet(name: str = "Terra") -> StarMap:
    body = Body(name, BodyKind.PLANET, TERRA, 0.4, GravityKind.NORMAL)
    return StarMap("Planet", Bounds(24, 24), bodies=(body,))


def arriving(starmap: StarMap, *modules: str) -> Ship:
    """In the planet's gravity ring at speed 2: one fuel cannot brake into orbit."""
    motion = move(starmap, Motion(Hex(9, 8), Vector(0, 2))).next
    return replace(with_modules(*modules), motion=motion)


def test_friction_shield_gives_a_free_hex_for_a_move_into_orbit_next_turn():
    starmap = planet()
    state = solo(arriving(starmap, "friction_shield"), starmap)
    assert not [o for o in preview(state, "alpha").options if len(o.order.burn) > 1]
    state, _ = apply(state, UseModule("a", "alpha", 0))
    braking = preview(state, "alpha").options
    assert braking and all(len(o.order.burn) == 2 and o.fuel == 1 for o in braking)
    with pytest.raises(IllegalCommand, match="in orbit next turn"):
        apply(state, Plot("a", "alpha"))
    state, _ = apply(state, Plot("a", "alpha", braking[0].order))
    for _ in range(5):  # this move, then the next turn's coast: in orbit
        state, _ = apply(state, EndPhase("a"))
    assert state.ship("alpha").orbit == "Terra"


def test_friction_shield_does_not_work_at_airless_bodies():
    starmap = planet("Luna")
    state = solo(arriving(starmap, "friction_shield"), starmap)
    state, _ = apply(state, UseModule("a", "alpha", 0))
    assert preview(state, "alpha").options == ()


def diving(starmap: StarMap, speed: int, *modules: str) -> Ship:
    return with_modules(*modules, at=TERRA + Vector(0, -speed), v=Vector(0, speed))


def test_reentry_shield_turns_a_crash_at_speed_2_into_a_landing():
    starmap = planet()
    state = solo(diving(starmap, 2, "reentry_shield"), starmap)
    state, _ = apply(state, UseModule("a", "alpha", 0))
    state, events = apply(state, EndPhase("a"))
    alpha = state.ship("alpha")
    assert alpha.status is ShipStatus.LANDED and alpha.landed_at == "Terra"
    assert any("lands on Terra" in e.text for e in events)


def test_reentry_shield_does_not_save_a_faster_ship_or_one_at_an_airless_body():
    for starmap, speed in ((planet(), 3), (planet("Mercury"), 2)):
        state = solo(diving(starmap, speed, "reentry_shield"), starmap)
        state, _ = apply(state, UseModule("a", "alpha", 0))
        state, _ = apply(state, EndPhase("a"))
        assert state.ship("alpha").status is ShipStatus.DESTROYED


# ---- emergency patch pod ----


def patched(**changes) -> GameState:
    ship = with_modules("patch_pod")
    ship = replace(ship, manifest=ship.manifest.with_damage("reactor", 0, 3), **changes)
    return solo(ship)


def test_patch_pod_mends_one_point_in_one_subsystem_at_once():
    state, events = apply(patched(), UseModule("a", "alpha", 0, role="reactor"))
    assert state.ship("alpha").manifest.checked("reactor") == 2
    assert "mends Reactor" in events[0].text


def test_patch_pod_never_brings_back_fuel_and_needs_damage_to_mend():
    with pytest.raises(IllegalCommand, match="never brings back lost fuel"):
        apply(patched(), UseModule("a", "alpha", 0, role="fuel_engine"))
    with pytest.raises(IllegalCommand, match="no damage to mend on Structure"):
        apply(patched(), UseModule("a", "alpha", 0, role="structure"))


def test_single_use_modules_work_while_the_ship_is_disabled():
    state, _ = apply(patched(disabled=True, disabled_for=2), UseModule("a", "alpha", 0, "reactor"))
    assert state.ship("alpha").manifest.checked("reactor") == 2


# ---- answers to an attack: randomizer boost and spin booster ----


def duel(*modules: str, seed: int = 1) -> GameState:
    """Ann's gun phase; Bob's Beta two hexes away carries ``modules``."""
    beta = fitted("beta", "b", CENTRE + Vector(2, 0), single_use=modules)
    return to_guns(game(fitted("alpha", "a"), beta, seed=seed))


def test_randomizer_boost_is_offered_before_an_enemy_gun_rolls():
    state, events = apply(duel("randomizer"), Fire("a", "alpha", 0, "beta"))
    assert isinstance(state.pending[0], PendingRoll) and state.pending[0].player == "b"
    assert not any(isinstance(e, Rolled) for e in events)


def test_randomizer_boost_takes_a_d6_off_the_enemy_guns_roll():
    state, _ = apply(duel("randomizer"), Fire("a", "alpha", 0, "beta"))
    state, events = apply(state, UseModule("b", "beta", 0))
    rolls = [e for e in events if isinstance(e, Rolled)]
    boost, attack = rolls[0], rolls[1]
    assert ("Randomizer boost", -boost.total) in attack.modifiers
    assert state.ship("beta").manifest.single_use[0] is None


def test_randomizer_boost_may_be_kept_for_later():
    state, _ = apply(duel("randomizer"), Fire("a", "alpha", 0, "beta"))
    state, events = apply(state, Decline("b", "beta"))
    attack = next(e for e in events if isinstance(e, Rolled))
    assert attack.modifiers == ()
    assert state.ship("beta").manifest.single_use[0] == "randomizer"


def test_randomizer_boost_is_fired_only_against_an_enemy_gun():
    state = solo(with_modules("randomizer"))
    with pytest.raises(IllegalCommand, match="about to roll"):
        apply(state, UseModule("a", "alpha", 0))


def hit_on_beta(*modules: str) -> GameState:
    state = game(
        fitted("alpha", "a"), fitted("beta", "b", CENTRE + Vector(2, 0), single_use=modules)
    )
    hit = PendingHit("b", "beta", "structure", 4, "a test gun", "Beta", "Structure", "alpha")
    return replace(state, pending=(hit,))


def test_spin_booster_spreads_a_hits_damage_over_any_subsystems():
    state = hit_on_beta("spin_booster")
    spread = Allocation(
        (Placement("launchers", 3, 1), Placement("systems", 0, 2), Placement("reactor", 0, 1))
    )
    with pytest.raises(IllegalCommand, match="cannot go on"):
        apply(state, AllocateDamage("b", "beta", spread))
    state, events = apply(state, UseModule("b", "beta", 0))
    assert "may go on any subsystems" in events[0].text
    state, _ = apply(state, AllocateDamage("b", "beta", spread))
    m = state.ship("beta").manifest
    assert (m.checked("structure"), m.checked("launchers", 3), m.checked("systems", 0)) == (0, 1, 2)
    assert m.checked("reactor") == 1


def test_spin_booster_is_fired_only_when_a_hit_waits_to_be_placed():
    state = solo(with_modules("spin_booster"))
    with pytest.raises(IllegalCommand, match="when a hit on Alpha waits"):
        apply(state, UseModule("a", "alpha", 0))


def test_while_a_decision_waits_other_modules_wait_too():
    state = hit_on_beta("patch_pod", "spin_booster")
    with pytest.raises(WrongPhase, match="first, place 4 points"):
        apply(state, UseModule("b", "beta", 0, role="structure"))


def test_randomizer_boost_answers_retaliation_too():
    alpha = fitted("alpha", "a", single_use=("randomizer",))
    for seed in range(1, 300):
        state = to_guns(game(alpha, fitted("beta", "b", CENTRE + Vector(2, 0)), seed=seed))
        state, _ = apply(state, Fire("a", "alpha", 0, "beta"))
        while state.pending and isinstance(state.pending[0], PendingHit):
            state, _ = apply(state, AllocateDamage("b", "beta"))
        if state.pending:
            break
    state, _ = apply(state, Fire("b", "beta", 0, "alpha"))
    assert isinstance(state.pending[0], PendingRoll) and state.pending[0].player == "a"


def test_the_modules_a_player_may_fire_now_are_listed_with_what_they_do():
    ship = with_modules("chemical_booster", "patch_pod")
    ship = replace(ship, manifest=ship.manifest.with_damage("reactor", 0, 1))
    labels = [label for label, _ in choices(solo(ship), ship)]
    assert labels == ["Chemical booster (slot 1)", "Emergency patch pod: mend Reactor (slot 2)"]
    assert choices(duel("spin_booster"), duel("spin_booster").ship("beta")) == []
