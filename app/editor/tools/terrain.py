"""Terrain tools: the brush paints hexes as the mouse drags, the fill floods a region.

Both paint one of empty space, asteroids, or special asteroids with an owner, never on
a body's hexes. A stroke is applied as it goes and becomes one undo step on release.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QSpinBox, QWidget

from app.editor.commands import TerrainCommand, paint
from app.editor.document import ASTEROID, Cell, Document
from app.editor.tools.base import Tool
from core.hexgrid import Hex

if TYPE_CHECKING:
    from app.editor.window import EditorWindow

KINDS = ("Empty space", "Asteroids", "Special asteroids")


class TerrainOptions:
    """The cell kind, owner and size shared by the brush and the fill."""

    def __init__(self) -> None:
        self.kind = QComboBox()
        self.kind.addItems(KINDS)
        self.kind.setCurrentIndex(1)
        self.kind.setObjectName("terrain_kind")
        self.owner = QLineEdit("Clandestine")
        self.owner.setObjectName("terrain_owner")
        self.owner.setPlaceholderText("owner")
        self.owner.setMaximumWidth(140)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()

    def _kind_changed(self) -> None:
        self.owner.setEnabled(self.kind.currentIndex() == 2)

    def cell(self) -> Cell:
        index = self.kind.currentIndex()
        if index == 0:
            return None
        if index == 1:
            return ASTEROID
        return self.owner.text().strip() or "?"

    def widgets(self) -> list[QWidget]:
        return [QLabel(" Paint: "), self.kind, QLabel(" owner: "), self.owner]


def flood(document: Document, start: Hex, limit: int = 2_000_000) -> list[Hex]:
    """The hexes joined to ``start`` through neighbours of the same cell, on the map and
    outside bodies."""
    m = document.map.objects
    cells, bodies = document.map.cells, m.body_hexes
    to_offset, w, h = m.bounds.labels.to_offset, m.bounds.width, m.bounds.height
    want = cells.get(start)
    seen = {start}
    queue = deque([start])
    out: list[Hex] = []
    while queue and len(out) < limit:
        at = queue.popleft()
        out.append(at)
        for n in (
            Hex(at.q + 1, at.r),
            Hex(at.q - 1, at.r),
            Hex(at.q, at.r + 1),
            Hex(at.q, at.r - 1),
            Hex(at.q + 1, at.r - 1),
            Hex(at.q - 1, at.r + 1),
        ):
            if n in seen:
                continue
            seen.add(n)
            col, row = to_offset(n)
            if 0 <= col < w and 0 <= row < h and cells.get(n) == want and n not in bodies:
                queue.append(n)
    return out


def fill(document: Document, start: Hex, cell: Cell) -> int:
    """Flood-fill from ``start`` as one undo step; the number of hexes changed."""
    if document.map.cell(start) == cell or start in document.map.objects.body_hexes:
        return 0
    region = flood(document, start)
    paint(document, dict.fromkeys(region, cell), f"Fill {len(region)} hexes")
    return len(region)


class BrushTool(Tool):
    name = "Brush"
    key = "B"
    status = "Drag to paint terrain; the options bar picks asteroids, special or empty"

    def __init__(self, editor: EditorWindow) -> None:
        super().__init__(editor)
        self.shared = TerrainOptions()
        self.size = QSpinBox()
        self.size.setRange(0, 20)
        self.size.setPrefix("radius ")
        self.size.setObjectName("brush_size")
        self._before: dict[Hex, Cell] = {}
        self._after: dict[Hex, Cell] = {}

    def make_options(self) -> list[QWidget]:
        return [*self.shared.widgets(), self.size]

    def _dab(self, h: Hex | None) -> None:
        if h is None:
            return
        doc = self.editor.document
        m = doc.map.objects
        cell = self.shared.cell()
        change: dict[Hex, Cell] = {}
        for x in h.spiral(self.size.value()):
            if m.bounds.contains(x) and x not in m.body_hexes and doc.map.cell(x) != cell:
                change[x] = cell
        if change:
            for x, old in doc.map.set_cells(change).items():
                self._before.setdefault(x, old)
            self._after.update(change)

    def press(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        self._before, self._after = {}, {}
        self._dab(h)

    def move(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        self._dab(h)

    def release(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        if self._after:
            doc = self.editor.document
            text = f"Paint {len(self._after)} hexes"
            doc.stack.push(TerrainCommand(doc, self._before, self._after, text, applied=True))
        self._before, self._after = {}, {}

    def hover(self, h: Hex | None, pos: QPointF) -> None:
        self.editor.scene.show_preview(h.spiral(self.size.value()) if h is not None else ())


class FillTool(Tool):
    name = "Fill"
    key = "F"
    status = "Click to fill the region of like hexes with the chosen terrain"

    def __init__(self, editor: EditorWindow) -> None:
        super().__init__(editor)
        self.shared = TerrainOptions()

    def make_options(self) -> list[QWidget]:
        return self.shared.widgets()

    def press(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        if h is not None:
            n = fill(self.editor.document, h, self.shared.cell())
            self.editor.show_status(f"Filled {n} hexes" if n else "Nothing to fill there")
