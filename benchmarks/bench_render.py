"""The render command against Tiled's tmxrasterizer drawing a map of the same size to the
same image size, on the built-in map (48 x 32 hexes) and on the generated 100,000-hex map
(400 x 250). Prints a table; not a test.

Goals (issue 19 req 5): our command within 1.5x of Tiled's on the built-in map's size,
and within 1.0x on the 100,000-hex map. The Tiled map has the same hexes (flat-topped,
odd columns lower, 24-pixel side) in two tile layers made from our map: every hex a
space tile with its outline, and on top a tile for each asteroid, gravity, body or base
hex (a small generated tileset). Tiled draws at its natural size (1740 x 1365 for the
built-in map) or fitted into 4000 x 4000 (the big map), and ours draws the same image
size. Both are timed as whole commands, runs alternating, so starting Python or Qt,
reading and checking the file all count. Ours opens the map from the map cache, as it
does from its second run on; its first run, which reads and checks the file, is shown
apart. The PNG files' sizes are shown too (ours deflated for speed, Tiled's by Qt's writer).
The "of ours" rows split our whole command's processor time into its steps, from Python's
start to the exit (``render_probe.py``: the command with a stopwatch, in fresh processes).
Needs ``tmxrasterizer`` (Debian: ``sudo apt-get install tiled``, or ``make bench-tools``);
without it the Tiled rows are skipped and said so.
Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_render.py``.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import json
import math
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from benchlib import compile_bytecode, machine, median, print_table, ratio, verdict  # noqa: E402
from bigmap import build_bigmap, write_bigmap  # noqa: E402

from core.board.starmap import StarMap  # noqa: E402

RUNS = 7  # each command, alternating
BIG_FIT = 4000  # the big map's picture fits in BIG_FIT x BIG_FIT pixels
SIDE = 24  # hex size (centre to corner) in the Tiled map, as in Ecliptic's scene
TILE_W, TILE_H = 2 * SIDE, round(math.sqrt(3) * SIDE)
SPACE, ASTEROID, GRAVITY, BODY, BASE = range(1, 6)  # tile ids (gids)


def write_tileset(path: Path) -> None:
    """Five flat-topped hex tiles in a row: space, asteroid, gravity, body, base."""
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF
    from PySide6.QtWidgets import QApplication

    _app = QApplication.instance() or QApplication([])
    image = QImage(5 * TILE_W, TILE_H, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    for i in range(5):
        cx, cy = i * TILE_W + TILE_W / 2, TILE_H / 2
        hexagon = QPolygonF(
            [
                QPointF(
                    cx + SIDE * math.cos(math.pi / 3 * k), cy + SIDE * math.sin(math.pi / 3 * k)
                )
                for k in range(6)
            ]
        )
        if i + 1 == SPACE:
            p.setPen(QPen(QColor("#2c3a6b"), 1.2))
            p.setBrush(QColor("#0b1230"))
            p.drawPolygon(hexagon)
        elif i + 1 == ASTEROID:
            p.setPen(QPen(QColor("#4b4d55"), 1))
            p.setBrush(QColor("#8d8f96"))
            for dx, dy, r in ((-6, -4, 3), (5, -2, 4), (-1, 7, 3), (8, 8, 2)):
                p.drawEllipse(QPointF(cx + dx, cy + dy), r, r)
        elif i + 1 == GRAVITY:
            p.setPen(QPen(QColor("#9fb3e8"), 1.7))
            p.setBrush(QColor("#9fb3e8"))
            p.drawLine(QPointF(cx, cy - 12), QPointF(cx, cy + 8))
            p.drawPolygon(
                QPolygonF([QPointF(cx, cy + 16), QPointF(cx - 5, cy + 8), QPointF(cx + 5, cy + 8)])
            )
        elif i + 1 == BODY:
            p.setPen(QPen(QColor("#1f3a5f"), 1))
            p.setBrush(QColor("#4f8fd8"))
            p.drawEllipse(QPointF(cx, cy), 10, 10)
        else:
            p.setPen(QPen(QColor("#05070f"), 1))
            p.setBrush(QColor("#5fe0a0"))
            p.drawRect(int(cx - 4), int(cy - 4), 8, 8)
    p.end()
    image.save(str(path))


def write_tmx(m: StarMap, path: Path, tileset: str) -> None:
    """The Tiled version of ``m``: a space layer and a features layer, CSV encoded."""
    labels = m.bounds.labels
    bases = {b.hex for b in m.bases}
    features = []
    for row in range(m.bounds.height):
        line = []
        for col in range(m.bounds.width):
            h = labels.from_offset(col, row)
            gid = 0
            if h in m.body_hexes:
                gid = BODY
            elif h in bases:
                gid = BASE
            elif h in m.gravity:
                gid = GRAVITY
            elif h in m.asteroid_hexes or h in m.special_owner:
                gid = ASTEROID
            line.append(str(gid))
        features.append(",".join(line))
    space = ",".join([str(SPACE)] * m.bounds.width)
    w, h = m.bounds.width, m.bounds.height
    space_rows, feature_rows = ",\n".join([space] * h), ",\n".join(features)
    path.write_text(
        f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down"
 width="{w}" height="{h}" tilewidth="{TILE_W}" tileheight="{TILE_H}" infinite="0"
 hexsidelength="{SIDE}" staggeraxis="x" staggerindex="odd" nextlayerid="3" nextobjectid="1">
 <tileset firstgid="1" name="ecliptic" tilewidth="{TILE_W}" tileheight="{TILE_H}"
  tilecount="5" columns="5">
  <image source="{tileset}" width="{5 * TILE_W}" height="{TILE_H}"/>
 </tileset>
 <layer id="1" name="space" width="{w}" height="{h}">
  <data encoding="csv">
{space_rows}
</data>
 </layer>
 <layer id="2" name="features" width="{w}" height="{h}">
  <data encoding="csv">
{feature_rows}
</data>
 </layer>
</map>
"""
    )


FLOOR = """\
import gc
import sys
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsScene

app = QApplication([])
width, height = int(sys.argv[1]), int(sys.argv[2])
scene = QGraphicsScene(0, 0, width, height)
image = QImage(width, height, QImage.Format.Format_RGB32)
image.fill(0)
painter = QPainter(image)
scene.render(painter)
painter.end()
gc.freeze()
"""
"""The least any PySide6 program drawing a scene into a picture pays: starting Python,
importing Qt's modules, an application object, an empty scene drawn at the picture's size
(no file written), and the collector frozen for the exit as ours does. Shown beside Tiled
to say how much of our command's time is the platform's and how much is ours."""


FLOOR_MAP = FLOOR.replace(
    "app = QApplication([])\n",
    "from PySide6.QtCore import Qt\n"
    "from app.board.render import load_starmap\n"
    "from app.campaign.paths import map_cache_dir\n"
    "from pathlib import Path\n"
    "app = QApplication([])\n"
    "load_starmap(Path(sys.argv[3]), map_cache_dir())\n",
)
"""The floor, plus what any drawing of our map pays before its first hex: the ``Qt``
namespace's enums (PySide6 makes them all, about a hundred, when ``Qt`` is first named)
and the map's value types, with the map read from the map cache."""


class Timing(NamedTuple):
    wall: float  # seconds, start to exit: what a user waits
    cpu: float  # seconds of processor (user + system): what it costs, whatever else runs


def timed_run(command: list[str], env: dict[str, str]) -> Timing:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return Timing(wall, cpu)


def walls(runs: list[Timing]) -> list[float]:
    return [r.wall for r in runs]


def cpus(runs: list[Timing]) -> list[float]:
    return [r.cpu for r in runs]


def kilobytes(path: Path) -> str:
    return f"{path.stat().st_size / 1000:,.0f} kB"


def image_size(path: Path) -> tuple[int, int]:
    from PySide6.QtGui import QImageReader

    size = QImageReader(str(path)).size()
    return (size.width(), size.height())


PROBE_RUNS = 5


def where_the_time_goes(command: list[str], folder: Path, env: dict[str, str]) -> list[list[str]]:
    """Rows for each step of our whole command, processor time, median of PROBE_RUNS
    fresh runs of ``render_probe.py`` (the command with a stopwatch), from Python's
    start to its exit."""
    probe = [sys.executable, str(HERE / "render_probe.py"), str(folder / "steps.json")]
    runs: list[list[tuple[str, float]]] = []
    for _ in range(PROBE_RUNS):
        whole = timed_run([*probe, *command], env).cpu
        marks = json.loads((folder / "steps.json").read_text(encoding="utf-8"))
        steps, before = [], 0.0
        for step, at in marks:
            steps.append((step, at - before))
            before = at
        runs.append([*steps, ("shut down Python and Qt, exit", whole - before)])
    rows = []
    for i, (step, _) in enumerate(runs[0]):
        rows.append([f"of ours, {step}", f"{median([r[i][1] for r in runs]) * 1000:.0f} ms"])
    return [[*row, "", "", ""] for row in rows]


def compare(
    name: str, starmap: StarMap, source: Path, folder: Path, fit: int | None
) -> list[list[str]]:
    """Print (and return) the rows for one map: Tiled, ours and the floor alternating,
    then where ours spends its time."""
    rasterizer = shutil.which("tmxrasterizer")
    env = dict(os.environ)
    rows: list[list[str]] = []
    if rasterizer:
        write_tmx(starmap, folder / f"{name}.tmx", "tiles.png")
        tiled_out = folder / f"{name}-tiled.png"
        size = ["--size", str(fit)] if fit else []
        tiled_command = [rasterizer, *size, str(folder / f"{name}.tmx"), str(tiled_out)]
        timed_run(tiled_command, env)  # its libraries into the page cache, like ours below
        width, height = image_size(tiled_out)
    else:
        width, height = fit or 1740, fit or 1365
    ours_out = folder / f"{name}-ours.png"
    arguments = [str(source), str(ours_out), "--size", f"{width}x{height}"]
    ours_command = [sys.executable, "-m", "app", "render", *arguments]
    first = timed_run(ours_command, env)  # an empty map cache: the file is read and checked
    assert image_size(ours_out) == (width, height)
    (folder / "floor.py").write_text(FLOOR)
    (folder / "floor_map.py").write_text(FLOOR_MAP)
    floor_command = [sys.executable, str(folder / "floor.py"), str(width), str(height)]
    floor_map_command = [*floor_command[:1], str(folder / "floor_map.py"), *floor_command[2:]]
    floor_map_command.append(str(source))
    ours, tiled, floor, floor_map = [], [], [], []
    for _ in range(RUNS):
        if rasterizer:
            tiled.append(timed_run(tiled_command, env))
        ours.append(timed_run(ours_command, env))
        floor.append(timed_run(floor_command, env))
        floor_map.append(timed_run(floor_map_command, env))
    goal = 1.5 if name == "built-in" else 1.0
    if rasterizer:
        wall_ratio = median(walls(ours)) / median(walls(tiled))
        cpu_ratio = median(cpus(ours)) / median(cpus(tiled))
        rows += [
            [f"whole command, median of {RUNS}", f"{median(walls(ours)):.3f} s",
             f"{median(walls(tiled)):.3f} s", f"{wall_ratio:.2f}x",
             f"< {goal}x: {verdict(wall_ratio, goal)}"],
            [f"fastest of {RUNS}", f"{min(walls(ours)):.3f} s",
             f"{min(walls(tiled)):.3f} s", ratio(min(walls(ours)), min(walls(tiled))), ""],
            ["processor time (user + system), median", f"{median(cpus(ours)):.3f} s",
             f"{median(cpus(tiled)):.3f} s", f"{cpu_ratio:.2f}x",
             f"< {goal}x: {verdict(cpu_ratio, goal)}"],
            ["floor: Python and PySide6 drawing an empty scene, processor, median",
             f"{median(cpus(floor)):.3f} s", f"{median(cpus(tiled)):.3f} s",
             ratio(median(cpus(floor)), median(cpus(tiled))), ""],
            ["floor + Qt's enums named + the map's types and the map loaded, processor",
             f"{median(cpus(floor_map)):.3f} s", f"{median(cpus(tiled)):.3f} s",
             ratio(median(cpus(floor_map)), median(cpus(tiled))), ""],
            ["PNG file size", kilobytes(ours_out), kilobytes(tiled_out),
             ratio(ours_out.stat().st_size, tiled_out.stat().st_size), ""],
        ]  # fmt: skip
    else:
        rows.append([f"whole command, median of {RUNS}", f"{median(walls(ours)):.3f} s",
                     "not installed", "-", f"< {goal}x: not measured"])  # fmt: skip
        rows.append(["PNG file size", kilobytes(ours_out), "", "", ""])
    rows.append(["first run (map not cached yet)", f"{first.wall:.3f} s", "", "", ""])
    rows += where_the_time_goes(arguments, folder, env)
    print()
    print(f"{name} map, {starmap.bounds.width}x{starmap.bounds.height} hexes, "
          f"a {width}x{height} picture")  # fmt: skip
    print()
    print_table(["measure", "`app render`", "`tmxrasterizer`", "ratio", "goal"], rows)
    return rows


def main() -> None:
    compile_bytecode()
    from core.files.resources import SOLAR_SYSTEM_MAP
    from core.scenario.documents import load_document

    print(machine())
    if not shutil.which("tmxrasterizer"):
        print(
            "tmxrasterizer not found: the Tiled rows are skipped. Install it with "
            "`sudo apt-get install tiled` (Debian, Ubuntu) or `make bench-tools`."
        )
    folder = Path(tempfile.mkdtemp(prefix="ecliptic-bench-"))
    # A map cache of the run's own, empty at first: the first run of ours is honest,
    # and the user's cache is left alone.
    os.environ["ECLIPTIC_DATA_DIR"] = str(folder / "data")
    try:
        if shutil.which("tmxrasterizer"):
            write_tileset(folder / "tiles.png")
        builtin = load_document(SOLAR_SYSTEM_MAP)
        assert isinstance(builtin, StarMap)
        compare("built-in", builtin, SOLAR_SYSTEM_MAP, folder, None)
        big = write_bigmap(folder / "big.toml")
        compare("100,000-hex", build_bigmap(), big, folder, BIG_FIT)
        print()
        print(machine())
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
