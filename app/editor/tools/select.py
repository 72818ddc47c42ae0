"""The select tool: click a hex, drag a rectangle; Shift adds, Ctrl toggles."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from app.editor.tools.base import Tool
from core.board.hexgrid import Hex
from core.engine.words import plural


class SelectTool(Tool):
    name = "Select"
    key = "S"
    cursor = Qt.CursorShape.ArrowCursor
    status = (
        "Click or drag a rectangle to select hexes and what is on them; Shift adds, Ctrl toggles"
    )

    _start: Hex | None = None

    def press(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        self._start = h

    def move(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        if self._start is not None and h is not None:
            self.editor.scene.show_preview(self.rectangle(self._start, h))

    def release(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        start, self._start = self._start, None
        self.editor.scene.show_preview(())
        if start is None or h is None:
            if not mods & (Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.ControlModifier):
                self.editor.selection.set(())
            return
        picked = set(self.rectangle(start, h))
        now = set(self.editor.selection.hexes)
        if mods & Qt.KeyboardModifier.ControlModifier:
            now ^= picked
        elif mods & Qt.KeyboardModifier.ShiftModifier:
            now |= picked
        else:
            now = picked
        self.editor.selection.set(now)
        self.editor.show_status(f"{plural(len(now), 'hex')} selected")

    def rectangle(self, a: Hex, b: Hex) -> list[Hex]:
        """The map hexes in the offset rectangle with corners ``a`` and ``b``."""
        labels = self.editor.document.map.objects.bounds.labels
        (c1, r1), (c2, r2) = labels.to_offset(a), labels.to_offset(b)
        return [
            labels.from_offset(c, r)
            for r in range(min(r1, r2), max(r1, r2) + 1)
            for c in range(min(c1, c2), max(c1, c2) + 1)
        ]
