"""Seed "Resupply phase" and "Base services": refuel, refit one for one, load launched
weapons at play-aid prices, and shipyards mending 1 (orbital) or 2 (planet, asteroid)
points a round."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from core.board.hexgrid import ZERO, Hex
from core.board.starmap import DEFAULT_SERVICES, Base, BaseKind, Bounds, StarMap
from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand
from core.engine.play import apply, current_phase, new_game
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.manifest import fit
from core.rules.interplanetary.aid.playaid import Outfit, PlayAid
from core.rules.interplanetary.bases import Load, Refit, Refuel
from core.vector.motion import Motion
from core.vector.state import GameState, Player, Ship

ROCK = Hex(5, 3)
BELT = StarMap(
    "Belt",
    Bounds(12, 12),
    asteroids=frozenset({ROCK}),
    bases=(Base("Outpost", BaseKind.ASTEROID, ROCK, services=DEFAULT_SERVICES[BaseKind.ASTEROID]),),
)


def aid() -> PlayAid:
    play_aid = load_ruleset("interplanetary").play_aid
    assert play_aid is not None
    return play_aid


def at_outpost(fuel: int = 3, points: int = 0, market: str = "sell") -> GameState:
    manifest = fit(aid(), Outfit(guns=("artillery",), launched=("mine",)))
    ship = Ship(
        "s",
        "Swift",
        "a",
        "a",
        "ship",
        Motion(ROCK, ZERO),
        Fraction(fuel),
        docked_at="Outpost",
        manifest=manifest,
        points=points,
    )
    state, _ = new_game("interplanetary", BELT, (Player("a", "Ann", "a"),), (ship,), seed=2)
    state = replace(state, market=market)
    while current_phase(state) != "resupply":
        state, _ = apply(state, EndPhase("a"))
    return state


def test_refuel_fills_the_tank_at_a_base():
    state, events = apply(at_outpost(fuel=3), Refuel("a", "s"))
    assert state.ship("s").fuel == 15
    assert "refuels at Outpost" in events[0].text


def test_bases_serve_only_in_the_resupply_phase():
    state, _ = new_game(
        "interplanetary",
        BELT,
        (Player("a", "Ann", "a"),),
        (at_outpost().ship("s"),),
        seed=2,
    )
    with pytest.raises(IllegalCommand, match="resupply phase"):
        apply(state, Refuel("a", "s"))


def test_a_ship_away_from_a_base_gets_no_service():
    state = at_outpost()
    state = state.with_ship(replace(state.ship("s"), docked_at=None))
    with pytest.raises(IllegalCommand, match="not landed at or docked"):
        apply(state, Refuel("a", "s"))


def test_refit_swaps_one_gun_for_another_paying_the_difference():
    state, events = apply(at_outpost(points=2), Refit("a", "s", "gun_mounts", 0, "heavy_rail"))
    ship = state.ship("s")
    assert ship.manifest is not None and ship.manifest.guns[0] == "heavy_rail"
    assert ship.points == 1  # 3 for the rail cannon less 2 for the artillery gun
    assert "Artillery gun out, Heavy rail cannon in" in events[0].text


def test_refit_is_refused_without_the_points():
    with pytest.raises(IllegalCommand, match="Laser battery costs 1 ship point"):
        apply(at_outpost(points=0), Refit("a", "s", "gun_mounts", 0, "laser"))


def test_refit_does_not_swap_launched_weapons():
    with pytest.raises(IllegalCommand, match="launchers are loaded"):
        apply(at_outpost(points=5), Refit("a", "s", "launchers", 0, "missile"))


def test_load_a_launched_weapon_at_play_aid_price():
    state, _ = apply(at_outpost(points=1), Load("a", "s", 1, "missile"))
    ship = state.ship("s")
    assert ship.manifest is not None and ship.manifest.launchers[1] == "missile"
    assert ship.points == 0


def test_free_market_restocks_at_no_cost():
    state, _ = apply(at_outpost(points=0, market="free"), Load("a", "s", 1, "missile"))
    assert state.ship("s").points == 0


def test_a_destroyed_launcher_slot_cannot_be_loaded():
    state = at_outpost(points=3)
    ship = state.ship("s")
    assert ship.manifest is not None
    state = state.with_ship(replace(ship, manifest=ship.manifest.with_damage("launchers", 2, 1)))
    with pytest.raises(IllegalCommand, match="destroyed until it is mended"):
        apply(state, Load("a", "s", 2, "missile"))


def test_planetside_repair_mends_two_points_at_the_end_of_the_turn():
    state = at_outpost()
    ship = state.ship("s")
    assert ship.manifest is not None
    damaged = ship.manifest.with_damage("reactor", 0, 1).with_damage("structure", 0, 3)
    state = state.with_ship(replace(ship, manifest=damaged))
    state, events = apply(state, EndPhase("a"))
    m = state.ship("s").manifest
    assert m is not None
    assert (m.checked("reactor"), m.checked("structure")) == (0, 2)
    assert any("shipyard mends Swift" in e.text for e in events)


def test_orbital_repair_mends_one_point_a_round():
    station = Base("Station", BaseKind.ORBITAL, ROCK, services=DEFAULT_SERVICES[BaseKind.ORBITAL])
    state = at_outpost()
    state = replace(state, starmap=replace(state.starmap, bases=(station,)))
    ship = state.ship("s")
    assert ship.manifest is not None
    state = state.with_ship(
        replace(ship, docked_at="Station", manifest=ship.manifest.with_damage("structure", 0, 3))
    )
    state, _ = apply(state, EndPhase("a"))
    assert state.ship("s").manifest.checked("structure") == 2
