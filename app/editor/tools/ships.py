"""The ship placement tool: press on the start hex, drag to where the ship drifts next
turn (its starting vector, drawn as an arrow), release; the bar picks the side, unit
and a design from the library."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QWidget

from app.editor.commands import edit_scenario
from app.editor.tools.base import Tool
from core.board.hexgrid import Hex

if TYPE_CHECKING:
    from app.editor.host import EditorHost


class ShipTool(Tool):
    name = "Ship"
    key = "H"
    needs_scenario = True
    status = "Press on a ship's start hex and drag to where it drifts next turn (no drag: at rest)"

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.ship_name = QLineEdit("{player}'s ship")
        self.ship_name.setObjectName("ship_name")
        self.ship_name.setToolTip("The ship's name; {player} becomes the player's name")
        self.side = QComboBox()
        self.side.setObjectName("ship_side")
        self.side.setToolTip("The side the ship plays for")
        self.unit = QComboBox()
        self.unit.setEditable(True)
        self.unit.setObjectName("ship_unit")
        self.unit.setToolTip("The ship's class from the ruleset")
        self.design = QComboBox()
        self.design.setObjectName("ship_design")
        self.design.setToolTip("The design the ship is outfitted with at the start")
        self._start: Hex | None = None

    def make_options(self) -> list[QWidget]:
        return [
            QLabel(" New ship: "),
            self.ship_name,
            QLabel(" side: "),
            self.side,
            QLabel(" unit: "),
            self.unit,
            QLabel(" design: "),
            self.design,
        ]

    def activate(self) -> None:
        """Fill the side, unit and design lists from the scenario, ruleset and library."""
        data = self.editor.document.scenario or {}
        chosen = self.side.currentText()
        self.side.clear()
        self.side.addItem("(every player)")
        self.side.addItems([str(s.get("name", "")) for s in data.get("sides", [])])
        self.side.setCurrentText(chosen)
        if self.unit.count() == 0:
            self.unit.addItems(self.editor.unit_ids())
        if self.design.count() == 0:
            self.design.addItem("(none)")
            self.design.addItems(self.editor.design_names())

    def press(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        self._start = h

    def move(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        if self._start is not None and h is not None:
            self.editor.scene.show_preview([self._start, h])

    def release(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        start, self._start = self._start, None
        self.editor.scene.show_preview(())
        doc = self.editor.document
        if start is None or doc.scenario is None:
            return
        end = h if h is not None else start
        labels = doc.map.objects.bounds.labels
        came_from = start + end.to(start)  # the hex behind, as far as the drift ahead
        data = doc.scenario_copy()
        ships = data.setdefault("ships", [])
        taken = {str(s.get("id")) for s in ships}
        n = len(ships) + 1
        while f"ship-{n}" in taken:
            n += 1
        ship: dict[str, object] = {
            "id": f"ship-{n}",
            "name": self.ship_name.text().strip() or f"Ship {n}",
            "unit": self.unit.currentText().strip() or "ship",
            "hex": labels.format(start),
        }
        if came_from != start:
            try:
                ship["came_from"] = labels.format(came_from)
            except ValueError:
                self.editor.show_status("That vector would start off the map")
                return
        if self.side.currentIndex() > 0:
            ship["side"] = self.side.currentText()
        if self.design.currentIndex() > 0:
            ship["design"] = self.design.currentText()
            data["version"] = max(int(data.get("version", 1)), 2)
        ships.append(ship)
        edit_scenario(doc, data, f"Place {ship['name']}")
        self.editor.selection.set([start])
