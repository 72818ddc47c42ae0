"""What is selected in the editor: a set of hexes, and the objects standing on them.

Objects are found from the hexes when asked, so a selection never points at an object
an undo took away.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QObject, Signal

from app.editor.document import Document
from core.board.hexgrid import Hex, HexError
from core.board.starmap import Base, Body


class Selection(QObject):
    """``changed()`` whenever the selected hexes change."""

    changed = Signal()

    def __init__(self, document: Document, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.hexes: frozenset[Hex] = frozenset()

    def set(self, hexes: Iterable[Hex]) -> None:
        new = frozenset(hexes)
        if new != self.hexes:
            self.hexes = new
            self.changed.emit()

    def bodies(self) -> list[Body]:
        return [b for b in self.document.map.objects.bodies if b.centre in self.hexes]

    def bases(self) -> list[Base]:
        return [b for b in self.document.map.objects.bases if b.hex in self.hexes]

    def ships(self) -> list[int]:
        """Indices of the scenario's ships starting in the selection."""
        labels = self.document.map.objects.bounds.labels
        out = []
        for i, ship in enumerate((self.document.scenario or {}).get("ships", [])):
            try:
                at = labels.parse(str(ship.get("hex", "")))
            except HexError:
                continue
            if at in self.hexes:
                out.append(i)
        return out
