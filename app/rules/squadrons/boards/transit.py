"""The transit track as a strip: seven spaces, one per day of a jump, each showing the
counters that many days from arriving (7 at the left, where a jump begins; 1 at the
right, arriving at the end of the day), with the destination under each when the
viewer may know it. A counter's tooltip says what it is and when it arrives."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QPoint, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from app.rules.squadrons.boards.counters import paint_counter
from app.rules.squadrons.boards.faces import TransitEntry
from core.engine.words import plural
from core.rules.squadrons.boards import TRANSIT_DAYS

#: a counter's side on the strip, in pixels: bigger than on the boards, so its print reads
SIDE = 46
GAP = 8
CAPTION = 14
HEADER = 20
SPACE = QColor("#0b1230")
EDGE = QColor("#2c3a6b")
TEXT = QColor("#e8ecf8")


class TransitStrip(QWidget):
    """The transit track; :meth:`show_entries` sets what is on it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("transit_strip")
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setToolTip("")
        self.entries: tuple[TransitEntry, ...] = ()
        self.setFixedHeight(self._height())

    def show_entries(self, entries: Sequence[TransitEntry]) -> None:
        """Put these counters on the track (``days`` 1 to 7 each) instead of what was."""
        for e in entries:
            if not 1 <= e.days <= TRANSIT_DAYS:
                raise ValueError(f"{e.face.title} is {e.days} days out: 1 to {TRANSIT_DAYS}")
        self.entries = tuple(entries)
        self.setFixedHeight(self._height())
        self.update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.setFixedHeight(self._height())  # rows wrap as the strip narrows

    def _rows(self) -> int:
        per_space = [sum(1 for e in self.entries if e.days == d) for d in _days()]
        across = max(1, (self._space_width() - GAP) // (SIDE + GAP))
        return max(1, *((n + across - 1) // across for n in per_space))

    def _space_width(self) -> int:
        return max(SIDE + 2 * GAP, self.width() // TRANSIT_DAYS)

    def sizeHint(self) -> QSize:
        return QSize(TRANSIT_DAYS * (SIDE + 3 * GAP), self._height())

    def minimumSizeHint(self) -> QSize:
        return QSize(TRANSIT_DAYS * (SIDE + 2 * GAP), self._height())

    def _height(self) -> int:
        return HEADER + self._rows() * (SIDE + CAPTION + GAP) + GAP

    def spaces(self) -> list[tuple[int, QRectF]]:
        """Each space of the track, left to right: (days to arrival, its rectangle)."""
        width = self._space_width()
        return [
            (days, QRectF(i * width + 2, 2, width - 4, self.height() - 4))
            for i, days in enumerate(_days())
        ]

    def spots(self) -> list[tuple[QRectF, TransitEntry]]:
        """Where each counter is drawn, in widget pixels."""
        out = []
        for days, space in self.spaces():
            here = [e for e in self.entries if e.days == days]
            across = max(1, int((space.width() - GAP) // (SIDE + GAP)))
            for n, entry in enumerate(here):
                row, col = divmod(n, across)
                x = space.left() + GAP + col * (SIDE + GAP)
                y = space.top() + HEADER + row * (SIDE + CAPTION + GAP)
                out.append((QRectF(x, y + 4, SIDE, SIDE), entry))
        return out

    def headers(self) -> list[tuple[str, QRectF]]:
        """Each space's heading as drawn, with the room it has: the longest wording
        that fits ("7 days out", "7 days", "7d"), so a narrow strip (the Campaign dock
        open beside the boards) is never cut off mid-word."""
        metrics = QFontMetrics(header_font())
        out = []
        for days, space in self.spaces():
            room = QRectF(space.left() + 2, space.top() + 3, space.width() - 4, HEADER - 4)
            fits = [w for w in _wordings(days) if metrics.horizontalAdvance(w) <= room.width()]
            out.append((fits[0] if fits else _wordings(days)[-1], room))
        return out

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), SPACE.darker(130))
        caption = QFont()
        caption.setPixelSize(11)
        for _, space in self.spaces():
            painter.setPen(QPen(EDGE, 1.5))
            painter.setBrush(SPACE)
            painter.drawRoundedRect(space, 4, 4)
        painter.setPen(TEXT)
        painter.setFont(header_font())
        for title, room in self.headers():
            painter.drawText(room, Qt.AlignmentFlag.AlignCenter, title)
        for rect, entry in self.spots():
            paint_counter(painter, rect, entry.face)
            if entry.destination:
                painter.setFont(caption)
                painter.setPen(TEXT)
                text = painter.fontMetrics().elidedText(
                    f"→ {entry.destination}", Qt.TextElideMode.ElideRight, SIDE + GAP
                )
                below = QRectF(rect.left() - GAP / 2, rect.bottom() + 1, SIDE + GAP, CAPTION)
                painter.drawText(below, Qt.AlignmentFlag.AlignCenter, text)
        painter.end()

    def entry_at(self, pos: QPoint) -> TransitEntry | None:
        """The counter drawn at ``pos`` (widget pixels), if any."""
        for rect, entry in self.spots():
            if rect.contains(pos.toPointF()):
                return entry
        return None

    def space_at(self, pos: QPoint) -> int | None:
        """The days to arrival of the space at ``pos`` (widget pixels), if any."""
        for days, space in self.spaces():
            if space.contains(pos.toPointF()):
                return days
        return None

    def spot_of(self, key: str) -> QPoint | None:
        """The centre of the counter ``key`` on the strip, where a player would point."""
        for rect, entry in self.spots():
            if entry.face.key == key:
                return rect.center().toPoint()
        return None

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            entry = self.entry_at(event.pos())
            space = self.space_at(event.pos())
            if entry is not None:
                QToolTip.showText(event.globalPos(), tip_of(entry), self)
            elif space is not None:
                QToolTip.showText(event.globalPos(), space_tip(space), self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)


def tip_of(entry: TransitEntry) -> str:
    when = "arrives at the end of today" if entry.days == 1 else f"arrives in {entry.days} days"
    where = f", bound for {entry.destination}" if entry.destination else ""
    return f"{entry.face.tip()}\nIn jump transit: {when}{where}"


def space_tip(days: int) -> str:
    if days == 1:
        return "Counters here arrive at the end of today"
    return f"Counters here arrive in {plural(days, 'day')}"


def header_font() -> QFont:
    font = QFont()
    font.setPixelSize(12)
    font.setBold(True)
    return font


def _wordings(days: int) -> tuple[str, ...]:
    """A space's heading, longest first."""
    if days == 1:
        return ("arrives today", "today", "1d")
    return (f"{plural(days, 'day')} out", plural(days, "day"), f"{days}d")


def _days() -> range:
    """The spaces left to right: most days out first."""
    return range(TRANSIT_DAYS, 0, -1)
