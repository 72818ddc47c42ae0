"""Counter sheets for play on paper: a side's squadron and planet counters with their
factors printed, in the side's colour, and the marker counters the seed lists ("?",
supply, admiral, fleet, fuel, damage 1 to 10), written to PDF (QPdfWriter) on A4 or
Letter, ready to print, glue and cut.

A counter reads, top to bottom: the design's name; jump, tech level and maneuver; attack
and defense large in the middle; sensor range, attack range and supply. A planet's name
is printed in reversed colours. A legend on each page says which letter is which.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen

from core.rules.squadrons.design import Design

COUNTER_MM = 18.0
MARGIN_MM = 10.0
PDF_DPI = 300
#: the side colours offered, by name
COLOURS: dict[str, str] = {
    "Blue": "#3d6fb6",
    "Red": "#b8423a",
    "Green": "#3f8a4c",
    "Gold": "#c9a227",
    "Purple": "#7a4fa0",
    "Grey": "#7a7f87",
}
NEUTRAL = "#d9d9d9"
LEGEND = (
    "J jump · T tech level · M maneuver · attack-defense in the middle · "
    "S sensor range · R attack range · U supply · a name in reversed colours marks a planet"
)


@dataclass(frozen=True)
class Marker:
    """A counter that is not a squadron: its big text and the word under it."""

    text: str
    word: str
    side: bool = True
    """Printed in the side's colour (else plain grey: fuel and damage are anyone's)."""


@dataclass(frozen=True)
class CounterSheet:
    """What to print: ``copies`` of each design, and with ``markers`` a set of marker
    counters, for ``side`` in ``colour``."""

    side: str
    colour: str
    designs: tuple[Design, ...]
    copies: int = 4
    markers: bool = True
    scheme: str = ""
    extra: tuple[Marker, ...] = field(default=())

    def counters(self) -> list[Design | Marker]:
        found: list[Design | Marker] = [d for d in self.designs for _ in range(self.copies)]
        if self.markers:
            found.extend(standard_markers())
        found.extend(self.extra)
        return found


def standard_markers() -> list[Marker]:
    """Ten "?" counters, ten supply, four admirals, six fleets, twenty fuel, and two of
    each damage counter from 1 to 10."""
    markers = [Marker("?", "unknown") for _ in range(10)]
    markers += [Marker("S", "supply") for _ in range(10)]
    markers += [Marker("★", "admiral") for _ in range(4)]
    markers += [Marker(f"F{n}", "fleet") for n in range(1, 7)]
    markers += [Marker("Fuel", "1 jump hex", side=False) for _ in range(20)]
    markers += [Marker(str(n), "damage", side=False) for n in range(1, 11) for _ in range(2)]
    return markers


def ink_for(colour: QColor) -> QColor:
    """Black or white, whichever reads better on ``colour``."""
    light = 0.299 * colour.redF() + 0.587 * colour.greenF() + 0.114 * colour.blueF()
    return QColor("black") if light > 0.55 else QColor("white")


def _font(size: float, *, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(size)))
    font.setBold(bold)
    return font


def paint_counter(painter: QPainter, rect: QRectF, counter: Design | Marker, colour: str) -> None:
    """One counter filling ``rect`` (a square)."""
    side = isinstance(counter, Design) or counter.side
    fill = QColor(colour if side else NEUTRAL)
    ink = ink_for(fill)
    s = rect.width()
    painter.save()
    painter.setPen(QPen(QColor("black"), max(1.0, s * 0.01)))
    painter.setBrush(fill)
    painter.drawRect(rect)
    painter.setPen(ink)
    if isinstance(counter, Marker):
        painter.setFont(_font(s * (0.42 if len(counter.text) <= 2 else 0.22), bold=True))
        painter.drawText(_band(rect, 0.08, 0.72), Qt.AlignmentFlag.AlignCenter, counter.text)
        painter.setFont(_font(s * 0.13))
        painter.drawText(_band(rect, 0.74, 0.96), Qt.AlignmentFlag.AlignCenter, counter.word)
        painter.restore()
        return
    f = counter.factors
    name_band = _band(rect, 0.0, 0.22)
    if counter.is_planet:  # a planet's name stands on a band of the ink's colour
        painter.fillRect(name_band.adjusted(s * 0.01, s * 0.01, -s * 0.01, 0), ink)
        painter.setPen(fill)
    painter.setFont(_font(s * 0.13, bold=True))
    elide = Qt.TextElideMode.ElideRight
    name = painter.fontMetrics().elidedText(counter.name, elide, round(s * 0.94))
    painter.drawText(name_band, Qt.AlignmentFlag.AlignCenter, name)
    painter.setPen(ink)
    painter.setFont(_font(s * 0.15))
    _row(painter, _band(rect, 0.22, 0.42), (f"J{f.jump}", f"T{counter.tech}", f"M{f.maneuver}"))
    painter.setFont(_font(s * 0.27, bold=True))
    painter.drawText(
        _band(rect, 0.40, 0.74), Qt.AlignmentFlag.AlignCenter, f"{f.attack}-{f.defense}"
    )
    painter.setFont(_font(s * 0.15))
    _row(painter, _band(rect, 0.74, 0.96), (f"S{f.sensor}", f"R{f.attack_range}", f"U{f.supply}"))
    painter.restore()


def _band(rect: QRectF, top: float, bottom: float) -> QRectF:
    s = rect.height()
    return QRectF(rect.left(), rect.top() + s * top, rect.width(), s * (bottom - top))


def _row(painter: QPainter, band: QRectF, texts: Sequence[str]) -> None:
    third = band.width() / len(texts)
    for i, text in enumerate(texts):
        cell = QRectF(band.left() + i * third, band.top(), third, band.height())
        painter.drawText(cell, Qt.AlignmentFlag.AlignCenter, text)


def paint_pages(writer: QPdfWriter, sheet: CounterSheet) -> int:
    """Every counter of ``sheet``, as many pages as they take; the number of pages."""
    per_mm = writer.resolution() / 25.4
    size = COUNTER_MM * per_mm
    width, height = writer.width(), writer.height()
    header = 14 * per_mm
    columns = max(1, int(width // size))
    rows = max(1, int((height - header) // size))
    counters = sheet.counters()
    per_page = columns * rows
    pages = max(1, -(-len(counters) // per_page))
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError("could not start drawing on the page")
    try:
        for page in range(pages):
            if page:
                writer.newPage()
            _header(painter, QRectF(0, 0, width, header), sheet, page + 1, pages)
            for i, counter in enumerate(counters[page * per_page : (page + 1) * per_page]):
                x, y = (i % columns) * size, header + (i // columns) * size
                paint_counter(painter, QRectF(x, y, size, size), counter, sheet.colour)
    finally:
        painter.end()
    return pages


def _header(painter: QPainter, rect: QRectF, sheet: CounterSheet, page: int, pages: int) -> None:
    s = rect.height()
    painter.setPen(QColor("black"))
    painter.setFont(_font(s * 0.32, bold=True))
    title = f"{sheet.side}: squadron counters"
    if pages > 1:
        title += f" (page {page} of {pages})"
    top = QRectF(rect.left(), rect.top(), rect.width(), s * 0.45)
    painter.drawText(top, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
    painter.setFont(_font(s * 0.2))
    bottom = QRectF(rect.left(), rect.top() + s * 0.45, rect.width(), s * 0.45)
    legend = LEGEND + (f" · costs: {sheet.scheme}" if sheet.scheme else "")
    flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap
    painter.drawText(bottom, int(flags), legend)


def write_pdf(sheet: CounterSheet, path: Path, paper: str = "a4") -> int:
    """Write ``sheet`` as a PDF at ``path``; the number of pages. Counters are
    :data:`COUNTER_MM` millimetres a side, whatever the paper."""
    kind = QPageSize.PageSizeId.Letter if paper.lower() == "letter" else QPageSize.PageSizeId.A4
    writer = QPdfWriter(str(path))
    writer.setResolution(PDF_DPI)
    writer.setTitle(f"{sheet.side}: squadron counters")
    writer.setCreator("Ecliptic")
    margins = QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM)
    layout = QPageLayout(
        QPageSize(kind), QPageLayout.Orientation.Portrait, margins, QPageLayout.Unit.Millimeter
    )
    writer.setPageLayout(layout)
    pages = paint_pages(writer, sheet)
    if not Path(path).is_file():
        raise OSError(f"could not write {path}")
    return pages
