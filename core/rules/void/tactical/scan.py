"""Scanning a torpedo group to learn its target (seed "Torpedoes": the target is written
down at launch and stays secret unless the defender scans it successfully).

Rulings (the seed names the scan and gives no numbers): in its own astrogation phase,
before it plots, a ship of another side than the group's may scan one enemy group within
``scan_range`` hexes (10 by default), once a turn; a disabled ship, or one whose crew is
out, cannot. A die roll of ``scan_needs`` or more (4 by default) reveals the target to
every player of the scanning ship's side, for the rest of the group's flight. The roll and
whether it worked are public; which ship the group is after is told only to that side
(and the group's owner, who knows it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.engine.commands import Command
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.events import Event, event
from core.engine.serial import register
from core.rules.void.crew import kit_of
from core.rules.void.said import Said
from core.rules.void.tables import tables_of
from core.rules.void.tactical.terms import terms, with_terms
from core.vector.state import GameState
from core.vector.turns import current_phase


@register
@dataclass(frozen=True)
class ScanTorpedoes(Command):
    """``ship`` scans the torpedo group ``group`` to learn which ship it is after."""

    ship: str
    group: str


@event
class TargetScanned(Event):
    """A scan found a group's target: read by the players of ``side`` and the owner."""

    group: str
    owner: str
    side: str
    target: str


def scan(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
    assert isinstance(command, ScanTorpedoes)
    if current_phase(state) != "astrogation":
        raise WrongPhase("a ship scans torpedoes in its astrogation phase, before it plots")
    ship = state.own_ship(command.player, command.ship)
    now = terms(state)
    group = next((g for g in now.torpedoes if g.id == command.group), None)
    if group is None or group.side == ship.side:
        raise IllegalCommand(f"there is no enemy torpedo group {command.group!r} in flight")
    if ship.side in group.revealed:
        raise IllegalCommand(f"your side already knows what {group.label} {group.id} is after")
    if not ship.in_play or ship.disabled or kit_of(ship).crew_out:
        raise IllegalCommand(f"{ship.name} cannot scan this turn")
    if ship.id in now.scanned:
        raise IllegalCommand(f"{ship.name} has scanned this turn")
    tables = tables_of(state.rules).combat
    apart = ship.motion.position.distance(group.motion.position)
    if apart > tables.scan_range:
        raise IllegalCommand(
            f"{group.label} {group.id} is {apart} hexes away: {ship.name} scans "
            f"within {tables.scan_range}"
        )
    dice, rolled = state.dice.roll(f"{ship.name} scans {group.label} {group.id}")
    state = replace(state, dice=dice)
    now = replace(now, scanned=now.scanned | {ship.id})
    if rolled.total < tables.scan_needs:
        said = f"{ship.name}'s scan of {group.label} {group.id} finds nothing"
        return with_terms(state, now), [rolled, Said(said)]
    found = replace(group, revealed=group.revealed | {ship.side})
    now = replace(now, torpedoes=tuple(found if g is group else g for g in now.torpedoes))
    target = state.ship(group.target)
    return with_terms(state, now), [
        rolled,
        Said(f"{ship.name}'s scan of {group.label} {group.id} finds its target"),
        TargetScanned(
            f"{group.label} {group.id} is after {target.name}",
            group.id,
            group.owner,
            ship.side,
            target.id,
        ),
    ]


def reads_scan(state: object, player: str, found: TargetScanned) -> bool:
    """Whether ``player`` reads what a scan found: the scanning side and the owner."""
    if player == found.owner:
        return True
    players = getattr(state, "players", ())
    return any(p.id == player and p.side == found.side for p in players)
