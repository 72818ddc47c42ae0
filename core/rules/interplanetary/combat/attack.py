"""The attack roll and what it does to a ship (seed "The attack roll", "Ship subsystems").

Guns, launched weapons and asteroid crossings all end here: a d6 plus modifiers read on
the weapon's column of the play aid gives a miss, a hit, disabled, or both. Disabled
switches engine and reactor off for the play aid's number of the owner's turns (no burns,
no guns), and does not stack. Each hit rolls its location, then its damage, and waits as
a :class:`PendingHit` for the defender to place it (:class:`AllocateDamage`); a gun
attack may then be answered by the target's guns (:mod:`core.rules.interplanetary.combat.guns`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.engine.commands import Command
from core.engine.errors import IllegalCommand, UnknownShip
from core.engine.events import Event, event
from core.engine.pending import Pending
from core.engine.serial import added, register
from core.engine.words import plural
from core.rules.interplanetary.aid.carried import play_aid
from core.rules.interplanetary.aid.damage import Allocation
from core.rules.interplanetary.combat.readiness import after_name, can_answer
from core.rules.interplanetary.combat.systems import place_hit, suggest
from core.vector.astrogation import ShipDestroyed
from core.vector.state import GameState, Ship, ShipStatus
from core.vector.turns import active_player


@event
class AttackResolved(Event):
    """What an attack roll came to: ``result`` as the card prints it (``-``, ``H``...)."""

    target: str
    result: str


@event
class ShipDisabled(Event):
    ship: str
    turns: int


@event
class ShipRecovered(Event):
    ship: str


@event
class HitRolled(Event):
    """A hit's location and damage, now waiting for the defender to place it."""

    ship: str
    role: str
    amount: int


@event
class NoAnswer(Event):
    """The target of a gun attack cannot fire back, and why."""

    ship: str


@event
class DamagePlaced(Event):
    ship: str
    role: str


@register
@dataclass(frozen=True)
class Attack:
    """One attack about to be rolled. ``source`` names the weapon in players' words;
    ``by_ship`` is the ship whose weapon it is (credited with a kill) and ``gun`` the first
    mount point of the gun that fired, so the target can answer; ``relative_velocity`` is
    the damage of a relative-velocity column."""

    source: str
    player: str
    target: str
    table: str
    modifiers: tuple[tuple[str, int], ...] = ()
    relative_velocity: int = 0
    by_ship: str | None = None
    gun: int | None = None
    answerable: bool = False


@register
@dataclass(frozen=True)
class PendingHit(Pending):
    """A hit rolled on ``ship``: ``amount`` points on subsystem ``role`` to be placed."""

    role: str = "structure"
    amount: int = 0
    source: str = ""
    name: str = ""
    where: str = ""
    #: the ship whose weapon it was (None: asteroids), credited if the hit destroys
    by_ship: str | None = None
    #: a spin booster was used: the damage may go on any subsystems
    spread: bool = added(False)

    def prompt(self) -> str:
        return f"place {plural(self.amount, 'point')} of damage on {self.name}'s {self.where}"


@register
@dataclass(frozen=True)
class PendingAnswer(Pending):
    """``ship`` was attacked by the guns of ``attacker`` and may fire back at it."""

    attacker: str = ""
    name: str = ""
    attacker_name: str = ""
    #: mount points of the guns that have fired back at this attack already
    used: tuple[int, ...] = ()

    def prompt(self) -> str:
        return f"{self.name} may fire back at {self.attacker_name}"


@register
@dataclass(frozen=True)
class AllocateDamage(Command):
    """The defender places the first pending hit on ``ship``: ``allocation`` (None: the
    placement the game suggests)."""

    ship: str
    allocation: Allocation | None = None


def describe(result_code: str) -> str:
    return {
        "-": "a miss",
        "D": "disabled",
        "H": "a hit",
        "HD": "a hit, and disabled",
    }.get(result_code, f"{result_code[0]} hits" + (", and disabled" if "D" in result_code else ""))


def resolve_attack(state: GameState, attack: Attack) -> tuple[GameState, list[Event]]:
    """Roll the attack and carry out its result; hits wait for the defender."""
    aid = play_aid(state)
    target = state.ship(attack.target)
    table = aid.table(attack.table)
    dice, rolled = state.dice.roll(
        f"{attack.source} attacks {target.name} on the {table.name} table",
        modifiers=attack.modifiers,
    )
    result = table.result(rolled.total)
    events: list[Event] = [
        rolled,
        AttackResolved(
            f"{attack.source} against {target.name}: {describe(result.code)}",
            target.id,
            result.code,
        ),
    ]
    state = replace(state, dice=dice)
    if result.disabled:
        state, more = disable(state, target)
        events.extend(more)
    hits: list[Pending] = []
    for n in range(result.hits):
        dice, location = state.dice.roll(f"hit location on {target.name}")
        sub = aid.hit_location(location.total)
        events.append(location)
        if table.damage == "relative_velocity":
            amount = max(1, attack.relative_velocity)
            what = f"{plural(amount, 'point')} (the relative velocity)"
        else:
            dice, points = dice.roll(f"damage to {target.name}'s {sub.name}")
            events.append(points)
            amount = points.total
            what = plural(amount, "point")
        state = replace(state, dice=dice)
        text = f"Hit {n + 1} on {target.name}: {sub.name}, {what}"
        events.append(HitRolled(text, target.id, sub.role, amount))
        hits.append(
            PendingHit(
                target.owner,
                target.id,
                sub.role,
                amount,
                attack.source,
                target.name,
                sub.name,
                attack.by_ship,
            )
        )
    answer: list[Pending] = []
    if attack.answerable and attack.by_ship is not None:
        by = state.ship(attack.by_ship)
        answer.append(PendingAnswer(target.owner, target.id, by.id, target.name, by.name))
    # New decisions come first: an answer being fired waits for its own hits.
    state = replace(state, pending=(*hits, *answer, *state.pending))
    return settle(state, events)


def disable(state: GameState, ship: Ship) -> tuple[GameState, list[Event]]:
    """Disabled does not stack: a second result while disabled changes nothing. A ship
    disabled during its owner's own turn is disabled for the rest of it as well."""
    if ship.disabled:
        return state, [
            ShipDisabled(
                f"{ship.name} is already disabled: no further effect", ship.id, ship.disabled_for
            )
        ]
    turns = play_aid(state).hull.disabled_turns
    current = active_player(state)
    if current is not None and current.id == ship.owner:
        turns += 1
    state = state.with_ship(
        replace(ship, disabled=True, disabled_for=turns, disabled_round=state.round)
    )
    text = f"{ship.name} is disabled: no burns and no guns for {turns} of its turns"
    return state, [ShipDisabled(text, ship.id, turns)]


def settle(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Drop decisions that no longer make sense: hits on a ship already destroyed, and
    answers from a ship disabled or destroyed, or with no gun able to fire back (said in
    the log, except for a destroyed ship: its destruction says it all)."""
    while state.pending:
        first = state.pending[0]
        ship = state.ship(first.ship)
        if isinstance(first, PendingHit) and ship.status is not ShipStatus.DESTROYED:
            break
        if isinstance(first, PendingAnswer):
            reason = can_answer(state, ship, first.attacker, first.used)
            if reason is None:
                break
            if not first.used and ship.status is not ShipStatus.DESTROYED:
                said = after_name(ship, reason)
                events.append(NoAnswer(f"{ship.name} cannot fire back: {said}", ship.id))
        elif not isinstance(first, PendingHit | PendingAnswer):
            break
        state = replace(state, pending=state.pending[1:])
    return state, events


def allocate(state: GameState, command: AllocateDamage) -> tuple[GameState, list[Event]]:
    first = state.pending[0] if state.pending else None
    if not isinstance(first, PendingHit):
        raise IllegalCommand("there is no damage to place")
    if command.ship != first.ship:
        raise UnknownShip(f"the damage to place now is on {first.name}")
    play_aid(state)
    ship = state.ship(first.ship)
    # Armour AI and spin booster may send points elsewhere
    # (core.rules.interplanetary.combat.systems).
    allocation = command.allocation
    if allocation is None:
        allocation = suggest(state, ship, first.role, first.amount, spread=first.spread)
    placed = place_hit(state, ship, first.role, first.amount, allocation, spread=first.spread)
    ship = replace(ship, manifest=placed.manifest, fuel=placed.fuel)
    events: list[Event] = [DamagePlaced(line, ship.id, first.role) for line in placed.lines]
    if placed.destroyed:
        ship = replace(ship, status=ShipStatus.DESTROYED)
        events.append(ShipDestroyed(f"{ship.name} is destroyed", ship.id))
    state = replace(state.with_ship(ship), pending=state.pending[1:])
    if placed.destroyed and first.by_ship is not None:
        # Kill counts (Last man standing's variation): the ship whose weapon it was.
        killer = state.ship(first.by_ship)
        if killer.side != ship.side:
            state = state.with_ship(replace(killer, kills=killer.kills + 1))
    return settle(state, events)


def recover(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """A disabled ship counts down its owner's turns; at zero it is working again. The
    guns that fired and the ships that launched this turn may do so again next turn.

    A destroyed ship's count runs down as well, unseen (so games recorded before keep
    their state hashes), but nobody is told it recovers: it is gone."""
    events: list[Event] = []
    for ship in state.ships:
        if ship.disabled and (player is None or ship.owner == player):
            left = ship.disabled_for - 1
            if left <= 0:
                ship = replace(ship, disabled=False, disabled_for=0)
                if ship.status is not ShipStatus.DESTROYED:
                    events.append(ShipRecovered(f"{ship.name} is no longer disabled", ship.id))
            else:
                ship = replace(ship, disabled_for=left)
            state = state.with_ship(ship)
    return replace(state, fired=frozenset(), launched=frozenset()), events


def new_round(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """Guns that answer once a round may answer again."""
    return replace(state, answered=frozenset()), []
