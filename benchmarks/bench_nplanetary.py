"""NPlanetary: one full turn of sealed orders (ordnance, combat, movement, development,
logistics), six players, 300 ships, 100 pieces of ordnance. Prints a table; not a test.

Goal (issue 21 req 13): the whole turn through the engine (every order checked as it is
given, sealed, then each phase resolved together, the idle checks of who is asked
included) in under 0.5 s. Baseline, measured in the same run: the same position's turn
with nobody giving an order (every player only ends each phase), so the ratio shows what
the orders themselves cost.
Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_nplanetary.py``.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchlib import compile_bytecode, machine, print_table, ratio, verdict

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import Bounds, StarMap
from core.engine.commands import Command, EndPhase
from core.engine.play import apply, current_phase, new_game, waiting_for
from core.rules.nplanetary.model import Hold, Holdings, Installation, with_holdings
from core.rules.nplanetary.orders import Attack, LayOrdnance, Purchase, Transfer
from core.vector.motion import Motion, Order
from core.vector.orders import Plot
from core.vector.state import GameState, Ordnance, Player, Ship

PLAYERS = 6
SHIPS = 300
ORDNANCE = 100
GOAL = 0.5
RUNS = 5
CLASSES = ("frigate", "destroyer", "cruiser", "battleship", "freighter", "transport")


def position(seed: int = 1) -> GameState:
    """Six fleets of 50 in a 120-hex square of open space, each round its base, with 100
    mines drifting among them; ships move slowly, the armed ones carry mines."""
    rng = random.Random(seed)
    players = tuple(Player(f"p{i}", f"Player {i}", f"p{i}") for i in range(PLAYERS))
    ships, bases, pieces = [], [], []
    for i, p in enumerate(players):
        home = Hex(15 + 18 * i, 15 + 15 * (i % 3))
        bases.append(
            Installation(
                f"base-{p.id}", f"Base {i}", "base", p.id, Motion(home, ZERO), "space",
                stocks=(("fuel", 200), ("supplies", 300)),
            )
        )  # fmt: skip
        for n in range(SHIPS // PLAYERS):
            at = home + Vector(rng.randint(-6, 6), rng.randint(-6, 6))
            velocity = ZERO if n < 5 else Vector(rng.randint(-1, 1), rng.randint(-1, 1))
            unit = CLASSES[n % len(CLASSES)]
            hold = Hold((("mine", 2),)) if unit not in ("freighter",) else Hold((("ore", 5),))
            ship = Ship(f"{p.id}-s{n}", f"{p.name} {n}", p.id, p.side, unit,
                        Motion(at if n else home, velocity), Fraction(10))  # fmt: skip
            ship = replace(ship, manifest=hold, docked_at=f"base-{p.id}" if n < 5 else None)
            ships.append(ship)
    for k in range(ORDNANCE):
        at = Hex(rng.randint(5, 115), rng.randint(5, 55))
        pieces.append(Ordnance(f"m{k}", "mine", "p0", "p0", Motion(at, ZERO)))
    space = StarMap("Open space", Bounds(130, 80))
    state, _ = new_game("nplanetary", space, players, tuple(ships), seed=seed)
    state = replace(state, ordnance=tuple(pieces), phase=0)
    return with_holdings(state, Holdings(tuple(bases)))


def orders(state: GameState, player: str) -> list[Command]:
    """A busy player's orders for the phase: a mine from every tenth armed ship, fire
    from every armed ship at the nearest enemy, a burn for every ship, purchases and a
    transfer at the base."""
    phase = current_phase(state)
    mine = [s for s in state.ships if s.owner == player and s.in_play]
    if phase == "ordnance":
        return [LayOrdnance(player, s.id, "mine") for s in mine[5::10] if s.unit != "freighter"]
    if phase == "combat":
        out: list[Command] = []
        others = [s for s in state.ships if s.owner != player and s.in_play]
        for s in mine[::3]:
            if s.unit in ("freighter",) or not others:
                continue
            near = min(others[:60], key=lambda o: o.motion.position.distance(s.motion.position))
            out.append(Attack(player, s.id, (near.id,)))
        return out
    if phase == "movement":
        return [Plot(player, s.id, Order((Direction(n % 6),))) for n, s in enumerate(mine)]
    if phase == "development":
        return [Purchase(player, f"base-{player}", "mine", 3)]
    if phase == "logistics":
        docked = [s for s in mine if s.docked_at == f"base-{player}"]
        return [Transfer(player, f"base-{player}", s.id, give=(("fuel", 1),)) for s in docked]
    return []


def turn(state: GameState, busy: bool) -> tuple[float, GameState, int]:
    """One full turn through the engine; the time and how many commands it took."""
    gc.collect()
    start_round, count = state.round, 0
    t0 = time.perf_counter()
    while state.round == start_round and not state.over:
        asked = sorted(p.id for p in waiting_for(state))
        for player in asked if busy else ():
            for command in orders(state, player):
                state, _ = apply(state, command)
                count += 1
        for player in asked:
            state, _ = apply(state, EndPhase(player))
            count += 1
    return time.perf_counter() - t0, state, count


def main() -> None:
    compile_bytecode()
    start = position()
    turn(start, True)  # warm up
    busy = [turn(start, True) for _ in range(RUNS)]
    idle = [turn(start, False) for _ in range(RUNS)]
    ours = statistics.median(t for t, _, _ in busy)
    base = statistics.median(t for t, _, _ in idle)
    after = busy[0][1]
    print(
        f"NPlanetary, one full turn: {PLAYERS} players, {SHIPS} ships, {ORDNANCE} ordnance; "
        f"median of {RUNS}; {machine()}"
    )
    print()
    print_table(
        ["turn", "commands", "time", "ratio to baseline", f"goal < {GOAL} s"],
        [
            ["every player ordering (the goal)", str(busy[0][2]), f"{ours:.3f} s",
             ratio(ours, base), verdict(ours, GOAL)],
            ["nobody ordering (baseline)", str(idle[0][2]), f"{base:.3f} s", "1.00x", ""],
        ],
    )  # fmt: skip
    print()
    print(f"after the turn: {sum(s.in_play for s in after.ships)} ships in play, "
          f"{len(after.ordnance)} pieces of ordnance")  # fmt: skip


if __name__ == "__main__":
    main()
