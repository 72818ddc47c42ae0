"""Navy Purchases: each side spends its points on library designs and on the extras
bought at the start ("?" counters, supply counters, admirals), one tab a side, each
covered until its player shows it (and covered again on leaving it), since what a side
buys is hidden from the other under its first "?". What is
left or over shows as it changes; OK stays disabled while any side's purchase is refused
(over its points, or that the game's start could not place: more supply counters than
its squadrons carry, admirals or "?" counters with no squadron), every refusal in words."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core.engine.words import plural
from core.rules.squadrons.costs import (
    EXTRAS,
    CostScheme,
    check_design,
    check_purchase,
    price,
    purchase_price,
)
from core.rules.squadrons.design import Design, Purchase
from core.rules.squadrons.factors import FACTOR_TITLES
from core.rules.squadrons.purchases import placement_refusals

REFUSED = "color: #b03a2e;"
#: the extras' labels, with mnemonics
EXTRA_LABELS = {"unknown": '&"?" counters', "supply": "&Supply counters", "admiral": "&Admirals"}


class SidePurchase(QWidget):
    """One side's tab: a count for each design it may buy, the extras, and the sums."""

    def __init__(
        self,
        side: str,
        index: int,
        budget: int,
        designs: Sequence[Design],
        scheme: CostScheme,
        start: Purchase,
    ) -> None:
        super().__init__()
        self.side, self.budget, self.scheme = side, budget, scheme
        # a planet's defences are the scenario's, never bought (placement_refusals)
        self.designs = [d for d in designs if not check_design(d, scheme) and not d.is_planet]
        planets = sum(d.is_planet for d in designs)
        self.counts: dict[str, QSpinBox] = {}
        self.extras: dict[str, QSpinBox] = {}

        grid = QGridLayout()
        for column, title in enumerate(("Design", "Each", "Count")):
            grid.addWidget(QLabel(f"<b>{title}</b>"), 0, column)
        for row, design in enumerate(self.designs, start=1):
            spin = _spin(f"buy_{index}_{row - 1}", design.name, start.count_of(design.name))
            what = f"{design.name} (tech {design.tech} {design.kind.title.lower()})"
            factors = ", ".join(f"{FACTOR_TITLES[n]} {v}" for n, v in design.factors.items())
            label = QLabel(f"{escape(what)}<br><small>{factors}</small>")
            label.setObjectName(f"buy_label_{index}_{row - 1}")
            label.setToolTip(f"{design.name}: {factors}")
            label.setBuddy(spin)
            grid.addWidget(label, row, 0)
            grid.addWidget(QLabel(plural(price(design, scheme), "point")), row, 1)
            grid.addWidget(spin, row, 2)
            self.counts[design.name] = spin
        left_out = sum(1 for d in designs if not d.is_planet and check_design(d, scheme))
        if not self.designs:
            grid.addWidget(QLabel("No designs in the library fit this cost scheme."), 1, 0, 1, 3)
        elif left_out:
            note = QLabel(f"{plural(left_out, 'library design')} break this scheme's limits")
            note.setObjectName(f"purchase_left_out_{index}")
            grid.addWidget(note, len(self.designs) + 1, 0, 1, 3)
        if planets:
            note = QLabel(
                f"{plural(planets, 'planet design')} not offered: a planet's defences stand "
                "at its planet (the scenario places them), not at the deployment hex"
            )
            note.setObjectName(f"purchase_planets_{index}")
            note.setWordWrap(True)
            grid.addWidget(note, len(self.designs) + 2, 0, 1, 3)
        grid.setRowStretch(len(self.designs) + 3, 1)
        grid.setColumnStretch(0, 1)
        table = QWidget()
        table.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(table)

        extras = QGridLayout()
        starting = {"unknown": start.unknowns, "supply": start.supply, "admiral": start.admirals}
        for row, (key, title) in enumerate(EXTRAS.items()):
            spin = _spin(f"extra_{index}_{key}", title, starting[key])
            label = QLabel(EXTRA_LABELS[key])
            label.setBuddy(spin)
            extras.addWidget(label, row, 0)
            extras.addWidget(QLabel(f"{plural(scheme.extra_price(key), 'point')} each"), row, 1)
            extras.addWidget(spin, row, 2)
            self.extras[key] = spin
        box = QGroupBox("Extras")
        box.setLayout(extras)

        self.total = QLabel()
        self.total.setObjectName(f"purchase_total_{index}")
        self.refusals = QLabel()
        self.refusals.setObjectName(f"purchase_refusals_{index}")
        self.refusals.setStyleSheet(REFUSED)
        self.refusals.setWordWrap(True)
        self.refusals.setTextFormat(Qt.TextFormat.PlainText)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(box)
        layout.addWidget(self.total)
        layout.addWidget(self.refusals)

    def spins(self) -> list[QSpinBox]:
        return [*self.counts.values(), *self.extras.values()]

    def purchase(self) -> Purchase:
        bought = Purchase()
        for design in self.designs:
            bought = bought.with_count(design, self.counts[design.name].value())
        return bought.with_extras(
            unknowns=self.extras["unknown"].value(),
            supply=self.extras["supply"].value(),
            admirals=self.extras["admiral"].value(),
        )

    def refresh(self) -> bool:
        """Show the sums and refusals; whether the purchase may be made."""
        purchase = self.purchase()
        spent = purchase_price(purchase, self.scheme)
        left = self.budget - spent
        self.total.setText(
            f"{self.side}: {spent} of {plural(self.budget, 'point')} spent, "
            + (f"{left} left" if left >= 0 else f"{-left} over")
        )
        refusals = check_purchase(purchase, self.budget, self.scheme)
        if purchase != Purchase():  # a side yet to buy is asked about at the start
            refusals += placement_refusals(self.side, purchase)
        self.refusals.setText("\n".join(r.reason for r in refusals))
        return not refusals


class PurchaseDialog(QDialog):
    """Every buying side's purchase, ``budgets`` by side name."""

    def __init__(
        self,
        budgets: Mapping[str, int],
        designs: Sequence[Design],
        scheme: CostScheme,
        start: Mapping[str, Purchase] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("squadron_purchase_dialog")
        self.setWindowTitle("Navy Purchases")
        start = start or {}
        self.tabs = QTabWidget()
        self.sides: list[SidePurchase] = []
        self.covers: list[QStackedWidget] = []
        for i, (side, budget) in enumerate(budgets.items()):
            page = SidePurchase(side, i, budget, designs, scheme, start.get(side, Purchase()))
            self.sides.append(page)
            holder = QStackedWidget()
            if len(budgets) > 1:  # at one table, each side buys unseen by the other
                holder.addWidget(_cover(side, i, partial(_uncover, holder, page)))
            holder.addWidget(page)
            self.covers.append(holder)
            self.tabs.addTab(holder, f"&{i + 1} {side}")
            for spin in page.spins():
                spin.valueChanged.connect(self.refresh)
        self.tabs.currentChanged.connect(lambda _: self.cover_all())
        note = QLabel(f"Costs: {scheme.name}")
        note.setWordWrap(True)
        note.setToolTip(scheme.about)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.buttons)
        self.resize(720, 600)  # room for each design's factors beside its name
        self.refresh()

    def cover_all(self) -> None:
        """Hide every side's purchase behind its cover again (another tab chosen)."""
        for holder in self.covers:
            holder.setCurrentIndex(0)

    def refresh(self) -> None:
        fine = [page.refresh() for page in self.sides]
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(all(fine))
        for i, good in enumerate(fine):
            self.tabs.setTabToolTip(i, "" if good else "This side's purchase is refused")

    def purchases(self) -> dict[str, Purchase]:
        return {page.side: page.purchase() for page in self.sides}

    def accept(self) -> None:
        if all(page.refresh() for page in self.sides):
            super().accept()


def _cover(side: str, index: int, show: Callable[[], None]) -> QWidget:
    """What a side's tab shows until its player asks to see it: the purchase is what
    the other side may only ever see as a "?" on the board."""
    cover = QWidget()
    cover.setObjectName(f"purchase_cover_{index}")
    text = QLabel(
        f"<b>{escape(side)}'s purchase is secret.</b><br>Only {escape(side)}'s player should "
        'look: the other side sees the navy bought only as a "?" over its deployment hex. '
        "It is hidden again when another tab is chosen."
    )
    text.setWordWrap(True)
    button = QPushButton(f"&Show {side}'s Purchase")
    button.setObjectName(f"purchase_show_{index}")
    button.clicked.connect(lambda: show())
    layout = QVBoxLayout(cover)
    layout.addStretch(1)
    layout.addWidget(text)
    layout.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
    layout.addStretch(2)
    return cover


def _uncover(holder: QStackedWidget, page: SidePurchase) -> None:
    holder.setCurrentWidget(page)
    spins = page.spins()
    if spins:
        spins[0].setFocus()


def _spin(name: str, accessible: str, value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setObjectName(name)
    spin.setAccessibleName(accessible)
    spin.setRange(0, 999)
    spin.setValue(value)
    return spin
