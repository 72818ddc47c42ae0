"""How New Game presents a scenario: its entry in the list marked with its rule system
("System III Void (tactical): Into the clouds"), the seats each side goes to, and the
briefing box, as tall as its text.

The list reads only each file's ``name`` and ``ruleset`` and the ruleset's ``name``
(not the ruleset's tables), so it stays quick to fill.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QScrollArea, QSizePolicy

from core.board.problems import FileProblems
from core.files import tomlio
from core.files.resources import resource_path
from core.files.ruleset import ID
from core.scenario.titles import title_in


@cache
def ruleset_title(ruleset: str) -> str:
    """The players' name of a built-in ruleset ("" for one given as a file, or unknown)."""
    if not ID.match(ruleset):
        return ""
    try:
        data, _ = tomlio.read_toml(resource_path("rulesets", f"{ruleset}.toml"))
    except (FileProblems, OSError):
        return ""
    name = data.get("name")
    return name.strip() if isinstance(name, str) else ""


def marked(system: str, title: str) -> str:
    """A scenario's title marked with its rule system, once (a title may say it)."""
    if not system or title.casefold().startswith(f"{system}:".casefold()):
        return title
    return f"{system}: {title}"


def listed_title(path: Path) -> str:
    """A scenario file as the list shows it: its title marked with its rule system."""
    try:
        data, _ = tomlio.read_toml(Path(path))
    except FileProblems:
        data = {}
    ruleset = data.get("ruleset")
    system = ruleset_title(ruleset) if isinstance(ruleset, str) else ""
    return marked(system, title_in(data, path))  # the file read once


def seat_sides(sides: Sequence[str], seats: int) -> str:
    """Which seat plays which fixed side, the sides dealt round the table in turn
    ("Seat 1 plays Raiders, seat 2 plays Mars."); "" for a scenario without them."""
    if not sides or seats < 1:
        return ""
    parts = []
    for k, side in enumerate(sides):
        ids = [str(i + 1) for i in range(k, seats, len(sides))]
        if not ids:
            continue
        if len(ids) == 1:
            parts.append(f"seat {ids[0]} plays {side}")
        else:
            parts.append(f"seats {', '.join(ids[:-1])} and {ids[-1]} play {side}")
    said = ", ".join(parts)
    return f"{said[:1].upper()}{said[1:]}."


class Briefing(QScrollArea):
    """The scenario's briefing: as tall as its text, so a short one leaves no blank gap
    under it, up to :attr:`LINES` lines; a longer one scrolls."""

    LINES = 12

    def __init__(self, label: QLabel) -> None:
        super().__init__()
        self.setWidget(label)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setMinimumWidth(440)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._fitted_to = -1

    def fit(self) -> None:
        """Take the height the text needs at the width the box has (or will have)."""
        label = self.widget()
        assert isinstance(label, QLabel)  # the one given to __init__
        width = self.viewport().width() if self.isVisible() else self.minimumWidth()
        self._fitted_to = width
        line = self.fontMetrics().lineSpacing()
        needed = label.heightForWidth(width) if label.text() else line
        self.setFixedHeight(max(line, min(needed, self.LINES * line)))

    def sizeHint(self) -> QSize:
        return QSize(self.minimumWidth(), self.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.viewport().width() != self._fitted_to:  # wider or narrower: taller or not
            self.fit()
