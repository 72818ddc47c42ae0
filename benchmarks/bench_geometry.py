"""Rough timings for core.board.geometry. Run: .venv/bin/python benchmarks/bench_geometry.py

Not a test: it only prints how long the hot geometry calls take on this machine.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchlib import compile_bytecode, machine

from core.board.geometry import (
    Disc,
    DiscIndex,
    Point,
    closest_approach,
    first_disc_hit,
    segment_hits_disc,
)

rng = random.Random(20240601)


def pt(span: float = 20.0) -> Point:
    return (rng.uniform(-span, span), rng.uniform(-span, span))


def discs(n: int, span: float = 20.0) -> list[Disc]:
    return [Disc(pt(span), rng.uniform(0.2, 1.5)) for _ in range(n)]


def timed(label: str, count: int, run: Callable[[], object]) -> tuple[str, int, float]:
    start = time.perf_counter()
    run()
    return label, count, time.perf_counter() - start


def main() -> None:
    compile_bytecode()
    print(machine())
    n = 100_000
    quads = [(pt(), pt(), pt(), pt()) for _ in range(n)]
    segs = [(pt(), pt()) for _ in range(n)]
    one = [Disc(pt(), rng.uniform(0.2, 1.5)) for _ in range(n)]
    m = 20_000
    segs20 = segs[:m]
    d20 = discs(20)
    d500 = discs(500, span=200.0)
    segs500 = [(pt(200.0), pt(200.0)) for _ in range(m)]
    index20 = DiscIndex(d20)
    index500 = DiscIndex(d500)

    rows = [
        timed("closest_approach", n, lambda: [closest_approach(*q) for q in quads]),
        timed(
            "segment_hits_disc",
            n,
            lambda: [segment_hits_disc(s, e, d) for (s, e), d in zip(segs, one, strict=True)],
        ),
        timed(
            "first_disc_hit, 20 discs", m, lambda: [first_disc_hit(s, e, d20) for s, e in segs20]
        ),
        timed("DiscIndex(20).first_hit", m, lambda: [index20.first_hit(s, e) for s, e in segs20]),
        timed(
            "DiscIndex(500).first_hit", m, lambda: [index500.first_hit(s, e) for s, e in segs500]
        ),
        timed("DiscIndex(500).first_hits", m, lambda: index500.first_hits(segs500)),
        timed("DiscIndex(500).blocks", m, lambda: [index500.blocks(s, e) for s, e in segs500]),
    ]

    print(f"{'operation':<28} {'count':>8} {'seconds':>9} {'per second':>12}")
    for label, count, secs in rows:
        print(f"{label:<28} {count:>8} {secs:>9.3f} {count / secs:>12,.0f}")
    print(machine())


if __name__ == "__main__":
    main()
