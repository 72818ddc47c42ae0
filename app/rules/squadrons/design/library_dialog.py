"""The squadron design library (Ships › Squadron Designs…): the shipped designs and the
player's own, each with its counter and its price under the chosen cost scheme; new,
edit, duplicate, delete, import and export of design files, and Print Counter Sheet… for
play on paper. Shipped designs are never changed: editing one saves a copy. Every change
to the list can be undone (Ctrl+Z) and redone.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QKeySequence, QPainter, QPaintEvent, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
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
from app.rules.squadrons.design.counter_sheet import COLOURS, paint_counter
from app.rules.squadrons.design.design_dialog import DEFAULT_BUDGET, SquadronDesignDialog
from app.rules.squadrons.design.library import Change, Entry, Library, export_design, library
from core.board.problems import FileProblems
from core.rules.squadrons.cost_schemes import load_scheme, scheme_ids
from core.rules.squadrons.costs import CostScheme, check_design, price
from core.rules.squadrons.design import Design
from core.rules.squadrons.factors import Factors

FILTER = "Squadron designs (*.toml);;All files (*)"
RED = "#b03a2e"
UNDO, REDO = QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo


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


class FileEdit(QUndoCommand):
    """A library edit as the files it changed, undone by putting them back."""

    def __init__(self, dialog: SquadronLibraryDialog, text: str, change: Change) -> None:
        super().__init__(text)
        self.dialog, self.change, self.first = dialog, change, True

    def redo(self) -> None:
        if self.first:  # the edit itself already wrote the file
            self.first = False
        else:
            self.dialog.library.apply(self.change)
        self.dialog.reload(self.change.path if self.change.after is not None else None)

    def undo(self) -> None:
        self.dialog.library.apply(self.change, undo=True)
        self.dialog.reload(self.change.path if self.change.before is not None else None)


class SquadronLibraryDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, lib: Library | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("squadron_library_dialog")
        self.setWindowTitle("Squadron Designs")
        self.library = lib or library()
        self.undo_stack = QUndoStack(self)
        self.entries: list[Entry] = []

        self.scheme_box = QComboBox()
        self.scheme_box.setObjectName("scheme_choice")
        for scheme_id in scheme_ids():
            self.scheme_box.addItem(load_scheme(scheme_id).name, scheme_id)
        self.scheme_box.currentIndexChanged.connect(lambda _i: self._show_current())
        scheme_label = QLabel("Cost &scheme")
        scheme_label.setBuddy(self.scheme_box)

        self.list = QListWidget()
        self.list.setObjectName("design_list")
        self.list.setAccessibleName("Designs")
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.currentRowChanged.connect(lambda _r: self._show_current())
        self.list.itemActivated.connect(lambda _item: self.edit())
        self.preview = CounterPreview()
        self.details = _label("design_details")
        self.status = _label("library_status")

        self.buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()
        for i, (key, text, keys, slot) in enumerate(
            (
                ("new", "&New…", QKeySequence("Ctrl+N"), self.new),
                ("edit", "&Edit…", QKeySequence("F2"), self.edit),
                ("duplicate", "D&uplicate", QKeySequence("Ctrl+D"), self.duplicate),
                ("delete", "&Delete", QKeySequence("Del"), self.delete),
                ("import", "&Import…", QKeySequence("Ctrl+I"), self.import_dialog),
                ("export", "E&xport…", QKeySequence("Ctrl+E"), self.export_dialog),
                ("sheet", "&Print Counter Sheet…", QKeySequence("Ctrl+P"), self.counter_sheet),
                (
                    "undo",
                    "Und&o",
                    QKeySequence(QKeySequence.StandardKey.Undo),
                    self.undo_stack.undo,
                ),
                (
                    "redo",
                    "Re&do",
                    QKeySequence(QKeySequence.StandardKey.Redo),
                    self.undo_stack.redo,
                ),
            )
        ):
            button = QPushButton(text)
            button.setObjectName(f"library_{key}")
            button.setAutoDefault(False)
            button.setShortcut(keys)
            button.setToolTip(keys.toString(QKeySequence.SequenceFormat.NativeText))
            button.clicked.connect(slot)
            self.buttons[key] = button
            grid.addWidget(button, i // 3, i % 3)
        self.undo_stack.canUndoChanged.connect(self.buttons["undo"].setEnabled)
        self.undo_stack.canRedoChanged.connect(self.buttons["redo"].setEnabled)
        self.buttons["undo"].setEnabled(False)
        self.buttons["redo"].setEnabled(False)

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
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(body, 1)
        layout.addWidget(self.status)
        layout.addWidget(close)
        self.resize(760, 560)
        self.reload()

    # ---- the list

    def scheme(self) -> CostScheme:
        return load_scheme(str(self.scheme_box.currentData()))

    def reload(self, select: Path | None = None) -> None:
        self.entries = self.library.entries()
        self.list.clear()
        for entry in self.entries:
            text = entry.name + ("  (shipped)" if entry.shipped else "")
            item = QListWidgetItem(text)
            if entry.design is None:
                item.setText(f"{entry.path.name}  (cannot be read)")
                item.setForeground(QColor(RED))
                item.setToolTip("\n".join(str(p) for p in entry.problems))
            self.list.addItem(item)
        rows = [i for i, e in enumerate(self.entries) if select is not None and e.path == select]
        self.list.setCurrentRow(rows[0] if rows else 0 if self.entries else -1)
        self._show_current()

    def current(self) -> Entry | None:
        row = self.list.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def chosen(self) -> list[Design]:
        """The designs selected in the list (the current one if none is)."""
        rows = sorted(self.list.row(item) for item in self.list.selectedItems())
        picked = [self.entries[r].design for r in rows]
        found = [d for d in picked if d is not None]
        entry = self.current()
        if not found and entry is not None and entry.design is not None:
            found = [entry.design]
        return found

    def _show_current(self) -> None:
        entry = self.current()
        design = entry.design if entry is not None else None
        self.preview.set_design(design)
        if entry is not None and design is None:
            self.details.setText("\n".join(str(p) for p in entry.problems))
        elif entry is not None and design is not None:
            scheme = self.scheme()
            where = "shipped with Ecliptic" if entry.shipped else str(entry.path)
            lines = [
                f"{design.name}: {price(design, scheme)} points",
                f"Tech {design.tech} {design.kind.title.lower()}",
                where,
            ]
            lines += [r.reason for r in check_design(design, scheme)]
            self.details.setText("\n".join(lines))
        else:
            self.details.setText("No designs yet: New… makes one.")
        for key in ("edit", "duplicate", "export", "sheet"):
            self.buttons[key].setEnabled(design is not None)
        self.buttons["delete"].setEnabled(entry is not None and not entry.shipped)

    def select(self, name: str) -> None:
        for i, entry in enumerate(self.entries):
            if entry.name == name:
                self.list.setCurrentRow(i)
                return

    # ---- actions

    def new(self) -> None:
        blank = Design(self.library.free_name("New squadron"), 15, factors=Factors(maneuver=1))
        self._edit(blank, None, "New design")

    def edit(self) -> None:
        entry = self.current()
        if entry is not None and entry.design is not None:
            self._edit(entry.design, None if entry.shipped else entry.path, "Edit design")

    def _edit(self, design: Design, path: Path | None, what: str) -> None:
        dialog = SquadronDesignDialog(design, self.scheme(), DEFAULT_BUDGET, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self._record(what, lambda: self.library.save(dialog.design(), path))

    def duplicate(self) -> None:
        entry = self.current()
        if entry is not None and entry.design is not None:
            copy = entry.design.renamed(self.library.free_name(f"{entry.design.name} copy"))
            self._record("Duplicate design", lambda: self.library.save(copy))

    def delete(self) -> None:
        entry = self.current()
        if entry is not None:
            self._record(f"Delete {entry.name}", lambda: self.library.delete(entry.path))

    def import_dialog(self) -> None:
        path = ask_open(self, "Import Squadron Design", FILTER)
        if path is not None:
            self.import_path(path)

    def import_path(self, path: Path) -> bool:
        return self._record(f"Import {path.name}", lambda: self.library.import_file(path))

    def export_dialog(self) -> None:
        entry = self.current()
        if entry is None or entry.design is None:
            return
        suggested = self.library.new_path(entry.design.name).name
        path, _ = ask_save(self, "Export Squadron Design", suggested, FILTER)
        if path is not None:
            self.export_path(path)

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

    def counter_sheet(self) -> None:
        from app.rules.squadrons.design.counter_sheet_dialog import CounterSheetDialog

        designs = self.chosen()
        if designs:
            dialog = CounterSheetDialog(designs, self.scheme().name, self)
            if dialog.exec() == QDialog.DialogCode.Accepted and dialog.written is not None:
                self._say(f"Wrote the counter sheet to {dialog.written}")

    # ---- undoable changes and messages

    def _record(self, what: str, change: Callable[[], Change]) -> bool:
        """Make a change (a callable returning its :class:`Change`) and keep it for undo;
        a problem is shown, not raised."""
        try:
            done = change()
        except (FileProblems, OSError) as error:
            self._failed(f"{what}: not done", error)
            return False
        self.undo_stack.push(FileEdit(self, what, done))
        self._say(f"{what}: done ({Path(done.path).name}); Ctrl+Z undoes it")
        return True

    def _say(self, text: str, bad: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(f"color: {RED};" if bad else "")

    def _failed(self, what: str, error: FileProblems | OSError) -> None:
        if isinstance(error, FileProblems):
            self._say(f"{what}:\n" + "\n".join(f"  - {p}" for p in error.problems), bad=True)
        else:
            self._say(f"{what}: {error}", bad=True)


def _label(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label
