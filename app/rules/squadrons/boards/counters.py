"""Counters drawn as counters: a square token in the side's colour with the fighting
factors on top (Attack, Attack Range, Defense), the name, and the moving factors below
(Jump, Maneuver, Sensor Range); worn factors in red, a damage marker with the hits, a
gold pip for each admiral on the left edge and a blue pip for each fuel counter on the
right (supply and the exact numbers are in the tooltip). A "?" counter shows only a "?"
on its side's colour; a fleet counter, its name and how many it stands for. A counter
of the viewer's own under their own "?" has a small dark "?" tab on its upper left
corner (the enemy never sees that counter, so never the tab).

:func:`paint_counter` draws one on any painter (the boards and the transit strip share
it); :class:`CounterItem` is one on a board's scene.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.board.items import HEX_SIZE
from app.rules.squadrons.boards.faces import BOTTOM, FLEET, TOP, UNKNOWN, CounterFace

#: ``item.data(ROLE_KEY)`` of a counter item (the vector overlay's key, 3)
ROLE_KEY = 3
COUNTER_ROLE = "squadron counter"
#: a counter's side in scene pixels: it fits inside a hex
SIDE = HEX_SIZE * 1.7
#: how far each counter under the top one shows, and how many of a stack are drawn
STACK_STEP = 4.0
SHOWN_IN_STACK = 4

INK = QColor("#101318")
WORN = QColor("#b00020")
SELECTED = QColor("#f0c23b")
DAMAGE = QColor("#d55e00")
FUEL = QColor("#2f7fd8")
#: the "?" tab of a veiled counter, as a share of the counter's side
VEIL_TAB = 0.36


def _font(pixels: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(4, int(pixels)))
    font.setBold(bold)
    return font


def _paper(colour: str) -> QColor:
    """The counter's face: the side's colour lightened so black print reads on it."""
    c = QColor(colour or "#cccccc")
    return c.lighter(135) if c.lightness() < 140 else c


def paint_counter(painter: QPainter, rect: QRectF, face: CounterFace) -> None:
    """Draw ``face`` filling the square ``rect``."""
    s = rect.width()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    edge = QPen(SELECTED if face.selected else INK, s * (0.08 if face.selected else 0.03))
    painter.setPen(edge)
    painter.setBrush(QBrush(_paper(face.colour)))
    painter.drawRoundedRect(rect, s * 0.1, s * 0.1)
    band = QRectF(rect.left(), rect.top() + s * 0.36, s, s * 0.28)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(255, 255, 255, 120))
    painter.drawRect(band.adjusted(s * 0.04, 0, -s * 0.04, 0))
    painter.setPen(INK)
    if face.kind == UNKNOWN:
        painter.setFont(_font(s * 0.75, bold=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "?")
    elif face.kind == FLEET:
        painter.setFont(_font(s * 0.22, bold=True))
        painter.drawText(_row(rect, 0), Qt.AlignmentFlag.AlignCenter, "FLEET")
        painter.setFont(_font(s * 0.2))
        painter.drawText(band, Qt.AlignmentFlag.AlignCenter, _short(face.title, 8))
        painter.setFont(_font(s * 0.26, bold=True))
        painter.drawText(_row(rect, 2), Qt.AlignmentFlag.AlignCenter, f"×{face.count}")
    else:
        painter.setFont(_font(s * 0.19))
        painter.drawText(band, Qt.AlignmentFlag.AlignCenter, _short(face.title, 8))
        if face.factors is not None:
            _factor_row(painter, _row(rect, 0), face, TOP)
            _factor_row(painter, _row(rect, 2), face, BOTTOM)
        _extras(painter, rect, face)
    if face.hits:
        _damage_marker(painter, rect, face.hits)
    if face.veiled:
        _veil_tab(painter, rect)
    painter.restore()


def _row(rect: QRectF, i: int) -> QRectF:
    """The top (0), middle (1) or bottom (2) third of the counter, inset a little."""
    s = rect.width()
    top = (0.04, 0.36, 0.62)[i]
    return QRectF(rect.left(), rect.top() + s * top, s, s * 0.34)


def _factor_row(painter: QPainter, row: QRectF, face: CounterFace, names: Sequence[str]) -> None:
    """Three factors across ``row`` as a wargame prints them ("20-7-6"), each in red when
    damage has worn it; the print shrinks to fit two-digit factors."""
    assert face.factors is not None
    pieces: list[tuple[str, QColor]] = []
    for i, name in enumerate(names):
        if i:
            pieces.append(("-", INK))
        pieces.append((str(face.factors.get(name)), WORN if face.worn(name) else INK))
    size = row.height() * 0.8
    font = _font(size, bold=True)
    width = QFontMetricsF(font).horizontalAdvance("".join(p for p, _ in pieces))
    if width > row.width() * 0.86:
        size *= row.width() * 0.86 / width
        font = _font(size, bold=True)
    metrics = QFontMetricsF(font)
    painter.setFont(font)
    x = row.center().x() - metrics.horizontalAdvance("".join(p for p, _ in pieces)) / 2
    for text, colour in pieces:
        w = metrics.horizontalAdvance(text)
        painter.setPen(colour)
        painter.drawText(
            QRectF(x, row.top(), w + 1, row.height()), Qt.AlignmentFlag.AlignCenter, text
        )
        x += w
    painter.setPen(INK)


def _extras(painter: QPainter, rect: QRectF, face: CounterFace) -> None:
    """Admiral pips down the left edge of the name band, fuel pips down the right."""
    s = rect.width()
    painter.setPen(QPen(INK, s * 0.012))
    for count, x, colour in (
        (min(face.admirals, 3), rect.left() + s * 0.07, SELECTED),
        (min(face.fuel, 6), rect.right() - s * 0.07, FUEL),
    ):
        painter.setBrush(colour)
        step = 0.26 / max(count, 3)
        for i in range(count):
            centre = QPointF(x, rect.top() + s * (0.38 + step / 2 + i * step))
            painter.drawEllipse(centre, s * 0.035, s * 0.035)


def _damage_marker(painter: QPainter, rect: QRectF, hits: int) -> None:
    s = rect.width()
    d = s * 0.4
    marker = QRectF(rect.right() - d * 0.35, rect.top() - d * 0.65, d, d)
    painter.setBrush(DAMAGE)
    painter.setPen(QPen(INK, s * 0.03))
    painter.drawEllipse(marker)
    painter.setPen(QColor("white"))
    painter.setFont(_font(d * (0.62 if hits < 10 else 0.5), bold=True))
    painter.drawText(marker, Qt.AlignmentFlag.AlignCenter, str(hits))


def _veil_tab(painter: QPainter, rect: QRectF) -> None:
    """The mark of a counter hidden under its own side's "?": a little "?" counter
    on its upper left corner (the damage marker has the right), dark so it reads on
    every side's colour."""
    s = rect.width()
    d = s * VEIL_TAB
    tab = QRectF(rect.left() - d * 0.65, rect.top() - d * 0.65, d, d)
    painter.setBrush(INK)
    painter.setPen(QPen(QColor("white"), s * 0.025))
    painter.drawRoundedRect(tab, d * 0.18, d * 0.18)
    painter.setFont(_font(d * 0.8, bold=True))
    painter.drawText(tab, Qt.AlignmentFlag.AlignCenter, "?")


def _short(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


class CounterItem(QGraphicsItem):
    """One counter on a board; clicks pass through to the hex under it."""

    def __init__(self, face: CounterFace, side: float = SIDE) -> None:
        super().__init__()
        self.face = face
        self.side = side
        self.setToolTip(face.tip())
        self.setData(ROLE_KEY, COUNTER_ROLE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        s = self.side
        if self.face.veiled:  # the "?" tab reaches past the upper left corner
            tab = s * VEIL_TAB * 0.65 + 2
            return QRectF(-s / 2 - tab, -s / 2 - s * 0.3, s * 1.25 + tab - 2, s * 1.3)
        return QRectF(-s / 2 - 2, -s / 2 - s * 0.3, s * 1.25, s * 1.3)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        s = self.side
        paint_counter(painter, QRectF(-s / 2, -s / 2, s, s), self.face)
