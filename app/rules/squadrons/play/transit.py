"""The transit track as a strip under the boards: seven spaces, one per day of a jump,
each listing the squadrons on it with the days left to arrival. A side sees where its
own squadrons are bound; of the enemy's it sees only that they are in transit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from core.engine.words import plural
from core.rules.squadrons.state import TRANSIT_DAYS

if TYPE_CHECKING:
    from core.rules.squadrons.state import SquadronGame


class TransitStrip(QFrame):
    """See the module's docstring."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("transit_strip")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 2, 4, 2)
        title = QLabel("<b>Jump transit</b>")
        row.addWidget(title)
        self.spaces: list[QLabel] = []
        for day in range(1, TRANSIT_DAYS + 1):
            box = QVBoxLayout()
            head = QLabel(f"Day {day}")
            head.setStyleSheet("color: #5d6785;")
            space = QLabel("")
            space.setObjectName(f"transit_day_{day}")
            space.setWordWrap(True)
            space.setMinimumWidth(90)
            space.setStyleSheet("background: #eef1f8; border: 1px solid #c5cbe0; padding: 2px;")
            box.addWidget(head)
            box.addWidget(space)
            row.addLayout(box, 1)
            self.spaces.append(space)

    def show_game(self, state: SquadronGame | None, side: str) -> None:
        """The counters in transit as ``side`` may see them."""
        lines: list[list[str]] = [[] for _ in self.spaces]
        if state is not None:
            for c in state.in_transit():
                assert c.transit is not None
                day = min(max(c.transit.day, 1), TRANSIT_DAYS)
                left = plural(max(0, TRANSIT_DAYS - c.transit.day), "day")
                if c.side == side:
                    lines[day - 1].append(f"{c.name} → {c.transit.destination} ({left})")
                else:
                    lines[day - 1].append(f"{c.side}: a squadron ({left})")
        for space, found in zip(self.spaces, lines, strict=True):
            space.setText("\n".join(found))
            space.setToolTip("\n".join(found) or "Nobody on this day of transit")
