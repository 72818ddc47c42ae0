"""Movement speed on the built-in solar system map. Prints a table; not a test.

Goals (issue 3): one movement phase for 10,000 ships in under 1 second, through the
engine (plans checked, moves resolved, hazards rolled, state rebuilt); the course
preview (every legal choice for one ship) in under 2 ms. Ordnance moves through the
same ``move`` as ships, so the phase figure covers it; launching it comes with issue 6.
Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_movement.py``.
"""

from __future__ import annotations

import gc
import platform
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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

SHIPS = 10_000
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


def main() -> None:
    rng = random.Random(3)
    starmap = load_map(SOLAR_SYSTEM_MAP)
    hexes = [h for h in starmap.bounds.hexes() if h not in starmap.body_hexes]
    motions = [random_motion(rng, hexes, starmap) for _ in range(SHIPS)]
    ships = tuple(
        Ship(f"s{i}", f"Ship {i}", "a", "red", "ship", m, Fraction(20))
        for i, m in enumerate(motions)
    )
    state, _ = new_game("interplanetary", starmap, (Player("a", "Ann", "red"),), ships, seed=1)
    state, _ = apply(state, EndPhase("a"))
    assert current_phase(state) == "astrogation"

    rows = []
    gc.collect()
    start = time.perf_counter()
    after, events = apply(state, EndPhase("a"))  # all 10,000 ships coast
    phase = time.perf_counter() - start
    gone = sum(1 for s in after.ships if s.status is not ShipStatus.ACTIVE)
    rows.append((f"movement phase, {SHIPS:,} ships (engine)", phase, f"{len(events):,} events"))

    sample = rng.sample(list(state.ships), PREVIEWS)
    times = []
    for ship in sample:
        params = params_for(state, ship)
        t0 = time.perf_counter()
        found = options(starmap, ship.motion, params, fuel=ship.fuel)
        times.append(time.perf_counter() - t0)
        assert len(found) >= 1
    rows.append(("course preview, one ship (mean)", statistics.mean(times), ""))
    rows.append(("course preview, one ship (95th pct)", sorted(times)[int(0.95 * PREVIEWS)], ""))
    rows.append(("course preview, one ship (worst)", max(times), ""))

    print(f"Movement on {starmap.name} ({starmap.bounds.width}x{starmap.bounds.height})")
    print(f"python {platform.python_version()} on {platform.machine()}, {platform.node()}")
    print(f"{'measure':<44}{'seconds':>12}  notes")
    for label, seconds, note in rows:
        shown = f"{seconds:.3f}" if seconds >= 0.01 else f"{seconds * 1000:.3f} ms"
        print(f"{label:<44}{shown:>12}  {note}")
    print(f"ships crashed, lost or off the map in the phase: {gone:,}")
    print(f"burn directions available: {len(Direction)} + coast")


if __name__ == "__main__":
    main()
