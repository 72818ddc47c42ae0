"""The map on paper and in files: PNG, SVG, PDF (A4 or Letter) and the printer.

Everything is drawn by the map scene itself (:class:`app.board.scene.StarMapScene`, through
``scene.render`` as ``python -m app render`` does), fitted into the page or picture and
keeping its proportions, so a printed map is the map on screen. Pages turn landscape for
maps wider than tall. Files are written beside the target and renamed into place, so a
failed export never leaves half a file over an old one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from app.board.render import DEFAULT_WIDTH, render_map_png, source_rect
from app.folders import ask_save
from core.files.tomlio import file_mode

if TYPE_CHECKING:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPagedPaintDevice, QPainter
    from PySide6.QtWidgets import QWidget

    from app.board.scene import StarMapScene
    from core.board.starmap import StarMap

FORMATS = ("png", "svg", "pdf")
PAPERS = ("a4", "letter")
MARGIN_MM = 10.0
PDF_DPI = 300
FILTERS = {
    "PNG image (*.png)": ("png", "a4"),
    "SVG drawing (*.svg)": ("svg", "a4"),
    "PDF, A4 (*.pdf)": ("pdf", "a4"),
    "PDF, Letter (*.pdf)": ("pdf", "letter"),
}


def paint_fitted(painter: QPainter, scene: StarMapScene, area: QRectF, labels: bool) -> None:
    """The whole map (and a thin margin) as large as fits in ``area``, centred."""
    from PySide6.QtCore import QRectF, Qt

    source = source_rect(scene)
    scale = min(area.width() / source.width(), area.height() / source.height())
    w, h = source.width() * scale, source.height() * scale
    target = QRectF(area.x() + (area.width() - w) / 2, area.y() + (area.height() - h) / 2, w, h)
    painter.fillRect(target, scene.map_style.outside)
    with scene.drawn_once(labels):
        scene.render(painter, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)


def _scene(starmap: StarMap) -> StarMapScene:
    from app.board.scene import StarMapScene

    return StarMapScene(starmap)


def _landscape(starmap: StarMap) -> bool:
    rect = source_rect(_scene(starmap))
    return rect.width() > rect.height()


def _paint_page(device: QPagedPaintDevice, starmap: StarMap, labels: bool) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter

    scene = _scene(starmap)
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("could not start drawing on the page")
    try:
        hints = QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
        painter.setRenderHints(hints)
        area = QRectF(0, 0, device.width(), device.height())
        paint_fitted(painter, scene, area, labels)
    finally:
        painter.end()


def _setup_page(device: QPagedPaintDevice, starmap: StarMap, paper: str) -> None:
    from PySide6.QtCore import QMarginsF
    from PySide6.QtGui import QPageLayout, QPageSize

    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    kind = QPageSize.PageSizeId.A4 if paper == "a4" else QPageSize.PageSizeId.Letter
    orientation = (
        QPageLayout.Orientation.Landscape
        if _landscape(starmap)
        else QPageLayout.Orientation.Portrait
    )
    layout = QPageLayout(
        QPageSize(kind), orientation, QMarginsF(*(MARGIN_MM,) * 4), QPageLayout.Unit.Millimeter
    )
    device.setPageLayout(layout)


def _write_svg(starmap: StarMap, path: Path, width_px: int, labels: bool) -> None:
    from PySide6.QtCore import QRect, QRectF, QSize
    from PySide6.QtGui import QPainter
    from PySide6.QtSvg import QSvgGenerator

    scene = _scene(starmap)
    source = source_rect(scene)
    height_px = max(1, round(width_px * source.height() / source.width()))
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSize(width_px, height_px))
    generator.setViewBox(QRect(0, 0, width_px, height_px))
    generator.setTitle(starmap.name)
    generator.setDescription(f"{starmap.name}, drawn by Ecliptic")
    painter = QPainter()
    if not painter.begin(generator):
        raise OSError(f"could not write {path}")
    try:
        paint_fitted(painter, scene, QRectF(0, 0, width_px, height_px), labels)
    finally:
        painter.end()


def _write_pdf(starmap: StarMap, path: Path, paper: str, labels: bool) -> None:
    from PySide6.QtGui import QPdfWriter

    writer = QPdfWriter(str(path))
    writer.setResolution(PDF_DPI)
    writer.setTitle(starmap.name)
    writer.setCreator("Ecliptic")
    _setup_page(writer, starmap, paper)
    _paint_page(writer, starmap, labels)
    del writer  # the file is complete once the writer is gone


def export_map(
    starmap: StarMap,
    path: Path | str,
    fmt: str | None = None,
    *,
    paper: str = "a4",
    width_px: int = DEFAULT_WIDTH,
    labels: bool = True,
) -> Path:
    """Write the map to ``path`` as ``fmt`` ("png", "svg" or "pdf"; by default from the
    file's suffix). PNG and SVG are ``width_px`` wide; a PDF is one page of ``paper``.

    Raises ValueError for an unknown format or paper, OSError when the file cannot be
    written (the old file, if any, is left as it was).
    """
    path = Path(path)
    fmt = (fmt or path.suffix.lstrip(".")).lower()
    if fmt not in FORMATS:
        raise ValueError(f"cannot export a map as {fmt!r}: choose PNG, SVG or PDF")
    if not path.parent.is_dir():
        raise OSError(f"could not write {path}: there is no folder {path.parent}")
    fd, name = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=f".{fmt}", dir=path.parent)
    os.close(fd)
    temporary = Path(name)
    try:
        if fmt == "png":
            render_map_png(starmap, temporary, width_px, labels=labels)
        elif fmt == "svg":
            _write_svg(starmap, temporary, width_px, labels)
        else:
            _write_pdf(starmap, temporary, paper, labels)
        if temporary.stat().st_size == 0:
            raise OSError(f"could not write {path}")
        os.chmod(temporary, file_mode(path))  # mkstemp's file is private; a picture is not
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    return path


def print_map(starmap: StarMap, parent: QWidget | None = None, labels: bool = True) -> bool:
    """The system's print dialog, then the map on one page; False if cancelled."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    _setup_page(printer, starmap, "a4")
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(f"Print {starmap.name}")
    if dialog.exec() != QPrintDialog.DialogCode.Accepted:
        return False
    _paint_page(printer, starmap, labels)
    return True


def ask_export_map(starmap: StarMap, parent: QWidget | None = None) -> Path | None:
    """File › Export Map…: ask where and in which format, write it, say what went wrong."""
    from PySide6.QtWidgets import QMessageBox

    stem = "".join(c for c in starmap.name if c.isalnum() or c in " -_").strip() or "map"
    picked, chosen = ask_save(parent, "Export Map", f"{stem}.png", ";;".join(FILTERS))
    if picked is None:
        return None
    path_text = str(picked)
    fmt, paper = FILTERS.get(chosen, ("png", "a4"))
    path = Path(path_text)
    if path.suffix.lower() != f".{fmt}":
        path = path.with_name(path.name + f".{fmt}")
    try:
        return export_map(starmap, path, fmt, paper=paper)
    except (OSError, ValueError, MemoryError) as error:
        QMessageBox.warning(parent, "Export Map", f"The map was not exported.\n\n{error}")
        return None
