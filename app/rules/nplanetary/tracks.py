"""Damage tracks drawn as rows of boxes: one row per track (weapons, drives, structure),
a box per point the ship or base can take, the points taken filled in red. A track full
of damage is disabled (structure: destroyed), and its row says so in words too."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

BOX = 14
GAP = 3
TAKEN = QColor("#d9363e")
EMPTY = QColor("#f4f6fb")
EDGE = QColor("#3a4358")


class TrackBoxes(QWidget):
    """``capacity`` boxes, the first ``taken`` of them filled."""

    def __init__(self, taken: int, capacity: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.taken = taken
        self.capacity = capacity
        self.setMinimumSize(self.sizeHint())

    def sizeHint(self) -> QSize:
        n = max(self.capacity, 1)
        return QSize(n * (BOX + GAP) + GAP, BOX + 2 * GAP)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(EDGE, 1))
        for i in range(self.capacity):
            painter.setBrush(TAKEN if i < self.taken else EMPTY)
            painter.drawRect(QRectF(GAP + i * (BOX + GAP) + 0.5, GAP + 0.5, BOX, BOX))
        painter.end()


def track_words(track: str, taken: int, capacity: int) -> str:
    """A track's state in words, as its row says it ("1 of 2", "2 of 2, disabled")."""
    if capacity <= 0:
        return "none"
    if taken >= capacity:
        return f"{taken} of {capacity}, " + ("destroyed" if track == "structure" else "disabled")
    return f"{taken} of {capacity}"


class DamageTracks(QWidget):
    """The tracks of one ship or base: name, boxes, words."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("np_damage_tracks")
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.rows: list[tuple[QLabel, TrackBoxes, QLabel]] = []

    def show_tracks(self, tracks: Sequence[tuple[str, int, int]]) -> None:
        """``tracks``: (name, damage taken, points it can take) for each track."""
        for widgets in self.rows:
            for w in widgets:
                self.grid.removeWidget(w)
                w.hide()
                w.deleteLater()
        self.rows = []
        for row, (name, taken, capacity) in enumerate(tracks):
            title = QLabel(name.capitalize())
            boxes = TrackBoxes(taken, capacity)
            words = QLabel(track_words(name, taken, capacity))
            words.setObjectName(f"np_track_{name}")
            if capacity > 0 and taken >= capacity:
                words.setStyleSheet("color: #d9363e; font-weight: bold;")
            tip = f"{name.capitalize()}: {taken} of {capacity} points of damage taken"
            for w in (title, boxes, words):
                w.setToolTip(tip)
            self.grid.addWidget(title, row, 0)
            self.grid.addWidget(boxes, row, 1, Qt.AlignmentFlag.AlignLeft)
            self.grid.addWidget(words, row, 2)
            self.rows.append((title, boxes, words))
            for w in (title, boxes, words):
                w.show()  # at once, not when the layout next gets round to it
        self.grid.setColumnStretch(2, 1)
