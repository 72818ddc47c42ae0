"""Seed 001 "Logistics": which ordered transfers go through, and counting them once."""

from __future__ import annotations

from core.rules.nplanetary.logistics_match import (
    End,
    TransferOrder,
    deal,
    deals,
    describe,
    judge,
    matched,
)

ENDS = {
    "a1": End("a1", "Ajax", "alice"),
    "a2": End("a2", "Argo", "alice"),
    "base": End("base", "Ceres Yard", "alice"),
    "b1": End("b1", "Boreas", "bob"),
    "wreck": End("wreck", "Hulk", "bob", open=True),
    "free": End("free", "Derelict", None),
}


def order(player: str, end: str, other: str, index: int = 0, **gives: int) -> TransferOrder:
    return TransferOrder(player, end, other, tuple(gives.items()), index)


def test_a_deal_is_the_same_seen_from_either_end() -> None:
    assert deal("a1", "b1", {"fuel": 5, "supplies": -1}) == deal(
        "b1", "a1", {"fuel": -5, "supplies": 1}
    )
    assert deal("a1", "b1", {"fuel": 5}).given_by("b1") == {"fuel": -5}


def test_a_transfer_between_own_ships_needs_no_reply() -> None:
    (r,) = judge([order("alice", "a1", "a2", fuel=3)], ENDS)
    assert r.goes and not r.matched
    assert r.why == "Ajax gives 3 fuel to Argo"


def test_identical_transfers_ordered_from_both_ends_count_once() -> None:
    # the seed's example: the ship takes 5 fuel from the base, the base gives it 5 fuel
    orders = [order("alice", "a1", "base", 0, fuel=-5), order("alice", "base", "a1", 1, fuel=5)]
    rulings = judge(orders, ENDS)
    assert all(r.goes and r.matched for r in rulings)
    assert [r.once for r in rulings] == [False, True]
    assert deals(rulings) == [deal("base", "a1", {"fuel": 5})]


def test_own_ends_ordering_different_transfers_with_each_other_both_fail() -> None:
    orders = [order("alice", "a1", "a2", 0, fuel=3), order("alice", "a2", "a1", 1, fuel=-4)]
    rulings = judge(orders, ENDS)
    assert not any(r.goes for r in rulings)
    assert "Argo was ordered a different transfer with Ajax" in rulings[0].why
    assert deals(rulings) == []


def test_a_transfer_with_another_player_goes_only_when_both_ordered_exactly_the_same() -> None:
    # the seed's example: give 5 fuel and take 1 supplies, mirrored by the other side
    mine = order("alice", "a1", "b1", 0, fuel=5, supplies=-1)
    theirs = order("bob", "b1", "a1", 1, fuel=-5, supplies=1)
    rulings = judge([mine, theirs], ENDS)
    assert all(r.goes and r.matched for r in rulings)
    assert rulings[0].why.endswith("both sides ordered it")
    assert len(deals(rulings)) == 1


def test_a_transfer_with_another_player_fails_on_any_mismatch_of_amount_or_direction() -> None:
    mine = order("alice", "a1", "b1", 0, fuel=5, supplies=-1)
    for reply in (
        order("bob", "b1", "a1", 1, fuel=-4, supplies=1),  # quantity
        order("bob", "b1", "a1", 1, fuel=5, supplies=-1),  # direction
        order("bob", "b1", "a1", 1, fuel=-5),  # a good left out
    ):
        rulings = judge([mine, reply], ENDS)
        assert not any(r.goes for r in rulings)
        assert "Boreas's owner ordered a different transfer" in rulings[0].why


def test_a_transfer_with_another_player_fails_without_their_order() -> None:
    (r,) = judge([order("alice", "a1", "b1", fuel=-2)], ENDS)
    assert not r.goes
    assert r.why == (
        "Ajax takes 2 fuel from Boreas: refused, Boreas's owner did not order this transfer"
    )


def test_a_disabled_ship_of_another_player_cannot_refuse() -> None:
    plunder = order("alice", "a1", "wreck", 0, fuel=-10)
    refusal = order("bob", "wreck", "a1", 1, fuel=-1)
    rulings = judge([plunder, refusal], ENDS)
    assert rulings[0].goes and "Hulk is disabled and cannot refuse" in rulings[0].why
    assert not rulings[1].goes  # Ajax is not disabled: Bob's order needs Alice's agreement
    assert deals(rulings) == [deal("a1", "wreck", {"fuel": -10})]


def test_a_ship_nobody_owns_needs_disabling_before_a_transfer() -> None:
    (r,) = judge([order("alice", "a1", "free", fuel=-1)], ENDS)
    assert not r.goes


def test_a_later_transfer_with_the_same_end_replaces_the_earlier() -> None:
    orders = [order("alice", "a1", "a2", 0, fuel=1), order("alice", "a1", "a2", 1, fuel=2)]
    rulings = judge(orders, ENDS)
    assert [r.goes for r in rulings] == [False, True]
    assert rulings[0].why == "Ajax's later transfer with Argo replaces this one"
    assert deals(rulings) == [deal("a1", "a2", {"fuel": 2})]


def test_the_deals_do_not_depend_on_the_order_the_orders_arrive_in() -> None:
    orders = [
        order("alice", "a1", "b1", 0, fuel=5),
        order("bob", "b1", "a1", 1, fuel=-5),
        order("alice", "a2", "base", 2, ore=4),
        order("alice", "a1", "wreck", 3, water=-2),
    ]
    forward = deals(judge(orders, ENDS))
    backward = deals(judge(list(reversed(orders)), ENDS))
    assert forward == backward and len(forward) == 3


def test_the_app_can_ask_whether_the_other_side_matched() -> None:
    mine = order("alice", "a1", "b1", 0, fuel=5)
    assert matched([mine, order("bob", "b1", "a1", 1, fuel=-5)], mine)
    assert not matched([mine, order("bob", "b1", "a1", 1, fuel=-4)], mine)


def test_transfers_read_in_players_words() -> None:
    assert describe({"fuel": 5, "supplies": -1}, "Ajax", "Boreas") == (
        "Ajax gives 5 fuel to Boreas and takes 1 supply from Boreas"
    )


def test_the_other_sides_latest_order_is_the_one_that_must_match() -> None:
    mine = order("alice", "a1", "b1", 0, fuel=5)
    replies = [order("bob", "b1", "a1", 1, fuel=-5), order("bob", "b1", "a1", 2, fuel=-4)]
    assert not matched([mine, *replies], mine)
    assert not matched([mine, *reversed(replies)], mine)  # the index decides, not the list
    assert matched([mine, replies[1], order("bob", "b1", "a1", 3, fuel=-5)], mine)
