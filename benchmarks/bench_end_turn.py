"""End Turn late in a long campaign, in the window. Prints a table; not a test.

Goal (issue 19 req 2): End Turn at round 1,000 within 1.5x of End Turn at round 10,
measured in the same run: Industrial Sabotage for six players (combat and boarding in
its rules), the Campaign dock, the Event Log and the Dice log on screen, the logs
holding every line of the game as if it had been played in one sitting (about a
hundred thousand at round 1,000), every command committed to the file.

One End Turn is timed from the click on the turn bar's End Turn button until the window
has done everything it does for it (the queued Campaign dock refresh included) and
repainted, in wall time and in the process's processor time (user + system: what a
shared machine's load disturbs least); the next player's hand-over button is then
pressed, untimed. Timing starts once the background seal check of the opened file is
done, as it is a second after opening (else each End Turn at rounds 100 and 1,000
carried a chunk of it, and round 10, checked at once, none). Then :data:`COUNTED` more
End Turns are counted, not timed: the Python calls the window makes for each, a figure
no load disturbs (what ``tests/app/campaign/test_end_turn_flat.py`` holds flat). The
campaigns are built once and kept in ``benchmarks/.bench/``; each row plays on a fresh
copy, once in each of :data:`PASSES` passes over the rows, its times pooled (so a change
of the machine's load in the middle of a run weighs on every row alike).
Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_end_turn.py``.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import gc
import platform
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE)]

ROUNDS = (10, 100, 1_000)
TURNS = 24  # End Turns timed at each round (four rounds of six players)
COUNTED = 6  # End Turns whose Python calls are counted after them (a round)
PASSES = 2  # each row is measured once per pass, the passes one after the other
LINES = 100_000  # lines in the Event Log for the last row
WIDTH, HEIGHT = 1920, 1080


#: wall and processor times, Python calls per End Turn, event and dice lines
Timed = tuple[list[float], list[float], float, int, int]


def end_turns(window, app, path: Path, lines: int = 0) -> Timed:  # type: ignore[no-untyped-def]
    """Open ``path`` and time :data:`TURNS` End Turns; also the lines in the logs.
    With ``lines``, the logs are first topped up to that many lines with the game's own
    lines again (rolls included), as a longer game with more fighting would have them."""
    window.close_game()
    assert window.open_path(path)
    app.processEvents()
    settle(window, app)
    if lines:
        top_up(window, lines)
    times, cpu = [], []
    for _ in range(TURNS):
        seat(window, app)
        gc.collect()
        t0, c0 = time.perf_counter(), time.process_time()
        end_turn(window, app)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    calls = [0]

    def count(frame, event, arg) -> None:  # type: ignore[no-untyped-def]
        if event in ("call", "c_call"):
            calls[0] += 1

    for _ in range(COUNTED):
        seat(window, app)
        sys.setprofile(count)
        end_turn(window, app)
        sys.setprofile(None)
    lines = window.event_log.count(), window.dice_log.count()
    window.close_game()
    return times, cpu, calls[0] / COUNTED, *lines


def seat(window, app) -> None:  # type: ignore[no-untyped-def]
    """The next player takes the seat (untimed)."""
    if window.stack.currentWidget() is window.hand_over:
        window.hand_over.button.click()
        app.processEvents()


def end_turn(window, app) -> None:  # type: ignore[no-untyped-def]
    window.turn_bar.end_button.click()
    app.processEvents()  # what was queued: the Campaign dock's refresh
    window.repaint()


def settle(window, app) -> None:  # type: ignore[no-untyped-def]
    """Let the window finish what it does in the background after opening (the seal
    check of the log, a chunk of rows per turn of the event loop), as an idle second
    after opening would: else each timed End Turn carries one chunk of it."""
    watch = window.seal_watch
    while watch is not None and watch.problems is None:
        app.processEvents()
    assert watch is None or not watch.problems, watch.problems


def top_up(window, lines: int) -> None:  # type: ignore[no-untyped-def]
    from app.play.session import Entry
    from core.engine.dice import Rolled

    session = window.session
    more = lines - window.event_log.count()
    old = session.log
    extra = [old[i % len(old)] for i in range(more)]
    rolls = [
        Entry(e.round, e.phase, Rolled(f"{e.event.text}: roll", "attack", (4,), 6, total=4))
        for e in extra[:: max(1, len(extra) // (lines // 10))]
    ]
    session.log.extend(extra + rolls)
    session.logged.emit(extra + rolls)


def main() -> None:
    from benchlib import compile_bytecode

    compile_bytecode()
    from long_campaigns import CACHE, campaign

    built = {rounds: campaign("sabotage", rounds) for rounds in ROUNDS}

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    import app.play.session
    from app.shell.main_window import MainWindow

    # The logs as a player who played the whole game in one sitting has them (a
    # reopened campaign shows the last LOG_TAIL commands' events).
    app.play.session.LOG_TAIL = 10**9  # type: ignore[misc]

    load = os.getloadavg()
    results: dict[str, Timed] = {}
    with tempfile.TemporaryDirectory(prefix="end-turn-", dir=CACHE) as folder:
        qt = QApplication([])
        settings = QSettings(f"{folder}/s.ini", QSettings.Format.IniFormat)
        window = MainWindow(settings=settings)
        window.ask_before_closing = False
        window.resize(WIDTH, HEIGHT)
        window.show()
        qt.processEvents()
        runs = [(f"{r:,}", source, 0) for r, source in built.items()]
        runs.append((f"{ROUNDS[-1]:,}+", built[ROUNDS[-1]], LINES))
        for one in range(PASSES):  # every row in each pass: a change of load hits all
            for name, source, lines in runs:
                copy = Path(folder) / f"{one}-{name}-{source.name}"
                shutil.copyfile(source, copy)
                timed = end_turns(window, qt, copy, lines)
                if name in results:  # the same End Turns again: pool the times
                    before = results[name]
                    timed = (before[0] + timed[0], before[1] + timed[1], *timed[2:])
                results[name] = timed
    after = os.getloadavg()

    print(
        f"End Turn in a long campaign: Industrial Sabotage, 6 players, Python "
        f"{platform.python_version()}, {os.cpu_count()} cores, Qt offscreen, {WIDTH}x{HEIGHT}"
    )
    print(
        f"load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
        f"after {after[0]:.2f} {after[1]:.2f} {after[2]:.2f}"
    )
    first = results[f"{ROUNDS[0]:,}"]
    base, cpu_base, calls_base = statistics.median(first[0]), statistics.median(first[1]), first[2]
    print(
        f"{'round':>6} {'event lines':>11} {'dice lines':>10} {'median':>9} {'p90':>9} "
        f"{'worst':>9} {'/round 10':>9} {'processor':>9} {'/round 10':>9} "
        f"{'Py calls':>8} {'/round 10':>9}  goal"
    )
    for rounds, (times, cpu, calls, events, dice) in results.items():
        times = sorted(times)
        median = statistics.median(times)
        ratio = median / base
        used = statistics.median(cpu)
        print(
            f"{rounds:>6} {events:>11,} {dice:>10,} {median * 1000:>7.1f}ms "
            f"{times[int(0.9 * len(times))] * 1000:>7.1f}ms {times[-1] * 1000:>7.1f}ms "
            f"{ratio:>8.2f}x {used * 1000:>7.1f}ms {used / cpu_base:>8.2f}x "
            f"{calls:>8,.0f} {calls / calls_base:>8.3f}x  "
            f"{'<= 1.5x' if ratio <= 1.5 else 'MISSED (> 1.5x)'}"
        )
    print(
        f"({TURNS} End Turns at each round in each of {PASSES} passes over the rows, "
        f"timed once the seal check is done; median, "
        f"90th percentile and worst wall time, median processor time; then the Python "
        f"calls of {COUNTED} more, counted; {ROUNDS[-1]:,}+: the logs topped up to "
        f"{LINES:,} lines, a tenth of them rolls)"
    )


if __name__ == "__main__":
    main()
