"""Amounts of goods and items as players say them, in the log and the docks (the trial
of 2026-11-26 read "gains 1 supplies" at the end of every round)."""

from __future__ import annotations

from core.rules.nplanetary.amounts import amount


def test_amounts_of_goods_read_as_players_say_them() -> None:
    assert [amount(1, "supplies"), amount(3, "supplies")] == ["1 supply", "3 supplies"]
    assert [amount(1, "fuel"), amount(5, "ore"), amount(2, "water")] == [
        "1 fuel",
        "5 ore",
        "2 water",
    ]
    assert [amount(1, "torpedo"), amount(2, "torpedo"), amount(2, "mine")] == [
        "1 torpedo",
        "2 torpedoes",
        "2 mines",
    ]
