"""Seed 004's squadron point costs and tech-level limits (the seed's scheme), the other
built-in schemes, and refusals that name the factor and say why."""

from __future__ import annotations

import pytest

from core.rules.squadrons.cost_schemes import load_scheme
from core.rules.squadrons.costs import (
    IllegalPurchase,
    check,
    extras_price,
    factor_price,
    price,
    purchase_price,
    require,
)
from core.rules.squadrons.design import Design, Kind, Purchase
from core.rules.squadrons.factors import Factors

SEED = load_scheme("seed")


@pytest.mark.parametrize(("tech", "points"), [(15, 7), (14, 8), (13, 9)])
def test_a_factor_costs_its_value_plus_a_point_per_tech_level_below_15(
    tech: int, points: int
) -> None:
    """The seed's example: a factor-7 sensor costs 7 at tech 15, 8 at 14, 9 at 13."""
    assert price(Design("Eye", tech, factors=Factors(sensor=7)), SEED) == points


def test_the_tech_surcharge_is_paid_once_per_factor_above_zero() -> None:
    design = Design("Cruiser", 13, factors=Factors(jump=4, maneuver=6, attack=20, defense=6))
    assert price(design, SEED) == (4 + 2) + (6 + 2) + (20 + 2) + (6 + 2)


def test_a_factor_of_zero_costs_nothing_at_any_tech_level() -> None:
    assert factor_price(SEED, "attack", 0, 11) == 0
    assert price(Design("Hulk", 11), SEED) == 0


@pytest.mark.parametrize(
    ("factor", "limits"),
    [
        ("jump", (6, 5, 4, 3, 2)),
        ("maneuver", (6, 6, 6, 6, 6)),
        ("sensor", (9, 8, 7, 6, 5)),
        ("attack_range", (9, 8, 7, 6, 5)),
    ],
)
def test_tech_level_limits_table(factor: str, limits: tuple[int, ...]) -> None:
    for tech, limit in zip((15, 14, 13, 12, 11), limits, strict=True):
        at_limit = Design("Ship", tech, factors=Factors().with_(**{factor: limit}))
        assert check(at_limit, SEED) == ()
        over = Design("Ship", tech, factors=Factors().with_(**{factor: limit + 1}))
        (refusal,) = check(over, SEED)
        assert refusal.about == factor


def test_a_refusal_names_the_factor_and_the_tech_limit() -> None:
    (refusal,) = check(Design("Raider", 13, factors=Factors(jump=6)), SEED)
    assert refusal.reason == "Jump 6 is over the tech-13 limit of 4"


def test_attack_defense_and_supply_are_unlimited() -> None:
    huge = Design("Monitor", 11, factors=Factors(attack=500, defense=400, supply=300))
    assert check(huge, SEED) == ()


def test_planets_have_jump_0_and_maneuver_0() -> None:
    planet = Design("Base", 15, Kind.PLANET, Factors(jump=1, maneuver=2, attack=10))
    refusals = check(planet, SEED)
    assert [r.about for r in refusals] == ["jump", "maneuver"]
    assert refusals[0].reason == "Jump 1 is over a planet's limit of 0: planets cannot jump"
    assert refusals[1].reason == "Maneuver 2 is over a planet's limit of 0: planets cannot move"
    assert check(Design("Base", 15, Kind.PLANET, Factors(attack=10)), SEED) == ()


def test_every_refusal_is_returned_not_just_the_first() -> None:
    design = Design(" ", 12, factors=Factors(jump=9, sensor=12))
    assert [r.about for r in check(design, SEED)] == ["name", "jump", "sensor"]


def test_a_tech_level_off_the_table_is_refused() -> None:
    (refusal,) = check(Design("Relic", 10, factors=Factors(jump=9)), SEED)
    assert refusal.reason == "Tech level 10 cannot be built: this scheme covers 11 to 15"


def test_extras_cost_1_for_a_question_mark_1_for_supply_and_4_for_an_admiral() -> None:
    assert extras_price(Purchase(unknowns=3, supply=2, admirals=1), SEED) == 3 + 2 + 4


def test_a_purchase_within_its_budget_is_accepted() -> None:
    frigate = Design("Frigate", 15, factors=Factors(maneuver=4, attack=6))
    purchase = Purchase().with_count(frigate, 5).with_extras(unknowns=2, admirals=1)
    assert purchase_price(purchase, SEED) == 50 + 2 + 4
    assert check(purchase, SEED, 56) == ()
    require(purchase, 56, SEED)


def test_a_purchase_over_its_budget_says_by_how_much() -> None:
    frigate = Design("Frigate", 15, factors=Factors(attack=10))
    (refusal,) = check(Purchase().with_count(frigate, 3), SEED, 25)
    assert (refusal.about, refusal.reason) == (
        "budget",
        "The purchase costs 30 points, 5 over the budget of 25",
    )
    with pytest.raises(IllegalPurchase, match="5 over"):
        require(Purchase().with_count(frigate, 3), 25, SEED)


def test_a_purchase_names_the_design_a_refusal_is_about() -> None:
    bad = Design("Leaper", 12, factors=Factors(jump=4))
    (refusal,) = check(Purchase().with_count(bad, 1), SEED, 100)
    assert refusal.about == "design:Leaper"
    assert refusal.reason == "Leaper: Jump 4 is over the tech-12 limit of 3"


def test_the_per_level_scheme_charges_the_surcharge_on_every_level() -> None:
    scheme = load_scheme("per-level")
    assert [price(Design("Eye", t, factors=Factors(sensor=7)), scheme) for t in (15, 14, 13)] == [
        7,
        14,
        21,
    ]


def test_the_flat_scheme_charges_a_point_a_level_at_any_tech() -> None:
    assert price(Design("Eye", 11, factors=Factors(sensor=5, attack=3)), load_scheme("flat")) == 8


def test_checking_a_purchase_needs_a_budget() -> None:
    with pytest.raises(TypeError, match="budget"):
        check(Purchase(), SEED)  # type: ignore[call-overload]


def test_a_design_over_its_points_budget_says_by_how_much() -> None:
    design = Design("Battleship", 15, factors=Factors(attack=30, defense=20))
    assert check(design, SEED, 50) == ()
    (refusal,) = check(design, SEED, 45)
    assert (refusal.about, refusal.reason) == (
        "budget",
        "The design costs 50 points, 5 over the budget of 45",
    )
