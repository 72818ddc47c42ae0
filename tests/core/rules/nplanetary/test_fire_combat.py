"""The combat phase and its preview (seed "Combat"), beyond the adjudication cases."""

from __future__ import annotations

from fractions import Fraction

from core.engine.commands import EndPhase
from core.engine.play import apply, waiting_for
from core.rules.nplanetary.combat import OrdnanceShotDown, check_attack, resolve_combat
from core.rules.nplanetary.combat_preview import preview
from core.rules.nplanetary.model import OrderFailed, hold_of
from core.rules.nplanetary.orders import Attack, LayOrdnance
from core.vector.turns import current_phase
from tests.core.rules.nplanetary.fire_helpers import position


def duel() -> object:
    return position(
        "combat",
        "ship c1 a cruiser at 3,5 velocity 2,0 fuel 10",
        "ship d1 b frigate at 5,5 fuel 10",
        "ship d2 b frigate at 5,6 fuel 10",
        "ordnance m1 b mine at 4,5 velocity 0,0",
    )


def test_preview_shows_each_share_with_range_velocity_ratio_and_band() -> None:
    state = duel()
    (odds,) = preview(state, [Attack("a", "c1", ("d1",))])
    (share,) = odds.shares
    assert (share.portion, share.range, share.velocity, share.applied) == (5, 2, 2, 5)
    assert (odds.total, odds.defence, odds.ratio, odds.band) == (5, 2, Fraction(5, 2), 4)
    assert odds.outcome == ("strength 5 against 2 (2.5:1): 3-4: 1 damage roll; 5-6: 2 damage rolls")


def test_preview_rolls_no_dice_and_changes_nothing() -> None:
    state = duel()
    preview(state, [Attack("a", "c1", ("d1", "d2", "m1"))])
    assert state == duel()


def test_preview_splits_strength_in_equal_shares_over_all_targets() -> None:
    odds = preview(duel(), [Attack("a", "c1", ("d1", "d2", "m1"))])
    assert [o.target for o in odds] == ["d1", "d2", "m1"]
    assert {o.shares[0].portion for o in odds} == {Fraction(5, 3)}
    mine = odds[2]
    assert mine.band is None and mine.outcome.endswith("destroyed")


def test_preview_of_a_warning_shot_uses_the_strength_given() -> None:
    (odds,) = preview(duel(), [Attack("a", "c1", ("d1",), strength=1)])
    assert odds.shares[0].portion == 1


def test_only_an_attackers_last_order_of_the_phase_counts() -> None:
    state = duel()
    orders = [Attack("a", "c1", ("m1",)), Attack("a", "c1", ("d1",), strength=1)]
    after, events = resolve_combat(state, orders)
    assert any(isinstance(e, OrderFailed) and "only the last" in e.text for e in events)
    assert after.piece("m1")  # the first order (on the mine) did not count


def test_an_attack_checked_when_given_names_the_reason() -> None:
    state = duel()
    for order, reason in [
        (Attack("b", "c1", ("d1",)), "no ship or base"),
        (Attack("a", "c1", ()), "at least one target"),
        (Attack("a", "c1", ("d1", "d1")), "each target once"),
        (Attack("a", "c1", ("c1",)), "cannot attack itself"),
    ]:
        try:
            check_attack(state, order)
        except ValueError as refused:
            assert reason in str(refused)
        else:
            raise AssertionError(f"{order} should be refused")


def test_combat_keeps_the_holds_and_takes_dice_from_the_state() -> None:
    state = duel()
    after, _ = resolve_combat(state, [Attack("a", "c1", ("d1",))])
    assert after.dice.rolled > state.dice.rolled
    assert hold_of(after.ship("c1")) == hold_of(state.ship("c1"))


def test_a_turn_of_sealed_orders_lays_fires_and_moves_through_the_engine() -> None:
    state = position(
        "ordnance",
        "ship hawk a frigate at 10,5 fuel 15 hold mine=1",
        "ship wolf b cruiser at 13,5 velocity -1,0 fuel 15",
    )
    state, _ = apply(state, LayOrdnance("a", "hawk", "mine"))
    assert state.ordnance == ()  # sealed until everyone asked has ended the phase
    state, _ = apply(state, EndPhase("a"))
    assert current_phase(state) == "combat" and [p.id for p in state.ordnance] == ["mine-1"]
    state, _ = apply(state, Attack("b", "wolf", ("mine-1",)))
    for player in [p.id for p in waiting_for(state)]:  # only who can act is asked
        if current_phase(state) == "combat":
            state, events = apply(state, EndPhase(player))
    assert state.ordnance == ()
    assert any(isinstance(e, OrdnanceShotDown) for e in events)
