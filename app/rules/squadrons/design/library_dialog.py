"""The squadron design library (Ships › Squadron Designs…): the generic library dialog
(:mod:`app.designs.library_dialog`: list, new, edit, duplicate, delete, import, export,
undo) with each design's counter and its price under the chosen cost scheme, and Print
Counter Sheet… for play on paper. Shipped designs are never changed: editing one saves a
copy.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QKeySequence, QPainter, QPaintEvent
from PySide6.QtWidgets import QComboBox, QDialog, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from app.designs.library_dialog import Action, DesignLibraryDialog
from app.rules.squadrons.design.counter_sheet import COLOURS, paint_counter
from app.rules.squadrons.design.design_dialog import DEFAULT_BUDGET, SquadronDesignDialog
from app.rules.squadrons.design.library import Entry, Library, library
from core.rules.squadrons.cost_schemes import load_scheme, scheme_ids
from core.rules.squadrons.costs import CostScheme, check_design, price
from core.rules.squadrons.design import Design
from core.rules.squadrons.factors import Factors


class CounterPreview(QWidget):
    """The selected design's counter, as the counter sheet prints it."""

    def __init__(self) -> None:
        super().__init__()
        self.design: Design | None = None
        self.setMinimumSize(QSize(150, 150))

    def set_design(self, design: Design | None) -> None:
        self.design = design
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.design is None:
            return
        side = min(self.width(), self.height()) - 2
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_counter(painter, QRectF(1, 1, side, side), self.design, COLOURS["Blue"])
        painter.end()


class SquadronLibraryDialog(DesignLibraryDialog):
    file_filter = "Squadron designs (*.toml);;All files (*)"
    noun = "Squadron Design"

    def __init__(self, parent: QWidget | None = None, lib: Library | None = None) -> None:
        super().__init__(parent, lib or library(), "squadron_library_dialog", "Squadron Designs")
        self.allow_many()
        self.preview = CounterPreview()
        self.scheme_box = QComboBox()
        self.scheme_box.setObjectName("scheme_choice")
        for scheme_id in scheme_ids():
            self.scheme_box.addItem(load_scheme(scheme_id).name, scheme_id)
        self.scheme_box.currentIndexChanged.connect(lambda _i: self._show_current())
        scheme_label = QLabel("Cost &scheme")
        scheme_label.setBuddy(self.scheme_box)

        shared = self.standard()
        sheet = Action(
            "sheet", "&Print Counter Sheet…", self.counter_sheet, QKeySequence("Ctrl+P"), True
        )
        keys = ("new", "edit", "duplicate", "delete", "import", "export")
        grid = self.button_grid([shared[k] for k in keys] + [sheet, shared["undo"], shared["redo"]])

        top = QHBoxLayout()
        top.addWidget(scheme_label)
        top.addWidget(self.scheme_box, 1)
        left = QVBoxLayout()
        left.addWidget(self.list, 1)
        left.addLayout(grid)
        right = QVBoxLayout()
        right.addWidget(self.preview)
        right.addWidget(self.details)
        right.addStretch(1)
        body = QHBoxLayout()
        body.addLayout(left, 3)
        body.addLayout(right, 2)
        self.finish(body, top, (760, 560))

    def scheme(self) -> CostScheme:
        return load_scheme(str(self.scheme_box.currentData()))

    # ---- the generic dialog's questions

    def blank(self) -> Design:
        return Design(self.library.free_name("New squadron"), 15, factors=Factors(maneuver=1))

    def edit_design(self, design: Design) -> Design | None:
        dialog = SquadronDesignDialog(design, self.scheme(), DEFAULT_BUDGET, self)
        return dialog.design() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def describe(self, entry: Entry[Design]) -> str:
        design = entry.design
        assert design is not None
        scheme = self.scheme()
        lines = [
            f"{design.name}: {price(design, scheme)} points",
            f"Tech {design.tech} {design.kind.title.lower()}",
            "shipped with Ecliptic" if entry.shipped else str(entry.path),
        ]
        lines += [r.reason for r in check_design(design, scheme)]
        return "\n".join(lines)

    def show_design(self, design: Design | None) -> None:
        self.preview.set_design(design)

    # ---- its own

    def counter_sheet(self) -> None:
        from app.rules.squadrons.design.counter_sheet_dialog import CounterSheetDialog

        designs = self.chosen()
        if designs:
            dialog = CounterSheetDialog(designs, self.scheme().name, self)
            if dialog.exec() == QDialog.DialogCode.Accepted and dialog.written is not None:
                self._say(f"Wrote the counter sheet to {dialog.written}")
