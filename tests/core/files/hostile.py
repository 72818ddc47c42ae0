"""Running ``python -m core ...`` on a hostile file in a subprocess that reports its own
peak memory (``ru_maxrss``), for the tests of bounded reading (issue 18 req 2)."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MIB = 1024 * 1024

#: runs ``python -m core ARGS`` as its child, then prints the child's peak memory in
#: bytes. Two levels, because Linux keeps a process's peak across exec: a child of the
#: test run itself would report the test run's own size; a child of this small launcher
#: starts from the launcher's.
_RUN = """
import resource, subprocess, sys
status = subprocess.run([sys.executable, "-m", "core", *sys.argv[1:]]).returncode
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
scale = 1 if sys.platform == "darwin" else 1024
print(f"PEAK {peak * scale}", file=sys.stderr)
sys.exit(status)
"""


@dataclass(frozen=True)
class Run:
    status: int
    out: str
    err: str
    #: the subprocess's peak resident memory, in bytes
    peak: int


def core(*args: str | Path) -> Run:
    """``python -m core ARGS``, with its exit status, output and peak memory. The timeout
    only turns a hang (a FIFO read forever) into a failure; nothing here is timed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", _RUN, *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    lines = done.stderr.splitlines()
    peak = next(int(line.split()[1]) for line in reversed(lines) if line.startswith("PEAK "))
    err = "\n".join(line for line in lines if not line.startswith("PEAK "))
    return Run(done.returncode, done.stdout, err, peak)
