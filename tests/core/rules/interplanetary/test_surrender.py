"""Seed "Optional rules: Surrender": a surrendered ship fires no more and its victor may
come alongside and take the agreed prize without asking."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.engine.errors import IllegalCommand
from core.engine.play import apply
from core.rules.interplanetary.combat.guns import Fire
from core.rules.interplanetary.combat.ordnance import LaunchWeapon
from core.rules.interplanetary.optional.rendezvous import Rendezvous
from core.rules.interplanetary.optional.surrender import Surrender
from tests.core.optional_games import armed, game, to_phase


def duel(**switches: bool):
    return game(armed("alpha", "a", "red"), armed("beta", "b", "blue", fuel=12), **switches)


def test_surrender_ship_fires_and_launches_no_more():
    state, events = apply(duel(surrender=True), Surrender("a", "alpha", "b"))
    assert state.ship("alpha").surrendered == "b"
    assert "surrenders to Bob" in events[-1].text
    with pytest.raises(IllegalCommand, match="Alpha has surrendered"):
        apply(state, LaunchWeapon("a", "alpha", 0))
    state = to_phase(state, "guns", "a")
    with pytest.raises(IllegalCommand, match="Alpha cannot fire: it has surrendered"):
        apply(state, Fire("a", "alpha", 0, "beta"))


def test_surrender_lets_the_victor_take_the_prize_without_asking():
    state, _ = apply(duel(surrender=True), Surrender("a", "alpha", "b"))
    state = to_phase(state, "resupply", "b")
    state, _ = apply(state, Rendezvous("b", "beta", "alpha", Fraction(-3), take=(0,)))
    assert not state.pending  # a binding bargain: nobody is asked
    assert (state.ship("alpha").fuel, state.ship("beta").fuel) == (7, 15)
    beta = state.ship("beta").manifest
    assert beta is not None and beta.launchers.count("missile") == 2


def test_surrender_is_to_an_enemy_and_an_optional_rule():
    with pytest.raises(IllegalCommand, match="does not use the Surrender rule"):
        apply(duel(), Surrender("a", "alpha", "b"))
    with pytest.raises(IllegalCommand, match="surrender to an enemy"):
        apply(duel(surrender=True), Surrender("a", "alpha", "a"))
    state, _ = apply(duel(surrender=True), Surrender("a", "alpha", "b"))
    with pytest.raises(IllegalCommand, match="already surrendered to Bob"):
        apply(state, Surrender("a", "alpha", "b"))
