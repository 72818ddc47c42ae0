"""The odds of combat orders before they are sealed: each attacker's share on each
target, its range and velocity term, the strength it adds, and per target the total,
the ratio against the defence and the band (seed "Combat").

Pure: the app calls :func:`preview` with the orders a player is drafting, and the combat
phase (:mod:`core.rules.nplanetary.combat`) resolves the same figures with dice, so what
a player was shown is what is rolled. Positions and vectors are those at the start of
the phase (everything moves later, in the movement phase).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from core.engine.words import plural
from core.rules.nplanetary.combat_math import hex_range, share_strength, velocity_term
from core.rules.nplanetary.combat_things import Kind, Thing, find_thing, seen
from core.rules.nplanetary.model import Installation, strength, tables_of
from core.rules.nplanetary.orders import Attack
from core.vector.state import GameState, Ship


@dataclass(frozen=True)
class Share:
    """One attacker's part in an attack on one target: its ``portion`` of the strength
    it committed, the ``range`` (-1 a hex), the ``velocity`` term, and what it adds to
    the target's total (``applied``, never below zero)."""

    attacker: str
    name: str
    portion: Fraction
    range: int
    velocity: int
    applied: Fraction

    def describe(self) -> str:
        speed = (
            f"+ {self.velocity} (closing)"
            if self.velocity >= 0
            else (f"- {-self.velocity} (opening)")
        )
        return (
            f"{self.name}: {_num(self.portion)} - {self.range} (range) {speed} "
            f"= {_num(self.applied)}"
        )


@dataclass(frozen=True)
class Odds:
    """Every share on one target and what they add up to. Against ordnance, ``defence``
    is 0 and ``band`` None: any total of 1 or more destroys it. Against a ship or
    installation, ``ratio`` is the total over its ``defence`` and ``band`` the index of
    the ruleset's band it falls in, ``rolls[face - 1]`` the damage rolls on each face."""

    target: str
    name: str
    kind: Kind
    shares: tuple[Share, ...]
    total: Fraction
    defence: int
    ratio: Fraction | None
    band: int | None
    rolls: tuple[int, ...]

    @property
    def outcome(self) -> str:
        """The odds in players' words."""
        total = _num(self.total)
        if self.kind == "ordnance":
            if self.total >= 1:
                return f"strength {total} on {self.name}: destroyed"
            return f"strength {total} on {self.name}: it needs 1 or more to be destroyed"
        assert self.ratio is not None
        then = "; ".join(_faces(self.rolls)) or "no damage whatever the die"
        return f"strength {total} against {self.defence} ({_ratio(self.ratio)}): {then}"


def _faces(rolls: tuple[int, ...]) -> list[str]:
    """Runs of faces with the same number of damage rolls: "5-6: 2 damage rolls"."""
    out: list[str] = []
    start = 0
    for i in range(1, len(rolls) + 1):
        if i == len(rolls) or rolls[i] != rolls[start]:
            if rolls[start]:
                faces = f"{start + 1}" if i - 1 == start else f"{start + 1}-{i}"
                out.append(f"{faces}: {plural(rolls[start], 'damage roll')}")
            start = i
    return out


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}".rstrip("0")


def _ratio(r: Fraction) -> str:
    if r >= 1:
        return f"{_num(r)}:1"
    return f"1:{_num(1 / r)}" if r else "0:1"


def committed(state: GameState, attacker: Ship | Installation, order: Attack) -> Fraction:
    """The strength an order commits: all the attacker's, or less (a warning shot)."""
    full = strength(state, attacker)
    return Fraction(full if order.strength is None else min(order.strength, full))


def share(
    state: GameState, attacker: Ship | Installation, target: Thing, portion: Fraction
) -> Share:
    """One share on one target, from where both are now."""
    a = seen(state, attacker)
    rng = hex_range(a.position, target.position)
    term = velocity_term(a.position.to(target.position), a.velocity - target.velocity)
    _, applied = share_strength(portion, 1, rng, term)
    return Share(a.id, a.name, portion, rng, term, applied)


def preview(state: GameState, orders: Sequence[Attack]) -> tuple[Odds, ...]:
    """The odds on every target of ``orders``, by target id. Orders whose attacker is
    not in play are left out; a target not in play is skipped (the check refuses both)."""
    shares: dict[str, list[Share]] = {}
    targets: dict[str, Thing | Ship | Installation] = {}
    for order in orders:
        attacker = find_thing(state, order.attacker)
        if not isinstance(attacker, Ship | Installation) or not order.targets:
            continue
        portion = committed(state, attacker, order) / len(order.targets)
        for target_id in order.targets:
            target = find_thing(state, target_id)
            if target is None:
                continue
            targets[target_id] = target
            shares.setdefault(target_id, []).append(
                share(state, attacker, seen(state, target), portion)
            )
    return tuple(_odds(state, targets[t], tuple(shares[t])) for t in sorted(shares))


def _odds(state: GameState, target: Thing | Ship | Installation, shares: tuple[Share, ...]) -> Odds:
    total = sum((s.applied for s in shares), Fraction(0))
    t = seen(state, target)
    if isinstance(target, Thing):
        return Odds(t.id, t.name, t.kind, shares, total, 0, None, None, ())
    defence = strength(state, target)
    index, band = tables_of(state).band(total, defence)
    ratio = total / defence if defence else total
    return Odds(t.id, t.name, t.kind, shares, total, defence, ratio, index, band.rolls)
