"""What every editor tool is: a name and key, a cursor, a status line, an options
toolbar, and what it does with presses, drags and releases on map hexes.

The window hands a tool the left button's events already turned into hexes (None off
the map) and keeps panning, zooming and the other buttons to itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QWidget

from core.board.hexgrid import Direction, Hex

if TYPE_CHECKING:
    from app.editor.host import EditorHost


class Tool:
    """A tool. Subclasses set the class attributes and override the event methods."""

    name = "Tool"
    key = ""
    cursor = Qt.CursorShape.CrossCursor
    status = ""
    needs_scenario = False

    def __init__(self, editor: EditorHost) -> None:
        self.editor = editor
        self._options: list[QWidget] | None = None

    def options(self) -> list[QWidget]:
        """The widgets of this tool's options toolbar, made once."""
        if self._options is None:
            self._options = self.make_options()
        return self._options

    def make_options(self) -> list[QWidget]:
        return []

    def activate(self) -> None:
        """Called when the tool is chosen."""

    def deactivate(self) -> None:
        """Called when another tool is chosen: drop any half-done drag and preview."""
        self.editor.scene.show_preview(())

    def press(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        pass

    def move(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        pass

    def release(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        pass

    def hover(self, h: Hex | None, pos: QPointF) -> None:
        pass

    # ---- helpers

    def side_toward(self, h: Hex, pos: QPointF) -> Direction:
        """The hexside of ``h`` nearest the scene point ``pos``."""
        scene = self.editor.scene
        return min(Direction, key=lambda d: _dist2(scene.centre_of(h.neighbour(d)), pos))


def _dist2(a: QPointF, b: QPointF) -> float:
    d = a - b
    return d.x() * d.x() + d.y() * d.y()
