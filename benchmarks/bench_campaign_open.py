"""Opening long campaigns, from the file to the painted, usable map. Prints a table; not a
test.

Goals (issue 19 req 1): a campaign of 1,000 rounds with 100 ships, and one of 5,000
rounds, open to the map painted and usable in under 0.5 s warm (File > Open in a running
window) and under 1.0 s as the app's first action (``ecliptic FILE``, a fresh process,
from its start to the painted map). Usable means the player's map: the program presses
the hand-over screen's button as soon as it shows (the time a player takes to press it
is theirs), and the table says the size of the view the map was fitted to.

Baselines measured in the same run: for opening, Python's raw ``sqlite3`` reading the
same file (the log on the line, its latest snapshot); for the first action, a plain
launch of the app with the built-in map. Scaling: 100, 1,000 and 5,000 rounds.
The campaigns are built once and kept in ``benchmarks/.bench/`` (``long_campaigns``).
Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_campaign_open.py``.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import gc
import platform
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE)]

ROUNDS = (100, 1_000, 5_000)
WARM_RUNS = 5
FIRST_RUNS = 3
WIDTH, HEIGHT = 1920, 1080


# ---------------------------------------------------------------- child process


def child_first(start: float, settings_dir: str, path: str) -> None:
    """``ecliptic FILE`` (or no file): print seconds from ``start`` (the parent's clock
    just before it started this process) to the end of the first paint of the fitted
    map, having pressed the hand-over button as soon as it was shown; then the view's
    size and the map's size on screen."""
    from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from app.shell.main_window import MainWindow

    app = QApplication([])
    settings = QSettings(f"{settings_dir}/s.ini", QSettings.Format.IniFormat)
    window = MainWindow(path=Path(path) if path else None, settings=settings)
    view = window.map_view

    def done() -> None:
        took = time.time() - start
        port = view.viewport().size()
        shown = view.mapFromScene(view.sceneRect()).boundingRect()
        print(f"{took:.4f} {port.width()} {port.height()} {shown.width()} {shown.height()}")
        app.exit(0)

    class Watch(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                watched.removeEventFilter(self)
                if watched is view.viewport():
                    QTimer.singleShot(0, done)  # once this paint has finished
                else:  # the hand-over screen: the player presses at once
                    QTimer.singleShot(0, window.hand_over.button.click)
            return False

    watch = Watch()
    view.viewport().installEventFilter(watch)
    window.hand_over.installEventFilter(watch)
    window.resize(WIDTH, HEIGHT)
    window.show()
    app.exec()


def first_action(path: Path | None, data: str) -> tuple[float, str]:
    """A fresh process from its start to the painted map: seconds, and the view's size
    with the map's size in it."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "ECLIPTIC_DATA_DIR": data}
    with tempfile.TemporaryDirectory() as settings:
        args = ["--first", f"{time.time():.6f}", settings, str(path or "")]
        out = subprocess.run(
            [sys.executable, __file__, *args],
            capture_output=True,
            text=True,
            check=True,
            env=env,
            timeout=120,
        )
    took, *sizes = out.stdout.strip().splitlines()[-1].split()
    return float(took), f"view {sizes[0]}x{sizes[1]}, map {sizes[2]}x{sizes[3]}"


# ---------------------------------------------------------------- in this process


def raw_read(path: Path) -> float:
    """The baseline: sqlite3 reads what opening needs (every entry of the game with its
    command, hash and events, and the latest snapshot's state)."""
    t0 = time.perf_counter()
    db = sqlite3.connect(path)
    rows = db.execute(
        "SELECT id, parent_id, depth, command, hash, events FROM entry WHERE game_id = 1"
    ).fetchall()
    snapshot = db.execute("SELECT state FROM snapshot ORDER BY entry_id DESC LIMIT 1").fetchone()
    db.close()
    assert rows and snapshot
    return time.perf_counter() - t0


def core_open(path: Path) -> float:
    from core.campaign import CampaignFile, GameRecord

    t0 = time.perf_counter()
    with CampaignFile.open(path) as file:
        GameRecord(file, 1)
    return time.perf_counter() - t0


def median(measure, runs: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        gc.collect()
        times.append(measure())
    return statistics.median(times)


def warm_open(window, app, path: Path) -> float:  # type: ignore[no-untyped-def]
    """File > Open in a running window to the first paint of the map after the hand-over
    button is pressed."""
    window.close_game()
    app.processEvents()
    t0 = time.perf_counter()
    assert window.open_path(path)
    if window.stack.currentWidget() is window.hand_over:
        window.hand_over.button.click()
    window.map_view.viewport().repaint()
    return time.perf_counter() - t0


def main() -> None:
    from benchlib import compile_bytecode

    compile_bytecode()
    from long_campaigns import campaign

    paths = {rounds: campaign("fleet", rounds, worst=True) for rounds in ROUNDS}

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from app.shell.main_window import MainWindow

    load = os.getloadavg()
    rows = []
    with tempfile.TemporaryDirectory(prefix="ecliptic-bench-") as data:
        os.environ["ECLIPTIC_DATA_DIR"] = data
        first_action(None, data)  # caches the built-in map, as `make run` does
        plain = statistics.median(first_action(None, data)[0] for _ in range(FIRST_RUNS))
        app = QApplication([])
        settings = QSettings(f"{data}/s.ini", QSettings.Format.IniFormat)
        window = MainWindow(settings=settings)
        window.ask_before_closing = False
        window.resize(WIDTH, HEIGHT)
        window.show()
        app.processEvents()
        core_open(paths[ROUNDS[0]])  # the first open of all pays for first-time work
        for rounds, path in paths.items():
            raw_read(path)
            core_open(path)
            raw = median(lambda path=path: raw_read(path), WARM_RUNS)
            core = median(lambda path=path: core_open(path), WARM_RUNS)
            warm_open(window, app, path)  # the first open of this file
            warm = median(lambda path=path: warm_open(window, app, path), WARM_RUNS)
            window.close_game()  # lets go of the file, which the fresh processes open
            firsts = [first_action(path, data) for _ in range(FIRST_RUNS)]
            first = statistics.median(t for t, _ in firsts)
            size = path.stat().st_size / 1e6
            rows.append((rounds, size, raw, core, warm, first, firsts[0][1]))
        window.close_game()
    after = os.getloadavg()

    print(
        f"Opening long campaigns (100 ships), Python {platform.python_version()}, "
        f"{os.cpu_count()} cores, Qt offscreen, window {WIDTH}x{HEIGHT}"
    )
    print(
        f"load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
        f"after {after[0]:.2f} {after[1]:.2f} {after[2]:.2f}"
    )
    print(f"plain launch (built-in map), median of {FIRST_RUNS}: {plain:.3f} s")
    head = (
        f"{'rounds':>6} {'MB':>6} {'raw sqlite3':>11} {'core open':>10} {'warm open':>10} "
        f"{'/raw':>6} {'goal':>7} {'ecliptic FILE':>13} {'/plain':>7} {'goal':>7}  fitted to"
    )
    print(head)
    for rounds, size, raw, core, warm, first, fitted in rows:
        print(
            f"{rounds:>6,} {size:>6.1f} {raw:>10.3f}s {core:>9.3f}s {warm:>9.3f}s "
            f"{warm / raw:>5.1f}x {'< 0.5 s' if warm < 0.5 else 'MISSED':>7} "
            f"{first:>12.3f}s {first / plain:>6.2f}x {'< 1.0 s' if first < 1.0 else 'MISSED':>7}"
            f"  {fitted}"
        )
    print(f"(warm: median of {WARM_RUNS}; ecliptic FILE: median of {FIRST_RUNS} fresh processes)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--first"]:
        child_first(float(sys.argv[2]), sys.argv[3], sys.argv[4])
    else:
        main()
