"""Movement speed on the built-in solar system map. Prints a table; not a test.

Goals (issue 3): one movement phase for 10,000 ships in under 1 second, through the
engine (plans checked, moves resolved, hazards rolled, state rebuilt); the course
preview (every legal choice for one ship) in under 2 ms. Ordnance moves through the
same ``move`` as ships, so the phase figure covers it. Scaling (issue 19 req 6): the
phase at 1,000, 10,000 and 50,000 ships, each as processor time per ship against the
1,000-ship phase of the same run (1.00x: the phase grows linearly).
Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_movement.py``.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchlib import compile_bytecode, machine, print_table, verdict

from core.board.hexgrid import Direction, Vector
from core.engine.commands import EndPhase
from core.engine.play import apply, current_phase, new_game
from core.files.mapfile import load_map
from core.files.resources import SOLAR_SYSTEM_MAP
from core.vector.course_check import params_for
from core.vector.motion import Motion
from core.vector.movement import move
from core.vector.reach import options
from core.vector.state import Player, Ship, ShipStatus

SCALES = (1_000, 10_000, 50_000)
SHIPS = 10_000  # the goal's size, and the course previews' game
PREVIEWS = 1_000


def random_motion(rng: random.Random, hexes: list, starmap) -> Motion:  # type: ignore[no-untyped-def]
    """A motion as a ship would have it: a position, a vector, last turn's pulls."""
    while True:
        came_from = rng.choice(hexes)
        v = Vector(rng.randint(-3, 3), rng.randint(-3, 3))
        at = came_from + v
        if v.speed <= 3 and starmap.bounds.contains(at) and at not in starmap.body_hexes:
            arrived = move(starmap, Motion(came_from, v))
            if not arrived.hazards:
                return arrived.next


def game(starmap, motions: list[Motion]):  # type: ignore[no-untyped-def]
    """A one-player game of ships on ``motions``, at its movement phase."""
    ships = tuple(
        Ship(f"s{i}", f"Ship {i}", "a", "red", "ship", m, Fraction(20))
        for i, m in enumerate(motions)
    )
    state, _ = new_game("interplanetary", starmap, (Player("a", "Ann", "red"),), ships, seed=1)
    state, _ = apply(state, EndPhase("a"))
    assert current_phase(state) == "astrogation"
    return state


def phase(state) -> tuple[float, float, int, int]:  # type: ignore[no-untyped-def]
    """Seconds for one movement phase (every ship coasts), wall and processor, its
    events, the ships lost."""
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    after, events = apply(state, EndPhase("a"))
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    gone = sum(1 for s in after.ships if s.status is not ShipStatus.ACTIVE)
    return took, cpu, len(events), gone


def main() -> None:
    compile_bytecode()
    print(machine())
    rng = random.Random(3)
    starmap = load_map(SOLAR_SYSTEM_MAP)
    hexes = [h for h in starmap.bounds.hexes() if h not in starmap.body_hexes]
    motions = [random_motion(rng, hexes, starmap) for _ in range(max(SCALES))]

    scaling = []
    per_ship_base = 0.0
    for n in SCALES:
        took, cpu, events, gone = phase(game(starmap, motions[:n]))
        per_ship = cpu / n  # processor time: the scaling, whatever else the machine runs
        per_ship_base = per_ship_base or per_ship
        goal = ""
        if n == SHIPS:
            goal = f"< 1 s: {verdict(took, 1.0)} (processor: {verdict(cpu, 1.0)})"
        scaling.append(
            [
                f"{n:,}",
                f"{took:.3f} s",
                f"{cpu:.3f} s",
                f"{per_ship * 1e6:.1f} µs",
                f"{per_ship / per_ship_base:.2f}x",
                f"{events:,} events, {gone:,} ships lost",
                goal,
            ]
        )
    print()
    header = ["ships", "movement phase", "processor", "processor per ship", "against 1,000"]
    print_table([*header, "notes", "goal"], scaling)

    state = game(starmap, motions[:SHIPS])
    sample = rng.sample(list(state.ships), PREVIEWS)
    times = []
    for ship in sample:
        params = params_for(state, ship)
        t0 = time.perf_counter()
        found = options(starmap, ship.motion, params, fuel=ship.fuel)
        times.append(time.perf_counter() - t0)
        assert len(found) >= 1
    mean, pct95 = statistics.mean(times), sorted(times)[int(0.95 * PREVIEWS)]
    print()
    print_table(
        ["course preview, one ship, 1,000 random ships", "time", "goal"],
        [
            ["mean", f"{mean * 1000:.3f} ms", "< 2 ms: " + ("met" if mean < 0.002 else "NOT met")],
            ["95th percentile", f"{pct95 * 1000:.3f} ms", ""],
            ["worst", f"{max(times) * 1000:.3f} ms", ""],
        ],
    )
    print(f"Movement on {starmap.name} ({starmap.bounds.width}x{starmap.bounds.height}); "
          f"burn directions available: {len(Direction)} + coast")  # fmt: skip
    print(machine())


if __name__ == "__main__":
    main()
