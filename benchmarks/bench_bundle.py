"""The installed bundle against the source checkout: start to the first painted map.

Goal (issue 24): the bundle built by ``make dist`` starts no slower than ``make run``
starts the app (``python -m app``), both measured here in one run, alternating, each as
a whole process that quits after its first paint (``ECLIPTIC_QUIT_AFTER_PAINT``), with
the same warm map cache. Also prints the bundle's size (goal: under 200 MB unpacked).

Needs the bundle: ``make dist`` first (``make dist && make bench``); without it this
script says so and measures nothing.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))  # benchlib
BUNDLE = ROOT / "dist" / "ecliptic" / "ecliptic"
RUNS = 9
SIZE_GOAL_MB = 200


def start(command: list[str], data: str) -> float:
    """Seconds from starting the process to its exit right after the first paint."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "ECLIPTIC_DATA_DIR": data,
        "ECLIPTIC_QUIT_AFTER_PAINT": "1",
    }
    began = time.perf_counter()
    subprocess.run(command, check=True, env=env, capture_output=True, cwd=ROOT)
    return time.perf_counter() - began


def size_mb(folder: Path) -> float:
    files = (p for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    return sum(p.stat().st_size for p in files) / 2**20


def main() -> int:
    if not BUNDLE.exists():
        print(f"No bundle at {BUNDLE.relative_to(ROOT)}: run `make dist` first.")
        return 0
    from benchlib import compile_bytecode

    compile_bytecode()
    source = [sys.executable, "-m", "app"]
    bundle = [str(BUNDLE)]
    times: dict[str, list[float]] = {"source": [], "bundle": []}
    with tempfile.TemporaryDirectory(prefix="ecliptic-bench-") as data:
        start(source, data)  # the first start fills the map cache; both then use it
        start(bundle, data)
        for _ in range(RUNS):
            times["source"].append(start(source, data))
            times["bundle"].append(start(bundle, data))
    load = os.getloadavg()
    src, bun = statistics.median(times["source"]), statistics.median(times["bundle"])
    print(
        f"{os.cpu_count()} cores, load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {RUNS} runs each"
    )
    print(f"{'start to first painted map':34} {'median':>8} {'min':>8} {'ratio':>7}  goal")
    print(
        f"{'python -m app (make run)':34} {src:8.3f} {min(times['source']):8.3f} {1:7.2f}  baseline"
    )
    print(
        f"{'bundle dist/ecliptic/ecliptic':34} {bun:8.3f} {min(times['bundle']):8.3f} "
        f"{bun / src:7.2f}  <= 1.00"
    )
    size = size_mb(BUNDLE.parent)
    print(f"bundle size unpacked: {size:.0f} MB (goal < {SIZE_GOAL_MB} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
