"""The design library dialog every rule system's Ships menu opens: the shipped designs and
the player's own in one list, a damaged file listed in red with its problems, and New,
Edit, Duplicate, Delete, Import and Export of design files. Shipped designs are never
changed: editing one saves a copy. Every change to the list is one file written or
removed, kept on a :class:`QUndoStack` so Undo (Ctrl+Z) and Redo put it back.

A rule system subclasses :class:`DesignLibraryDialog` with its editor (:meth:`edit_design`),
a new design (:meth:`blank`), the details and preview of the current design, its own
buttons, and the layout (:meth:`finish`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.folders import ask_open, ask_save
from core.board.problems import FileProblems
from core.files.design_library import Change, DesignLibrary, Entry

RED = "#b03a2e"
UNDO, REDO = QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo


@dataclass(frozen=True)
class Action:
    """A button of the dialog: its text (with a mnemonic), what it does, its shortcut,
    and whether it needs a readable design chosen in the list."""

    key: str
    text: str
    slot: Callable[[], object]
    keys: QKeySequence | None = None
    needs_design: bool = False


class FileEdit(QUndoCommand):
    """A library edit as the file it changed, undone by putting the file back."""

    def __init__(self, dialog: DesignLibraryDialog, text: str, change: Change) -> None:
        super().__init__(text)
        self.dialog, self.change, self.first = dialog, change, True

    def redo(self) -> None:
        if self.first:  # the edit itself already wrote the file, and said so
            self.first = False
        else:
            self.dialog.library.apply(self.change)
            self.dialog.said_again("Redone", self.text(), UNDO)
        self.dialog.reload(self.change.path if self.change.after is not None else None)

    def undo(self) -> None:
        self.dialog.library.apply(self.change, undo=True)
        self.dialog.said_again("Undone", self.text(), REDO)
        self.dialog.reload(self.change.path if self.change.before is not None else None)


class DesignLibraryDialog(QDialog):
    """The list, its details, the status line and the undo stack; see the module."""

    #: the file dialogs' filter and what they call a design ("Import Design")
    file_filter = "Ecliptic designs (*.toml);;All files (*)"
    noun = "Design"

    def __init__(self, parent: QWidget | None, lib: DesignLibrary[Any], name: str, title: str):
        super().__init__(parent)
        self.setObjectName(name)
        self.setWindowTitle(title)
        self.library = lib
        self.undo_stack = QUndoStack(self)
        self.entries: list[Entry[Any]] = []
        self.offered: dict[str, Action] = {}
        self.buttons: dict[str, QPushButton] = {}

        self.list = QListWidget()
        self.list.setObjectName("design_list")
        self.list.setAccessibleName("Designs")
        self.list.currentRowChanged.connect(lambda _r: self._show_current())
        self.list.itemActivated.connect(lambda _item: self.edit())
        self.details = _label("design_details")
        self.status = _label("library_status")

    # ---- what a rule system supplies

    def blank(self) -> Any:
        """The design New… starts from."""
        raise NotImplementedError

    def edit_design(self, design: Any) -> Any | None:
        """Let the player change ``design`` in the system's editor; None if cancelled."""
        raise NotImplementedError

    def describe(self, entry: Entry[Any]) -> str:
        """The details shown of a readable design."""
        return entry.name

    def show_design(self, design: Any | None) -> None:
        """Show the current design (None: nothing readable chosen) in the preview."""

    def standard(self) -> dict[str, Action]:
        """The buttons every library has, by key, for :meth:`button_grid`."""
        return {
            a.key: a
            for a in (
                Action("new", "&New…", self.new, QKeySequence("Ctrl+N")),
                Action("edit", "&Edit…", self.edit, QKeySequence("F2"), True),
                Action("duplicate", "D&uplicate", self.duplicate, QKeySequence("Ctrl+D"), True),
                Action("delete", "&Delete", self.delete, QKeySequence("Del")),
                Action("import", "&Import…", self.import_dialog, QKeySequence("Ctrl+I")),
                Action("export", "E&xport…", self.export_dialog, QKeySequence("Ctrl+E"), True),
                Action("undo", "Und&o", self.undo_stack.undo, QKeySequence(UNDO)),
                Action("redo", "Re&do", self.undo_stack.redo, QKeySequence(REDO)),
            )
        }

    # ---- building the window

    def button_grid(self, actions: Sequence[Action], columns: int = 3) -> QGridLayout:
        """The buttons of ``actions`` in rows of ``columns``."""
        grid = QGridLayout()
        for i, action in enumerate(actions):
            button = QPushButton(action.text)
            button.setObjectName(f"library_{action.key}")
            button.setAutoDefault(False)
            if action.keys is not None:
                button.setShortcut(action.keys)
                button.setToolTip(action.keys.toString(QKeySequence.SequenceFormat.NativeText))
            button.clicked.connect(action.slot)
            self.offered[action.key] = action
            self.buttons[action.key] = button
            grid.addWidget(button, i // columns, i % columns)
        if "undo" in self.buttons:
            self.buttons["undo"].setEnabled(self.undo_stack.canUndo())
            self.undo_stack.canUndoChanged.connect(self.buttons["undo"].setEnabled)
        if "redo" in self.buttons:
            self.buttons["redo"].setEnabled(self.undo_stack.canRedo())
            self.undo_stack.canRedoChanged.connect(self.buttons["redo"].setEnabled)
        return grid

    def finish(
        self, body: QLayout, top: QLayout | None = None, size: tuple[int, int] = (760, 560)
    ) -> None:
        """Lay out ``top`` (if any), ``body``, the status line and Close, and fill the list."""
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        if top is not None:
            layout.addLayout(top)
        layout.addLayout(body, 1)
        layout.addWidget(self.status)
        layout.addWidget(close)
        self.resize(*size)
        self.reload()

    def allow_many(self) -> None:
        """Let the player select several designs at once (see :meth:`chosen`)."""
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)

    # ---- the list

    def reload(self, select: Path | None = None) -> None:
        """Read the library again, choosing the design of ``select`` (else the first)."""
        self.entries = self.library.entries()
        self.list.clear()
        for entry in self.entries:
            item = QListWidgetItem(entry.name + ("  (shipped)" if entry.shipped else ""))
            if entry.design is None:
                item.setText(f"{entry.path.name}  (cannot be read)")
                item.setForeground(QColor(RED))
                item.setToolTip("\n".join(str(p) for p in entry.problems))
            self.list.addItem(item)
        rows = [i for i, e in enumerate(self.entries) if select is not None and e.path == select]
        self.list.setCurrentRow(rows[0] if rows else 0 if self.entries else -1)
        self._show_current()

    def current(self) -> Entry[Any] | None:
        row = self.list.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def chosen(self) -> list[Any]:
        """The readable designs selected in the list (the current one if none is)."""
        rows = sorted(self.list.row(item) for item in self.list.selectedItems())
        found = [d for d in (self.entries[r].design for r in rows) if d is not None]
        entry = self.current()
        if not found and entry is not None and entry.design is not None:
            found = [entry.design]
        return found

    def select(self, name: str) -> None:
        for i, entry in enumerate(self.entries):
            if entry.name == name:
                self.list.setCurrentRow(i)
                return

    def _show_current(self) -> None:
        entry = self.current()
        design = entry.design if entry is not None else None
        self.show_design(design)
        if entry is not None and design is None:
            self.details.setText("\n".join(str(p) for p in entry.problems))
        elif entry is not None:
            self.details.setText(self.describe(entry))
        else:
            self.details.setText("No designs yet: New… makes one.")
        for key, action in self.offered.items():
            if action.needs_design:
                self.buttons[key].setEnabled(design is not None)
        if "delete" in self.buttons:
            self.buttons["delete"].setEnabled(entry is not None and not entry.shipped)

    # ---- actions

    def new(self) -> None:
        self._edit(self.blank(), None, "New design")

    def edit(self) -> None:
        entry = self.current()
        if entry is not None and entry.design is not None:
            self._edit(entry.design, None if entry.shipped else entry.path, "Edit design")

    def _edit(self, design: Any, path: Path | None, what: str) -> None:
        changed = self.edit_design(design)
        if changed is not None:
            self.save(changed, path, f"{what} {changed.name}")

    def save(self, design: Any, path: Path | None, what: str = "Save design") -> Path | None:
        """Save ``design`` over the player's ``path`` or as a new file, undoably."""
        change = self._record(
            what,
            "Not saved",
            lambda: self.library.save_change(design, path),
            lambda done: f"Saved {design.name} to {done.path}",
        )
        return change.path if change is not None else None

    def duplicate(self) -> None:
        entry = self.current()
        if entry is not None and entry.design is not None:
            name = self.library.free_name(f"{entry.design.name} copy")
            self.save(replace(entry.design, name=name), None, f"Duplicate {entry.design.name}")

    def delete(self) -> None:
        entry = self.current()
        if entry is None:
            return
        path = entry.path
        self._record(
            f"Delete {entry.name}",
            "Not deleted",
            lambda: self.library.delete_change(path),
            lambda _done: f"Deleted {entry.name}",
        )

    def import_dialog(self) -> None:
        path = ask_open(self, f"Import {self.noun}", self.file_filter)
        if path is not None:
            self.import_path(path)

    def import_path(self, path: Path) -> Path | None:
        """Import the design file ``path`` as a file of the player's own; its place."""
        change = self._record(
            f"Import {path.name}",
            f"Cannot import {path}",
            lambda: self.library.import_change(path),
            lambda done: f"Imported {path.name} as {done.path.name}",
        )
        return change.path if change is not None else None

    def export_dialog(self) -> None:
        entry = self.current()
        if entry is None or entry.design is None:
            return
        suggested = self.library.new_path(entry.design.name).name
        path, _ = ask_save(self, f"Export {self.noun}", suggested, self.file_filter)
        if path is not None:
            self.export_path(path)

    def export_path(self, path: Path) -> bool:
        entry = self.current()
        if entry is None or entry.design is None:
            return False
        try:
            self.library.export(entry.design, path)
        except (FileProblems, OSError) as error:
            self._failed(f"Cannot export to {path}", error)
            return False
        self._say(f"Exported {entry.design.name} to {path}")
        return True

    # ---- undoable changes and messages

    def _record(
        self, what: str, failed: str, act: Callable[[], Change], said: Callable[[Change], str]
    ) -> Change | None:
        """Make a change and keep it on the undo stack as ``what``, saying what
        ``said`` makes of it and how to undo it; a problem is shown after ``failed``,
        not raised."""
        try:
            change = act()
        except (FileProblems, OSError) as error:
            self._failed(failed, error)
            return None
        self.undo_stack.push(FileEdit(self, what, change))
        keys = QKeySequence(UNDO).toString(QKeySequence.SequenceFormat.NativeText)
        self._say(f"{said(change)}; {keys} undoes it")
        return change

    def said_again(self, done: str, what: str, back: QKeySequence.StandardKey) -> None:
        """The status line after Undo or Redo: what was done, and the key taking it back
        (the line told of the edit itself, no longer true)."""
        keys = QKeySequence(back).toString(QKeySequence.SequenceFormat.NativeText)
        self._say(f"{done}: {what}; {keys} takes it back")

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
