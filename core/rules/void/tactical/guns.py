"""Gun combat at tactical scale (seed "Guns", "Railguns", "Stealth", "Atmospheres"): a
player's ships fire their point-defence cannon (the ship's base strength) at one enemy
ship in the combat phase, adding their railguns when they may fire.

Odds are the attack against the target's defence (its stealth or special defence
included); the die loses one per hex of range and per hex of relative velocity above 2
(standard Triplanetary), and the target's defence gains the level of every atmosphere
hex the fire passes through. The crews' juice penalties come off both strengths.

Railguns fire every other turn, never in the first turn of a battle, nor in a turn the
ship burned more than two hexes or the turn after. Rulings: a ship fires all its
railguns together (alternating them is not modelled); several ships firing together use
the shortest range and the worst relative velocity among them; fire cannot pass through
a solid body or the surface below an atmosphere.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.board.sight import hex_line_blocked
from core.board.starmap import Terrain
from core.engine.commands import Command
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.events import Event
from core.engine.serial import register
from core.rules.void.crew import kit_of
from core.rules.void.tables import tables_of
from core.rules.void.tactical.damage import strike, weapons_down
from core.rules.void.tactical.juice import may_attack, penalty
from core.rules.void.tactical.terms import terms, with_terms
from core.vector.state import GameState, Ship
from core.vector.turns import current_phase

#: a railgun fires at most every this many turns
RAILGUN_EVERY = 2
#: a burn above this many hexes keeps the railguns silent that turn and the next
RAILGUN_MAX_BURN = 2


@register
@dataclass(frozen=True)
class Fire(Command):
    """Fire ``ships`` (the player's own) at ``target``; ``railguns`` adds theirs."""

    ships: tuple[str, ...]
    target: str
    railguns: bool = False


def railgun_refusal(state: GameState, ship: Ship) -> str | None:
    """Why the ship's railguns may not fire now (None: they may)."""
    row = tables_of(state.rules).row(ship.unit)
    if not row.light_railguns and not row.heavy_railguns:
        return f"{ship.name} has no railguns"
    if weapons_down(state, ship):  # the docks say so rather than "ready" on a disabled ship
        return f"{ship.name}'s weapons are down: disabled, damaged or its crew out"
    if state.round == 1:
        return "railguns do not fire in a battle's first turn"
    log = terms(state).log(ship.id)
    if log.railguns and state.round - log.railguns < RAILGUN_EVERY:
        return f"{ship.name}'s railguns fired last turn: they fire every other turn"
    if log.accel > RAILGUN_MAX_BURN or log.before > RAILGUN_MAX_BURN:
        return f"{ship.name} burned more than {RAILGUN_MAX_BURN} hexes this turn or the last"
    return None


def could_hit(state: GameState, ship: Ship, target: Ship) -> bool:
    """Whether ``ship`` may fire at ``target`` now with a roll that could still hit: the
    range and the relative velocity above 2 take less than a die's 6 away (a modified
    roll below 1 has no effect). The combat phase stops for a player who has one."""
    row = tables_of(state.rules).row(ship.unit)
    if not ship.in_play or ship.id in terms(state).fired or row.defensive_only:
        return False
    if weapons_down(state, ship) or not may_attack(kit_of(ship)):
        return False
    if not target.in_play or target.side == ship.side or blocked(state, ship, target):
        return False
    reach = ship.motion.position.distance(target.motion.position)
    relative = (ship.motion.velocity - target.motion.velocity).speed
    return 6 - reach - max(0, relative - 2) >= 1


def atmosphere_bonus(state: GameState, shooter: Ship, target: Ship) -> int:
    """The levels of the atmosphere hexes between the two (the target's hex included)."""
    line = shooter.motion.position.line_to(target.motion.position)[1:]
    bonus = 0
    for h in line:
        found = state.starmap.atmosphere_at(h)
        if found is not None and isinstance(found[1], int):
            bonus += found[1]
    return bonus


def blocked(state: GameState, shooter: Ship, target: Ship) -> bool:
    """Whether a body or a planet's surface stands in the line of fire (decided exactly:
    a line only grazing them, along one side or through a corner, passes)."""
    solid = (Terrain.BODY, Terrain.SURFACE, Terrain.CRUSH_DEPTH)
    return hex_line_blocked(
        shooter.motion.position,
        target.motion.position,
        lambda h: state.starmap.terrain_at(h) in solid,
    )


def fire(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
    assert isinstance(command, Fire)
    if current_phase(state) != "combat":
        raise WrongPhase("guns fire in the combat phase")
    if not command.ships:
        raise IllegalCommand("choose the ships that fire")
    target = state.ship(command.target)
    shooters = [state.own_ship(command.player, s) for s in command.ships]
    tables = tables_of(state.rules)
    if not target.in_play or target.side == shooters[0].side:
        raise IllegalCommand(f"{target.name} is not an enemy ship in the battle")
    done = terms(state).fired
    attack = 0
    worst_velocity = 0
    for ship in shooters:
        kit = kit_of(ship)
        row = tables.row(ship.unit)
        if not ship.in_play or ship.id in done:
            raise IllegalCommand(f"{ship.name} has fired this turn or is out of the battle")
        if weapons_down(state, ship) or not may_attack(kit) or row.defensive_only:
            raise IllegalCommand(f"{ship.name} cannot attack this turn")
        if blocked(state, ship, target):
            raise IllegalCommand(f"{ship.name} has no line of fire to {target.name}")
        base = state.rules.unit(ship.unit).combat or 0
        attack += max(0, base - penalty(kit, terms(state).log(ship.id)))
        if command.railguns:
            refused = railgun_refusal(state, ship)
            if refused is not None:
                raise IllegalCommand(refused)
            attack += row.light_railguns + 2 * row.heavy_railguns
        relative = (ship.motion.velocity - target.motion.velocity).speed
        worst_velocity = max(worst_velocity, relative)
    unit = state.rules.unit(target.unit)
    shield = unit.defence if unit.defence is not None else unit.combat or 0
    bonus = min(atmosphere_bonus(state, s, target) for s in shooters)
    defence = max(1, shield - penalty(kit_of(target), terms(state).log(target.id)) + bonus)
    reach = min(s.motion.position.distance(target.motion.position) for s in shooters)
    modifiers = tuple(
        (why, m)
        for why, m in (("range", -reach), ("relative velocity", -max(0, worst_velocity - 2)))
        if m
    )
    combat = tables.combat
    column = combat.column(attack, defence)
    names = " and ".join(s.name for s in shooters)
    verb = "fires" if len(shooters) == 1 else "fire"
    why = (
        f"{names} {verb} at {target.name}, {attack} against {defence} ({combat.odds_text(column)})"
    )
    dice, rolled = state.dice.roll(why, modifiers=modifiers)
    hit = combat.gun_result(column, rolled.total)
    hits = 0
    if column is not None and rolled.total >= 1:
        hits = combat.gun_hits[min(rolled.total, 6) - 1][column]
    fired = done | {s.id for s in shooters}
    now = terms(state)
    if command.railguns:
        for ship in shooters:
            now = now.with_log(replace(now.log(ship.id), railguns=state.round))
    state = with_terms(replace(state, dice=dice), replace(now, fired=fired))
    state, said = strike(state, target, hit, hits, "gunfire")
    return state, [rolled, *said]
