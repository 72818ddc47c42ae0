"""Seed "Optional rules: Fog of war": enemy manifests hidden until within detector range
of a ship (or a base of the side); guns shown once they fire."""

from __future__ import annotations

from core.board.hexgrid import Vector
from core.engine.dice import Dice
from core.engine.play import apply
from core.rules.interplanetary.combat.attack import AllocateDamage, PendingAnswer
from core.rules.interplanetary.combat.guns import Fire, Hold
from core.rules.interplanetary.fog import sight, view
from tests.core.optional_games import CENTRE, armed, game, to_phase


def apart(distance: int, **switches: bool):
    alpha = armed("alpha", "a", "red")
    beta = armed("beta", "b", "blue", at=CENTRE + Vector(distance, 0))
    return game(alpha, beta, **switches)


def test_fog_of_war_hides_enemy_manifests_beyond_detector_range():
    state = apart(5, fog_of_war=True)
    seen = sight(state, "a")
    assert seen.hidden == {"beta"}
    ann = view(state, "a")
    assert ann.ship("beta").manifest is None and ann.ship("beta").fuel == 0
    assert ann.ship("alpha").manifest == state.ship("alpha").manifest  # her own


def test_fog_of_war_shows_manifests_within_detector_range_both_ways():
    state = apart(3, fog_of_war=True)
    assert sight(state, "a").hidden == frozenset()
    assert sight(state, "b").hidden == frozenset()
    seen = view(state, "b")
    assert seen.ships == state.ships  # every manifest shown; only the dice are not
    assert seen.dice == Dice(0)


def test_fog_of_war_is_an_optional_rule():
    assert sight(apart(12), "a").hidden == frozenset()


def test_fog_of_war_a_gun_that_fired_is_known():
    state = to_phase(apart(5, fog_of_war=True), "guns", "a")
    state, _ = apply(state, Fire("a", "alpha", 0, "beta"))
    while state.pending:
        first = state.pending[0]
        if isinstance(first, PendingAnswer):
            state, _ = apply(state, Hold(first.player, first.ship))
        else:
            state, _ = apply(state, AllocateDamage(first.player, first.ship))
    bob = sight(state, "b")
    assert bob.hidden == {"alpha"}
    assert bob.guns_of("alpha") == ((0, "artillery"),)
    shown = view(state, "b").ship("alpha").manifest
    assert shown is not None and shown.guns[0] == "artillery" and not shown.launchers
