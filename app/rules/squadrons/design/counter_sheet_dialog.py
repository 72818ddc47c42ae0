"""Print Counter Sheet…: choose the side's name and colour, how many of each design, the
marker counters and the paper, then where to write the PDF."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.folders import ask_save
from app.rules.squadrons.design.counter_sheet import COLOURS, CounterSheet, write_pdf
from core.engine.words import plural
from core.rules.squadrons.design import Design

PDF_FILTER = "PDF (*.pdf)"


class CounterSheetDialog(QDialog):
    """Options for a counter sheet of ``designs``; Write PDF… asks where and writes it."""

    def __init__(
        self, designs: Sequence[Design], scheme: str = "", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("counter_sheet_dialog")
        self.setWindowTitle("Print Counter Sheet")
        self.designs = tuple(designs)
        self.scheme = scheme
        self.written: Path | None = None

        self.side = QLineEdit("Side one")
        self.side.setObjectName("sheet_side")
        self.colour = QComboBox()
        self.colour.setObjectName("sheet_colour")
        self.colour.addItems(list(COLOURS))
        self.copies = QSpinBox()
        self.copies.setObjectName("sheet_copies")
        self.copies.setRange(1, 99)
        self.copies.setValue(4)
        self.markers = QCheckBox('&Markers too ("?", supply, admirals, fleets, fuel, damage)')
        self.markers.setObjectName("sheet_markers")
        self.markers.setChecked(True)
        self.paper = QComboBox()
        self.paper.setObjectName("sheet_paper")
        self.paper.addItems(["A4", "Letter"])
        names = ", ".join(d.name for d in self.designs) or "none"
        which = QLabel(f"{plural(len(self.designs), 'design')}: {names}")
        which.setWordWrap(True)
        self.status = QLabel()
        self.status.setObjectName("sheet_status")
        self.status.setWordWrap(True)

        form = QFormLayout()
        for text, widget in (
            ("&Side", self.side),
            ("&Colour", self.colour),
            ("C&opies of each design", self.copies),
            ("&Paper", self.paper),
        ):
            label = QLabel(text)
            label.setBuddy(widget)
            form.addRow(label, widget)
        form.addRow(self.markers)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.write_button = QPushButton("&Write PDF…")
        self.write_button.setDefault(True)
        buttons.addButton(self.write_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.write_button.clicked.connect(self.ask_and_write)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(which)
        layout.addLayout(form)
        layout.addWidget(self.status)
        layout.addWidget(buttons)

    def sheet(self) -> CounterSheet:
        return CounterSheet(
            side=self.side.text().strip() or "Side one",
            colour=COLOURS[self.colour.currentText()],
            designs=self.designs,
            copies=self.copies.value(),
            markers=self.markers.isChecked(),
            scheme=self.scheme,
        )

    def ask_and_write(self) -> None:
        suggested = f"{self.sheet().side.lower().replace(' ', '-')}-counters.pdf"
        path, _ = ask_save(self, "Write Counter Sheet", suggested, PDF_FILTER)
        if path is not None:
            self.write(path)

    def write(self, path: Path) -> bool:
        path = path if path.suffix.lower() == ".pdf" else path.with_suffix(".pdf")
        try:
            pages = write_pdf(self.sheet(), path, self.paper.currentText())
        except OSError as error:
            self.status.setText(f"Cannot write {path}: {error}")
            self.status.setStyleSheet("color: #b03a2e;")
            return False
        self.written = path
        self.status.setText(f"Wrote {plural(pages, 'page')} to {path}")
        self.accept()
        return True
