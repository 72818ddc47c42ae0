"""What the map view shows without being told: the zoom a map opens at (legible names,
not the whole map squeezed into the window), Fit Map, and the room a zoom around the
cursor needs where the map is narrower than the view.

A mixin of :class:`app.board.view.MapView`, kept apart so the view is about input.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QTransform

from app.board.scene import StarMapScene

if TYPE_CHECKING:
    from PySide6.QtWidgets import QGraphicsView

    _View = QGraphicsView
else:
    _View = object  # a mixin: MapView brings the QGraphicsView

LEGIBLE_POINTS = 9.0
"""The default zoom shows every body and base name at least this many points high."""
MAX_SCALE = 8.0


class Framing(_View):
    """Default zoom, Fit Map and zoom room for a view of a :class:`StarMapScene`."""

    _frame_when_shown: Callable[[], None] | None

    def map_scene(self) -> StarMapScene | None:
        scene = self.scene()
        return scene if isinstance(scene, StarMapScene) else None

    def scale_factor(self) -> float:
        return self.transform().m11()

    def fit_map(self) -> None:
        """Show the whole map with the margin around it (names sticking out, off-map
        hexes ships bounce through): all of the scene, so no scroll bar is left over."""
        scene = self.map_scene()
        if scene is None or scene.sceneRect().isEmpty():
            return
        if not self.isVisible():  # no real size yet: again when shown (MapView.showEvent)
            self._frame_when_shown = self.fit_map
        self.setSceneRect(QRectF())  # the scene's own rectangle again
        rect = scene.sceneRect()
        # Measured without scroll bars: the fit makes them go (at the next layout,
        # which keeps the view's centre).
        room = self.maximumViewportSize()
        scale = min((room.width() - 4) / rect.width(), (room.height() - 4) / rect.height())
        self.setTransform(QTransform.fromScale(scale, scale))
        self.centerOn(rect.center())

    def legible_scale(self) -> float:
        """The smallest zoom at which the map's smallest name is :data:`LEGIBLE_POINTS`
        high on this screen (1 for a map without names)."""
        scene = self.map_scene()
        smallest = scene.smallest_name() if scene is not None else None
        if not smallest:
            return 1.0
        pixels = LEGIBLE_POINTS * self.logicalDpiY() / 72.0
        return min(MAX_SCALE, pixels / smallest)

    def show_default(self, centre: QPointF | None = None) -> None:
        """The zoom a map opens at: the whole map if its names are legible so, else the
        legible zoom around ``centre`` (the middle of the map by default)."""
        scene = self.map_scene()
        if scene is None or scene.sceneRect().isEmpty():
            return
        self.fit_map()
        if not self.isVisible():
            self._frame_when_shown = lambda: self.show_default(centre)
        legible = self.legible_scale()
        if self.scale_factor() < legible:
            self.setTransform(QTransform.fromScale(legible, legible))
            self.centerOn(scene.sceneRect().center() if centre is None else centre)

    def room_for(self, anchor: QPointF, pos: QPointF, scale: float) -> None:
        """Let the view scroll as far as keeping ``anchor`` under ``pos`` at ``scale``
        needs: where the map is narrower than the view (the first step in from Fit Map),
        Qt would centre it and the point under the cursor would slide away."""
        scene = self.map_scene()
        if scene is None:
            return
        size = self.viewport().size()
        seen = QRectF(
            anchor.x() - pos.x() / scale,
            anchor.y() - pos.y() / scale,
            size.width() / scale,
            size.height() / scale,
        )
        self.setSceneRect(scene.sceneRect().united(seen))
