"""A plain scripted player: the orders a side gives in the current step, worked out from
that side's own view only (so it plays through the fog as a person would).

It closes on the nearest enemy it can see on the same system board, fires each counter
at the nearest enemy (or enemy "?") in range, repairs whatever it can, and puts new "?"
counters over its largest stack. Optional jumps come from a script: ``(day, counter,
system, hex)`` orders given on that day. It is deterministic, for tests, benchmarks and
scenario checks; it is no opponent worth the name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.board.hexgrid import Hex
from core.engine.commands import Command, EndPhase
from core.engine.events import Event
from core.engine.play import apply, system_of
from core.rules.squadrons import fog
from core.rules.squadrons import geography as geo
from core.rules.squadrons.commands import BeginJump, Fire, Move, PlaceVeil, Repair
from core.rules.squadrons.damage import now
from core.rules.squadrons.movement import jump_problem
from core.rules.squadrons.state import STEPS, Counter, Jump, Place, SquadronGame


@dataclass(frozen=True)
class JumpOrder:
    """A scripted jump: on ``day`` (in its side's first movement step) ``counter`` jumps
    to ``hex`` of ``system``."""

    day: int
    counter: str
    system: str
    hex: Hex


def orders(state: SquadronGame, player: str, jumps: Sequence[JumpOrder] = ()) -> list[Command]:
    """What ``player`` orders in the current step, ending it last."""
    seen = fog.view(state, player)
    side = seen.side_of(player)
    step = STEPS[seen.step]
    out: list[Command] = []
    if side is None:
        return out
    if step.startswith("move"):
        first = step in ("move-1-first", "move-1-second")
        out += _moves(seen, player, side, jumps if first else ())
    elif step.startswith("fire"):
        out += _fire(seen, player, side)
    elif step == "repair":
        out += _repairs(seen, player, side)
    elif step == "place":
        out += _veils(seen, player, side)
    return [*out, EndPhase(player)]


def _enemies(seen: SquadronGame, side: str, system: str) -> list[tuple[Place, str]]:
    """What ``side`` can aim at in ``system``: open enemy counters and enemy "?"."""
    found = [
        (c.place, c.id)
        for c in seen.counters
        if c.side != side and c.place is not None and c.place.system == system
    ]
    found += [
        (Place(v.system, v.hex), v.id)
        for v in seen.veils
        if v.side != side and v.hex is not None and v.system == system
    ]
    return found


def _toward(start: Hex, goal: Hex, hexes: int) -> Hex:
    line = start.line_to(goal)
    return line[min(hexes, len(line) - 1)]


def _moves(seen: SquadronGame, player: str, side: str, jumps: Sequence[JumpOrder]) -> list[Command]:
    out: list[Command] = []
    jumping = {j.counter for j in jumps if j.day == seen.day}
    for j in jumps:
        c = seen.counter(j.counter)
        if j.day != seen.day or c is None or c.side != side or not c.place or c.jump:
            continue
        hexes = geo.jump_distance(seen.world, c.place.system, j.system)
        if not jump_problem(seen, c, Jump(c.place.system, j.system, j.hex, hexes)):
            out.append(BeginJump(player, j.counter, j.system, j.hex))
    for c in seen.counters:
        if c.side != side or c.place is None or c.id in jumping:
            continue
        factors = now(seen, c)
        targets = _enemies(seen, side, c.place.system)
        if not targets or factors.maneuver <= 0:
            continue
        near, _ = min(targets, key=lambda t: (c.place.hex.distance(t[0].hex), t[1]))  # type: ignore[union-attr]
        gap = c.place.hex.distance(near.hex)
        wanted = max(0, gap - max(factors.attack_range, 0))
        step = min(wanted, factors.maneuver)
        if step > 0:
            out.append(Move(player, (c.id,), _toward(c.place.hex, near.hex, step)))
    return out


def _fire(seen: SquadronGame, player: str, side: str) -> list[Command]:
    out: list[Command] = []
    for c in seen.counters:
        if c.side != side or c.place is None:
            continue
        factors = now(seen, c)
        if factors.attack <= 0:
            continue
        here = c.place
        reach = [
            t
            for t in _enemies(seen, side, here.system)
            if here.hex.distance(t[0].hex) <= factors.attack_range
        ]
        if reach:
            _, target = min(reach, key=lambda t: (here.hex.distance(t[0].hex), t[1]))
            out.append(Fire(player, c.id, target))
    return out


def _repairs(seen: SquadronGame, player: str, side: str) -> list[Command]:
    out: list[Command] = []
    stores = {c.id: c.supply for c in seen.counters if c.side == side}
    for c in seen.counters:
        if c.side != side or c.hits <= 0:
            continue
        for _ in range(min(c.hits, 1 + c.admirals)):
            source = _supplier(seen, c, stores)
            if source is None:
                break
            stores[source] -= 1
            out.append(Repair(player, c.id, "" if source == c.id else source))
    return out


def _supplier(seen: SquadronGame, c: Counter, stores: dict[str, int]) -> str | None:
    if stores.get(c.id, 0) > 0:
        return c.id
    for other in seen.counters:
        if other.side == c.side and other.place == c.place and c.place and stores[other.id] > 0:
            return other.id
    return None


def _veils(seen: SquadronGame, player: str, side: str) -> list[Command]:
    stacks: dict[Place, int] = {}
    for c in seen.counters:
        if c.side == side and c.place is not None:
            stacks[c.place] = stacks.get(c.place, 0) + 1
    if not stacks or seen.hand(side) <= 0:
        return []
    place = max(stacks, key=lambda p: (stacks[p], p.system, p.hex))
    return [PlaceVeil(player, place.system, place.hex)]


def play_step(
    state: SquadronGame, jumps: Sequence[JumpOrder] = ()
) -> tuple[SquadronGame, list[Event]]:
    """Everyone who must act now gives the autopilot's orders and ends the step."""
    events: list[Event] = []
    system = system_of(state)
    for seat in list(system.waiting_for(state)):
        for command in orders(state, seat.id, jumps):
            state, said = apply(state, command)
            events += said
    return state, events


def play_out(
    state: SquadronGame, jumps: Sequence[JumpOrder] = (), *, days: int = 60
) -> tuple[SquadronGame, list[Event]]:
    """Steps played until the game is over (or ``days`` more days have gone by)."""
    events: list[Event] = []
    last = state.day + days
    while not state.over and state.day < last:
        state, said = play_step(state, jumps)
        events += said
    return state, events
