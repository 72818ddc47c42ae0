"""The squadron sheet, in its dock: the selected counter's factors as designed and as
they stand now (after its hits, with its admirals), its hits, fuel and supply counters,
admirals, and (to its own side only) the jump it has ordered."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from core.engine.words import plural
from core.rules.squadrons.damage import now
from core.rules.squadrons.factors import FACTOR_NAMES, FACTOR_TITLES

if TYPE_CHECKING:
    from core.rules.squadrons.state import Counter, SquadronGame

PLACEHOLDER = "The selected squadron's sheet, during a squadron game."


class SquadronSheet(QWidget):
    """See the module's docstring."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("squadron_sheet")
        self.heading = QLabel(PLACEHOLDER)
        self.heading.setObjectName("sheet_heading")
        self.heading.setWordWrap(True)
        self.table = QTableWidget(len(FACTOR_NAMES), 2)
        self.table.setObjectName("sheet_factors")
        self.table.setHorizontalHeaderLabels(["Design", "Now"])
        self.table.setVerticalHeaderLabels([FACTOR_TITLES[n] for n in FACTOR_NAMES])
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setMinimumHeight(230)
        self.details = QLabel("")
        self.details.setObjectName("sheet_details")
        self.details.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.table)
        layout.addWidget(self.details)
        layout.addStretch(1)
        self.show_counter(None, None, "")

    def show_counter(self, state: SquadronGame | None, counter: Counter | None, side: str) -> None:
        """Show ``counter`` as the player of ``side`` may see it (None: nothing)."""
        self.table.setVisible(counter is not None)
        if state is None or counter is None:
            self.heading.setText(PLACEHOLDER if state is None else "No squadron selected.")
            self.details.setText("")
            return
        kind = "Planet" if counter.is_planet else "Squadron"
        self.heading.setText(
            f"<b>{counter.name}</b> · {counter.side} {kind.lower()}, tech {counter.design.tech}"
        )
        current = now(state, counter)
        for row, name in enumerate(FACTOR_NAMES):
            design = counter.design.factors.get(name)
            value = current.get(name)
            for col, number in enumerate((design, value)):
                item = QTableWidgetItem(str(number))
                if col == 1 and value < design:
                    item.setToolTip(f"worn down by {plural(design - value, 'hit')}")
                self.table.setItem(row, col, item)
        lines = [
            f"Hits: {counter.hits}",
            f"Fuel: {plural(counter.fuel, 'counter')}",
            f"Supply: {plural(counter.supply, 'counter')}",
            f"Admirals: {counter.admirals}",
        ]
        if counter.allotted:
            marks = ", ".join(f"{FACTOR_TITLES[n]} {h}" for n, h in counter.allotted)
            lines.append(f"Damage marked: {marks}")
        if counter.side == side and counter.jump is not None:
            j = counter.jump
            lines.append(f"Jump ordered to {j.destination} (secret)")
        if counter.transit is not None:
            left = max(0, 7 - counter.transit.day)
            where = f" to {counter.transit.destination}" if counter.side == side else ""
            lines.append(f"In jump transit{where}: arrives in {plural(left, 'day')}")
        elif counter.place is not None:
            lines.append(f"At {counter.place.system}")
        self.details.setText("\n".join(lines))
