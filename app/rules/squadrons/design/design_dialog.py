"""The Squadron Design dialog: the squadron game's manifest sheet.

A name, squadron or planet, a tech level and a points budget; one spin box per factor
with its tech limit and what it costs under the chosen cost scheme; every refusal shown
beside what it is about (the factor's row, or under the form), and OK disabled while
there is one. The dialog only edits a :class:`~core.rules.squadrons.design.Design`; the
library saves it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from core.engine.words import plural
from core.rules.squadrons.costs import CostScheme, check_design, factor_price, price
from core.rules.squadrons.design import Design, Kind
from core.rules.squadrons.factors import FACTOR_NAMES, FACTOR_TITLES, Factors

#: each factor's label with its keyboard mnemonic
LABELS = {
    "jump": "&Jump",
    "maneuver": "&Maneuver",
    "sensor": "&Sensor Range",
    "attack": "&Attack",
    "attack_range": "Attack &Range",
    "defense": "&Defense",
    "supply": "Su&pply",
}
#: the highest value a spin box offers (the scheme may refuse less)
MOST = 999
REFUSED = "color: #b03a2e;"
DEFAULT_BUDGET = 100


class SquadronDesignDialog(QDialog):
    """Edit one design under ``scheme`` within ``budget`` points; :meth:`design` is the
    result once accepted."""

    def __init__(
        self,
        design: Design,
        scheme: CostScheme,
        budget: int = DEFAULT_BUDGET,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("squadron_design_dialog")
        self.setWindowTitle(f"Squadron Design: {design.name or 'new'}")
        self.scheme = scheme

        self.name = QLineEdit(design.name)
        self.name.setObjectName("design_name")
        self.kind = QComboBox()
        self.kind.setObjectName("design_kind")
        for kind in Kind:
            self.kind.addItem(kind.title, kind)
        self.kind.setCurrentIndex(list(Kind).index(design.kind))
        self.tech = QSpinBox()
        self.tech.setObjectName("design_tech")
        levels = scheme.tech_levels or (design.tech,)
        self.tech.setRange(min(min(levels), design.tech), max(max(levels), design.tech))
        self.tech.setValue(design.tech)
        self.budget = QSpinBox()
        self.budget.setObjectName("design_budget")
        self.budget.setRange(0, 99999)
        self.budget.setSuffix(" points")
        self.budget.setValue(budget)

        head = QFormLayout()
        for text, widget in (
            ("&Name", self.name),
            ("&Kind", self.kind),
            ("&Tech level", self.tech),
            ("Points &budget", self.budget),
        ):
            label = QLabel(text)
            label.setBuddy(widget)
            head.addRow(label, widget)
        scheme_label = QLabel(f"Costs: {scheme.name}")
        scheme_label.setObjectName("design_scheme")
        scheme_label.setWordWrap(True)
        scheme_label.setToolTip(scheme.about)
        head.addRow(scheme_label)

        grid = QGridLayout()
        for column, title in enumerate(("Factor", "Value", "Limit", "Cost", "")):
            heading = QLabel(f"<b>{title}</b>")
            grid.addWidget(heading, 0, column)
        self.spins: dict[str, QSpinBox] = {}
        self.limits: dict[str, QLabel] = {}
        self.costs: dict[str, QLabel] = {}
        self.refusals: dict[str, QLabel] = {}
        for row, name in enumerate(FACTOR_NAMES, start=1):
            spin = QSpinBox()
            spin.setObjectName(f"factor_{name}")
            spin.setAccessibleName(FACTOR_TITLES[name])
            spin.setRange(0, MOST)
            spin.setValue(design.factors.get(name))
            label = QLabel(LABELS[name])
            label.setBuddy(spin)
            self.spins[name] = spin
            self.limits[name] = _label(f"limit_{name}")
            self.costs[name] = _label(f"cost_{name}")
            self.costs[name].setAlignment(
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            )
            self.refusals[name] = _label(f"refusal_{name}", REFUSED)
            for column, cell in enumerate(
                (label, spin, self.limits[name], self.costs[name], self.refusals[name])
            ):
                grid.addWidget(cell, row, column)
        grid.setColumnStretch(4, 1)
        factors = QGroupBox("Factors")
        factors.setLayout(grid)

        self.total = _label("design_total")
        self.problems = _label("design_refusals", REFUSED)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(factors)
        layout.addWidget(self.total)
        layout.addWidget(self.problems)
        layout.addWidget(self.buttons)

        self.name.textChanged.connect(self.refresh)
        self.kind.currentIndexChanged.connect(self.refresh)
        for spin in (self.tech, self.budget, *self.spins.values()):
            spin.valueChanged.connect(self.refresh)
        self.resize(640, 520)
        self.refresh()

    def design(self) -> Design:
        """The design as the form now shows it."""
        values = {name: spin.value() for name, spin in self.spins.items()}
        kind = self.kind.currentData()
        return Design(self.name.text().strip(), self.tech.value(), kind, Factors(**values))

    def refused(self) -> bool:
        return bool(check_design(self.design(), self.scheme, self.budget.value()))

    def refresh(self) -> None:
        """Costs, limits and refusals for the form as it stands."""
        design = self.design()
        refusals = check_design(design, self.scheme, self.budget.value())
        by_factor = {r.about: r.reason for r in refusals if r.about in self.spins}
        for name in FACTOR_NAMES:
            value = self.spins[name].value()
            points = factor_price(self.scheme, name, value, design.tech)
            self.costs[name].setText(plural(points, "point"))
            most = self.scheme.highest(name, design.tech, planet=design.is_planet)
            self.limits[name].setText("no limit" if most is None else f"up to {most}")
            self.refusals[name].setText(by_factor.get(name, ""))
            self.spins[name].setStyleSheet(REFUSED if name in by_factor else "")
        total, budget = price(design, self.scheme), self.budget.value()
        left = budget - total
        self.total.setText(
            f"Costs {plural(total, 'point')} of {budget}"
            + (f" ({left} left)" if left >= 0 else f" ({-left} over)")
        )
        others = [r.reason for r in refusals if r.about not in self.spins]
        self.problems.setText("\n".join(others))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(not refusals)
        ok.setToolTip("" if not refusals else "Put right what is shown in red first")
        self.setWindowTitle(f"Squadron Design: {design.name or 'new'}")

    def accept(self) -> None:
        if not self.refused():
            super().accept()


def _label(name: str, style: str = "") -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    if style:
        label.setStyleSheet(style)
    return label
