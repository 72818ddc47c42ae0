"""Sheets on paper and in files: PDF (QPdfWriter), PNG, and the printer, one ship a page,
A4 or Letter, portrait. Also ``python -m app export-sheet DESIGN OUT.pdf|OUT.png``,
which needs no display.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.board.problems import FileProblems, Problem

if TYPE_CHECKING:
    from PySide6.QtGui import QImage, QPagedPaintDevice
    from PySide6.QtWidgets import QWidget

    from app.rules.interplanetary.manifest.layout import SheetData
    from core.rules.interplanetary.aid.design import Design

PAPERS = ("a4", "letter")
MARGIN_MM = 10.0
PDF_DPI = 300
PNG_WIDTH = 1600

_app: Any = None


def sheet_for(design: Design) -> SheetData:
    """A design's sheet, as printed."""
    from app.rules.interplanetary.manifest.layout import SheetData
    from core.files.rulesets import load_ruleset

    aid = design.play_aid()
    builtin = not design.ruleset.endswith(".toml")
    rules = load_ruleset(design.ruleset) if builtin else None
    subtitle = f"{rules.name if rules else design.ruleset} · ship manifest"
    return SheetData(aid, design.manifest, name=design.name, notes=design.notes, subtitle=subtitle)


def blank_sheet(ruleset: str = "interplanetary") -> SheetData:
    """An empty sheet to fill in by hand."""
    from app.rules.interplanetary.manifest.layout import SheetData
    from core.files.rulesets import load_ruleset
    from core.rules.interplanetary.aid.carried import aid_of
    from core.rules.interplanetary.aid.manifest import empty

    rules = load_ruleset(ruleset)
    aid = aid_of(rules)
    if aid is None:
        raise FileProblems([Problem(f"the {rules.name} ruleset has no manifest sheet")])
    return SheetData(aid, empty(aid), subtitle=f"{rules.name} · ship manifest")


def sheet_image(sheet: SheetData, width: int = PNG_WIDTH) -> QImage:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from app.rules.interplanetary.manifest.layout import HEIGHT, WIDTH
    from app.rules.interplanetary.manifest.sheet import paint_sheet

    height = round(width * HEIGHT / WIDTH)
    image = QImage(width, height, QImage.Format.Format_RGB32)
    if image.isNull():
        raise MemoryError(f"not enough memory for a {width}x{height} image")
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        paint_sheet(painter, QRectF(0, 0, width, height), sheet)
    finally:
        painter.end()
    return image


def write_png(sheet: SheetData, path: Path, width: int = PNG_WIDTH) -> Path:
    from PySide6.QtCore import QByteArray
    from PySide6.QtGui import QImageWriter

    writer = QImageWriter(str(path), QByteArray(b"png"))
    if not writer.write(sheet_image(sheet, width)):
        raise OSError(f"could not write {path}: {writer.errorString()}")
    return Path(path)


def page_size(paper: str) -> Any:
    from PySide6.QtGui import QPageSize

    if paper.lower() not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    kind = QPageSize.PageSizeId.A4 if paper.lower() == "a4" else QPageSize.PageSizeId.Letter
    return QPageSize(kind)


def paint_pages(device: QPagedPaintDevice, sheets: Sequence[SheetData]) -> None:
    """One sheet a page, each fitted into the page inside its margins."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter

    from app.rules.interplanetary.manifest.sheet import paint_sheet

    painter = QPainter()
    if not painter.begin(device):
        raise OSError("could not start drawing on the page")
    try:
        for i, sheet in enumerate(sheets):
            if i:
                device.newPage()
            area = QRectF(0, 0, device.width(), device.height())
            paint_sheet(painter, area, sheet)
    finally:
        painter.end()


def write_pdf(sheets: Sequence[SheetData], path: Path, paper: str = "a4") -> Path:
    """A PDF of the sheets, one a page, on A4 or Letter."""
    from PySide6.QtCore import QMarginsF
    from PySide6.QtGui import QPageLayout, QPdfWriter

    path = Path(path)
    if not path.parent.is_dir():
        raise OSError(f"could not write {path}: no folder {path.parent}")
    writer = QPdfWriter(str(path))
    writer.setResolution(PDF_DPI)
    writer.setTitle(", ".join(s.name or "Ship manifest" for s in sheets))
    writer.setCreator("Ecliptic")
    writer.setPageSize(page_size(paper))
    writer.setPageOrientation(QPageLayout.Orientation.Portrait)
    writer.setPageMargins(QMarginsF(*(MARGIN_MM,) * 4), QPageLayout.Unit.Millimeter)
    paint_pages(writer, sheets)
    del writer  # the file is complete once the writer is gone
    return path


def print_sheets(sheets: Sequence[SheetData], parent: QWidget | None = None) -> bool:
    """The system's print dialog, then the sheets, one a page; False if cancelled."""
    from PySide6.QtCore import QMarginsF
    from PySide6.QtGui import QPageLayout
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setPageOrientation(QPageLayout.Orientation.Portrait)
    printer.setPageMargins(QMarginsF(*(MARGIN_MM,) * 4), QPageLayout.Unit.Millimeter)
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle("Print Manifest Sheet")
    if dialog.exec() != QPrintDialog.DialogCode.Accepted:
        return False
    paint_pages(printer, sheets)
    return True


# ---- the command line ----


def parse_args(argv: Sequence[str] | None, prog: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Write a ship's manifest sheet to a PDF (one page) or a PNG.",
    )
    parser.add_argument(
        "design",
        metavar="DESIGN",
        help="a design file, the name of a shipped or library design, or 'blank'",
    )
    parser.add_argument("out", type=Path, metavar="OUT", help="file to write: .pdf or .png")
    parser.add_argument(
        "--paper", choices=PAPERS, default="a4", type=str.lower, help="PDF paper (a4)"
    )
    parser.add_argument(
        "--width", type=int, default=PNG_WIDTH, help=f"PNG width in pixels ({PNG_WIDTH})"
    )
    args = parser.parse_args(argv)
    if args.out.suffix.lower() not in (".pdf", ".png"):
        parser.error(f"OUT must end in .pdf or .png, not {args.out.name!r}")
    if not 200 <= args.width <= 20_000:
        parser.error("--width must be 200 to 20000")
    return args


def _typed(design: str) -> str:
    """A design file typed on the command line is read from the shell's folder (the
    library itself reads a relative path from its own folder); a name is left as is."""
    path = Path(design)
    return str(path.absolute()) if path.suffix == ".toml" and path.is_file() else design


def main(argv: Sequence[str] | None = None, prog: str = "ecliptic export-sheet") -> int:
    args = parse_args(argv, prog)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from app.rules.interplanetary.manifest.library_paths import library

    try:
        if args.design.lower() == "blank":
            sheet = blank_sheet()
        else:
            sheet = sheet_for(library().find(_typed(args.design)))
    except FileProblems as error:
        print(f"Cannot use the design {args.design!r}:", file=sys.stderr)
        for problem in error.problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    _ensure_application()
    try:
        if args.out.suffix.lower() == ".png":
            out = write_png(sheet, args.out, args.width)
        else:
            out = write_pdf([sheet], args.out, args.paper)
    except (OSError, MemoryError) as error:
        print(f"Error: {error}", file=sys.stderr)
        return 1
    print(f"Wrote {out}")
    return 0


def _ensure_application() -> None:
    global _app
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is None:
        _app = QApplication([sys.argv[0] if sys.argv else "ecliptic-export-sheet"])
