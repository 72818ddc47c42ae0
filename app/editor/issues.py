"""The issues dock: every problem of the document, re-checked shortly after each edit;
activating one centres the map on its place and selects it, or, for a scenario field
with no place on the map (a victory condition naming a body that does not exist), shows
that field in the inspector."""

from __future__ import annotations

import re
from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from app.editor.document import Document
from core.board.hexgrid import Hex, HexError
from core.board.problems import Problem, Problems

HEX_ROLE = Qt.ItemDataRole.UserRole
FIELD_ROLE = Qt.ItemDataRole.UserRole + 1
_INDEX = re.compile(r"^(?:map: )?(bodies|bases|gravity|zones|ships)\[(\d+)\]")


def locate(document: Document, problem: Problem) -> Hex | None:
    """Where a problem is: the hex it names, else the object its field path names."""
    if problem.hex is not None:
        return problem.hex
    found = _INDEX.match(problem.field or "")
    if found is None:
        return None
    kind, i = found.group(1), int(found.group(2))
    m = document.map.objects
    if kind == "bodies" and i < len(m.bodies):
        return m.bodies[i].centre
    if kind == "bases" and i < len(m.bases):
        return m.bases[i].hex
    if kind == "gravity" and i < len(m.overrides):
        return m.overrides[i].hex
    if kind == "zones" and i < len(m.zones) and m.zones[i].hexes:
        return min(m.zones[i].hexes, key=lambda h: (h.r, h.q))
    ships = (document.scenario or {}).get("ships", [])
    if kind == "ships" and i < len(ships) and "hex" in ships[i]:
        try:
            return m.bounds.labels.parse(str(ships[i]["hex"]))
        except HexError:
            return None
    return None


class IssuesList(QListWidget):
    """``located(Hex)`` when a problem with a place is activated, else ``field_chosen(str)``
    with the scenario field it names."""

    located = Signal(object)
    field_chosen = Signal(str)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.setObjectName("issues_list")
        self.setToolTip("What is wrong with the map or scenario: click one to show where")
        self.problems = Problems()
        self.itemActivated.connect(self._activated)
        self.itemClicked.connect(self._activated)

    @property
    def total(self) -> int:
        """How many problems the document has, the ones not listed included."""
        return self.problems.total

    def refresh(self) -> Problems:
        self.problems = self.document.problems()
        self.clear()
        if all(p.warning for p in self.problems):  # warnings come last: none is left out
            warned = self.problems.total
            text = f" ({warned} warning{'s' if warned > 1 else ''} below)" if warned else ""
            item = QListWidgetItem(f"No problems: this can be played{text}.")
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.addItem(item)
        for p in self.problems:
            own = p.file is not None and p.file == str(self.document.path)
            item = QListWidgetItem(str(replace(p, file=None)) if own else str(p))
            at = locate(self.document, p)
            item.setData(HEX_ROLE, at)
            field = p.field if at is None and p.field and not p.field.startswith("map") else None
            item.setData(FIELD_ROLE, field)
            if at is not None:
                item.setToolTip("Click to show it on the map")
            else:
                item.setToolTip("Click to show it in the inspector" if field else str(p))
            self.addItem(item)
        if self.problems.dropped:
            # Only the first ones are kept (a list of thousands would crawl); say so.
            more = self.problems.dropped
            item = QListWidgetItem(f"… and {more} more, not listed: fix these to see the rest")
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            shown, total = len(self.problems), self.problems.total
            item.setToolTip(f"{total} problems in all; the first {shown} are listed")
            self.addItem(item)
        return self.problems

    def _activated(self, item: QListWidgetItem) -> None:
        at, field = item.data(HEX_ROLE), item.data(FIELD_ROLE)
        if isinstance(at, Hex):
            self.located.emit(at)
        elif isinstance(field, str):
            self.field_chosen.emit(field)
