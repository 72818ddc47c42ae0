"""Seed 001 "Development": bases buy with supplies, ships deploy installations."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from core.board.hexgrid import Hex
from core.engine.errors import IllegalCommand
from core.rules.nplanetary.development import (
    Bought,
    Deployed,
    check_deploy,
    check_purchase,
    resolve_development,
    site_for,
)
from core.rules.nplanetary.model import OrderFailed, find_installation, hold_of
from core.vector.gravity import GravityPull
from core.vector.state import ShipStatus
from tests.core.rules.nplanetary.economy_helpers import orders, position

YARD = """\
players: a
phase: development
before:
  ship x1 a frigate at 1,1 velocity 0,0
  base B1 a space at 5,5 stocks supplies=100
  base S1 a surface Earth at 4,16 stocks supplies=20
"""


def test_a_new_ship_starts_docked_at_its_base_empty_and_unfuelled(tmp_path: Path) -> None:
    state = position(tmp_path, YARD)
    state, events = resolve_development(state, orders("a: buy B1 cruiser"))
    ship = state.ship("B1-cruiser-1")
    assert (ship.owner, ship.docked_at, ship.fuel, hold_of(ship).items) == ("a", "B1", 0, ())
    assert ship.status is ShipStatus.ACTIVE
    (bought,) = events
    assert isinstance(bought, Bought) and bought.ships == ("B1-cruiser-1",)
    assert bought.text == (
        "B1 buys a cruiser for 100 supplies (0 left): docked there, empty and unfuelled"
    )


def test_a_ship_bought_at_a_base_on_a_planet_starts_landed_there(tmp_path: Path) -> None:
    state = position(tmp_path, YARD)
    state, _ = resolve_development(state, orders("a: buy S1 freighter"))
    ship = state.ship("S1-freighter-1")
    assert ship.status is ShipStatus.LANDED and ship.landed_at == "S1" == ship.docked_at


def test_purchases_are_paid_in_the_order_given_and_the_unaffordable_one_fails(
    tmp_path: Path,
) -> None:
    state = position(tmp_path, YARD)
    given = orders("a: buy B1 frigate 2", "a: buy B1 nuke", "a: buy B1 mine 5")
    for command in given:
        check_purchase(state, command)  # each affordable on its own
    state, events = resolve_development(state, given)
    failed = [e for e in events if isinstance(e, OrderFailed)]
    assert [e.text for e in failed] == ["refused: a nuke costs 40 supplies and B1 has 20"]
    base = find_installation(state, "B1")
    assert base is not None and base.stocks == (("mine", 5), ("supplies", 10))


def test_a_purchase_is_refused_at_once_when_the_base_cannot_pay(tmp_path: Path) -> None:
    state = position(tmp_path, YARD)
    (command,) = orders("a: buy S1 frigate")
    with pytest.raises(IllegalCommand, match="a frigate costs 40 supplies and S1 has 20"):
        check_purchase(state, command)


def test_a_base_is_deployed_in_open_space_and_keeps_the_ships_vector(tmp_path: Path) -> None:
    state = position(
        tmp_path,
        "players: a\nphase: development\nbefore:\n"
        "  ship f1 a freighter at 5,5 velocity 2,0 hold base=1\n",
    )
    state, events = resolve_development(state, orders("a: deploy f1 base"))
    (done,) = events
    assert isinstance(done, Deployed) and done.site == "space"
    base = find_installation(state, done.installation)
    assert base is not None and base.owner == "a" and base.site == "space"
    assert base.motion == state.ship("f1").motion
    assert state.ship("f1").docked_at == base.id  # ruling: the ship stays docked at it


SOLAR = "map: solar-system\nplayers: a\nphase: development\nbefore:\n"


@pytest.mark.parametrize(
    ("ship", "kind", "site", "body"),
    [
        ("at 10,-1 velocity 0,1 orbit Mars", "base", "orbit", "Mars"),
        ("at 3,14 velocity 0,0", "base", "minor", "Luna"),
        ("at 20,20 velocity 1,0", "base", "space", None),
        ("at 0,3 velocity 0,0", "outpost", "asteroid", None),
    ],
)
def test_installations_are_deployed_where_the_seed_allows(
    tmp_path: Path, ship: str, kind: str, site: str, body: str | None
) -> None:
    state = position(tmp_path, SOLAR + f"  ship f1 a freighter {ship} hold {kind}=1\n")
    assert site_for(state, state.ship("f1"), kind) == (site, body)


@pytest.mark.parametrize(
    ("ship", "kind", "why"),
    [
        ("at 0,3 velocity 0,0", "base", "not on an asteroid"),
        ("at 0,3 velocity 1,0", "outpost", "at rest in an asteroid hex"),
        ("at 20,20 velocity 0,0", "outpost", "at rest in an asteroid hex"),
        ("at 3,14 velocity 0,0", "mine", "'mine' is not an installation"),
    ],
)
def test_installations_are_refused_elsewhere_saying_why(
    tmp_path: Path, ship: str, kind: str, why: str
) -> None:
    state = position(tmp_path, SOLAR + f"  ship f1 a freighter {ship} hold {kind}=1\n")
    (command,) = orders(f"a: deploy f1 {kind}")
    with pytest.raises(IllegalCommand, match=why):
        check_deploy(state, command)


def test_a_landed_ship_does_not_deploy_a_base(tmp_path: Path) -> None:
    state = position(
        tmp_path,
        SOLAR + "  base S1 a surface Earth at 4,16\n"
        "  ship f1 a freighter at 4,16 landed S1 hold base=1\n",
    )
    with pytest.raises(IllegalCommand, match="landed"):
        site_for(state, state.ship("f1"), "base")


def test_a_base_standing_on_a_minor_planet_feels_no_pull(tmp_path: Path) -> None:
    # at rest beside Luna in a hex of Earth's gravity ring, with Earth's pull waiting
    state = position(tmp_path, SOLAR + "  ship f1 a freighter at 4,15 velocity 0,0 hold base=1\n")
    ring = state.starmap.gravity_at(Hex(4, 15))
    assert ring is not None
    ship = state.ship("f1")
    pulled = replace(
        ship, motion=replace(ship.motion, pulls=(GravityPull(Hex(4, 15), ring.arrows),))
    )
    state, events = resolve_development(state.with_ship(pulled), orders("a: deploy f1 base"))
    (done,) = events
    assert isinstance(done, Deployed) and done.site == "minor"
    base = find_installation(state, done.installation)
    assert base is not None and base.body == "Luna" and base.motion.pulls == ()
