"""The render command on the generated 100,000-hex map, against Tiled's tmxrasterizer
rendering a hex map of the same size to the same image size. Prints a table; not a test.

The Tiled map is 400 x 250 flat-topped hexes (odd columns lower, like ours), a
24-pixel hex side, with two tile layers made from the generated map: every hex a
space tile with its outline, and on top a tile for each asteroid, gravity, body or
base hex (a small generated tileset). Both programs are timed as whole commands, so
starting Python or Qt, reading and checking the file all count.
Needs ``tmxrasterizer`` (Debian: ``sudo apt-get install tiled``); without it only our
side is measured.
Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_render.py``.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import math
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from bigmap import build_bigmap, write_bigmap  # noqa: E402

from core.board.starmap import StarMap  # noqa: E402

RUNS = 3
FIT = 4000  # the output fits in FIT x FIT pixels
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


def timed_run(command: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=os.environ.copy())
    return time.perf_counter() - t


def image_size(path: Path) -> tuple[int, int]:
    from PySide6.QtGui import QImageReader

    size = QImageReader(str(path)).size()
    return (size.width(), size.height())


def in_process(source: Path, out: Path, width: int, height: int) -> dict[str, float]:
    """Where our command's time goes: load, build the scene, draw, write the PNG."""
    from PySide6.QtWidgets import QApplication

    from app.board.render import load_starmap, render_image, write_png
    from app.board.scene import StarMapScene

    _app = QApplication.instance() or QApplication([])
    times: dict[str, float] = {}
    t = time.perf_counter()
    starmap = load_starmap(source)
    times["load and check the map file"] = time.perf_counter() - t
    t = time.perf_counter()
    scene = StarMapScene(starmap)
    times["build the scene"] = time.perf_counter() - t
    t = time.perf_counter()
    image = render_image(scene, width, height)
    times["draw"] = time.perf_counter() - t
    t = time.perf_counter()
    write_png(image, out)
    times["write the PNG"] = time.perf_counter() - t
    return times


def main() -> None:
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores, Qt offscreen")
    folder = Path(tempfile.mkdtemp(prefix="ecliptic-bench-"))
    source = write_bigmap(folder / "big.toml")
    rasterizer = shutil.which("tmxrasterizer")
    rows: list[tuple[str, str, str]] = []
    width, height = FIT, FIT
    if rasterizer:
        write_tileset(folder / "tiles.png")
        write_tmx(build_bigmap(), folder / "big.tmx", "tiles.png")
        tiled_out = folder / "tiled.png"
        command = [rasterizer, "--size", str(FIT), str(folder / "big.tmx"), str(tiled_out)]
        tiled = [timed_run(command) for _ in range(RUNS)]
        width, height = image_size(tiled_out)
    ours_out = folder / "ours.png"
    command = [
        sys.executable, "-m", "app", "render", str(source), str(ours_out),
        "--size", f"{width}x{height}",
    ]  # fmt: skip
    ours = [timed_run(command) for _ in range(RUNS)]
    assert image_size(ours_out) == (width, height)

    rows.append(("image", f"{width}x{height}", f"{width}x{height}" if rasterizer else "-"))
    rows.append(
        (
            f"whole command, median of {RUNS}",
            f"{statistics.median(ours):.2f} s",
            f"{statistics.median(tiled):.2f} s" if rasterizer else "not installed",
        )
    )
    rows.append(
        (
            f"whole command, fastest of {RUNS}",
            f"{min(ours):.2f} s",
            f"{min(tiled):.2f} s" if rasterizer else "-",
        )
    )
    for step, seconds in in_process(source, folder / "again.png", width, height).items():
        rows.append((f"of ours: {step}", f"{seconds:.2f} s", ""))
    print()
    print("| 400x250 hexes (100,000) | `python -m app render` | Tiled `tmxrasterizer` |")
    print("|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
