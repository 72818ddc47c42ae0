"""The cost of the log's seals (issue 18, requirement 7). Prints a table; not a test.

Goals: the window checks the seals in the background, a chunk of rows between two
events, so each chunk must be short: 99 in 100 chunks under 25 ms (the longest is
shown too; on a busy machine it is a matter of luck), so the map stays responsive while
a long log is checked; the whole check of 100,000
entries within 10x of merely reading the same rows with sqlite3 (the baseline,
measured in the same run), and sealing on import within 2x of importing without
computing seals (the seals computed the same way, timed apart).

Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_campaign_seals.py``.
"""

from __future__ import annotations

import os
import platform
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchlib import compile_bytecode

compile_bytecode()  # before the project's modules are imported

from bench_campaign import (  # noqa: E402
    entry_tuples,
    import_with_campaign,
    logged_rows,
    training,
)

from core.campaign import CampaignFile  # noqa: E402
from core.campaign.seal import FIELDS, STEP_ROWS, SealCheck, seal  # noqa: E402

HERE = Path(__file__).resolve().parent
ENTRIES = 100_000
CHUNK = STEP_ROWS  # as the window checks


def main() -> None:
    with tempfile.TemporaryDirectory(prefix=".bench-seals-", dir=HERE) as name:
        folder = Path(name)
        rows = logged_rows(ENTRIES)
        imported = import_with_campaign(folder, rows, 0)
        path = folder / "import-0.ecliptic"
        values = entry_tuples(rows)
        t0 = time.perf_counter()
        parent = ""
        for v in values:
            parent = seal(parent, v)
        sealing = time.perf_counter() - t0

        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        t0 = time.perf_counter()
        db.execute(f"SELECT {', '.join(FIELDS)}, chain FROM entry ORDER BY id").fetchall()
        reading = time.perf_counter() - t0
        db.close()

        with CampaignFile.open(path, read_only=True) as file:
            check = SealCheck(file)
            chunks = []
            t0 = time.perf_counter()
            while True:
                c0 = time.perf_counter()
                done = check.step(CHUNK)
                chunks.append(time.perf_counter() - c0)
                if done:
                    break
            whole = time.perf_counter() - t0
            assert check.problems == [] and check.checked == ENTRIES
        training()  # keep the import used

    longest = max(chunks)
    p99 = sorted(chunks)[int(len(chunks) * 0.99)]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Campaign seals (SQLite {sqlite3.sqlite_version}), {ENTRIES:,} entries")
    print(f"python {platform.python_version()} on {platform.machine()}, load {load:.2f}")
    print(f"{'measure':<52}{'result':>12}  {'goal':<10} met")
    table = [
        (f"99th percentile chunk ({CHUNK} rows)", f"{p99 * 1000:.1f} ms", "< 25 ms", p99 < 0.025),
        ("longest chunk", f"{longest * 1000:.1f} ms", "", None),
        ("median chunk", f"{statistics.median(chunks) * 1000:.1f} ms", "", None),
        ("whole check", f"{whole:.2f} s", "", None),
        ("reading the rows with sqlite3 (baseline)", f"{reading:.2f} s", "", None),
        ("whole check / reading", f"{whole / reading:.1f}x", "< 10x", whole / reading < 10),
        ("import with seals", f"{imported:.2f} s", "", None),
        ("of which computing the seals", f"{sealing:.2f} s", "", None),
        (
            "import with seals / without",
            f"{imported / (imported - sealing):.2f}x",
            "< 2x",
            imported / (imported - sealing) < 2,
        ),
    ]
    for label, result, goal, met in table:
        shown = "" if met is None else ("yes" if met else "NO")
        print(f"{label:<52}{result:>12}  {goal:<10} {shown}")


if __name__ == "__main__":
    main()
