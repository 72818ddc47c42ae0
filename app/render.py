"""Render a star map to a PNG without a window: ``python -m app.render MAP.toml OUT.png``.

Qt is imported only when rendering starts, so the command line can choose the
``offscreen`` platform first on a machine without a display.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.problems import FileProblems

if TYPE_CHECKING:
    from core.starmap import StarMap

DEFAULT_WIDTH = 2400
MARGIN_HEXES = 0.5  # blank border around the map, in hex sizes

_app: Any = None  # the QApplication created here, kept alive for later renders


def _ensure_application() -> None:
    global _app
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is None:
        _app = QApplication([sys.argv[0] if sys.argv else "ecliptic-render"])


def render_map_png(
    starmap: StarMap, out_path: Path | str, width_px: int = DEFAULT_WIDTH, labels: bool = False
) -> Path:
    """Draw the whole map ``width_px`` pixels wide (height to match) and save it as PNG.

    Raises ``ValueError`` for a width below 1 and ``OSError`` when the file cannot be
    written. Hex labels are only drawn when hexes come out big enough to read them.
    """
    if width_px < 1:
        raise ValueError(f"the image width must be at least 1 pixel, not {width_px}")
    _ensure_application()
    from PySide6.QtCore import QByteArray, QRectF, Qt
    from PySide6.QtGui import QImage, QImageWriter, QPainter

    from app.map.items import HEX_SIZE
    from app.map.scene import StarMapScene

    path = Path(out_path)
    scene = StarMapScene(starmap)
    scene.set_labels_visible(labels)
    m = MARGIN_HEXES * HEX_SIZE
    source = scene.itemsBoundingRect().adjusted(-m, -m, m, m)
    height = max(1, round(width_px * source.height() / source.width()))
    image = QImage(width_px, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(scene.map_style.outside)
    painter = QPainter(image)
    try:
        painter.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        target = QRectF(0, 0, width_px, height)
        scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)
    finally:
        painter.end()
    writer = QImageWriter(str(path), QByteArray(b"png"))
    if not writer.write(image):
        raise OSError(f"could not write {path}: {writer.errorString()}")
    return path


def _use_offscreen_without_display() -> None:
    """With no X11 or Wayland display on Linux, render with Qt's offscreen platform."""
    if sys.platform in ("win32", "darwin"):
        return
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m app.render", description="Render an Ecliptic map file to a PNG image."
    )
    parser.add_argument("map", type=Path, help="map file (.toml)")
    parser.add_argument("out", type=Path, help="PNG file to write")
    parser.add_argument(
        "--labels", action="store_true", help="print hex labels (0412) when legible"
    )
    parser.add_argument(
        "--width", type=int, default=DEFAULT_WIDTH, help=f"image width in pixels ({DEFAULT_WIDTH})"
    )
    args = parser.parse_args(argv)
    if args.width < 1:
        parser.error("--width must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    _use_offscreen_without_display()
    from core.mapfile import load_map

    try:
        starmap = load_map(args.map)
    except FileProblems as error:
        print(f"Cannot load {args.map}:", file=sys.stderr)
        for problem in error.problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"Cannot load {args.map}: {error.strerror or error}", file=sys.stderr)
        return 1
    try:
        out = render_map_png(starmap, args.out, args.width, labels=args.labels)
    except OSError as error:
        print(f"Error: {error}", file=sys.stderr)
        return 1
    print(f"Wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
