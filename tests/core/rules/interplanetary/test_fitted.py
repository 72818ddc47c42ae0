"""Issue 7 requirement 2: the sheet in play shows launched weapons spent, so a ship keeps
the outfit it was given (``Ship.fitted``) beside what it carries now; a refit or a load at
a base changes the fitted outfit, and a state without one keeps its old hash."""

from __future__ import annotations

from dataclasses import replace

from core.engine import serial
from core.engine.play import apply
from core.rules.interplanetary.aid.manifest import fit
from core.rules.interplanetary.aid.playaid import Outfit
from core.rules.interplanetary.bases import Load, Refit
from core.vector.state import state_hash
from tests.core.rules.interplanetary.test_bases import aid, at_outpost


def test_fitted_a_new_game_keeps_the_outfit_each_ship_starts_with() -> None:
    state = at_outpost()
    ship = state.ship("s")
    assert ship.fitted is not None and ship.manifest is not None
    assert ship.fitted.launchers == ship.manifest.launchers
    assert ship.fitted.damage == ()


def test_fitted_is_not_changed_by_damage_or_launches() -> None:
    state = at_outpost()
    ship = state.ship("s")
    assert ship.manifest is not None
    emptied = ship.manifest.with_mount("launchers", 0, None).with_damage("structure", 0, 2)
    state = state.with_ship(replace(ship, manifest=emptied))
    assert state.ship("s").fitted == ship.fitted  # the mine shows as spent on the sheet


def test_fitted_follows_a_refit_and_a_load_at_a_base() -> None:
    state = at_outpost(points=5)
    before = state.ship("s").fitted
    assert before is not None and before.launchers[0] == "mine"
    ship = state.ship("s")
    assert ship.manifest is not None
    state = state.with_ship(replace(ship, manifest=ship.manifest.with_mount("launchers", 0, None)))
    state, _ = apply(state, Refit("a", "s", "systems", 0, "sensors"))
    state, _ = apply(state, Load("a", "s", 1, "missile"))
    fitted = state.ship("s").fitted
    assert fitted is not None
    assert fitted.systems[0] == "sensors"
    assert fitted.launchers[:2] == ("mine", "missile"), "the spent mine stays on the record"


def test_fitted_left_out_of_saved_data_while_unset_so_old_hashes_hold() -> None:
    state = at_outpost()
    bare = state.with_ship(replace(state.ship("s"), fitted=None))
    assert "fitted" not in serial.to_data(bare.ship("s"))
    assert state_hash(bare) != state_hash(state)
    again = serial.from_data(serial.to_data(state.ship("s")))
    assert again == state.ship("s")


def test_fitted_manifest_is_the_play_aid_outfit_without_damage() -> None:
    m = fit(aid(), Outfit(guns=("artillery",), launched=("mine",)))
    assert at_outpost().ship("s").fitted == m
