"""Torpedoes at tactical scale (seed "Torpedoes", "Atmospheres").

In the ordnance phase a ship launches up to one torpedo per tube at one enemy ship,
written down in secret; the torpedoes launched by a ship in one turn at one ship fly
together as a "#T" group. A torpedo burns up to three hexes on its launch turn and two a
turn after, moving with its owner's ships. Reaching its target's hex, each torpedo of the
group faces the target's defences (the target's strength divided by three against 1 on
the Gun Combat Damage table: a D or E destroys it); the rest strike on the Torpedo column
of the Other Damage table (hits in the advanced system). A group flying through
atmosphere rolls on the Asteroid column (plus the deepest level and a point per hex of
speed above 3) and is lost on any damage.

Rulings: a group's owner may plot its guidance (a burn, like a ship's, seen by nobody
else until it flies); a group left unguided is flown straight at its target by the
program; a group whose target has left the battle, or that leaves the map, is lost; a
group lasts five turns of flight, as standard Triplanetary's ordnance does; a disabled
ship, or one whose crew is out, cannot intercept.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.board.hexgrid import Direction, Hex, Vector
from core.engine.commands import Command
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.events import Event
from core.engine.serial import register
from core.rules.void.crew import kit_of, with_kit
from core.rules.void.said import Said
from core.rules.void.tables import tables_of
from core.rules.void.tactical.damage import strike, weapons_down
from core.rules.void.tactical.juice import may_attack, penalty
from core.rules.void.tactical.terms import Torpedoes, terms, with_terms
from core.vector.motion import Motion
from core.vector.state import GameState, Ship
from core.vector.turns import current_phase

LAUNCH_BURN = 3
GUIDANCE = 2
LIFETIME = 5
INTERCEPT_DIVISOR = 3


@register
@dataclass(frozen=True)
class LaunchTorpedoes(Command):
    """Launch ``count`` torpedoes from ``ship`` at ``target`` (kept secret)."""

    ship: str
    target: str
    count: int = 1


def launch(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
    assert isinstance(command, LaunchTorpedoes)
    if current_phase(state) != "ordnance":
        raise WrongPhase("torpedoes are launched in the ordnance phase")
    ship = state.own_ship(command.player, command.ship)
    target = state.ship(command.target)
    kit = kit_of(ship)
    tubes = tables_of(state.rules).row(ship.unit).torpedo_tubes
    now = terms(state)
    if not ship.in_play or weapons_down(state, ship) or not may_attack(kit):
        raise IllegalCommand(f"{ship.name} cannot launch this turn")
    if any(g.ship == ship.id and g.launched == state.round for g in now.torpedoes):
        raise IllegalCommand(f"{ship.name} has launched this turn")
    if not 1 <= command.count <= tubes:
        raise IllegalCommand(f"{ship.name} launches 1 to {tubes} torpedoes a turn (one a tube)")
    if command.count > kit.torpedoes:
        raise IllegalCommand(f"{ship.name} has {kit.torpedoes} torpedoes aboard")
    if not target.in_play or target.side == ship.side:
        raise IllegalCommand("torpedoes are launched at an enemy ship in the battle")
    group = Torpedoes(
        f"T{state.serial + 1}",
        ship.owner,
        ship.side,
        ship.id,
        target.id,
        command.count,
        Motion(ship.motion.position, ship.motion.velocity),
        state.round,
    )
    ship = with_kit(ship, replace(kit, torpedoes=kit.torpedoes - command.count))
    state = replace(state.with_ship(ship), serial=state.serial + 1)
    state = with_terms(state, replace(now, torpedoes=(*now.torpedoes, group)))
    return state, [Said(f"{ship.name} launches {group.label} (target kept secret)")]


@register
@dataclass(frozen=True)
class GuideTorpedoes(Command):
    """Plot this turn's guidance for one of the player's torpedo groups: up to three
    hexes on its launch turn, two after (None: fly it straight at its target)."""

    group: str
    burn: tuple[Direction, ...] | None = None


def guide(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
    assert isinstance(command, GuideTorpedoes)
    if current_phase(state) not in ("astrogation", "ordnance", "movement"):
        raise WrongPhase("torpedoes are guided before they move, in the movement phase")
    now = terms(state)
    group = next((g for g in now.torpedoes if g.id == command.group), None)
    if group is None or group.owner != command.player:
        raise IllegalCommand(f"you have no torpedo group {command.group!r} in flight")
    allowed = allowance(group, state.round)
    if command.burn is not None and len(command.burn) > allowed:
        raise IllegalCommand(f"{group.label} {group.id} may burn {allowed} hexes this turn")
    guided = replace(group, burn=command.burn)
    groups = tuple(guided if g is group else g for g in now.torpedoes)
    return with_terms(state, replace(now, torpedoes=groups)), [
        Said(f"{group.label} {group.id}: guidance plotted")
    ]


def allowance(group: Torpedoes, round_: int) -> int:
    """The hexes of burn ``group`` has in round ``round_``: more on its launch turn."""
    return LAUNCH_BURN if group.launched == round_ else GUIDANCE


def guided_end(group: Torpedoes, round_: int) -> Hex | None:
    """Where the guidance its owner plotted ends ``group``'s move this round (its flight,
    and the arrow the map draws); None: none plotted, it flies straight at its target."""
    if group.burn is None:
        return None
    velocity = group.motion.velocity
    for d in group.burn[: allowance(group, round_)]:
        velocity = velocity + Vector.of(d)
    return group.motion.position + velocity


def _steer(position: Hex, velocity: Vector, aim: Hex, burn: int) -> Vector:
    """The vector after a burn of up to ``burn`` hexes that brings the coast nearest
    ``aim``."""
    for _ in range(burn):
        coast = position + velocity
        best = min(
            (velocity + Vector.of(d) for d in Direction),
            key=lambda v: ((position + v).distance(aim), v),
        )
        if (position + best).distance(aim) >= coast.distance(aim):
            break
        velocity = best
    return velocity


def fly(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """The player's torpedo groups move (after the player's ships) and strike."""
    events: list[Event] = []
    for group in terms(state).torpedoes:
        if player is not None and group.owner != player:
            continue
        state, more = _fly_one(state, group)
        events.extend(more)
    return state, events


def _drop(state: GameState, group: Torpedoes) -> GameState:
    now = terms(state)
    return with_terms(
        state, replace(now, torpedoes=tuple(g for g in now.torpedoes if g is not group))
    )


def _fly_one(state: GameState, group: Torpedoes) -> tuple[GameState, list[Event]]:
    target = state.ship(group.target)
    if not target.in_play or state.round - group.launched >= LIFETIME:
        return _drop(state, group), [Said(f"{group.label} {group.id} is spent")]
    start = group.motion.position
    guided = guided_end(group, state.round)
    if guided is None:
        burn = allowance(group, state.round)
        velocity = _steer(start, group.motion.velocity, target.motion.position, burn)
    else:
        velocity = start.to(guided)
    end = start + velocity
    path = start.line_to(end)
    if not state.starmap.bounds.contains(end) and target.motion.position not in path:
        return _drop(state, group), [Said(f"{group.label} {group.id} leaves the battle")]
    state, lost, events = _through_air(state, group, path, velocity.speed)
    if lost:
        return _drop(state, group), events
    if target.motion.position in path:
        state = _drop(state, group)
        state, more = _strike(state, group, target)
        return state, events + more
    moved = replace(group, motion=Motion(end, velocity), burn=None)
    now = terms(state)
    groups = tuple(moved if g is group else g for g in now.torpedoes)
    return with_terms(state, replace(now, torpedoes=groups)), events


def _through_air(
    state: GameState, group: Torpedoes, path: list[Hex], speed: int
) -> tuple[GameState, bool, list[Event]]:
    levels = [
        lv
        for h in path
        if (found := state.starmap.atmosphere_at(h)) is not None
        for lv in (found[1],)
        if isinstance(lv, int)
    ]
    if not levels:
        return state, False, []
    mods = (("deepest zone", max(levels)), ("speed above 3", max(0, speed - 3)))
    dice, rolled = state.dice.roll(f"{group.label} {group.id} in the atmosphere", modifiers=mods)
    hit = tables_of(state.rules).combat.other_result("asteroid", rolled.total)
    state = replace(state, dice=dice)
    if hit.harmless:
        return state, False, [rolled]
    return state, True, [rolled, Said(f"{group.label} {group.id} burns up in the atmosphere")]


def _strike(state: GameState, group: Torpedoes, target: Ship) -> tuple[GameState, list[Event]]:
    tables = tables_of(state.rules).combat
    events: list[Event] = [Said(f"{group.label} reaches {target.name}")]
    left = group.count
    if not target.disabled:
        base = state.rules.unit(target.unit).combat or 0
        strength = max(0, base - penalty(kit_of(target), terms(state).log(target.id)))
        column = tables.column(strength // INTERCEPT_DIVISOR, 1)
        dice = state.dice
        for _ in range(group.count):
            dice, rolled = dice.roll(f"{target.name}'s point defence against a torpedo")
            events.append(rolled)
            if not tables.gun_result(column, rolled.total).harmless:
                left -= 1
        state = replace(state, dice=dice)
        events.append(Said(f"{target.name} stops {group.count - left} of {group.count}"))
    for _ in range(left):
        target = state.ship(target.id)
        if not target.in_play:
            break
        dice, rolled = state.dice.roll(f"a torpedo strikes {target.name}")
        hit = tables.other_result("torpedo", rolled.total)
        hits = dict(tables.other_hits)["torpedo"][rolled.total - 1]
        state, said = strike(replace(state, dice=dice), target, hit, hits, "torpedo")
        events += [rolled, *said]
    return state, events
