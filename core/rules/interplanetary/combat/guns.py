"""The gun phase (seed "Gun phase"): each gun fires once a turn, and answers back.

Range is the closest approach of the two ships' vectors this turn, counted in hexes
between the hexes each vector passes through (a ruling: the seed measures on the map);
relative velocity is the difference of the two vectors. Beyond the play aid's free range
and velocity (2), each hex is -1. After the attack's damage is placed, the target may
fire back with each gun that can answer
(:class:`~core.rules.interplanetary.combat.attack.PendingAnswer`), unless it was disabled or
destroyed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from core.board.hexgrid import Hex
from core.board.starmap import BaseKind
from core.board.tracer import Vertex, trace
from core.engine.commands import Command
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.events import Event, event
from core.engine.serial import register
from core.rules.interplanetary.aid.carried import play_aid
from core.rules.interplanetary.aid.playaid import AttackTable, Gun, PlayAid
from core.rules.interplanetary.combat.attack import Attack, PendingAnswer
from core.rules.interplanetary.combat.readiness import after_name, guns_ready, may_answer
from core.rules.interplanetary.combat.single_use import gun_attack
from core.rules.interplanetary.phases import phase_word
from core.rules.interplanetary.scenario.special_rules import fire_refused
from core.vector.state import GameState, Ship, ShipStatus
from core.vector.turns import current_phase

GUN_PHASE = "guns"


@event
class FireHeld(Event):
    ship: str


@register
@dataclass(frozen=True)
class Fire(Command):
    """Fire the gun on mount point ``gun`` of ``ship`` at ``target``: in the gun phase, or
    to answer an attack on ``ship`` by ``target``."""

    ship: str
    gun: int
    target: str


@register
@dataclass(frozen=True)
class Hold(Command):
    """Do not fire back (answering an attack on ``ship``)."""

    ship: str


@dataclass(frozen=True)
class Shot:
    """Everything a player sees before rolling: range, relative velocity, each modifier
    with its reason, and the chance of each result on the gun's table (in sixths)."""

    gun: Gun
    range: int
    velocity: int
    modifiers: tuple[tuple[str, int], ...]
    table: AttackTable
    chances: tuple[tuple[str, Fraction], ...]

    @property
    def modifier(self) -> int:
        return sum(m for _, m in self.modifiers)


def vector_hexes(ship: Ship) -> list[Hex]:
    """The hexes the ship's vector this turn runs through, from its tail to its tip.

    Read from the exact trace (a ruling): the tail's hex, every hex entered, and both
    hexes of a hexside run, so a vector along a hexside is as near a target on one side
    as on its mirror image; a corner only touched does not count.
    """
    tip = ship.motion.position
    v = ship.motion.velocity
    tail = Hex(tip.q - v.q, tip.r - v.r)
    seen: dict[Hex, None] = {tail: None}
    for step in trace(tail, tip).steps:
        if not isinstance(step, Vertex):
            seen.update(dict.fromkeys(step.hexes))
    return list(seen)


def closest_approach(a: Ship, b: Ship) -> int:
    return min(x.distance(y) for x in vector_hexes(a) for y in vector_hexes(b))


def relative_velocity(a: Ship, b: Ship) -> int:
    return (a.motion.velocity - b.motion.velocity).speed


def chances(table: AttackTable, modifier: int) -> tuple[tuple[str, Fraction], ...]:
    """The chance of each result code for a d6 plus ``modifier``."""
    counts: dict[str, int] = {}
    for face in range(1, 7):
        code = table.result(face + modifier).code
        counts[code] = counts.get(code, 0) + 1
    return tuple((code, Fraction(n, 6)) for code, n in counts.items())


def shot(state: GameState, ship: Ship, gun: Gun, target: Ship) -> Shot:
    """The odds of ``gun`` on ``ship`` firing at ``target`` now."""
    return odds(
        play_aid(state), gun, closest_approach(ship, target), relative_velocity(ship, target)
    )


def odds(aid: PlayAid, gun: Gun, distance: int, speed: int) -> Shot:
    """The odds of ``gun`` at range ``distance`` and relative velocity ``speed`` (a
    ship's gun or a base's, :mod:`core.rules.interplanetary.combat.base_defence`)."""
    if gun.table is None:
        raise IllegalCommand(f"the {gun.name} does not fire at ships: it defends")
    modifiers: list[tuple[str, int]] = []
    if gun.bonus:
        modifiers.append((f"{gun.name}", gun.bonus))
    if gun.range_penalty and aid.range_modifier(distance):
        modifiers.append((f"range {distance}", aid.range_modifier(distance)))
    if gun.velocity_penalty and aid.velocity_modifier(speed):
        modifiers.append((f"relative velocity {speed}", aid.velocity_modifier(speed)))
    table = aid.table(gun.table)
    total = sum(m for _, m in modifiers)
    return Shot(gun, distance, speed, tuple(modifiers), table, chances(table, total))


def targets(state: GameState, ship: Ship) -> list[Ship]:
    """The ships ``ship``'s guns may fire at now: those :func:`refusal` lets through, so
    what the Combat dock offers is what :func:`fire` accepts."""
    return [t for t in state.ships if t.id != ship.id and refusal(state, ship, t) is None]


def refusal(state: GameState, ship: Ship, target: Ship) -> str | None:
    """Why no gun of ``ship`` may fire at ``target`` now, whichever gun (None: it may):
    a ship of its own side, a no-fire zone either ship is in, or a target out of reach of
    weapons (landed, or docked at an asteroid base, seed "Bases")."""
    if target.side == ship.side:
        return f"{target.name} is on your side"
    refused = fire_refused(state, ship, target)
    if refused is not None:
        return refused
    if not exposed(state, target):
        return f"{target.name} is safe from attack where it is"
    return None


def exposed(state: GameState, ship: Ship) -> bool:
    """Whether weapons can reach the ship: in space, not landed or inside an asteroid base."""
    if ship.status is not ShipStatus.ACTIVE:
        return False
    if ship.docked_at is not None:
        base = state.starmap.base(ship.docked_at)
        if base is not None and base.kind is BaseKind.ASTEROID:
            return False
    return True


def fire(state: GameState, command: Fire) -> tuple[GameState, list[Event]]:
    answering = state.pending[0] if state.pending else None
    if answering is not None and not isinstance(answering, PendingAnswer):
        raise WrongPhase(f"first, {answering.prompt()}")
    ship = state.own_ship(command.player, command.ship)
    target = state.known_ship(command.target)
    guns, why = guns_ready(state, ship, answering=answering is not None)
    if why is not None:
        raise IllegalCommand(f"{ship.name} cannot fire: {after_name(ship, why)}")
    gun = dict(guns).get(command.gun)
    if gun is None:
        raise IllegalCommand(f"{ship.name} has no working gun on mount {command.gun + 1}")
    key = f"{ship.id}:{command.gun}"
    if answering is not None:
        if answering.ship != ship.id or answering.attacker != target.id:
            raise IllegalCommand(f"only {answering.prompt()}")
        if command.gun in answering.used or not may_answer(state, ship, command.gun, gun):
            raise IllegalCommand(f"the {gun.name} cannot fire back again now")
        # The answer stays open for the ship's other guns, after this shot's hits.
        again = replace(answering, used=(*answering.used, command.gun))
        state = replace(state, pending=(again, *state.pending[1:]), answered=state.answered | {key})
        source, answerable = f"{ship.name}'s {gun.name}, firing back,", False
    else:
        if current_phase(state) != GUN_PHASE:
            raise WrongPhase(
                f"guns fire in the gun phase, not the {phase_word(current_phase(state))} phase"
            )
        if key in state.fired:
            raise IllegalCommand(f"{ship.name}'s {gun.name} has already fired this turn")
        state = replace(state, fired=state.fired | {key})
        source, answerable = f"{ship.name}'s {gun.name}", True
    refused = refusal(state, ship, target)
    if refused is not None:
        raise IllegalCommand(refused)
    state = replace(state, revealed=state.revealed | {key})  # fog of war: the gun is seen
    odds = shot(state, ship, gun, target)
    attack = Attack(
        source,
        ship.owner,
        target.id,
        odds.table.id,
        odds.modifiers,
        odds.velocity,
        by_ship=ship.id,
        gun=command.gun,
        answerable=answerable and gun.table is not None,
    )
    return gun_attack(state, attack)  # a randomizer boost may answer first


def hold(state: GameState, command: Hold) -> tuple[GameState, list[Event]]:
    first = state.pending[0] if state.pending else None
    if not isinstance(first, PendingAnswer) or first.ship != command.ship:
        raise IllegalCommand("there is no attack to answer")
    return replace(state, pending=state.pending[1:]), [
        FireHeld(f"{first.name} holds its fire", first.ship)
    ]
