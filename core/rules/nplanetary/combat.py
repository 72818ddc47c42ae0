"""The combat phase (seed "Combat"): every attack ordered, resolved at once.

np-core calls :func:`check_attack` as each :class:`~core.rules.nplanetary.orders.Attack`
is given (``phases.CHECKS``) and :func:`resolve_combat` when every player has ended the
combat phase (``phases.RESOLVERS["combat"]``), with all the phase's sealed orders.

A ship or installation with working weapons commits its strength (or less: a warning
shot) in equal shares over any number of targets, anyone's, its owner's included, as
long as no planet, moon or star blocks the line (:mod:`core.rules.nplanetary.combat_sight`).
All shares are worked out from where everything stands before any damage
(:func:`core.rules.nplanetary.combat_preview.preview`, the figures the players saw), so
the attacks are simultaneous: a ship disabled this phase still fires. Then, target by
target (by id), ordnance on 1 or more is destroyed, and a ship or installation rolls its
band and the damage table.

Rulings: only an attacker's last attack order of the phase counts; the strength
committed is what is limited by the attacker's strength, not the number of targets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from core.engine.commands import Command
from core.engine.errors import IllegalCommand
from core.engine.events import Event, event
from core.rules.nplanetary.combat_dice import band_roll, damage_rolls
from core.rules.nplanetary.combat_preview import Odds, preview
from core.rules.nplanetary.combat_sight import blocking_body
from core.rules.nplanetary.combat_things import (
    find_thing,
    seen,
    table_for,
    take_damage,
    why_unarmed,
)
from core.rules.nplanetary.model import (
    Installation,
    OrderFailed,
    may_attack,
    strength,
    tables_of,
)
from core.rules.nplanetary.orders import Attack
from core.vector.state import GameState, Ship


@event
class AttackResolved(Event):
    """The strength that fell on one target and, for a ship or installation, the band."""

    target: str
    total: str
    band: int | None = None


@event
class OrdnanceShotDown(Event):
    ordnance: str


def check_attack(state: GameState, command: Command) -> None:
    """Refuse an attack order now, saying why: not the player's, unable to attack, too
    much strength, no targets, a target twice or not in play, or a body in the way."""
    assert isinstance(command, Attack)
    attacker = find_thing(state, command.attacker)
    if not isinstance(attacker, Ship | Installation) or attacker.owner != command.player:
        raise IllegalCommand(f"you have no ship or base {command.attacker!r} to attack with")
    if not may_attack(state, attacker):
        raise IllegalCommand(why_unarmed(state, attacker))
    full = strength(state, attacker)
    if command.strength is not None and not 1 <= command.strength <= full:
        raise IllegalCommand(f"{attacker.name} has strength {full}: it can commit from 1 to {full}")
    if not command.targets:
        raise IllegalCommand(f"name at least one target for {attacker.name}")
    if len(set(command.targets)) != len(command.targets):
        raise IllegalCommand("name each target once: the strength is shared equally")
    for target_id in command.targets:
        if target_id == attacker.id:
            raise IllegalCommand(f"{attacker.name} cannot attack itself")
        target = find_thing(state, target_id)
        if target is None:
            raise IllegalCommand(f"there is no {target_id!r} in play to attack")
        t = seen(state, target)
        body = blocking_body(state.starmap, attacker.motion.position, t.position)
        if body is not None:
            raise IllegalCommand(
                f"{body.name} blocks the line of fire from {attacker.name} to {t.name}"
            )


def _last_orders(orders: Sequence[Command]) -> tuple[list[Attack], list[Event]]:
    last: dict[str, Attack] = {}
    events: list[Event] = []
    for order in orders:
        if isinstance(order, Attack):
            if order.attacker in last:
                text = f"only the last attack order given to {order.attacker} counts"
                events.append(OrderFailed(text, order.player, "attack"))
            last[order.attacker] = order
    return list(last.values()), events


def resolve_combat(state: GameState, orders: Sequence[Command]) -> tuple[GameState, list[Event]]:
    """Resolve every attack of the phase together."""
    chosen, events = _last_orders(orders)
    valid: list[Attack] = []
    for order in chosen:
        try:
            check_attack(state, order)
        except IllegalCommand as refused:
            events.append(
                OrderFailed(f"attack by {order.attacker} fails: {refused}", order.player, "attack")
            )
        else:
            valid.append(order)
    for odds in preview(state, valid):
        state, done = _resolve(state, odds)
        events.extend(done)
    return state, events


def _resolve(state: GameState, odds: Odds) -> tuple[GameState, list[Event]]:
    shares = "; ".join(s.describe() for s in odds.shares)
    said = AttackResolved(
        f"fire on {odds.name}: {shares}. {odds.outcome}", odds.target, str(odds.total), odds.band
    )
    if odds.kind == "ordnance":
        if odds.total < 1:
            return state, [said]
        kept = tuple(p for p in state.ordnance if p.id != odds.target)
        gone = OrdnanceShotDown(f"{odds.name} is shot down", odds.target)
        return replace(state, ordnance=kept), [said, gone]
    target = find_thing(state, odds.target)
    if not isinstance(target, Ship | Installation) or odds.band is None:
        return state, [said]
    tables = tables_of(state)
    band = tables.bands[odds.band]
    dice, count, rolled = band_roll(state.dice, band, f"fire on {target.name}")
    events: list[Event] = [said, *rolled]
    faces = tables.faces(table_for(state, target))
    dice, points, hits = damage_rolls(dice, faces, count, target.name)
    events.extend(hits)
    state, damaged = take_damage(replace(state, dice=dice), target, points)
    return state, events + damaged
