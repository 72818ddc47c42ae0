"""What a phase offers the player, graded for the window's stops (issue 16 req 1): an
action the phase is for stops the game for them, optional extras stop it unless the
player passes them by, and a phase with nothing passes by itself, saying why."""

from __future__ import annotations

from dataclasses import replace

from core.rules.interplanetary.actions import ACTION, NOTHING, OPTIONAL, what_to_do
from core.rules.interplanetary.bases import services_for
from tests.core.rules.interplanetary.test_bases import at_outpost


def test_resupply_a_tank_to_fill_at_a_base_is_an_action() -> None:
    state = at_outpost(fuel=3)
    assert services_for(state, state.ship("s"))[0] == "refuel"
    assert what_to_do(state) == (ACTION, "Swift may refuel or reload at a base")


def test_resupply_a_spent_weapon_to_reload_is_an_action() -> None:
    state = at_outpost(fuel=15, market="free")
    ship = state.ship("s")
    assert ship.manifest is not None
    spent = replace(ship, manifest=ship.manifest.with_mount("launchers", 0, None))
    state = state.with_ship(spent)
    assert "reload" in services_for(state, spent)
    assert what_to_do(state)[0] == ACTION


def test_resupply_only_refits_and_purchases_with_a_full_tank_are_optional_extras() -> None:
    state = at_outpost(fuel=15, market="free")
    assert services_for(state, state.ship("s")) == ("refit",)
    assert what_to_do(state) == (OPTIONAL, "Swift may refit or buy at a base")


def test_resupply_a_full_tank_and_a_closed_market_offer_nothing() -> None:
    state = at_outpost(fuel=15, points=0)
    assert services_for(state, state.ship("s")) == ()
    assert what_to_do(state) == (NOTHING, "no ship has anything to do at a base")
