"""Tools for areas of the map: zones of control, atmospheres and the map's bounds."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QSpinBox, QWidget

from app.editor.commands import MapCommand, TerrainCommand, edit_map
from app.editor.tools.base import Tool
from app.editor.tools.objects import combo
from core.board.hexgrid import Hex
from core.board.starmap import Atmosphere, Bounds, Edge, Floor, StarMap, Zone

if TYPE_CHECKING:
    from app.editor.host import EditorHost


class ZoneTool(Tool):
    name = "Zone"
    key = "Z"
    status = "Drag to paint the named zone of control; Shift+drag takes hexes out of it"

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.zone_name = QLineEdit("Zone of control")
        self.zone_name.setObjectName("zone_name")
        self.zone_name.setToolTip("The name of the zone you paint (a new name starts a new zone)")
        self.owner = QLineEdit()
        self.owner.setPlaceholderText("owner")
        self.owner.setObjectName("zone_owner")
        self.owner.setToolTip("The side or base that holds the zone (blank: nobody)")
        self._before: StarMap | None = None

    def make_options(self) -> list[QWidget]:
        return [QLabel(" Zone: "), self.zone_name, QLabel(" owner: "), self.owner]

    def _paint(self, h: Hex | None, mods: Qt.KeyboardModifier) -> None:
        doc = self.editor.document
        m = doc.map.objects
        if h is None or not m.bounds.contains(h):
            return
        name = self.zone_name.text().strip() or "Zone"
        owner = self.owner.text().strip() or None
        found = next((z for z in m.zones if z.name == name), None)
        hexes = set(found.hexes) if found is not None else set()
        if mods & Qt.KeyboardModifier.ShiftModifier:
            hexes.discard(h)
        else:
            hexes.add(h)
        if found is None:
            zones = (*m.zones, Zone(name, frozenset(hexes), owner))
        else:
            new = replace(found, hexes=frozenset(hexes), owner=owner or found.owner)
            zones = tuple(new if z is found else z for z in m.zones)
        zones = tuple(z for z in zones if z.hexes)
        if zones != m.zones:
            doc.map.set_objects(replace(m, zones=zones))

    def press(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        self._before = self.editor.document.map.objects
        self._paint(h, mods)

    def move(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        if self._before is not None:
            self._paint(h, mods)

    def release(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        before, self._before = self._before, None
        doc = self.editor.document
        if before is not None and before != doc.map.objects:
            name = self.zone_name.text().strip() or "Zone"
            doc.stack.push(
                MapCommand(doc, before, doc.map.objects, f"Paint zone {name}", applied=True)
            )


class AtmosphereTool(Tool):
    name = "Atmosphere"
    key = "M"
    status = (
        "Click near a map edge to lay an atmosphere along it (levels outermost first); "
        "Shift+click removes it"
    )

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.atmosphere_name = QLineEdit("Planet")
        self.atmosphere_name.setObjectName("atmosphere_name")
        self.atmosphere_name.setToolTip("The planet whose atmosphere this is")
        self.levels = QLineEdit("0, 1, 2, 3, 4, 5")
        self.levels.setObjectName("atmosphere_levels")
        self.levels.setToolTip("Each band's level, from the map edge inwards, with commas")
        self.floor = combo("atmosphere_floor", [f.value for f in Floor])
        self.floor.setToolTip("What lies below the last band: a surface, or a crush depth")

    def make_options(self) -> list[QWidget]:
        return [
            QLabel(" Atmosphere: "),
            self.atmosphere_name,
            QLabel(" levels: "),
            self.levels,
            self.floor,
        ]

    def edge_near(self, h: Hex) -> Edge:
        b = self.editor.document.map.objects.bounds
        return min(Edge, key=lambda e: b.depth_from(e, h))

    def press(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        if h is None:
            return
        doc = self.editor.document
        m = doc.map.objects
        edge = self.edge_near(h)
        others = tuple(a for a in m.atmospheres if a.edge is not edge)
        if mods & Qt.KeyboardModifier.ShiftModifier:
            edit_map(
                doc, replace(m, atmospheres=others), f"Remove the atmosphere at the {edge.value}"
            )
            return
        try:
            levels = tuple(int(x) for x in self.levels.text().replace(",", " ").split())
        except ValueError:
            self.editor.show_status("Levels are whole numbers, outermost first, e.g. 0, 1, 2")
            return
        name = self.atmosphere_name.text().strip() or "Planet"
        new = Atmosphere(name, edge, levels, Floor(self.floor.currentText()))
        edit_map(
            doc, replace(m, atmospheres=(*others, new)), f"Atmosphere of {name} at the {edge.value}"
        )


class BoundsTool(Tool):
    name = "Bounds"
    key = "D"
    cursor = Qt.CursorShape.SizeAllCursor
    status = (
        "Set the map's width and height and press Resize; terrain left outside is dropped "
        "(undo brings it back)"
    )

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.width = QSpinBox()
        self.width.setRange(1, 2000)
        self.width.setPrefix("width ")
        self.width.setObjectName("bounds_width")
        self.width.setToolTip("The map's width in hexes")
        self.height = QSpinBox()
        self.height.setRange(1, 2000)
        self.height.setPrefix("height ")
        self.height.setObjectName("bounds_height")
        self.height.setToolTip("The map's height in hexes")
        self.apply = QPushButton("Resize")
        self.apply.setObjectName("bounds_apply")
        self.apply.setToolTip("Make the map this size (undo puts it back)")
        self.apply.clicked.connect(lambda: self.resize(self.width.value(), self.height.value()))

    def make_options(self) -> list[QWidget]:
        return [QLabel(" Map size: "), self.width, self.height, self.apply]

    def activate(self) -> None:
        b = self.editor.document.map.objects.bounds
        self.width.setValue(b.width)
        self.height.setValue(b.height)

    def resize(self, width: int, height: int) -> None:
        doc = self.editor.document
        m = doc.map.objects
        if (width, height) == (m.bounds.width, m.bounds.height):
            return
        bounds = Bounds(width, height, m.bounds.orientation, m.bounds.even)
        text = f"Resize the map to {width}x{height}"
        outside = {h: None for h in doc.map.cells if not bounds.contains(h)}
        doc.stack.beginMacro(text)
        if outside:
            before = {h: doc.map.cells[h] for h in outside}
            doc.stack.push(TerrainCommand(doc, before, outside, "Drop terrain outside"))
        doc.stack.push(MapCommand(doc, m, replace(m, bounds=bounds), text))
        doc.stack.endMacro()
