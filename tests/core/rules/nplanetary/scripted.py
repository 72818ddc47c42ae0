"""Scripted players for NPlanetary's scenarios: each gives its orders for the phase from
what it sees, so a whole game is played out with a fixed seed (the scenario tests and
the benchmark)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from core.board.hexgrid import Direction
from core.campaign import CampaignFile, GameRecord
from core.engine.commands import Command, EndPhase
from core.engine.events import Event
from core.engine.play import apply, current_phase, waiting_for
from core.files.resources import SCENARIOS
from core.rules.nplanetary.model import hold_of, holdings_of, may_attack, strength
from core.rules.nplanetary.orders import Attack
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.state import GameState

#: a player's orders for the current phase
Policy = Callable[[GameState, str], list[Command]]


def scenario_start(name: str, seed: int) -> GameState:
    scenario = load_scenario(Path(SCENARIOS) / f"{name}.toml")
    seats = [Seat(f"Player {i + 1}", "#808080") for i in range(scenario.min_players)]
    state, _ = scenario.start(seats, seed)
    return state


def fire_at_nearest(state: GameState, player: str) -> list[Command]:
    """Combat: every armed ship and base of ``player`` fires its full strength at the
    nearest other player's ship it can reach."""
    if current_phase(state) != "combat":
        return []
    orders: list[Command] = []
    enemies = [s for s in state.ships if s.in_play and s.owner != player]
    mine = [s for s in state.ships if s.owner == player and s.in_play]
    attackers = [*mine, *(i for i in holdings_of(state).installations if i.owner == player)]
    for a in attackers:
        if not may_attack(state, a) or not enemies:
            continue
        near = min(enemies, key=lambda e: (a.motion.position.distance(e.motion.position), e.id))
        if a.motion.position.distance(near.motion.position) < strength(state, a):
            orders.append(Attack(player, a.id, (near.id,)))
    return orders


def play_out(
    state: GameState, policy: Policy, *, rounds: int = 30, log: list[Command] | None = None
) -> tuple[GameState, list[Event]]:
    """Play until the game is over (or ``rounds`` have passed): in each phase, every
    player asked gives the policy's orders, then all end the phase."""
    events: list[Event] = []
    while not state.over and state.round <= rounds:
        asked = sorted(p.id for p in waiting_for(state))
        for player in asked:
            for command in policy(state, player):
                state, more = apply(state, command)
                events.extend(more)
                if log is not None:
                    log.append(command)
        for player in asked:
            if state.over or player not in {p.id for p in waiting_for(state)}:
                continue
            state, more = apply(state, EndPhase(player))
            events.extend(more)
            if log is not None:
                log.append(EndPhase(player))
    return state, events


def through_campaign(path: Path, name: str, start: GameState, log: list[Command]) -> GameState:
    """Store ``start`` and every command of ``log`` in a new campaign file at ``path``,
    then open the file again: the game's state as the campaign gives it back."""
    with CampaignFile.create(path, name, start, scenario=name) as file:
        game = GameRecord(file, 1)
        for command in log:
            game.play(command)
    with CampaignFile.open(path) as file:
        return GameRecord(file, 1).state


def holding(state: GameState, ship_id: str, item: str) -> int:
    return hold_of(state.ship(ship_id)).amount(item)


NORTH, SOUTH = Direction.N, Direction.S
