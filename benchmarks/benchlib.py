"""What every benchmark shares: compiled bytecode first, the machine's load with every
table, goals given as a ratio to a baseline measured in the same run.

PYTHONDONTWRITEBYTECODE may be set (it is on the reference machine), in which case
every fresh process would compile each module it imports again and a start-up figure
would measure the compiler. ``compile_bytecode`` writes the bytecode once, explicitly
(compileall ignores that variable), for the project and the installed packages.
"""

from __future__ import annotations

import compileall
import os
import platform
import statistics
import sysconfig
import warnings
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def compile_bytecode() -> None:
    """Compile the project's modules and the installed packages (quietly; only files
    whose bytecode is missing or stale are compiled). Python's own library is compiled
    when Python is installed."""
    folders = [ROOT / "core", ROOT / "app", ROOT / "benchmarks"]
    folders += sorted({Path(sysconfig.get_paths()[key]) for key in ("purelib", "platlib")})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # old syntax in some packages' test data
        for folder in folders:
            if folder.is_dir():
                compileall.compile_dir(folder, quiet=2)


def load() -> str:
    """The load averages (1, 5 and 15 minutes) against the number of cores."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} / {five:.2f} / {fifteen:.2f} on {os.cpu_count()} cores"


def machine() -> str:
    """One line saying what ran the benchmark and how busy the machine was."""
    return f"Python {platform.python_version()}, Qt offscreen where used; {load()}"


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def ratio(ours: float, baseline: float) -> str:
    return f"{ours / baseline:.2f}x"


def verdict(value: float, goal: float) -> str:
    return "met" if value < goal else "NOT met"


def print_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A Markdown table, as docs/PERFORMANCE.md shows it."""
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    compile_bytecode()  # what ``make bench`` runs first
