"""Course tracer speed: traces per second for 100,000 random courses of length 1-12.

Prints a table; not a test. Goal (issue 2): at least 100,000 traces per second on the
reference machine (2 cores, no GPU). Run: ``make bench`` or
``.venv/bin/python benchmarks/bench_tracer.py``.
"""

from __future__ import annotations

import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchlib import compile_bytecode, machine

from core.board import tracer
from core.board.hexgrid import Hex

N = 100_000


def courses(n: int, seed: int = 2) -> list[tuple[Hex, Hex]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        a = Hex(rng.randint(-60, 60), rng.randint(-60, 60))
        length = rng.randint(1, 12)
        out.append((a, rng.choice(a.ring(length))))
    return out


def timed(label: str, work: list[tuple[Hex, Hex]], what: str) -> tuple[str, float]:
    start = time.perf_counter()
    found = 0
    if what == "entered":
        for a, b in work:
            found += len(tracer.trace(a, b).entered)
    else:
        for a, b in work:
            found += len(tracer.trace(a, b).steps)
    assert found >= len(work)  # every course of length >= 1 enters at least one hex
    return label, time.perf_counter() - start


def main() -> None:
    compile_bytecode()
    print(machine())
    work = courses(N)
    rows = []
    tracer._pattern.cache_clear()
    tracer._entered_pattern.cache_clear()
    rows.append(timed("full trace, cold cache (patterns computed)", work, "steps"))
    rows.append(timed("full trace, warm cache", work, "steps"))
    rows.append(timed("hexes entered only, warm cache", work, "entered"))
    info = tracer._pattern.cache_info()
    print(f"Course tracer, {N:,} random courses of length 1-12")
    print(f"python {platform.python_version()} on {platform.machine()}, {platform.node()}")
    print(f"{'measure':<46}{'seconds':>10}{'traces/s':>14}")
    for label, seconds in rows:
        print(f"{label:<46}{seconds:>10.3f}{N / seconds:>14,.0f}")
    print(f"distinct course shapes cached: {info.currsize}")
    print(machine())


if __name__ == "__main__":
    main()
