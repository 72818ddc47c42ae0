"""The inspector's rows for the selected bodies: name, kind, size, gravity and the
100-diameter limit the squadron game's system boards use. Each change is one undo step."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QComboBox, QFormLayout, QLineEdit, QSpinBox

from app.editor.tools.objects import BODY_KINDS, GRAVITY_CHOICES, change_bodies, limit_box
from core.board.starmap import Body, BodyKind, GravityKind

if TYPE_CHECKING:
    from app.editor.host import EditorHost

MIXED = ""


def _shared(values: list[Any]) -> Any:
    return values[0] if values and all(v == values[0] for v in values) else None


class BodyFields:
    """The body rows of the inspector's selection page; ``filling`` says the page is
    being filled from the selection (changes then are not edits)."""

    def __init__(self, editor: EditorHost, filling: Callable[[], bool], form: QFormLayout):
        self.editor, self.filling = editor, filling
        self.name = QLineEdit()
        self.name.setObjectName("sel_body_name")
        self.name.setToolTip("The selected body's name")
        self.name.editingFinished.connect(self._rename)
        form.addRow("Body name", self.name)
        self.kind = QComboBox()
        self.kind.setObjectName("sel_body_kind")
        self.kind.setToolTip("What the selected bodies are; decides how they are drawn")
        self.kind.addItems([MIXED, *BODY_KINDS, BodyKind.ASTEROID.value])
        self.kind.currentTextChanged.connect(self._kind)
        form.addRow("Body kind", self.kind)
        self.size = QSpinBox()
        self.size.setObjectName("sel_body_size")
        self.size.setToolTip("How many rings of hexes the body covers beyond its centre")
        self.size.setRange(0, 50)
        self.size.valueChanged.connect(self._size)
        form.addRow("Body size", self.size)
        self.gravity = QComboBox()
        self.gravity.setObjectName("sel_body_gravity")
        self.gravity.setToolTip("The gravity of the selected bodies' rings")
        self.gravity.addItems([MIXED, *GRAVITY_CHOICES])
        self.gravity.currentTextChanged.connect(self._gravity)
        form.addRow("Body gravity", self.gravity)
        self.limit = limit_box("sel_body_limit")
        self.limit.valueChanged.connect(self._limit)
        form.addRow("100D limit", self.limit)

    def fill(self, bodies: list[Body]) -> None:
        self.name.setText(bodies[0].name if len(bodies) == 1 else MIXED)
        self.name.setEnabled(len(bodies) == 1)
        for box in (self.kind, self.size, self.gravity, self.limit):
            box.setEnabled(bool(bodies))
        self.kind.setCurrentText(_shared([b.kind.value for b in bodies]) or MIXED)
        self.size.setValue(_shared([b.size for b in bodies]) or 0)
        gravity = _shared([b.gravity.value if b.gravity else "none" for b in bodies])
        self.gravity.setCurrentText(gravity or MIXED)
        limit = _shared([-1 if b.limit is None else b.limit for b in bodies])
        self.limit.setValue(-1 if limit is None else limit)

    def _names(self) -> set[str]:
        return set() if self.filling() else {b.name for b in self.editor.selection.bodies()}

    def _rename(self) -> None:
        bodies = self.editor.selection.bodies()
        name = self.name.text().strip()
        if not self.filling() and len(bodies) == 1 and name and name != bodies[0].name:
            old = bodies[0].name
            change_bodies(self.editor, {old}, f"Rename {old} to {name}", name=name)

    def _kind(self, text: str) -> None:
        names = self._names()
        if names and text:
            change_bodies(self.editor, names, f"Make {text}", kind=BodyKind(text))

    def _size(self, size: int) -> None:
        names = self._names()
        if names:
            change_bodies(self.editor, names, f"Resize to {size}", size=size)

    def _gravity(self, text: str) -> None:
        names = self._names()
        if names and text:
            kind = None if text == "none" else GravityKind(text)
            change_bodies(self.editor, names, f"Gravity {text}", gravity=kind)

    def _limit(self, value: int) -> None:
        names = self._names()
        if names:
            text = "No 100D limit" if value < 0 else f"100D limit {value}"
            change_bodies(self.editor, names, text, limit=None if value < 0 else value)
