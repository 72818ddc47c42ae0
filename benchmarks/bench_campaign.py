"""Campaign file speed. Prints a table; not a test.

Goals (issue 5): appending one command durably (committed, WAL, synchronous=FULL) under
5 ms median; opening a campaign of 1,000 rounds with 100 ships to its latest state under
0.5 s; a bulk import of 100,000 logged commands under 1.5 s and within 3x of raw
sqlite3 inserting the same rows into the same schema.

The files are written in a temporary folder beside this script, on the disk the project
is on (``/tmp`` may be in memory, where syncing to disk costs nothing).
Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_campaign.py`` (about a
minute, most of it building the 1,000-round campaign once).
"""

from __future__ import annotations

import gc
import platform
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from long_campaigns import fleet_at_rest

from core.campaign import CampaignFile, GameRecord
from core.campaign.history import SNAPSHOT_EVERY
from core.engine import serial
from core.engine.commands import EndPhase
from core.engine.play import apply, waiting_for
from core.files.resources import SCENARIOS
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.state import GameState, state_hash

HERE = Path(__file__).resolve().parent
SEATS = [Seat("Ann", "#e69f00"), Seat("Bob", "#56b4e9")]
APPENDS = 500
ROUNDS = 1_000
SHIPS = 100
OPENS = 7
IMPORTED = 100_000
IMPORTS = 3


def training() -> GameState:
    state, _ = load_scenario(SCENARIOS / "training.toml").start(SEATS, 7, first=0)
    return state


def end_phase(game: GameRecord) -> None:
    game.play(EndPhase(waiting_for(game.state)[0].id))


def bench_append(folder: Path) -> tuple[float, float, float]:
    """Each ``play`` times the engine, the hash and the committed transaction: what a
    player waits for between clicking and seeing the result."""
    with CampaignFile.create(folder / "append.ecliptic", "Append", training()) as file:
        game = GameRecord(file, 1)
        for _ in range(20):  # warm up (first statements, caches)
            end_phase(game)
        times = []
        for _ in range(APPENDS):
            t0 = time.perf_counter()
            end_phase(game)
            times.append(time.perf_counter() - t0)
    times.sort()
    return statistics.median(times), times[int(0.95 * len(times))], times[-1]


def build_long(folder: Path) -> tuple[Path, int, float]:
    """1,000 rounds of two players ending their four phases (8,000 commands), then 49
    more, so opening replays the most commands it can after the last snapshot."""
    path = folder / "long.ecliptic"
    t0 = time.perf_counter()
    with CampaignFile.create(path, "Long", fleet_at_rest(SHIPS)) as file:
        game = GameRecord(file, 1)
        while game.state.round <= ROUNDS:
            end_phase(game)
        for _ in range(SNAPSHOT_EVERY - 1):
            end_phase(game)
        commands = len(game.line())
    return path, commands, time.perf_counter() - t0


def bench_open(path: Path) -> tuple[float, float, float, int]:
    """Median and fastest of opening for play and reaching the head's state, and the
    median of the part spent in ``CampaignFile.open`` (header, lock, SQLite's quick
    check of the whole file); the rest is reading the snapshot and replaying."""
    times, files = [], []
    for _ in range(OPENS):
        gc.collect()
        t0 = time.perf_counter()
        file = CampaignFile.open(path)
        t1 = time.perf_counter()
        game = GameRecord(file, 1)
        times.append(time.perf_counter() - t0)
        files.append(t1 - t0)
        state = game.state
        file.close()
    return statistics.median(times), min(times), statistics.median(files), state.round


def logged_rows(n: int) -> list[dict[str, Any]]:
    """``n`` command rows as a log holds them: a real Training log of 2,000 commands
    (each with the hash of the state after it), repeated. ``import_log(replay=False)``
    stores rows without replaying them, so the repeats cost what real rows would."""
    state = training()
    real = []
    for _ in range(2_000):
        command = EndPhase(waiting_for(state)[0].id)
        before = state.round
        state, events = apply(state, command)
        real.append(
            {
                "player": command.player,
                "command": serial.dumps(command),
                "round": before,
                "hash": state_hash(state),
                "time": "2026-11-21T12:00:00.000+00:00",
                "events": serial.dumps(events),
            }
        )
    return [real[i % len(real)] for i in range(n)]


def import_with_campaign(folder: Path, rows: list[dict[str, Any]], run: int) -> float:
    with CampaignFile.create(folder / f"import-{run}.ecliptic", "Import", training()) as file:
        game = GameRecord(file, 1)
        t0 = time.perf_counter()
        added = game.import_log(rows, replay=False)
        elapsed = time.perf_counter() - t0
        assert added == len(rows)
    return elapsed


def entry_tuples(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """The rows as one line of entries in game 1 (id, game, parent, depth and the
    logged fields, not automatic), ids counting from 1: the entry table's columns."""
    return [
        (
            i + 1,
            1,
            i or None,
            i + 1,
            r["player"],
            r["command"],
            r["time"],
            r["round"],
            r["hash"],
            r["events"],
            False,
        )
        for i, r in enumerate(rows)
    ]


def import_raw(folder: Path, rows: list[dict[str, Any]], run: int) -> float:
    """The same rows, complete (ids, parents, depths worked out beforehand, which the
    campaign does inside its time), inserted with sqlite3's executemany into a fresh
    campaign file with the same pragmas, in one transaction."""
    path = folder / f"raw-{run}.ecliptic"
    CampaignFile.create(path, "Raw", training()).close()
    tuples = entry_tuples(rows)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    t0 = time.perf_counter()
    db.execute("BEGIN IMMEDIATE")
    db.executemany(
        "INSERT INTO entry (id, game_id, parent_id, depth, player, command, time, round, hash,"
        " events, auto) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        tuples,
    )
    db.execute("UPDATE game SET head_id = ?", (len(rows),))
    db.execute("COMMIT")
    elapsed = time.perf_counter() - t0
    db.close()
    return elapsed


def median_of(runs: int, measure: Callable[[int], float]) -> float:
    return statistics.median(measure(run) for run in range(runs))


def main() -> None:
    rows: list[tuple[str, str, str, bool | None]] = []

    def ms(seconds: float) -> str:
        return f"{seconds * 1000:.2f} ms"

    with tempfile.TemporaryDirectory(prefix=".bench-campaign-", dir=HERE) as name:
        folder = Path(name)
        median, p95, worst = bench_append(folder)
        rows.append(
            (f"append one command, median of {APPENDS}", ms(median), "< 5 ms", median < 0.005)
        )
        rows.append(("append one command, 95th percentile", ms(p95), "", None))
        rows.append(("append one command, worst", ms(worst), "", None))

        print(f"building a campaign of {ROUNDS:,} rounds with {SHIPS} ships ...", flush=True)
        path, commands, built = build_long(folder)
        size = path.stat().st_size
        opened, fastest, opening, at_round = bench_open(path)
        rows.append(
            (
                f"open {ROUNDS:,} rounds, {SHIPS} ships, median of {OPENS}",
                f"{opened:.3f} s",
                "< 0.5 s",
                opened < 0.5,
            )
        )
        rows.append(("open, fastest", f"{fastest:.3f} s", "", None))
        rows.append(("open, of which the file (lock, quick_check)", f"{opening:.3f} s", "", None))

        logged = logged_rows(IMPORTED)
        gc.collect()
        ours = median_of(IMPORTS, lambda run: import_with_campaign(folder, logged, run))
        raw = median_of(IMPORTS, lambda run: import_raw(folder, logged, run))
        rows.append(
            (
                f"import {IMPORTED:,} commands, median of {IMPORTS}",
                f"{ours:.3f} s",
                "< 1.5 s",
                ours < 1.5,
            )
        )
        rows.append(("raw sqlite3 executemany, same rows", f"{raw:.3f} s", "", None))
        rows.append(("import / raw", f"{ours / raw:.2f}x", "< 3x", ours / raw < 3))

    print(f"Campaign files (SQLite {sqlite3.sqlite_version}, WAL, synchronous=FULL)")
    print(f"python {platform.python_version()} on {platform.machine()}, {platform.node()}")
    print(f"{'measure':<46}{'result':>12}  {'goal':<8} met")
    for label, result, goal, met in rows:
        shown = "" if met is None else ("yes" if met else "NO")
        print(f"{label:<46}{result:>12}  {goal:<8} {shown}")
    print(
        f"the long campaign: {commands:,} commands (the head {SNAPSHOT_EVERY - 1} past a "
        f"snapshot), round {at_round}, {size / 1e6:.1f} MB, built in {built:.0f} s; "
        f"files written under {HERE}"
    )


if __name__ == "__main__":
    main()
