"""The design library dialog (Ships › Ship Designs…): browse the shipped designs and the
player's own, see each one's sheet, and create, edit, delete, import, export, print or
write a PDF or PNG of them. Shipped designs are never changed: editing one saves a copy.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.folders import ask_open, ask_save
from app.rules.interplanetary.manifest import export
from app.rules.interplanetary.manifest.layout import SheetData
from app.rules.interplanetary.manifest.library_paths import library
from app.rules.interplanetary.manifest.outfit_dialog import OutfitDialog
from app.rules.interplanetary.manifest.widget import SheetWidget
from core.board.problems import FileProblems
from core.files.rulesets import load_ruleset, ruleset_name
from core.rules.interplanetary.aid import outfitting
from core.rules.interplanetary.aid.carried import aid_of
from core.rules.interplanetary.aid.design import Design, blank
from core.rules.interplanetary.aid.design_library import Entry, Library, export_design

FILTER = "Ecliptic designs (*.toml);;All files (*)"


class LibraryDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, lib: Library | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("library_dialog")
        self.setWindowTitle("Ship Designs")
        self.library = lib or library()
        rules = load_ruleset("interplanetary")
        aid = aid_of(rules)
        assert aid is not None
        self.default_aid = aid

        self.list = QListWidget()
        self.list.setObjectName("design_list")
        self.list.setAccessibleName("Designs")
        self.list.currentRowChanged.connect(self._show_current)
        self.list.itemActivated.connect(lambda _item: self.edit())
        self.preview = SheetWidget(
            SheetData(self.default_aid, blank("", self.default_aid).manifest), read_only=True
        )
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.PlainText)
        self.status = QLabel()
        self.status.setObjectName("library_status")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)

        buttons = QGridLayout()
        self.buttons: dict[str, QPushButton] = {}
        for i, (key, label, slot) in enumerate(
            (
                ("new", "&New…", self.new),
                ("edit", "&Edit…", self.edit),
                ("delete", "&Delete", self.delete),
                ("import", "&Import…", self.import_dialog),
                ("export", "E&xport…", self.export_dialog),
                ("sheet", "PDF/P&NG…", self.sheet_dialog),
                ("print", "&Print…", self.print_current),
                ("blank", "Print &Blank…", self.print_blank),
                ("fleet", "&Fleet Purchases…", self.fleet),
            )
        ):
            button = QPushButton(label)
            button.clicked.connect(slot)
            button.setAutoDefault(False)
            self.buttons[key] = button
            buttons.addWidget(button, i // 3, i % 3)

        left = QVBoxLayout()
        left.addWidget(self.list, 1)
        left.addWidget(self.details)
        left.addLayout(buttons)
        body = QHBoxLayout()
        body.addLayout(left, 2)
        body.addWidget(self.preview, 3)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(body, 1)
        layout.addWidget(self.status)
        layout.addWidget(close)
        self.resize(1100, 820)
        self.reload()

    # ---- the list ----

    def reload(self, select: Path | None = None) -> None:
        self.entries = self.library.entries()
        self.list.clear()
        for entry in self.entries:
            label = entry.name + ("  (shipped)" if entry.shipped else "")
            if entry.design is None:
                label = f"{entry.path.name}  (cannot be read)"
            item = QListWidgetItem(label)
            if entry.design is None:
                item.setForeground(QColor("#b03a2e"))
                item.setToolTip("\n".join(str(p) for p in entry.problems))
            self.list.addItem(item)
        rows = [i for i, e in enumerate(self.entries) if select is not None and e.path == select]
        self.list.setCurrentRow(rows[0] if rows else 0 if self.entries else -1)
        self._show_current()

    def current(self) -> Entry | None:
        row = self.list.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def select(self, name: str) -> None:
        for i, entry in enumerate(self.entries):
            if entry.name == name:
                self.list.setCurrentRow(i)
                return

    def _show_current(self) -> None:
        entry = self.current()
        design = entry.design if entry else None
        if entry is not None and design is None:
            self.details.setText("\n".join(str(p) for p in entry.problems))
        elif design is not None:
            aid = design.play_aid()
            cost = outfitting.cost(aid, design.manifest)
            where = (
                "shipped with Ecliptic"
                if entry and entry.shipped
                else str(entry.path if entry else "")
            )
            self.details.setText(
                f"{design.name}: {cost} ship points · {ruleset_name(design.ruleset)} · {where}"
            )
            self.preview.set_data(export.sheet_for(design))
        for key in ("edit", "export", "sheet", "print"):
            self.buttons[key].setEnabled(design is not None)
        self.buttons["delete"].setEnabled(entry is not None and not entry.shipped)

    def _say(self, text: str, bad: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet("color: #b03a2e;" if bad else "")

    def _problems(self, what: str, error: FileProblems) -> None:
        self._say(f"{what}:\n" + "\n".join(f"  - {p}" for p in error.problems), bad=True)

    # ---- actions ----

    def outfit(self, design: Design) -> OutfitDialog:
        aid = design.play_aid()
        return OutfitDialog(
            aid,
            design.manifest,
            None,
            name=design.name,
            notes=design.notes,
            title=f"Design: {design.name or 'new'}",
            with_names=True,
            parent=self,
        )

    def new(self) -> None:
        self._edit(blank("New design", self.default_aid), None)

    def edit(self) -> None:
        entry = self.current()
        if entry is not None and entry.design is not None:
            self._edit(entry.design, None if entry.shipped else entry.path)

    def _edit(self, design: Design, path: Path | None) -> None:
        dialog = self.outfit(design)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        changed = replace(
            design, name=dialog.name(), notes=dialog.notes(), manifest=dialog.manifest()
        )
        self.save(changed, path)

    def save(self, design: Design, path: Path | None) -> Path | None:
        try:
            saved = self.library.save(design, path)
        except (FileProblems, OSError) as error:
            self._failed("Not saved", error)
            return None
        self._say(f"Saved {design.name} to {saved}")
        self.reload(saved)
        return saved

    def delete(self) -> None:
        entry = self.current()
        if entry is None:
            return
        try:
            self.library.delete(entry.path)
        except (FileProblems, OSError) as error:
            self._failed("Not deleted", error)
            return
        self._say(f"Deleted {entry.name}")
        self.reload()

    def import_dialog(self) -> None:
        name = ask_open(self, "Import Design", FILTER)
        if name is not None:
            self.import_path(name)

    def import_path(self, path: Path) -> Path | None:
        try:
            saved = self.library.import_file(path)
        except (FileProblems, OSError) as error:
            self._failed(f"Cannot import {path}", error)
            return None
        self._say(f"Imported {path.name} as {saved.name}")
        self.reload(saved)
        return saved

    def export_dialog(self) -> None:
        entry = self.current()
        if entry is None or entry.design is None:
            return
        suggested = self.library.new_path(entry.design.name).name
        name, _ = ask_save(self, "Export Design", suggested, FILTER)
        if name is not None:
            self.export_path(name)

    def export_path(self, path: Path) -> bool:
        entry = self.current()
        if entry is None or entry.design is None:
            return False
        try:
            export_design(entry.design, path)
        except (FileProblems, OSError) as error:
            self._failed(f"Cannot export to {path}", error)
            return False
        self._say(f"Exported {entry.design.name} to {path}")
        return True

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

    def _failed(self, what: str, error: FileProblems | OSError) -> None:
        if isinstance(error, FileProblems):
            self._problems(what, error)
        else:
            self._say(f"{what}: {error}", bad=True)
