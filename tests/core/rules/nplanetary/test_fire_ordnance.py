"""Launching ordnance and ordnance in flight (seed "Ordnance"), beyond the cases."""

from __future__ import annotations

from dataclasses import replace

from core.board.hexgrid import Hex
from core.rules.nplanetary.model import OrderFailed, holdings_of
from core.rules.nplanetary.orders import LayOrdnance
from core.rules.nplanetary.ordnance import OrdnanceLaid, resolve_launches
from core.rules.nplanetary.ordnance_flight import OrdnanceMet, after_move
from core.vector.motion import Motion
from core.vector.state import ShipStatus
from tests.core.rules.nplanetary.fire_helpers import position


def test_one_piece_per_ship_per_phase_the_last_order_counts() -> None:
    state = position("ordnance", "ship d1 a frigate at 5,5 fuel 10 hold mine=1 torpedo=1")
    orders = [LayOrdnance("a", "d1", "mine"), LayOrdnance("a", "d1", "torpedo")]
    after, events = resolve_launches(state, orders)
    assert [p.weapon for p in after.ordnance] == ["torpedo"]
    assert any(isinstance(e, OrderFailed) and "one piece a phase" in e.text for e in events)


def test_a_mine_laid_obliges_its_ship_to_move_and_says_so() -> None:
    state = position("ordnance", "ship d1 a frigate at 5,5 fuel 10 hold mine=1")
    after, events = resolve_launches(state, [LayOrdnance("a", "d1", "mine")])
    h = holdings_of(after)
    assert h.fresh == {"mine-1"} and h.obliged == {"d1"}
    laid = next(e for e in events if isinstance(e, OrdnanceLaid))
    assert "must burn away this turn" in laid.text


def test_a_torpedo_does_not_oblige_its_ship_to_move() -> None:
    state = position("ordnance", "ship d1 a frigate at 5,5 fuel 10 hold torpedo=1")
    after, _ = resolve_launches(state, [LayOrdnance("a", "d1", "torpedo")])
    assert holdings_of(after).obliged == frozenset()


def test_the_first_turn_ends_with_the_move() -> None:
    before = position(
        "movement",
        "ship d1 a frigate at 0,0 velocity 1,0 fuel 10",
        "ordnance m1 a mine at 5,5 velocity 0,0 launcher d1 fresh",
    )
    after, _ = after_move(before, before)
    assert holdings_of(after).fresh == frozenset()


def test_a_ship_hit_by_its_own_mine_is_told_why() -> None:
    before = position(
        "movement",
        "ship d1 a frigate at 5,5 fuel 10",
        "ordnance m1 a mine at 5,5 velocity 0,0 launcher d1 fresh",
        dice=(1,),
    )
    _, events = after_move(before, before)
    met = next(e for e in events if isinstance(e, OrdnanceMet))
    assert "did not burn away from it" in met.text and "as the move begins" in met.text


def test_nothing_destroyed_earlier_in_the_move_is_met_later() -> None:
    # the nuke meets c1 at 1/2 of the move; the mine would meet it at 3/4
    before = position(
        "movement",
        "ship c1 a cruiser at 0,5 velocity 4,0 fuel 10",
        "ordnance n1 b nuke at 2,5 velocity 0,0",
        "ordnance m1 b mine at 3,5 velocity 0,0",
    )
    ship = before.ship("c1")
    after = before.with_ship(replace(ship, motion=Motion(Hex(4, 5), ship.motion.velocity)))
    result, _ = after_move(before, after)
    assert result.ship("c1").status is ShipStatus.DESTROYED
    assert [p.id for p in result.ordnance] == ["m1"]


def test_landed_ships_are_out_of_reach_of_ordnance() -> None:
    before = position(
        "movement",
        "ship d1 a frigate at 5,5 fuel 10 landed Port",
        "ordnance m1 b mine at 5,5 velocity 0,0",
    )
    result, events = after_move(before, before)
    assert not any(isinstance(e, OrdnanceMet) for e in events)
    assert [p.id for p in result.ordnance] == ["m1"]
