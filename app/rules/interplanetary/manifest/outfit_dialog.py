"""The outfitting dialog: the catalogue beside the manifest sheet, the points left always
in view, and every rule of the play aid checked as the player works.

A module goes on a mount by dragging it there from the catalogue, by the mount's menu
(right-click, or Enter on a focused mount), or by Enter on a catalogue row (it goes on
the focused mount, or the first empty one that takes it). Dragging a module between two
mounts of a subsystem swaps them; dragging it back to the catalogue, or Delete, takes it
off. Anything the rules refuse is not done, and the message says which slot and why.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.rules.interplanetary.manifest.catalogue import KIND_ROLE, Catalogue
from app.rules.interplanetary.manifest.layout import Marks, SheetData
from app.rules.interplanetary.manifest.widget import SheetWidget
from core.rules.interplanetary.aid import outfitting
from core.rules.interplanetary.aid.manifest import Manifest, OutfitError
from core.rules.interplanetary.aid.outfitting import Slot
from core.rules.interplanetary.aid.playaid import PlayAid


class OutfitDialog(QDialog):
    """Outfit one ship. ``budget`` None: a free budget (the design library).
    ``with_names`` shows the design's name and notes for editing."""

    def __init__(
        self,
        aid: PlayAid,
        manifest: Manifest,
        budget: int | None = None,
        *,
        name: str = "",
        notes: str = "",
        title: str = "Outfit Ship",
        with_names: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("outfit_dialog")
        self.setWindowTitle(title)
        self.aid = aid
        self.budget = budget
        self._manifest = manifest
        self._refusal = ""

        self.points_label = QLabel()
        self.points_label.setObjectName("points_left")
        font = self.points_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.points_label.setFont(font)
        self.message_label = QLabel()
        self.message_label.setObjectName("outfit_message")
        self.message_label.setWordWrap(True)
        self.message_label.setTextFormat(Qt.TextFormat.PlainText)
        self.message_label.setMinimumHeight(self.fontMetrics().lineSpacing() * 3)

        self.name_edit = QLineEdit(name)
        self.name_edit.setObjectName("design_name")
        self.notes_edit = QPlainTextEdit(notes)
        self.notes_edit.setObjectName("design_notes")
        self.notes_edit.setFixedHeight(self.fontMetrics().lineSpacing() * 4)
        self.name_edit.textChanged.connect(self._refresh)
        self.notes_edit.textChanged.connect(self._refresh)

        self.catalogue = Catalogue(aid)
        self.catalogue.chosen.connect(self._catalogue_chosen)
        self.catalogue.returned.connect(self._returned)
        self.sheet = SheetWidget(SheetData(aid, manifest, name=name, budget=budget))
        self.sheet.menu_requested.connect(lambda s, at: self.show_mount_menu(s, at))
        self.sheet.remove_requested.connect(self.remove)
        self.sheet.dropped.connect(self._dropped)

        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        if with_names:
            form = QFormLayout()
            form.addRow("&Name:", self.name_edit)
            form.addRow("N&otes:", self.notes_edit)
            column.addLayout(form)
        else:
            self.name_edit.hide()
            self.notes_edit.hide()
        hint = QLabel(
            "Drag a module onto a mount, or right-click a mount (Enter on a focused one). "
            "Arrows and Tab move between mounts; Delete empties one."
        )
        hint.setWordWrap(True)
        column.addWidget(hint)
        column.addWidget(self.catalogue, 1)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.sheet)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([560, 640])

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        clear_button = self.buttons.addButton("Remove &All", QDialogButtonBox.ButtonRole.ResetRole)
        clear_button.clicked.connect(self.clear)

        top = QHBoxLayout()
        top.addWidget(self.points_label, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.message_label)
        layout.addWidget(self.buttons)
        self.resize(1240, 900)
        self._refresh()
        self.sheet.setFocus()

    # ---- the result ----

    def manifest(self) -> Manifest:
        return self._manifest

    def name(self) -> str:
        return self.name_edit.text().strip()

    def notes(self) -> str:
        return self.notes_edit.toPlainText().strip()

    def problems(self) -> list[tuple[Slot | None, str]]:
        return outfitting.problems(self.aid, self._manifest, self.budget)

    def message(self) -> str:
        return self.message_label.text()

    def points_text(self) -> str:
        return self.points_label.text()

    # ---- changes ----

    def place(self, slot: Slot, module: str) -> bool:
        """Fit ``module`` on ``slot``; False (and the reason shown) when refused."""
        try:
            new = outfitting.put(self.aid, self._manifest, slot, module, self.budget)
        except OutfitError as error:
            return self._refuse(str(error))
        return self._set(new)

    def remove(self, slot: Slot) -> bool:
        if outfitting.item_at(self.aid, self._manifest, slot) is None:
            return self._refuse(f"{outfitting.slot_name(self.aid, slot)} is already empty")
        return self._set(outfitting.remove(self.aid, self._manifest, slot))

    def swap(self, a: Slot, b: Slot) -> bool:
        try:
            new = outfitting.swap(self.aid, self._manifest, a, b, self.budget)
        except OutfitError as error:
            return self._refuse(str(error))
        return self._set(new)

    def clear(self) -> None:
        from core.rules.interplanetary.aid.manifest import empty

        self._set(empty(self.aid))

    def _set(self, manifest: Manifest) -> bool:
        self._manifest = manifest
        self._refusal = ""
        self._refresh()
        return True

    def _refuse(self, reason: str) -> bool:
        self._refusal = reason
        self._refresh()
        return False

    # ---- what the player does ----

    def show_mount_menu(self, slot: Slot, at: QPoint) -> QAction | None:
        menu = self.mount_menu(slot)
        return menu.exec(at)

    def mount_menu(self, slot: Slot) -> QMenu:
        """Fit any module of the mount's kind, take it off, or swap it with another."""
        menu = QMenu(self)
        menu.setObjectName("mount_menu")
        menu.setTitle(outfitting.slot_name(self.aid, slot))
        kind = outfitting.KIND_OF_ROLE[slot.role]
        current = outfitting.item_at(self.aid, self._manifest, slot)
        for item in outfitting.catalogue(self.aid, kind):
            cost = "not sold" if item.cost is None else f"{item.cost} pt"
            action = menu.addAction(f"{item.name}  ({cost})")
            fitted = current is not None and current.id == item.id
            # an item that cannot be bought is shown, but not offered to tick
            action.setCheckable(item.cost is not None or fitted)
            action.setChecked(fitted)
            action.setEnabled(item.cost is not None)
            action.triggered.connect(lambda _=False, i=item.id: self.place(slot, i))
        menu.addSeparator()
        remove = menu.addAction("&Remove")
        remove.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        remove.setEnabled(current is not None)
        remove.triggered.connect(lambda: self.remove(slot))
        others = [
            s
            for s in outfitting.slots(self.aid, self._manifest)
            if s.role == slot.role and s != slot
        ]
        if others and current is not None:
            swap = menu.addMenu("&Swap With")
            for other in others:
                label = self.sheet.describe(other)
                swap.addAction(label).triggered.connect(lambda _=False, o=other: self.swap(slot, o))
        return menu

    def _catalogue_chosen(self, kind: str, id: str) -> None:
        role = KIND_ROLE[kind]
        focus = self.sheet.focused()
        if focus is None or focus.role != role:
            empty = [
                s
                for s in outfitting.slots(self.aid, self._manifest)
                if s.role == role and outfitting.item_at(self.aid, self._manifest, s) is None
            ]
            fallback = focus if focus is not None else Slot(role, 0)
            focus = empty[0] if empty else fallback
        if self.place(focus, id):
            self.sheet.set_focus_slot(focus)

    def _dropped(self, slot: Slot, payload: str) -> None:
        source, _, rest = payload.partition(":")
        if source == "module":
            _kind, _, id = rest.partition(":")
            if self._replace_agreed(slot, id):
                self.place(slot, id)  # put() says where a module of another kind goes
        elif source == "mount":
            role, _, point = rest.partition(":")
            self.swap(Slot(role, int(point)), slot)

    def _replace_agreed(self, slot: Slot, id: str) -> bool:
        """A module dropped on a full mount of its kind replaces what is there: ask."""
        there = outfitting.item_at(self.aid, self._manifest, slot)
        kind = outfitting.KIND_OF_ROLE[slot.role]
        new = next((i for i in outfitting.catalogue(self.aid, kind) if i.id == id), None)
        if there is None or new is None or there.id == id:
            return True
        answer = QMessageBox.question(
            self,
            "Replace Module",
            f"{outfitting.slot_name(self.aid, slot)} holds the {there.name}. "
            f"Replace it with the {new.name}?",
        )
        return answer == QMessageBox.StandardButton.Yes

    def _returned(self, payload: str) -> None:
        _, role, point = payload.split(":")
        self.remove(Slot(role, int(point)))

    # ---- showing ----

    def _refresh(self) -> None:
        cost = outfitting.cost(self.aid, self._manifest)
        if self.budget is None:
            self.points_label.setText(
                f"Cost: {cost} ship point{'s' if cost != 1 else ''} (free budget)"
            )
        else:
            left = self.budget - cost
            self.points_label.setText(f"Points left: {left} of {self.budget}   (cost {cost})")
        problems = self.problems()
        notes = outfitting.advice(self.aid, self._manifest)
        lines = []
        if self._refusal:
            lines.append(f"Not done: {self._refusal}")
        lines.extend(text for _, text in problems)
        lines.extend(f"Note: {text}" for _, text in notes)
        self.message_label.setText("\n".join(lines) or "Every rule of the play aid is met.")
        bad = bool(self._refusal or problems)
        self.message_label.setStyleSheet("color: #b03a2e;" if bad else "color: #1e7d4f;")
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(not problems and (bool(self.name()) or self.name_edit.isHidden()))
        marks = Marks(problems=frozenset(s for s, _ in problems if s is not None), interactive=True)
        self.sheet.set_data(
            SheetData(self.aid, self._manifest, name=self.name(), budget=self.budget)
        )
        self.sheet.set_marks(marks)
