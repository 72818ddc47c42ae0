"""Seed 001 "Logistics": transfers in the phase, with every refusal saying why."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from core.engine.errors import IllegalCommand
from core.rules.nplanetary.logistics import (
    Transferred,
    TransferRefused,
    check_transfer,
    resolve_logistics,
    transfer_matched,
    transfer_outcome,
)
from core.rules.nplanetary.model import OrderFailed, find_installation, hold_of
from core.rules.nplanetary.orders import Transfer
from tests.core.rules.nplanetary.economy_helpers import orders, position

DOCK = """\
players: a b
phase: logistics
before:
  base B1 a space at 5,5 stocks fuel=20 supplies=10
  base B2 b space at 9,9 stocks supplies=10
  ship f1 a freighter at 5,5 velocity 0,0 fuel 0 docked B1
  ship f2 a frigate at 5,5 velocity 0,0 fuel 0 docked B1
  ship g1 b freighter at 9,9 velocity 0,0 fuel 6 docked B2 hold ore=4
  ship g2 b freighter at 9,9 velocity 0,0 fuel 6 docked B2
"""


def test_every_order_gets_one_result_in_players_words(tmp_path: Path) -> None:
    state = position(tmp_path, DOCK)
    given = orders(
        "a: transfer f1 B1 take fuel=5",
        "a: transfer B1 f1 give fuel=5",
        "b: transfer g1 g2 give fuel=2",
    )
    state, events = resolve_logistics(state, given)
    assert [type(e) for e in events] == [Transferred] * 3
    assert events[0].text == "f1 takes 5 fuel from B1"
    assert events[1].text == (
        "B1 gives 5 fuel to f1 (the same transfer as the other side's order, counted once)"
    )
    assert state.ship("f1").fuel == 5 and state.ship("g2").fuel == 8


def test_a_refused_transfer_is_an_order_failed_that_says_why(tmp_path: Path) -> None:
    state = position(tmp_path, DOCK)
    _, events = resolve_logistics(state, orders("a: transfer f1 B1 take fuel=30"))
    (refused,) = events
    assert isinstance(refused, TransferRefused) and isinstance(refused, OrderFailed)
    assert refused.text == "f1 takes 30 fuel from B1: failed, B1 has only 20 fuel"
    assert (refused.party, refused.other, refused.matched) == ("f1", "B1", False)


def test_the_result_says_whether_the_other_side_matched(tmp_path: Path) -> None:
    state = position(tmp_path, DOCK)
    given = orders("a: transfer B1 f1 give fuel=5", "a: transfer f1 B1 take fuel=5")
    _, events = resolve_logistics(state, given)
    assert all(isinstance(e, Transferred) and e.matched for e in events)


def test_the_app_can_ask_whether_a_transfer_matched() -> None:
    mine = Transfer("a", "f1", "g1", give=(("fuel", 5),), take=(("ore", 2),))
    mirror = Transfer("b", "g1", "f1", give=(("ore", 2),), take=(("fuel", 5),))
    other = Transfer("b", "g1", "f1", give=(("ore", 1),), take=(("fuel", 5),))
    assert transfer_matched([mine, mirror], mine)
    assert not transfer_matched([mine, other], mine)
    assert not transfer_matched([mine], mine)


def test_a_later_order_with_the_same_end_replaces_the_earlier(tmp_path: Path) -> None:
    state = position(tmp_path, DOCK)
    given = orders("a: transfer f1 B1 take fuel=3", "a: transfer f1 B1 take fuel=5")
    state, events = resolve_logistics(state, given)
    assert isinstance(events[0], TransferRefused)
    assert events[0].text == "f1's later transfer with B1 replaces this one"
    assert isinstance(events[1], Transferred) and state.ship("f1").fuel == 5


def test_ore_delivered_to_a_base_becomes_supplies_and_the_log_says_so(tmp_path: Path) -> None:
    state = position(tmp_path, DOCK)
    state, events = resolve_logistics(state, orders("b: transfer g1 B2 give ore=4"))
    assert events[0].text == "g1 gives 4 ore to B2; B2 turns 4 ore into 4 supplies"
    base = find_installation(state, "B2")
    assert base is not None and base.stocks == (("supplies", 14),)
    assert hold_of(state.ship("g1")).items == ()


def test_a_transfer_is_all_or_nothing(tmp_path: Path) -> None:
    state = position(tmp_path, DOCK)
    given = orders("a: transfer f1 B1 take fuel=5 supplies=11")
    after, events = resolve_logistics(state, given)
    assert events[0].text.endswith("failed, B1 has only 10 supplies")
    assert after.ship("f1") == state.ship("f1")


@pytest.mark.parametrize(
    ("order", "why"),
    [
        ("a: transfer g1 g2 give fuel=1", "g1 is not yours to command"),
        ("a: transfer f1 g1 give fuel=1", "f1 cannot reach g1"),
        ("a: transfer f1 zz give fuel=1", "there is no ship or base 'zz'"),
        ("a: transfer f1 B1 give fuel=1 take fuel=1", "name each good once"),
        ("a: transfer f1 B1 take gold=1", "'gold' is not something ships carry"),
        ("a: transfer f1 B1 take fuel=0", "one or more fuel, not 0"),
        ("a: transfer f1 B1", "say what to give or take"),
    ],
)
def test_a_transfer_is_refused_at_once_saying_why(tmp_path: Path, order: str, why: str) -> None:
    state = position(tmp_path, DOCK)
    (command,) = orders(order)
    with pytest.raises(IllegalCommand, match=why):
        check_transfer(state, command)


def test_a_transfer_that_can_no_longer_reach_fails_when_resolved(tmp_path: Path) -> None:
    state = position(tmp_path, DOCK)
    given = orders("a: transfer f1 B1 take fuel=5")
    moved = state.with_ship(replace(state.ship("f1"), docked_at=None))
    _, events = resolve_logistics(moved, given)
    assert isinstance(events[0], TransferRefused)
    assert "cannot reach B1" in events[0].text


def test_the_app_finds_what_became_of_a_transfer_in_the_phases_events(tmp_path: Path) -> None:
    state = position(tmp_path, DOCK)
    given = orders("a: transfer f1 B1 take fuel=5", "a: transfer f2 B1 take fuel=50")
    _, events = resolve_logistics(state, given)
    done, short = (transfer_outcome(events, g) for g in given)
    assert isinstance(done, Transferred) and done.text == "f1 takes 5 fuel from B1"
    assert isinstance(short, TransferRefused) and "B1 has only" in short.text
    assert transfer_outcome(events, Transfer("a", "f2", "f1", give=(("fuel", 1),))) is None
