"""Terrain tools: the brush paints hexes as the mouse drags, the fill floods a region.

Both paint one of empty space, asteroids, or special asteroids with an owner, never on
a body's hexes. A stroke is applied as it goes and becomes one undo step on release.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QSpinBox, QWidget

from app.editor.commands import TerrainCommand
from app.editor.document import ASTEROID, Cell, Document
from app.editor.tools.base import Tool
from core.board.hexgrid import Hex, Orientation
from core.engine.words import plural

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from app.editor.host import EditorHost

KINDS = ("Empty space", "Asteroids", "Special asteroids")


class TerrainOptions:
    """The cell kind, owner and size shared by the brush and the fill."""

    def __init__(self) -> None:
        self.kind = QComboBox()
        self.kind.addItems(KINDS)
        self.kind.setCurrentIndex(1)
        self.kind.setObjectName("terrain_kind")
        self.kind.setToolTip("What the brush paints: space, asteroids or special asteroids")
        self.owner = QLineEdit("Clandestine")
        self.owner.setObjectName("terrain_owner")
        self.owner.setToolTip("Who may pass the special asteroids you paint")
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


#: the six axial neighbour steps; swapping q and r maps the set onto itself
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def flood(document: Document, start: Hex, limit: int = 2_000_000) -> list[Hex]:
    """The hexes joined to ``start`` through neighbours of the same cell, on the map and
    outside bodies.

    Searched on plain ``(a, b)`` integer pairs, no ``Hex`` made per neighbour (a fill of
    10,000 hexes visits 60,000): ``(q, r)`` on flat-top maps and ``(r, q)`` on pointy-top
    ones, so the map is always lines ``a`` of ``span`` hexes starting at ``low[a]`` and the
    bounds test is two comparisons.
    """
    m = document.map.objects
    # read by plain (q, r) pairs as well as by Hex: a Hex is such a tuple, equal and hashed alike
    cells: Mapping[Any, str] = document.map.cells
    bodies = m.body_hexes
    labels, bounds = m.bounds.labels, m.bounds
    flat = labels.orientation is Orientation.FLAT
    if flat:
        lines, span = bounds.width, bounds.height
        low = [labels.from_offset(a, 0).r for a in range(lines)]
    else:
        lines, span = bounds.height, bounds.width
        low = [labels.from_offset(0, a).q for a in range(lines)]
    high = [x + span for x in low]
    want = cells.get(start)
    first = (start.q, start.r) if flat else (start.r, start.q)
    seen = {first}
    out = [first]
    i = 0
    while i < len(out) < limit:
        a, b = out[i]
        i += 1
        for da, db in STEPS:
            na, nb = a + da, b + db
            n = (na, nb)
            if n in seen:
                continue
            seen.add(n)
            if 0 <= na < lines and low[na] <= nb < high[na]:
                key = n if flat else (nb, na)
                if cells.get(key) == want and key not in bodies:
                    out.append(n)
    if flat:
        return list(map(Hex._make, out))
    return [Hex(q, r) for r, q in out]


def fill(document: Document, start: Hex, cell: Cell) -> int:
    """Flood-fill from ``start`` as one undo step; the number of hexes changed."""
    want = document.map.cell(start)
    if want == cell or start in document.map.objects.body_hexes:
        return 0
    region = flood(document, start)
    before, after = dict.fromkeys(region, want), dict.fromkeys(region, cell)
    text = f"Fill {plural(len(region), 'hex')}"
    document.stack.push(TerrainCommand(document, before, after, text))
    return len(region)


class BrushTool(Tool):
    name = "Brush"
    key = "B"
    status = "Drag to paint terrain; the options bar picks asteroids, special or empty"

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.shared = TerrainOptions()
        self.size = QSpinBox()
        self.size.setRange(0, 20)
        self.size.setPrefix("radius ")
        self.size.setObjectName("brush_size")
        self.size.setToolTip("How many rings of hexes round the pointer the brush paints")
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
            text = f"Paint {plural(len(self._after), 'hex')}"
            doc.stack.push(TerrainCommand(doc, self._before, self._after, text, applied=True))
        self._before, self._after = {}, {}

    def hover(self, h: Hex | None, pos: QPointF) -> None:
        self.editor.scene.show_preview(h.spiral(self.size.value()) if h is not None else ())


class FillTool(Tool):
    name = "Fill"
    key = "F"
    status = "Click to fill the region of like hexes with the chosen terrain"

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.shared = TerrainOptions()

    def make_options(self) -> list[QWidget]:
        return self.shared.widgets()

    def press(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        if h is not None:
            n = fill(self.editor.document, h, self.shared.cell())
            self.editor.show_status(f"Filled {plural(n, 'hex')}" if n else "Nothing to fill there")
