"""What squadrons cost and which designs a cost scheme refuses.

A :class:`CostScheme` is the data of one way to price a navy (``resources/rulesets/
squadron-costs/``, loaded by :mod:`core.rules.squadrons.cost_schemes`): points per factor
level, the surcharge for a low tech level, the tech-level limits table, what planets may
not have, and the price of the extras. The seed's own scheme is one; a group may pick
another, and a game keeps the one it was bought under.

:func:`check` never stops at the first fault: it returns every refusal, each naming the
factor (or count) it is about and why, in the players' words, so the design dialog can
show them all beside their controls.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import overload

from core.engine.errors import IllegalCommand
from core.engine.serial import register
from core.rules.squadrons.design import Design, Purchase
from core.rules.squadrons.factors import FACTOR_NAMES, FACTOR_TITLES

#: the extras bought at the start besides squadrons, by key, with their players' names
EXTRAS: dict[str, str] = {
    "unknown": '"?" counter',
    "supply": "supply counter",
    "admiral": "admiral",
}


@register
@dataclass(frozen=True)
class CostScheme:
    """One way to price squadrons. Costs of a factor with value ``v`` > 0 at tech ``t``,
    with ``d = best_tech - t``: ``level * weight * v + factor_surcharge * d +
    level_surcharge * weight * v * d``; a factor of 0 costs nothing."""

    id: str
    name: str = ""
    about: str = ""
    best_tech: int = 15
    level: int = 1
    factor_surcharge: int = 1
    level_surcharge: int = 0
    #: (factor, multiplier) for factors dearer or cheaper than the rest (default 1)
    weights: tuple[tuple[str, int], ...] = ()
    #: the tech levels a design may have, highest first
    tech_levels: tuple[int, ...] = (15, 14, 13, 12, 11)
    #: (factor, highest value at each tech level of ``tech_levels``); unlisted: unlimited
    limits: tuple[tuple[str, tuple[int, ...]], ...] = ()
    #: (factor, highest value) a planet may have
    planet: tuple[tuple[str, int], ...] = (("jump", 0), ("maneuver", 0))
    #: (extra, points each), keys of :data:`EXTRAS`
    extras: tuple[tuple[str, int], ...] = field(
        default=(("unknown", 1), ("supply", 1), ("admiral", 4))
    )

    def weight(self, factor: str) -> int:
        return dict(self.weights).get(factor, 1)

    def limit(self, factor: str, tech: int) -> int | None:
        """The highest value of ``factor`` at ``tech``; None when unlimited (or when the
        tech level is not on the table, which :func:`check` refuses by itself)."""
        row = dict(self.limits).get(factor)
        if row is None or tech not in self.tech_levels:
            return None
        return row[self.tech_levels.index(tech)]

    def planet_limit(self, factor: str) -> int | None:
        return dict(self.planet).get(factor)

    def highest(self, factor: str, tech: int, *, planet: bool = False) -> int | None:
        """The highest value a design may give ``factor``: the tech limit, and for a
        planet its own limit, whichever is lower (None: unlimited)."""
        found = [self.limit(factor, tech), self.planet_limit(factor) if planet else None]
        known = [x for x in found if x is not None]
        return min(known) if known else None

    def extra_price(self, extra: str) -> int:
        return dict(self.extras)[extra]


@register
@dataclass(frozen=True)
class Refusal:
    """One reason a design or purchase cannot be bought: ``about`` is the factor's field
    name (``"jump"``), or ``"name"``, ``"tech"``, ``"budget"``, an extra's key, or
    ``"design:<name>"`` for a design in a purchase; ``reason`` says why."""

    about: str
    reason: str

    def __str__(self) -> str:
        return self.reason


class IllegalPurchase(IllegalCommand):
    """A purchase the game's cost scheme refuses; ``refusals`` lists every reason."""

    def __init__(self, refusals: tuple[Refusal, ...]) -> None:
        self.refusals = refusals
        super().__init__("; ".join(r.reason for r in refusals))


def factor_price(scheme: CostScheme, factor: str, value: int, tech: int) -> int:
    """The points ``value`` levels of ``factor`` cost at ``tech`` (0 for a factor of 0)."""
    if value <= 0:
        return 0
    below = max(0, scheme.best_tech - tech)
    weight = scheme.weight(factor)
    return (
        scheme.level * weight * value
        + scheme.factor_surcharge * below
        + scheme.level_surcharge * weight * value * below
    )


def factor_prices(design: Design, scheme: CostScheme) -> dict[str, int]:
    """Each factor's points, in counter order."""
    return {
        name: factor_price(scheme, name, value, design.tech)
        for name, value in design.factors.items()
    }


def price(design: Design, scheme: CostScheme) -> int:
    """What one counter of ``design`` costs in points."""
    return sum(factor_prices(design, scheme).values())


def extras_price(purchase: Purchase, scheme: CostScheme) -> int:
    """The points of a purchase's "?" counters, supply counters and admirals."""
    return sum(scheme.extra_price(key) * n for key, n in _extra_counts(purchase).items())


def purchase_price(purchase: Purchase, scheme: CostScheme) -> int:
    """The points a whole purchase costs: its counters and its extras."""
    counters = sum(price(line.design, scheme) * line.count for line in purchase.lines)
    return counters + extras_price(purchase, scheme)


def _extra_counts(purchase: Purchase) -> Mapping[str, int]:
    return {"unknown": purchase.unknowns, "supply": purchase.supply, "admiral": purchase.admirals}


_PLANET_WHY = {"jump": ": planets cannot jump", "maneuver": ": planets cannot move"}


def check_design(
    design: Design, scheme: CostScheme, budget: int | None = None
) -> tuple[Refusal, ...]:
    """Every reason ``scheme`` refuses ``design`` (empty when it may be built), and with
    a ``budget`` its costing more points than that."""
    refusals: list[Refusal] = []
    if not design.name.strip():
        refusals.append(Refusal("name", "The design needs a name"))
    tech = design.tech
    if tech not in scheme.tech_levels:
        low, high = min(scheme.tech_levels), max(scheme.tech_levels)
        refusals.append(
            Refusal(
                "tech", f"Tech level {tech} cannot be built: this scheme covers {low} to {high}"
            )
        )
    for name in FACTOR_NAMES:
        value = design.factors.get(name)
        title = FACTOR_TITLES[name]
        planet = scheme.planet_limit(name) if design.is_planet else None
        if planet is not None and value > planet:
            why = _PLANET_WHY.get(name, "") if planet == 0 else ""
            over = f"{title} {value} is over a planet's limit of {planet}{why}"
            refusals.append(Refusal(name, over))
            continue
        limit = scheme.limit(name, tech)
        if limit is not None and value > limit:
            refusals.append(
                Refusal(name, f"{title} {value} is over the tech-{tech} limit of {limit}")
            )
    if budget is not None:
        refusals.extend(_over_budget("The design", price(design, scheme), budget))
    return tuple(refusals)


def _over_budget(what: str, total: int, budget: int) -> list[Refusal]:
    if total <= budget:
        return []
    why = f"{what} costs {total} points, {total - budget} over the budget of {budget}"
    return [Refusal("budget", why)]


def check_purchase(purchase: Purchase, budget: int, scheme: CostScheme) -> tuple[Refusal, ...]:
    """Every reason ``scheme`` refuses ``purchase`` with ``budget`` points: its designs'
    refusals (named by design), two designs of one name, and going over the budget."""
    refusals: list[Refusal] = []
    seen: set[str] = set()
    for line in purchase.lines:
        name = line.design.name
        if name in seen:
            refusals.append(Refusal(f"design:{name}", f"Two designs are called {name}"))
        seen.add(name)
        for refusal in check_design(line.design, scheme):
            refusals.append(
                Refusal(f"design:{name}", f"{name or 'A design without a name'}: {refusal.reason}")
            )
    refusals.extend(_over_budget("The purchase", purchase_price(purchase, scheme), budget))
    return tuple(refusals)


@overload
def check(item: Design, scheme: CostScheme, budget: int | None = None) -> tuple[Refusal, ...]: ...
@overload
def check(item: Purchase, scheme: CostScheme, budget: int) -> tuple[Refusal, ...]: ...


def check(
    item: Design | Purchase, scheme: CostScheme, budget: int | None = None
) -> tuple[Refusal, ...]:
    """:func:`check_design` for a design (within ``budget`` when given), :func:`check_purchase`
    for a purchase (which needs the side's ``budget``)."""
    if isinstance(item, Design):
        return check_design(item, scheme, budget)
    if budget is None:
        raise TypeError("checking a purchase needs the side's budget")
    return check_purchase(item, budget, scheme)


def require(purchase: Purchase, budget: int, scheme: CostScheme) -> None:
    """Raise :class:`IllegalPurchase` listing every refusal, if there are any."""
    refusals = check_purchase(purchase, budget, scheme)
    if refusals:
        raise IllegalPurchase(refusals)
