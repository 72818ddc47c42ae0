"""The design library dialog (Ships › Ship Designs…): the generic library dialog
(:mod:`app.designs.library_dialog`: list, new, edit, delete, import, export, undo) with
each design's manifest sheet beside the list, and a PDF or PNG of it, printing it or a
blank sheet, and Fleet Purchases…. Shipped designs are never changed: editing one saves
a copy.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import QDialog, QHBoxLayout, QVBoxLayout, QWidget

from app.designs.library_dialog import Action, DesignLibraryDialog
from app.folders import ask_save
from app.rules.interplanetary.manifest import export
from app.rules.interplanetary.manifest.layout import SheetData
from app.rules.interplanetary.manifest.library_paths import library
from app.rules.interplanetary.manifest.outfit_dialog import OutfitDialog
from app.rules.interplanetary.manifest.widget import SheetWidget
from core.files.rulesets import load_ruleset, ruleset_name
from core.rules.interplanetary.aid import outfitting
from core.rules.interplanetary.aid.carried import aid_of
from core.rules.interplanetary.aid.design import Design, blank
from core.rules.interplanetary.aid.design_library import Entry, Library


class LibraryDialog(DesignLibraryDialog):
    library: Library  # the ship design library, not any design library

    def __init__(self, parent: QWidget | None = None, lib: Library | None = None) -> None:
        super().__init__(parent, lib or library(), "library_dialog", "Ship Designs")
        aid = aid_of(load_ruleset("interplanetary"))
        assert aid is not None
        self.default_aid = aid
        self.preview = SheetWidget(SheetData(aid, blank("", aid).manifest), read_only=True)

        shared = self.standard()
        keys = ("new", "edit", "delete", "import", "export")
        grid = self.button_grid(
            [shared[k] for k in keys]
            + [
                Action("sheet", "PDF/P&NG…", self.sheet_dialog, needs_design=True),
                Action("print", "&Print…", self.print_current, needs_design=True),
                Action("blank", "Print &Blank…", self.print_blank),
                Action("fleet", "&Fleet Purchases…", self.fleet),
                shared["undo"],
                shared["redo"],
            ]
        )
        left = QVBoxLayout()
        left.addWidget(self.list, 1)
        left.addWidget(self.details)
        left.addLayout(grid)
        body = QHBoxLayout()
        body.addLayout(left, 2)
        body.addWidget(self.preview, 3)
        self.finish(body, None, (1100, 820))

    # ---- the generic dialog's questions

    def blank(self) -> Design:
        return blank("New design", self.default_aid)

    def edit_design(self, design: Design) -> Design | None:
        dialog = self.outfit(design)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return replace(design, name=dialog.name(), notes=dialog.notes(), manifest=dialog.manifest())

    def describe(self, entry: Entry[Design]) -> str:
        design = entry.design
        assert design is not None
        cost = outfitting.cost(design.play_aid(), design.manifest)
        where = "shipped with Ecliptic" if entry.shipped else str(entry.path)
        return f"{design.name}: {cost} ship points · {ruleset_name(design.ruleset)} · {where}"

    def show_design(self, design: Design | None) -> None:
        if design is not None:
            self.preview.set_data(export.sheet_for(design))

    # ---- its own

    def outfit(self, design: Design) -> OutfitDialog:
        return OutfitDialog(
            design.play_aid(),
            design.manifest,
            None,
            name=design.name,
            notes=design.notes,
            title=f"Design: {design.name or 'new'}",
            with_names=True,
            parent=self,
        )

    def sheet_dialog(self) -> None:
        entry = self.current()
        if entry is None or entry.design is None:
            return
        filters = "PDF, A4 (*.pdf);;PDF, Letter (*.pdf);;PNG image (*.png)"
        name, chosen = ask_save(self, "Write Manifest Sheet", f"{entry.design.name}.pdf", filters)
        if name is not None:
            paper = "letter" if "Letter" in chosen else "a4"
            self.write_sheet(name, paper)

    def write_sheet(self, path: Path, paper: str = "a4") -> bool:
        entry = self.current()
        if entry is None or entry.design is None:
            return False
        sheet = export.sheet_for(entry.design)
        try:
            if path.suffix.lower() == ".png":
                export.write_png(sheet, path)
            else:
                export.write_pdf([sheet], path.with_suffix(".pdf"), paper)
        except (OSError, MemoryError) as error:
            self._say(f"Cannot write {path}: {error}", bad=True)
            return False
        self._say(f"Wrote {path}")
        return True

    def print_current(self) -> None:
        entry = self.current()
        if entry is not None and entry.design is not None:
            export.print_sheets([export.sheet_for(entry.design)], self)

    def print_blank(self) -> None:
        export.print_sheets([export.blank_sheet()], self)

    def fleet(self) -> None:
        from app.rules.interplanetary.manifest.fleet import FleetDialog

        FleetDialog(self.default_aid, lib=self.library, parent=self).exec()
