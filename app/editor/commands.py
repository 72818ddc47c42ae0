"""Every edit as a ``QUndoCommand``: terrain by the hexes it changed, everything else
as the map (or scenario data) before and after.

Objects are few and immutable, so keeping the whole before and after of an object edit
costs little and can never restore the wrong thing; terrain is kept hex by hex, so a
fill of 10,000 hexes and its undo touch only those hexes. A stroke or a drag is applied
as it happens and pushed once when it ends (``applied=True``), one step on the stack.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from PySide6.QtGui import QUndoCommand

from app.editor.document import Cell, Document
from core.board.hexgrid import Hex
from core.board.starmap import StarMap

T = TypeVar("T")


class _Swap(QUndoCommand, Generic[T]):
    """An edit kept as the value before and after; ``put`` lays one of them on the
    document. ``applied``: the edit already happened (a stroke or a drag), so the first
    redo, which ``QUndoStack.push`` calls, does nothing."""

    def __init__(
        self,
        document: Document,
        before: T,
        after: T,
        text: str,
        *,
        applied: bool = False,
        parent: QUndoCommand | None = None,
    ) -> None:
        super().__init__(text, parent)
        self.document = document
        self.before = before
        self.after = after
        self._skip = applied

    def put(self, value: T) -> None:
        raise NotImplementedError

    def redo(self) -> None:
        if self._skip:
            self._skip = False
            return
        self.put(self.after)

    def undo(self) -> None:
        self.put(self.before)


class TerrainCommand(_Swap[Mapping[Hex, Cell]]):
    """Hexes given new cells; ``before`` holds what they were."""

    def put(self, value: Mapping[Hex, Cell]) -> None:
        self.document.map.set_cells(value)


class MapCommand(_Swap[StarMap]):
    """The map's objects (bodies, gravity, bases, zones, atmospheres, bounds, name)
    replaced."""

    def put(self, value: StarMap) -> None:
        self.document.map.set_objects(value)


class ScenarioCommand(_Swap[dict[str, Any]]):
    """The scenario's data replaced (ships, sides, victory, switches, text...)."""

    def put(self, value: dict[str, Any]) -> None:
        self.document.set_scenario(value)


def edit_map(document: Document, after: StarMap, text: str) -> None:
    """Push one object edit, if it changes anything."""
    before = document.map.objects
    if after != before:
        document.stack.push(MapCommand(document, before, after, text))


def edit_scenario(document: Document, after: dict[str, Any], text: str) -> None:
    """Push one scenario edit, if it changes anything."""
    before = document.scenario_copy()
    if after != before:
        document.stack.push(ScenarioCommand(document, before, after, text))


def paint(document: Document, changes: Mapping[Hex, Cell], text: str) -> None:
    """Push a terrain edit of the hexes whose cell actually changes."""
    cells = document.map.cells
    real = {h: c for h, c in changes.items() if cells.get(h) != c}
    if real:
        before = {h: cells.get(h) for h in real}
        document.stack.push(TerrainCommand(document, before, real, text))


class StepsCommand(QUndoCommand):
    """Several commands as one undo step, redone in order and undone in reverse (kept
    here in Python: Qt's own child commands would lose their Python side)."""

    def __init__(self, text: str, steps: list[QUndoCommand]) -> None:
        super().__init__(text)
        self.steps = steps

    def redo(self) -> None:
        for step in self.steps:
            step.redo()

    def undo(self) -> None:
        for step in reversed(self.steps):
            step.undo()


def replace_document(document: Document, other: Document, text: str) -> None:
    """One undo step making ``document`` hold what ``other`` holds: its map objects (size
    first, so the scene is rebuilt before the terrain moves), the hexes whose terrain
    differs, and its scenario data. Used to reload a file changed on disk, so even a
    reload can be undone."""
    cells, new = document.map.cells, other.map.cells
    changed = [h for h in cells.keys() | new.keys() if cells.get(h) != new.get(h)]
    before = {h: cells.get(h) for h in changed}
    steps: list[QUndoCommand] = [
        MapCommand(document, document.map.objects, other.map.objects, text),
        TerrainCommand(document, before, {h: new.get(h) for h in changed}, text),
    ]
    if other.scenario is not None:
        steps.append(
            ScenarioCommand(document, document.scenario_copy(), other.scenario_copy(), text)
        )
    document.stack.push(StepsCommand(text, steps))
