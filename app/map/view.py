"""The map view: wheel zoom around the cursor in fixed steps, drag to pan, hover reports."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QMouseEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from app.map.scene import StarMapScene

ZOOM_STEP = 1.25
MIN_SCALE = 0.01
MAX_SCALE = 8.0


class MapView(QGraphicsView):
    """A ``QGraphicsView`` for a :class:`StarMapScene`.

    ``hex_hovered`` carries the hex under the mouse, or None off the map.
    """

    hex_hovered = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setMouseTracking(True)

    def zoom(self, steps: int) -> None:
        """Zoom by whole steps (positive: in), kept within sensible limits."""
        factor = ZOOM_STEP**steps
        scale = self.transform().m11() * factor
        if MIN_SCALE <= scale <= MAX_SCALE:
            self.scale(factor, factor)

    def wheelEvent(self, event: QWheelEvent) -> None:
        notches = event.angleDelta().y() // 120
        if notches:
            self.zoom(notches)
            event.accept()
        else:
            super().wheelEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        scene = self.scene()
        if isinstance(scene, StarMapScene):
            self.hex_hovered.emit(scene.hex_at(self.mapToScene(event.position().toPoint())))
