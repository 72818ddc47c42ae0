"""A long log on screen: the lines in a list model, shown one row each at a fixed height.

A game of a thousand rounds writes a hundred thousand lines. A ``QListWidget`` item per
line, word-wrapped, made Qt measure every line again to scroll to the bottom after each
command (most of End Turn's time late in a game), and so does a ``QListView``, which
lays out all its rows again when rows are added. Here the lines are plain text in a
model shown by a one-column table whose rows all have the same fixed height, so adding
lines and scrolling to the newest costs the same at any length; a line too long for the
dock is cut with an ellipsis and shows whole in its tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

#: how a line is shown: plainly, as a heading (bold) or as a quiet aside (grey)
PLAIN, HEADING, ASIDE = range(3)
ASIDE_COLOUR = "#8894b8"

Index = QModelIndex | QPersistentModelIndex


class LogModel(QAbstractListModel):
    """Lines of text, each with its style; lines are only ever added or all cleared."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lines: list[tuple[str, int]] = []
        self._bold = QFont()
        self._bold.setBold(True)
        self._grey = QColor(ASIDE_COLOUR)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._lines)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._lines):
            return None
        text, style = self._lines[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return text
        if role == Qt.ItemDataRole.FontRole and style == HEADING:
            return self._bold
        if role == Qt.ItemDataRole.ForegroundRole and style == ASIDE:
            return self._grey
        return None

    def extend(self, lines: list[tuple[str, int]]) -> None:
        if not lines:
            return
        first = len(self._lines)
        self.beginInsertRows(QModelIndex(), first, first + len(lines) - 1)
        self._lines.extend(lines)
        self.endInsertRows()

    def clear(self) -> None:
        self.beginResetModel()
        self._lines = []
        self.endResetModel()

    def text(self, row: int) -> str:
        return self._lines[row][0]


class LogView(QTableView):
    """A log dock's list: add lines at the end, which is kept in view."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.log_model = LogModel(self)
        self.setModel(self.log_model)
        self.setWordWrap(False)
        self.setShowGrid(False)
        self.setCornerButtonEnabled(False)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.horizontalHeader().hide()
        self.horizontalHeader().setStretchLastSection(True)
        rows = self.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 4)

    def add_lines(self, lines: list[tuple[str, int]]) -> None:
        self.log_model.extend(lines)
        if lines:
            self.scrollToBottom()

    def clear(self) -> None:
        self.log_model.clear()

    def count(self) -> int:
        """How many lines the log holds."""
        return self.log_model.rowCount()

    def line(self, row: int) -> str:
        return self.log_model.text(row)
