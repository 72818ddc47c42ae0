"""A side's start purchase (:class:`~core.rules.squadrons.design.Purchase`, made in the
Navy Purchases step) turned into counters of a scenario's setup.

The purchase is checked again against the side's points under the scenario's cost
scheme, so a game can never start with more than was paid for. Rulings, since the seed
only prices the extras: every bought counter starts at the side's deployment hex with
full fuel; supply counters are loaded onto the squadrons with a Supply factor, the
largest first, each up to its factor (more than they can carry is refused); admirals go
one each to the squadrons with the highest Attack, then round again; the first "?"
bought covers the deployment hex (so the enemy cannot see what was bought) and the rest
are in hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from core.engine.errors import IllegalCommand
from core.rules.squadrons.cost_schemes import load_scheme
from core.rules.squadrons.costs import IllegalPurchase, Refusal, check_purchase
from core.rules.squadrons.design import Purchase
from core.rules.squadrons.setup import Setup
from core.rules.squadrons.state import Counter, Place, Veil


class PurchaseRefused(IllegalCommand):
    """A purchase that cannot be placed; the message names the side and why."""


def placement_refusals(side: str, purchase: Purchase) -> tuple[Refusal, ...]:
    """Every reason ``side``'s ``purchase`` could not be placed, whatever it costs:
    a planet's defences (ruling: they belong to a planet, set by the scenario, never
    bought to stand in deep space), supply counters beyond what its squadrons' Supply
    factors carry, admirals with no counter to lead, nothing to play with. Navy
    Purchases shows these as it does the price, so the game's start never refuses what
    the dialog let through."""
    designs = purchase.counters()
    refusals: list[Refusal] = []
    for name in sorted({d.name for d in designs if d.is_planet}):
        refusals.append(
            Refusal(
                f"design:{name}",
                f"{side} bought {name}, a planet's defences: they stand at a planet, and a"
                " navy bought before play comes out of jump at its deployment hex",
            )
        )
    carry = sum(d.factors.supply for d in designs)
    if purchase.supply > carry:
        refusals.append(
            Refusal(
                "supply",
                f"{side} bought {purchase.supply} supply counters; its squadrons' Supply"
                f" factors carry only {carry}",
            )
        )
    if purchase.admirals and not designs:
        refusals.append(Refusal("admiral", f"{side} bought admirals but no squadron to lead"))
    if not designs:
        refusals.append(
            Refusal("counters", f"{side} has bought no squadron or planet to play with")
        )
    return tuple(refusals)


def with_purchases(setup: Setup, purchases: Mapping[str, Purchase]) -> Setup:
    """``setup`` with each buying side's purchase placed at its deployment hex."""
    scheme = load_scheme(setup.cost_scheme)
    deploy = dict(setup.deploy)
    budgets = dict(setup.budgets)
    counters = list(setup.counters)
    veils = list(setup.veils)
    hand = dict(setup.in_hand)
    for side, purchase in purchases.items():
        if side not in budgets:
            raise PurchaseRefused(f"{side} does not buy its navy in this scenario")
        refusals = check_purchase(purchase, budgets[side], scheme)
        if refusals:
            raise IllegalPurchase(refusals)
        placing = [r for r in placement_refusals(side, purchase) if r.about != "counters"]
        if placing:
            raise PurchaseRefused(placing[0].reason)
        bought = _counters(side, purchase, deploy[side], len(counters))
        counters += bought
        if purchase.unknowns:
            place = deploy[side]
            veils.append(Veil(f"?{len(veils) + 1}", side, place.system, place.hex))
            hand[side] = hand.get(side, 0) + purchase.unknowns - 1
    for side in budgets:
        if not any(c.side == side for c in counters):
            raise PurchaseRefused(f"{side} has bought no squadron or planet to play with")
    in_hand = tuple((s, hand.get(s, 0)) for s in setup.sides)
    return replace(setup, counters=tuple(counters), veils=tuple(veils), in_hand=in_hand, budgets=())


def _counters(side: str, purchase: Purchase, place: Place, start: int) -> list[Counter]:
    designs = purchase.counters()
    made = [
        Counter(f"{side[:3].lower()}-{start + i + 1}", side, d, place, fuel=d.factors.jump)
        for i, d in enumerate(designs)
    ]
    supply = purchase.supply  # no more than they carry (placement_refusals)
    for i in sorted(range(len(made)), key=lambda i: -made[i].design.factors.supply):
        load = min(supply, made[i].design.factors.supply)
        made[i] = replace(made[i], supply=load)
        supply -= load
    order = sorted(range(len(made)), key=lambda i: -made[i].design.factors.attack)
    for n in range(purchase.admirals):
        i = order[n % len(order)]
        made[i] = replace(made[i], admirals=made[i].admirals + 1)
    return made
