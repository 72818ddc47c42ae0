"""Map view speed and memory at 1920x1080, offscreen. Prints a table; not a test.

Goals (issue 4): the main window painted within 0.6 s of the process starting; panning
by 40 px steps at a mean under 16 ms a frame and none over 25 ms; every wheel step from
the whole map to the closest zoom and back under 40 ms; a 100,000-hex map in under
150 MB. Frames are timed as ``viewport().repaint()``, which repaints the whole viewport
synchronously: an upper bound, since a real pan only repaints the strip scrolled in.
Startup and memory are measured in fresh processes, so imports count.
Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_mapview.py``.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

WIDTH, HEIGHT = 1920, 1080
PAN_STEP = 40
PAN_STEPS = 40  # per side of the square the view pans around
STARTUP_RUNS = 5
PAN_GOAL = "< 16 / < 25 ms"


# ---------------------------------------------------------------- child processes


def child_startup(start: float) -> None:
    """Open the main window with the built-in map; print seconds from ``start`` (the
    parent's clock just before it started this process) to the end of the first paint
    of the map, then the part of that spent importing the main window's modules."""
    began = time.time()
    from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from app.shell.main_window import MainWindow

    imported = time.time()
    app = QApplication([])
    folder = tempfile.mkdtemp()
    window = MainWindow(settings=QSettings(f"{folder}/s.ini", QSettings.Format.IniFormat))

    def done() -> None:
        print(f"{time.time() - start:.4f} {imported - began:.4f}")
        app.exit(0)

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                watched.removeEventFilter(self)
                QTimer.singleShot(0, done)  # runs once this paint has finished
            return False

    spy = FirstPaint()
    window.map_view.viewport().installEventFilter(spy)
    window.resize(WIDTH, HEIGHT)
    window.show()
    app.exec()


def child_memory(which: str) -> None:
    """Show a map, zoom through every step and pan; print the RSS then and its peak,
    in MB."""
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    view = make_view(app, load(which))
    zoom_frames(view, app)
    pan_frames(view, app, 1.0)
    # VmHWM, not getrusage: ru_maxrss survives exec and would include the parent's.
    with open("/proc/self/status") as status:
        kb = {line.split(":")[0]: int(line.split()[1]) for line in status if "kB" in line}
    print(f"{kb['VmRSS'] / 1024:.1f} {kb['VmHWM'] / 1024:.1f}")


# ---------------------------------------------------------------- helpers


def load(which: str):  # type: ignore[no-untyped-def]
    if which == "big":
        from bigmap import build_bigmap

        return build_bigmap()
    from core.files.mapfile import load_map
    from core.files.resources import SOLAR_SYSTEM_MAP

    return load_map(SOLAR_SYSTEM_MAP)


def make_view(app, starmap):  # type: ignore[no-untyped-def]
    """A map view whose viewport is exactly 1920x1080, showing the whole map once."""
    from PySide6.QtCore import Qt

    from app.board.scene import StarMapScene
    from app.board.view import MapView

    view = MapView()
    view.setScene(StarMapScene(starmap, parent=view))
    view.resize(WIDTH, HEIGHT)
    view.show()
    app.processEvents()
    extra = view.size() - view.viewport().size()
    view.resize(WIDTH + extra.width(), HEIGHT + extra.height())
    view.fitInView(view.map_scene().map_rect(), Qt.AspectRatioMode.KeepAspectRatio)
    app.processEvents()
    return view


def centre(view):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QPointF

    return QPointF(view.viewport().rect().center())


def timed(app, step: Callable[[], None], view) -> float:  # type: ignore[no-untyped-def]
    """Milliseconds for ``step`` and a synchronous repaint of the whole viewport."""
    app.processEvents()  # what earlier frames left queued is not this frame's work
    t = time.perf_counter()
    step()
    view.viewport().repaint()
    return (time.perf_counter() - t) * 1000


def zoom_frames(view, app) -> list[float]:  # type: ignore[no-untyped-def]
    """Every wheel step from the fitted map in to the closest zoom, then back out
    (``zoom_at`` at the centre, which is what a wheel notch there calls)."""
    from app.board.view import MAX_SCALE, ZOOM_STEP

    frames = []
    steps = 0
    while view.scale_factor() * ZOOM_STEP <= MAX_SCALE:
        frames.append(timed(app, lambda: view.zoom_at(1, centre(view)), view))
        steps += 1
    for _ in range(steps):
        frames.append(timed(app, lambda: view.zoom_at(-1, centre(view)), view))
    return frames


def pan_frames(view, app, scale: float) -> list[float]:  # type: ignore[no-untyped-def]
    """Pan around a square in 40 px steps at ``scale``, starting at the map's centre."""
    from PySide6.QtGui import QTransform

    view.setTransform(QTransform.fromScale(scale, scale))
    view.centerOn(view.map_scene().map_rect().center())
    view.viewport().repaint()
    frames = []
    for dx, dy in ((-1, 0), (0, -1), (1, 0), (0, 1)):
        for _ in range(PAN_STEPS):
            step = (dx * PAN_STEP, dy * PAN_STEP)
            frames.append(timed(app, lambda step=step: view.pan(*step), view))
    return frames


def subprocess_values(*args: str, data: str | None = None) -> list[float]:
    """Run this script as a child; ``data`` is its ``ECLIPTIC_DATA_DIR`` (map cache)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    if data is not None:
        env["ECLIPTIC_DATA_DIR"] = data
    out = subprocess.run(
        [sys.executable, __file__, *args], capture_output=True, text=True, check=True, env=env
    )
    return [float(x) for x in out.stdout.strip().splitlines()[-1].split()]


# ---------------------------------------------------------------- the table


def summary(frames: list[float]) -> str:
    return f"{statistics.mean(frames):.1f} / {max(frames):.1f}"


def main() -> None:
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores, Qt offscreen")

    # The first start in a fresh data folder checks the map file and caches it; the
    # starts after it (the usual case) open the cached map.
    with tempfile.TemporaryDirectory(prefix="ecliptic-bench-") as data:
        cold, _ = subprocess_values("--startup", f"{time.time():.6f}", data=data)
        runs = [
            subprocess_values("--startup", f"{time.time():.6f}", data=data)
            for _ in range(STARTUP_RUNS)
        ]
    starts = [total for total, _ in runs]
    imports = statistics.median(part for _, part in runs)

    rows: list[tuple[str, str, str, str]] = []
    results: dict[str, dict[str, str]] = {}
    for which in ("built-in", "big"):
        t = time.perf_counter()
        starmap = load(which)
        loaded = time.perf_counter() - t
        t = time.perf_counter()
        view = make_view(app, starmap)  # builds the scene and paints it, fitted
        view.viewport().repaint()
        opened = time.perf_counter() - t
        scene = view.map_scene()
        fit_ms = timed(app, lambda: None, view)
        zooms = zoom_frames(view, app)
        # Scales at which the map is bigger than the view (the built-in map fits at 1).
        pans = pan_frames(view, app, 2.0 if which == "built-in" else 1.0)
        pans2 = pan_frames(view, app, 4.0 if which == "built-in" else 0.25)
        results[which] = {
            "map": f"{starmap.bounds.width}x{starmap.bounds.height}",
            "load": f"{loaded:.2f} s",
            "open": f"{opened:.2f} s",
            "fit": f"{fit_ms:.1f} ms",
            "zoom": summary(zooms),
            "zoomcount": str(len(zooms)),
            "pan1": summary(pans),
            "pan2": summary(pans2),
            "overview": "yes" if scene.overview.has_picture() else "not needed",
        }
        view.close()
        view.deleteLater()
        app.processEvents()

    memory = {which: subprocess_values("--memory", which) for which in ("built-in", "big")}

    b, g = results["built-in"], results["big"]
    median = f"{statistics.median(starts):.2f} s"
    mem_now = [f"{memory[w][0]:.0f} MB" for w in ("built-in", "big")]
    mem_peak = [f"{memory[w][1]:.0f} MB" for w in ("built-in", "big")]
    steps = f"{b['zoomcount']}; {g['zoomcount']} steps"
    rows = [
        ("map", b["map"], g["map"], ""),
        ("startup to the first painted window, median of 5", median, "", "< 0.6 s"),
        ("startup, fastest of 5", f"{min(starts):.2f} s", "", ""),
        ("first start (map not cached yet: file read and checked)", f"{cold:.2f} s", "", ""),
        ("of which importing Qt and app.shell.main_window (median)", f"{imports:.2f} s", "", ""),
        ("load the map (file, or generate it)", b["load"], g["load"], ""),
        ("build the scene, paint it fitted (and the overview)", b["open"], g["open"], ""),
        ("frame at fit, warm", b["fit"], g["fit"], ""),
        (f"zoom frames, mean / worst ({steps})", b["zoom"], g["zoom"], "each < 40 ms"),
        ("pan frames, mean / worst: scale 2 (built-in), 1 (big)", b["pan1"], g["pan1"], PAN_GOAL),
        ("pan frames, mean / worst: scale 4 (built-in), .25 (big)", b["pan2"], g["pan2"], PAN_GOAL),
        ("overview picture", b["overview"], g["overview"], ""),
        ("RSS after zooming in and out and panning", *mem_now, "< 150 MB"),
        ("peak RSS", *mem_peak, ""),
    ]
    print()
    print("| measure | built-in map | 100,000-hex map | goal |")
    print("|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--startup"]:
        child_startup(float(sys.argv[2]))
    elif sys.argv[1:2] == ["--memory"]:
        child_memory(sys.argv[2])
    else:
        main()
