"""The squadron sheet, in its dock: the selected counter's factors as designed and as
they stand now (after its hits, with its admirals), its hits, fuel and supply counters,
admirals, and (to its own side only) the jump it has ordered; below it, the cost scheme
the game's navies were bought under."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from app.rules.squadrons.design.purchase_step import scheme_name
from core.engine.words import plural
from core.rules.squadrons.damage import now
from core.rules.squadrons.factors import FACTOR_NAMES, FACTOR_TITLES
from core.rules.squadrons.state import TRANSIT_DAYS

if TYPE_CHECKING:
    from core.rules.squadrons.state import Counter, SquadronGame


class SquadronSheet(QWidget):
    """See the module's docstring."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("squadron_sheet")
        self.heading = QLabel("")
        self.heading.setObjectName("sheet_heading")
        self.table = QWidget()
        self.table.setObjectName("sheet_factors")
        grid = QGridLayout(self.table)
        grid.setContentsMargins(0, 0, 0, 0)
        for col, title in enumerate(("Factor", "Design", "Now")):
            grid.addWidget(QLabel(f"<b>{title}</b>"), 0, col)
        #: the labels of each factor's row: (design, now), by factor name
        self.cells: dict[str, tuple[QLabel, QLabel]] = {}
        for row, name in enumerate(FACTOR_NAMES, start=1):
            grid.addWidget(QLabel(FACTOR_TITLES[name]), row, 0)
            design, current = QLabel(""), QLabel("")
            design.setObjectName(f"sheet_design_{name}")
            current.setObjectName(f"sheet_now_{name}")
            grid.addWidget(design, row, 1)
            grid.addWidget(current, row, 2)
            self.cells[name] = (design, current)
        self.details = QLabel("")
        self.details.setObjectName("sheet_details")
        self.costs = QLabel("")
        self.costs.setObjectName("sheet_costs")
        self.costs.setWordWrap(True)
        self.costs.setStyleSheet("color: #555;")
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.table)
        layout.addWidget(self.details)
        layout.addWidget(self.costs)
        layout.addStretch(1)
        self.show_counter(None, None, "")

    def show_counter(self, state: SquadronGame | None, counter: Counter | None, side: str) -> None:
        """Show ``counter`` as the player of ``side`` may see it (None: nothing), laid
        out at once: the labels keep their last heights until the event loop comes
        round, so a longer text painted before then (the heading's second line, the
        details, the cost scheme wrapped to two lines) was cut off and overlapped."""
        self._fill(state, counter, side)
        layout = self.layout()
        if layout is not None:
            layout.invalidate()
            layout.activate()

    def _fill(self, state: SquadronGame | None, counter: Counter | None, side: str) -> None:
        self.table.setVisible(counter is not None)
        self._show_costs(state)
        if state is None or counter is None:
            self.heading.setText("No squadron selected." if state is not None else "")
            self.details.setText("")
            return
        kind = "Planet" if counter.is_planet else "Squadron"
        self.heading.setText(
            f"<b>{counter.name}</b><br>{counter.side} {kind.lower()}, tech {counter.design.tech}"
        )
        current = now(state, counter)
        for name, (design_label, now_label) in self.cells.items():
            design = counter.design.factors.get(name)
            value = current.get(name)
            design_label.setText(str(design))
            worn = value < design
            now_label.setText(f"<b style='color:#d55e00'>{value}</b>" if worn else str(value))
            now_label.setToolTip(f"worn down by {design - value}" if worn else "")
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
            left = max(0, TRANSIT_DAYS - counter.transit.day)
            where = f" to {counter.transit.destination}" if counter.side == side else ""
            lines.append(f"In jump transit{where}: arrives in {plural(left, 'day')}")
        elif counter.place is not None:
            lines.append(f"At {counter.place.system}")
        self.details.setText("\n".join(lines))

    def _show_costs(self, state: SquadronGame | None) -> None:
        if state is None:
            self.costs.setText("")
            return
        scheme = state.cost_scheme
        self.costs.setText(f"Cost scheme: {scheme_name(scheme) or scheme}")
        self.costs.setToolTip(f"The navies of this game were bought under {scheme!r}")
