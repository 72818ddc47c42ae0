"""Pictures of maps without a window: ``python -m app render FILE OUT.png`` (or
``python -m app.board.render``).

FILE is a map, a scenario (its map is drawn) or a Tiled map (TMX), told apart by their
content; a map that opened cleanly before comes from the map cache. Qt is imported only
when rendering starts, so the command line can choose the ``offscreen`` platform first:
a picture never needs a display.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from core.board.problems import FileProblems

if TYPE_CHECKING:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage

    from app.board.scene import StarMapScene
    from core.board.starmap import StarMap

DEFAULT_WIDTH = 2400
MARGIN_HEXES = 0.5  # blank border around the map, in hex sizes
MAX_SIDE = 32_000  # pixels; a bigger picture is almost certainly a typing mistake

_app: Any = None  # the QApplication created here, kept alive for later renders


def _ensure_application() -> None:
    global _app
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is None:
        _app = QApplication([sys.argv[0] if sys.argv else "ecliptic-render"])


def load_starmap(path: Path, cache: Path | None = None) -> StarMap:
    """The map of a map file (from the map ``cache`` folder when it opened cleanly before),
    of a scenario file, or of a Tiled map (TMX).

    The cache is asked first: it keeps maps only, so a text found there is a map, and
    neither the TOML reader nor the file's kind is needed. Otherwise the kind is read
    from the file's header, so drawing a map imports no scenario or rule module.
    Raises FileProblems for a missing, unreadable or invalid file, or a ruleset.
    """
    from core.board.problems import FileProblems, Problem
    from core.files.tomlio import read_text

    text = read_text(path)
    if cache is not None:
        from core.files import mapcache

        cached = mapcache.lookup(text, cache)
        if cached is not None:
            return cached
    from core.files.kind import FileKind, file_kind

    kind = file_kind(text)
    if kind is FileKind.TMX:
        from core.files.tmx_read import from_tmx

        return from_tmx(text, str(path))
    if kind is FileKind.RULESET:
        problem = Problem("this is a ruleset: there is no map to draw", "format", None, str(path))
        raise FileProblems([problem])
    from core.scenario.documents import parse_document

    document = parse_document(text, path, cache if kind is FileKind.MAP else None)
    if kind is FileKind.SCENARIO:
        from core.scenario.document import Scenario

        assert isinstance(document, Scenario)
        return document.starmap
    from core.board.starmap import StarMap

    assert isinstance(document, StarMap)
    return document


def source_rect(scene: StarMapScene) -> QRectF:
    """The part of the scene a picture shows: everything on the map and a thin margin."""
    from app.board.items import HEX_SIZE

    m = MARGIN_HEXES * HEX_SIZE
    return scene.content_rect().adjusted(-m, -m, m, m)


def render_image(
    scene: StarMapScene, width_px: int, height_px: int | None = None, labels: bool = False
) -> QImage:
    """The whole map ``width_px`` wide; with ``height_px`` too, fitted into that size,
    centred, keeping its proportions (the rest is the colour around the map).

    Drawn hex by hex at any size (never from the overview picture), so small pictures
    of big maps are as exact as large ones. Raises ValueError for a size below 1 pixel
    or above :data:`MAX_SIDE`, and MemoryError when the image cannot be allocated.
    """
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter

    source = source_rect(scene)
    if height_px is None:
        height_px = max(1, round(width_px * source.height() / source.width()))
    for side in (width_px, height_px):
        if not 1 <= side <= MAX_SIDE:
            raise ValueError(f"the image must be 1 to {MAX_SIDE} pixels a side, not {side}")
    scale = min(width_px / source.width(), height_px / source.height())
    w, h = source.width() * scale, source.height() * scale
    target = QRectF((width_px - w) / 2, (height_px - h) / 2, w, h)
    # Opaque: the PNG is then RGB, a tenth smaller and quicker to write than RGBA.
    image = QImage(width_px, height_px, QImage.Format.Format_RGB32)
    if image.isNull():
        raise MemoryError(f"not enough memory for a {width_px}x{height_px} image")
    image.fill(scene.map_style.outside)
    painter = QPainter(image)
    try:
        painter.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        with scene.drawn_once(labels):
            scene.render(painter, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)
    finally:
        painter.end()
    return image


def render_map_png(
    starmap: StarMap,
    out_path: Path | str,
    width_px: int = DEFAULT_WIDTH,
    labels: bool = False,
    height_px: int | None = None,
) -> Path:
    """Draw the whole map ``width_px`` pixels wide (with ``height_px``: fitted into that
    size) and save it as PNG.

    Raises ``ValueError`` for a size out of range and ``OSError`` when the file cannot be
    written. Hex labels are only drawn when hexes come out big enough to read them.
    """
    if width_px < 1:
        raise ValueError(f"the image width must be at least 1 pixel, not {width_px}")
    _ensure_application()
    from app.board.scene import StarMapScene

    path = Path(out_path)
    image = render_image(StarMapScene(starmap), width_px, height_px, labels)
    image.convertTo(image.Format.Format_RGB888)  # in place: no second picture in memory
    write_png(image, path)
    return path


def write_png(image: QImage, path: Path) -> None:
    """Save ``image`` as an RGB PNG with :mod:`core.files.png` (faster than Qt's writer for
    map pictures), atomically; OSError when the file cannot be written. An RGB888 image
    is written as it is, any other is converted first."""
    from PySide6.QtGui import QImage

    from core.files import png
    from core.files.tomlio import write_atomic

    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    # PySide6 gives constBits() as a memoryview; its stub says bytes | bytearray | memoryview
    bits = cast(memoryview, rgb.constBits())
    stride, length = rgb.bytesPerLine(), rgb.width() * 3
    rows = (bits[y * stride : y * stride + length] for y in range(rgb.height()))
    write_atomic(path, png.encode(rgb.width(), rgb.height(), rows, channels=3))


class Arguments(NamedTuple):
    """What the command line asks for."""

    map: Path
    out: Path
    labels: bool = False
    size: tuple[int, int] | None = None
    width: int = DEFAULT_WIDTH


def read_size(text: str) -> tuple[int, int]:
    """``"1920x1080"`` as ``(1920, 1080)``; ValueError saying what is wrong."""
    found = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if not found:
        raise ValueError(f"{text!r} is not a size like 1920x1080")
    w, h = int(found.group(1)), int(found.group(2))
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise ValueError(f"each side must be 1 to {MAX_SIDE} pixels")
    return (w, h)


def _size(text: str) -> tuple[int, int]:
    import argparse

    try:
        return read_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def parse_args(
    argv: Sequence[str] | None = None, prog: str = "python -m app.board.render"
) -> Arguments:
    """The command line; ``--help`` and mistakes are explained by argparse, which exits
    (status 0 for help, 2 for a mistake)."""
    words = list(sys.argv[1:] if argv is None else argv)
    return _plain(words) or _argparse(words, prog)


#: the options the fast path reads, spelled out in full, and whether each takes a value
_PLAIN_OPTIONS = {"--labels": False, "--size": True, "--width": True}


def _plain(words: list[str]) -> Arguments | None:
    """The usual command line read without argparse (importing and setting it up costs
    4 ms of a 0.2 s render), or None for any line it does not read exactly as argparse
    would; argparse then reads it, or says what is wrong. It reads only:

    - words that do not start with "-" as the two files (argparse's positionals);
    - the options of :data:`_PLAIN_OPTIONS` spelled out in full, each at most once, and
      not both ``--size`` and ``--width`` (argparse refuses those together);
    - a value after ``--size`` or ``--width`` that does not start with "-" (argparse
      takes "-5" as a value but "-x" as an option), converted by the same functions
      argparse is given, and in the same range.

    Anything else (``--help``, ``--size=WxH``, ``--lab``, ``--``, a repeat, a mistake)
    is None. ``tests/app/board/test_render_arguments.py`` checks every line of a few
    words against argparse."""
    files: list[str] = []
    options: dict[str, str] = {}
    i = 0
    while i < len(words):
        word = words[i]
        if word in _PLAIN_OPTIONS:
            if word in options:
                return None
            if _PLAIN_OPTIONS[word]:
                if i + 1 == len(words) or words[i + 1].startswith("-"):
                    return None
                i += 1
            options[word] = words[i]
        elif word and not word.startswith("-"):
            files.append(word)
        else:
            return None
        i += 1
    if len(files) != 2 or {"--size", "--width"} <= options.keys():
        return None
    try:
        size = read_size(options["--size"]) if "--size" in options else None
        width = int(options.get("--width", DEFAULT_WIDTH))
    except ValueError:
        return None
    if not _width_ok(width):
        return None
    return Arguments(Path(files[0]), Path(files[1]), "--labels" in options, size, width)


def _width_ok(width: int) -> bool:
    return 1 <= width <= MAX_SIDE


def _argparse(words: list[str], prog: str) -> Arguments:
    import argparse

    parser = argparse.ArgumentParser(
        prog=prog,
        description="Render an Ecliptic map, a scenario's map or a Tiled map to a PNG image.",
    )
    parser.add_argument(
        "map", type=Path, metavar="FILE", help="map or scenario (.toml), or Tiled map (.tmx)"
    )
    parser.add_argument("out", type=Path, metavar="OUT.png", help="PNG file to write")
    parser.add_argument(
        "--labels", action="store_true", help="print hex labels (0412) when legible"
    )
    fit = parser.add_mutually_exclusive_group()
    fit.add_argument(
        "--size",
        type=_size,
        metavar="WxH",
        help="fit the map into an image of this size, centred, keeping its proportions",
    )
    fit.add_argument(
        "--width",
        type=int,
        default=DEFAULT_WIDTH,
        help=f"image width in pixels, height to match the map ({DEFAULT_WIDTH})",
    )
    args = parser.parse_args(words)
    if not _width_ok(args.width):
        parser.error(f"--width must be 1 to {MAX_SIDE}")
    return Arguments(args.map, args.out, args.labels, args.size, args.width)


def main(argv: Sequence[str] | None = None, prog: str = "python -m app.board.render") -> int:
    args = parse_args(argv, prog)
    # A picture never needs a display: render offscreen unless told otherwise.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from app.campaign.paths import map_cache_dir

    try:
        starmap = load_starmap(args.map, cache=map_cache_dir())
    except FileProblems as error:
        print(f"Cannot load {args.map}:", file=sys.stderr)
        for problem in error.problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    width, height = args.size if args.size else (args.width, None)
    try:
        out = render_map_png(starmap, args.out, width, labels=args.labels, height_px=height)
    except (OSError, MemoryError) as error:
        print(f"Error: {error}", file=sys.stderr)
        return 1
    print(f"Wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
