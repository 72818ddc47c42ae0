"""Seed "Optional rules: Civilian ships": civilian ships carry weapons as cargo, which
they cannot launch but can hand over in a rendezvous."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.engine.errors import IllegalCommand
from core.engine.play import apply
from core.rules.interplanetary.actions import can_launch
from core.rules.interplanetary.combat.ordnance import LaunchWeapon
from core.rules.interplanetary.optional.rendezvous import Rendezvous
from tests.core.optional_games import armed, game, to_phase


def supply_run(**switches: bool):
    freighter = armed("freighter", "a", "red", unit="civilian", launched=("mine",))
    escort = armed("escort", "a", "red", launched=())
    return game(freighter, escort, **switches)


def test_civilian_ships_cannot_launch_their_cargo():
    state = supply_run()
    assert not can_launch(state, state.ship("freighter"))
    with pytest.raises(IllegalCommand, match="civilian ship"):
        apply(state, LaunchWeapon("a", "freighter", 0))


def test_civilian_ships_hand_their_cargo_over_in_a_rendezvous():
    state = to_phase(supply_run(rendezvous=True), "resupply")
    state, _ = apply(state, Rendezvous("a", "freighter", "escort", Fraction(0), give=(0,)))
    escort = state.ship("escort").manifest
    assert escort is not None and "mine" in escort.launchers


def test_civilian_ships_switch_off_lets_every_ship_launch():
    state = supply_run(civilian_ships=False)
    assert can_launch(state, state.ship("freighter"))
    after, _ = apply(state, LaunchWeapon("a", "freighter", 0))
    assert len(after.ordnance) == 1
