"""The event log reads as a player would say it: why a phase passes (the one weapon a
turn launched, every gun fired), a launch that does not name its ship twice, and a ship
that cannot fire back named once."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

from core.engine.play import active_player, apply, current_phase
from core.rules.interplanetary.actions import NOTHING, what_to_do
from core.rules.interplanetary.aid.carried import play_aid
from core.rules.interplanetary.aid.damage import default_allocation, place
from core.rules.interplanetary.aid.manifest import empty
from core.rules.interplanetary.combat.attack import AttackResolved
from core.rules.interplanetary.combat.guns import Fire, Hold
from core.rules.interplanetary.combat.ordnance import LaunchWeapon
from tests.core.rules.interplanetary.test_combat import first_seed, game, to_guns


def test_a_launch_names_its_ship_once_and_the_launch_phase_then_passes_saying_so() -> None:
    state = game()
    assert current_phase(state) == "launch" and active_player(state).id == "a"
    state, events = apply(state, LaunchWeapon("a", "alpha", 0))
    assert re.match(r"Alpha's Missile \d+ is launched from launcher 1 ", events[-1].text)
    assert what_to_do(state) == (NOTHING, "Alpha launched its one weapon this turn")


def test_once_every_gun_has_fired_the_gun_phase_passes_saying_so() -> None:
    for seed in range(1, 200):
        state = to_guns(game(seed=seed))
        state, events = apply(state, Fire("a", "alpha", 0, "beta"))
        if any(isinstance(e, AttackResolved) and e.result == "-" for e in events):
            break
    else:
        raise AssertionError("no seed misses")
    if state.pending:  # Beta may fire back: it holds
        state, _ = apply(state, Hold("b", "beta"))
    assert what_to_do(state) == (NOTHING, "every gun that could fire has fired this turn")


def test_a_gun_phase_with_no_gun_at_all_says_no_ship_has_a_gun() -> None:
    state = game()
    for ship in state.ships:
        state = state.with_ship(replace(ship, manifest=None))  # bare hulls
    state = to_guns(state)
    assert what_to_do(state) == (NOTHING, "no ship has a gun")


def test_a_disabled_ship_that_cannot_fire_back_is_named_once() -> None:
    _, events = first_seed({"D"})
    assert "Beta cannot fire back: it is disabled" in [e.text for e in events]


def test_damage_overflowing_a_full_subsystem_says_it_can_take_no_more() -> None:
    aid = play_aid(game())
    m = empty(aid)
    for point in range(len(m.launchers)):
        m = m.with_damage("launchers", point, 1)
    placed = place(aid, m, Fraction(15), "launchers", 3, default_allocation(aid, m, "launchers", 3))
    assert placed.lines[-1] == "Launchers can take no more: Structure takes 3"
