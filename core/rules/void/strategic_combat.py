"""Strategic combat (seed "Strategic scale combat"): both sides' Total Combat Strength,
the secret aggression levels and their factor, one attack and one counterattack, D
results multiplied by the factor, and what each ship is left with.

Rulings where the seed is brief (docs/rules/system3void.md):

* Each side attacks with its total attack against the other side's total defence, and
  rolls once for each ship of the other side at those odds (the seed's example: the
  frigates roll once against the one battleship; the battleship rolls six times).
* The relative-velocity modifier is the meeting's strategic velocity difference: -1 on
  the die per hex above 2.
* A juiced crew (a high-acceleration burn this turn, or to engage) fights at -2 attack
  and defence, the seed's penalty while accelerating; long-juicing strain adds to it.
* A ship whose crew is knocked out by a very-high-acceleration burn adds no attack.
* Damage adds to what a ship carries in; D6 or more is destroyed, as an E.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.engine.dice import Dice
from core.engine.events import Event, event
from core.files.ruleset import Ruleset
from core.rules.void.battle import BattleSetup, BattleShip, Role
from core.rules.void.tables import CombatTables, Hit, VoidTables, strength

#: seed: a juiced crew's combat strength penalty while accelerating
JUICED_PENALTY = 2


@dataclass(frozen=True)
class SideTotal:
    """A side's Total Combat Strength, with the parts in players' words."""

    role: Role
    attack: int
    defence: int
    parts: tuple[str, ...]


@event
class Strike(Event):
    """One roll of strategic combat against one ship: the result as the table gives it
    and multiplied by the aggression factor."""

    ship: str
    roll: int
    result: str
    multiplied: str


@dataclass(frozen=True)
class Damage:
    """What strategic combat did to one ship: its turns disabled after (with what it
    carried in), or destroyed."""

    ship: str
    disabled_for: int
    destroyed: bool


def ship_strength(rules: Ruleset, tables: VoidTables, ship: BattleShip) -> tuple[int, int]:
    """A ship's attack and defence as it enters strategic combat, penalties applied."""
    unit = rules.unit(ship.unit)
    base = strength(unit, tables.row(ship.unit))
    penalty = (JUICED_PENALTY if ship.juiced else 0) + ship.kit.strain
    attack = 0 if ship.kit.crew_out or ship.disabled_for else max(0, base.attack - penalty)
    return attack, max(0, base.defence - penalty)


#: each side and the side it fights
SIDES: tuple[tuple[Role, Role], ...] = (("attacker", "defender"), ("defender", "attacker"))


def totals(
    rules: Ruleset,
    tables: VoidTables,
    setup: BattleSetup,
    levels: dict[Role, int],
    boosts: dict[Role, tuple[int, int]],
) -> dict[Role, SideTotal]:
    """Both sides' totals: ships' strengths, the lower aggression level's defensive bonus
    and the narrative points' dice (``boosts``: extra attack and defence per side)."""
    found: dict[Role, SideTotal] = {}
    for role, other in SIDES:
        attack = defence = 0
        for ship in setup.side(role):
            a, d = ship_strength(rules, tables, ship)
            attack, defence = attack + a, defence + d
        parts = [f"ships {attack} attack, {defence} defence"]
        lower = levels[other] - levels[role]
        if lower > 0:
            defence += lower
            parts.append(f"+{lower} defence for a lower aggression level")
        extra_attack, extra_defence = boosts.get(role, (0, 0))
        if extra_attack:
            parts.append(f"+{extra_attack} attack from a narrative point")
        if extra_defence:
            parts.append(f"+{extra_defence} defence from a narrative point")
        found[role] = SideTotal(role, attack + extra_attack, defence + extra_defence, tuple(parts))
    return found


def velocity_modifier(setup: BattleSetup) -> int:
    return -max(0, setup.approach.velocity_difference - 2)


def multiplied(hit: Hit, factor: int, tables: CombatTables) -> Hit:
    """A result with its D multiplied by the aggression factor; D6 or more counts as E."""
    if hit.harmless:
        return hit
    if hit.eliminated or hit.disabled * factor >= tables.destroyed_at:
        return Hit(eliminated=True)
    return Hit(hit.disabled * factor)


def fire(
    dice: Dice,
    tables: CombatTables,
    shooter: SideTotal,
    target: SideTotal,
    ships: tuple[BattleShip, ...],
    factor: int,
    modifier: int,
) -> tuple[Dice, list[Event], dict[str, Hit]]:
    """One side's attack: the odds of its total against the other's, one roll per ship of
    the other side."""
    column = tables.column(shooter.attack, target.defence)
    odds = tables.odds_text(column)
    events: list[Event] = []
    results: dict[str, Hit] = {}
    for ship in ships:
        mods = (("relative velocity", modifier),) if modifier else ()
        dice, rolled = dice.roll(f"{odds} against {ship.name}", modifiers=mods)
        hit = tables.gun_result(column, rolled.total)
        after = multiplied(hit, factor, tables)
        results[ship.id] = after
        events.append(rolled)
        shown = f"D{hit.disabled * factor}" if hit.disabled and not hit.eliminated else after.text
        text = f"{ship.name}: {hit.text} x{factor} = {shown}"
        if after.eliminated and shown != "E":
            text += " (counts as E)"
        events.append(Strike(text, ship.id, rolled.total, hit.text, after.text))
    return dice, events, results


def damage(ship: BattleShip, hit: Hit, tables: CombatTables) -> Damage:
    if hit.eliminated:
        return Damage(ship.id, 0, True)
    total = ship.disabled_for + hit.disabled
    if total >= tables.destroyed_at:
        return Damage(ship.id, 0, True)
    return Damage(ship.id, total, False)


def fuel_after(ship: BattleShip, cost: Fraction) -> Fraction:
    """Seed: combat costs each ship one fuel point, taken at the end."""
    return ship.fuel - min(cost, ship.fuel)
