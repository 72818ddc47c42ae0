"""The squadron Design and the start Purchase: plain values that survive saving, with
their counts kept whole and non-negative."""

from __future__ import annotations

import pytest

from core.engine.serial import from_data, to_data
from core.rules.squadrons.design import Design, Kind, Purchase, PurchaseLine
from core.rules.squadrons.factors import Factors

CRUISER = Design("Cruiser", 13, Kind.SQUADRON, Factors(jump=4, maneuver=6, attack=20))
FORT = Design("Fort", 12, Kind.PLANET, Factors(attack=10, defense=8))


def test_a_design_and_a_purchase_are_saved_and_read_back_the_same() -> None:
    purchase = Purchase((PurchaseLine(CRUISER, 3), PurchaseLine(FORT, 1)), 2, 4, 1)
    assert from_data(to_data(purchase)) == purchase


def test_a_design_is_a_squadron_at_tech_15_unless_told() -> None:
    design = Design("Scout")
    assert (design.tech, design.kind, design.factors) == (15, Kind.SQUADRON, Factors())
    assert not design.is_planet and FORT.is_planet
    assert Kind.PLANET.title == "Planet"


@pytest.mark.parametrize("tech", [-1, 1.5, True])
def test_a_tech_level_is_a_whole_number(tech: object) -> None:
    with pytest.raises(ValueError, match="tech level"):
        Design("Odd", tech)  # type: ignore[arg-type]


def test_counts_of_counters_and_extras_are_whole_numbers_from_zero() -> None:
    with pytest.raises(ValueError, match="count"):
        PurchaseLine(CRUISER, -1)
    with pytest.raises(ValueError, match="admirals"):
        Purchase(admirals=-2)


def test_buying_more_of_a_design_replaces_its_line_and_zero_drops_it() -> None:
    purchase = Purchase().with_count(CRUISER, 2).with_count(FORT, 1).with_count(CRUISER, 5)
    assert [(line.design.name, line.count) for line in purchase.lines] == [
        ("Cruiser", 5),
        ("Fort", 1),
    ]
    assert purchase.count_of("Cruiser") == 5
    assert purchase.with_count(FORT, 0).count_of("Fort") == 0
    assert len(purchase.counters()) == 6


def test_extras_change_alone() -> None:
    purchase = Purchase(unknowns=1, supply=2, admirals=3).with_extras(supply=5)
    assert (purchase.unknowns, purchase.supply, purchase.admirals) == (1, 5, 3)
