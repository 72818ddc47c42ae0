"""The map scene of the editor: follows its document, repainting only what changed.

A brush or fill re-sorts the touched hexes of the asteroid layers and invalidates just
their tiles and the rectangle they cover; an object edit rebuilds the object layers
(bodies, gravity, bases, zones, atmospheres: a few hundred items at most); a new size
needs a new scene. On top, not part of the cached map: the selection, the scenario's
ships with their starting vectors, and whatever the current tool previews.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from app.board.items import HEX_SIZE, Layer
from app.board.scene import StarMapScene
from app.board.terrain import AsteroidItem
from app.editor.document import Document
from core.board.hexgrid import Hex, HexError

OVERLAY_Z = 200.0
GROUND = (Layer.BACKGROUND, Layer.GRID, Layer.ASTEROIDS)


class EditorScene(StarMapScene):
    """A :class:`StarMapScene` kept in step with a :class:`Document`."""

    def __init__(self, document: Document) -> None:
        super().__init__(document.map.starmap())
        self.document = document
        self.selection_item = self._overlay(QColor(80, 200, 255, 70), QColor(80, 200, 255))
        self.preview_item = self._overlay(QColor(255, 210, 80, 60), QColor(255, 210, 80))
        self.ships_item = self._overlay(QColor(250, 250, 250), QColor(20, 20, 20))
        self.vectors_item = self._overlay(Qt.BrushStyle.NoBrush, QColor(250, 250, 250))
        document.map.terrain_changed.connect(self.terrain_changed)
        document.map.objects_changed.connect(self.objects_changed)
        document.changed.connect(self.draw_ships)
        self.draw_ships()

    def _overlay(self, fill: Any, edge: QColor) -> QGraphicsPathItem:
        item = QGraphicsPathItem()
        item.setBrush(QBrush(fill))
        pen = QPen(edge, 2.0)
        pen.setCosmetic(True)
        item.setPen(pen)
        item.setZValue(OVERLAY_Z)
        self.addItem(item)
        return item

    def detach(self) -> None:
        """Stop following the document (the scene is being replaced)."""
        m = self.document.map
        m.terrain_changed.disconnect(self.terrain_changed)
        m.objects_changed.disconnect(self.objects_changed)
        self.document.changed.disconnect(self.draw_ships)

    # ---- following the document

    def terrain_changed(self, hexes: list[Hex]) -> None:
        cells = self.document.map.cells
        plain, special = self._asteroid_items()
        by_tile = plain.tiles_of(hexes)  # both layers tile the map alike
        plain.change(by_tile, lambda h: cells.get(h) == "")
        special.change(by_tile, lambda h: bool(cells.get(h)))
        self.overview.invalidate()
        rect = QRectF()
        for key in by_tile:
            rect = rect.united(plain.tile_rect(key))
        if not rect.isEmpty():
            self.invalidate(rect, QGraphicsScene.SceneLayer.BackgroundLayer)

    def objects_changed(self) -> None:
        for layer in Layer:
            if layer in GROUND:
                continue
            for child in self.layers[layer].childItems():
                self.removeItem(child)
        self.starmap = self.document.map.objects
        self._build_objects()
        self.overview.invalidate()
        self.map_changed()

    def _asteroid_items(self) -> tuple[AsteroidItem, AsteroidItem]:
        found = [
            i for i in self.layers[Layer.ASTEROIDS].childItems() if isinstance(i, AsteroidItem)
        ]
        return found[0], found[1]

    # ---- overlays

    def outline(self, hexes: Iterable[Hex]) -> QPainterPath:
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.WindingFill)
        for h in hexes:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in self.layout.corners(h)]))
            path.closeSubpath()
        return path

    def show_selection(self, hexes: Iterable[Hex]) -> None:
        self.selection_item.setPath(self.outline(hexes))

    def show_preview(self, hexes: Iterable[Hex], extra: QPainterPath | None = None) -> None:
        path = self.outline(hexes)
        if extra is not None:
            path.addPath(extra)
        self.preview_item.setPath(path)

    def ship_hexes(self) -> dict[int, tuple[Hex, Hex | None]]:
        """Each scenario ship in space: its index, start hex and the hex it came from."""
        out: dict[int, tuple[Hex, Hex | None]] = {}
        labels = self.document.map.objects.bounds.labels
        for i, ship in enumerate((self.document.scenario or {}).get("ships", [])):
            try:
                at = labels.parse(str(ship["hex"])) if "hex" in ship else None
                came = labels.parse(str(ship["came_from"])) if "came_from" in ship else None
            except (HexError, KeyError):
                continue
            if at is not None:
                out[i] = (at, came)
        return out

    def draw_ships(self) -> None:
        """Each ship a white counter on its start hex, its vector an arrow to where it
        drifts next turn (from the hex it came from)."""
        counters, vectors = QPainterPath(), QPainterPath()
        r = 0.3 * HEX_SIZE
        for at, came in self.ship_hexes().values():
            centre = self.centre_of(at)
            counters.addRect(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r))
            if came is not None and came != at:
                end = self.centre_of(at + came.to(at))
                vectors.addPath(_arrow(centre, end))
        self.ships_item.setPath(counters)
        self.vectors_item.setPath(vectors)


def _arrow(a: QPointF, b: QPointF) -> QPainterPath:
    path = QPainterPath(a)
    path.lineTo(b)
    d = b - a
    length = max((d.x() ** 2 + d.y() ** 2) ** 0.5, 1e-6)
    ux, uy = d.x() / length, d.y() / length
    head = 0.35 * HEX_SIZE
    left = b - QPointF(ux * head - uy * head * 0.6, uy * head + ux * head * 0.6)
    right = b - QPointF(ux * head + uy * head * 0.6, uy * head - ux * head * 0.6)
    path.moveTo(left)
    path.lineTo(b)
    path.lineTo(right)
    return path
