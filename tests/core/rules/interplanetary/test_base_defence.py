"""Seed "Optional rules: Bases pick sides", base defences: bases act first of all; a base
fires a Missile every so many rounds (it never runs out), its Mass driver fires only at
ships inside its zone of control (the edge counts), and nothing but the kinetic buster
harms a base. Our rulings: a base's fire is automatic, at the nearest enemy in its zone;
a neutral base and a destroyed base never fire."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.board.hexgrid import Hex
from core.board.starmap import DEFAULT_SERVICES, Base, BaseKind, Bounds, StarMap, Zone
from core.engine.commands import EndPhase
from core.engine.errors import UnknownShip
from core.engine.events import Event
from core.engine.play import active_player, apply, new_game
from core.rules.interplanetary.combat.attack import AllocateDamage, AttackResolved, PendingHit
from core.rules.interplanetary.combat.base_defence import BaseFires, zone
from core.rules.interplanetary.combat.guns import Fire, targets
from core.rules.interplanetary.combat.ordnance import WeaponLaunched
from core.rules.interplanetary.combat.ordnance_attacks import PendingStrike, Strike
from core.rules.interplanetary.scenario.terms import BaseTerms, Terms
from core.vector.state import GameState, Ship
from tests.core.optional_games import RIVALS, armed

FORT = Hex(10, 10)
ZONE = frozenset(h for h in (Hex(10 + q, 10 + r) for q in range(-2, 3) for r in range(-2, 3)))
EDGE = Hex(12, 10)  # on the zone's edge: inside
OUTSIDE = Hex(14, 10)
MAP = StarMap(
    "Fort",
    Bounds(24, 24),
    asteroids=frozenset({FORT}),
    bases=(Base("Fort", BaseKind.ASTEROID, FORT, services=DEFAULT_SERVICES[BaseKind.ASTEROID]),),
    zones=(Zone("Fort zone", ZONE, base="Fort"),),
)


def fort_game(
    *ships: Ship,
    side: str | None = "blue",
    every: int | None = 2,
    guns: tuple[str, ...] = ("mass_driver",),
    pick_sides: bool = True,
) -> GameState:
    state, _ = new_game(
        "interplanetary",
        MAP,
        RIVALS,
        ships,
        seed=3,
        switches=(("bases_pick_sides", pick_sides),),
    )
    terms = Terms(bases=(BaseTerms("Fort", side=side, missile_every=every, guns=guns),))
    return replace(state, terms=terms)


def play_round(state: GameState) -> tuple[GameState, list[Event]]:
    """End phases until the next round begins; hits placed as suggested, missiles held."""
    start, events = state.round, list[Event]()
    while state.round == start or state.pending:
        first = state.pending[0] if state.pending else None
        if isinstance(first, PendingHit):
            state, more = apply(state, AllocateDamage(first.player, first.ship))
        elif isinstance(first, PendingStrike):
            state, more = apply(state, Strike(first.player, first.missile))
        else:
            player = active_player(state)
            assert player is not None
            state, more = apply(state, EndPhase(player.id))
        events.extend(more)
    return state, events


def test_base_guns_fire_first_at_enemies_inside_the_zone_of_control() -> None:
    state = fort_game(armed("red1", "a", "red", at=EDGE))
    state, events = play_round(state)
    fired = [e for e in events if isinstance(e, BaseFires)]
    assert len(fired) == 1 and "Fort's Mass driver fires at Red1" in fired[0].text
    assert "bases act first" in fired[0].text
    assert any(isinstance(e, AttackResolved) and e.target == "red1" for e in events)


def test_base_guns_hold_fire_outside_the_zone_and_at_their_own_side() -> None:
    state = fort_game(armed("red1", "a", "red", at=OUTSIDE), armed("blue1", "b", "blue", at=EDGE))
    assert EDGE in zone(state, MAP.bases[0]) and OUTSIDE not in zone(state, MAP.bases[0])
    _, events = play_round(state)
    assert not any(isinstance(e, BaseFires | AttackResolved) for e in events)


def test_base_missile_every_n_rounds_at_the_nearest_enemy() -> None:
    state = fort_game(armed("red1", "a", "red", at=EDGE), guns=())
    state, first = play_round(state)
    assert not any(isinstance(e, WeaponLaunched) for e in first)  # one full round: not yet
    state, second = play_round(state)
    launched = [e for e in second if isinstance(e, WeaponLaunched)]
    assert len(launched) == 1 and "Fort launches" in launched[0].text
    assert "at Red1" in launched[0].text
    piece = state.piece(launched[0].ordnance)
    assert piece.owner == "b" and piece.side == "blue" and piece.ship is None
    assert piece.motion.velocity.speed > 0  # its own thrust, towards the target


def test_base_defences_neutral_or_destroyed_base_never_fires() -> None:
    ship = armed("red1", "a", "red", at=EDGE)
    _, events = play_round(fort_game(ship, side=None))
    assert not any(isinstance(e, BaseFires) for e in events)
    lost = replace(fort_game(ship), bases_lost=frozenset({"Fort"}))
    _, events = play_round(lost)
    assert not any(isinstance(e, BaseFires) for e in events)


def test_base_defences_need_bases_pick_sides() -> None:
    _, events = play_round(fort_game(armed("red1", "a", "red", at=EDGE), pick_sides=False))
    assert not any(isinstance(e, BaseFires) for e in events)


def test_only_the_kinetic_buster_harms_a_base() -> None:
    """Guns aim at ships only: a base is never among a gun's targets."""
    state = fort_game(armed("red1", "a", "red", at=EDGE))
    assert all(isinstance(t, Ship) for t in targets(state, state.ship("red1")))
    with pytest.raises(UnknownShip, match="no ship 'Fort'"):
        apply(state, Fire("a", "red1", 0, "Fort"))
