"""The star map as a QGraphicsScene, one toggleable layer per kind of thing drawn.

The items it is drawn with are in :mod:`app.board.items`; coordinates are scene pixels
from ``Layout(orientation, size=HEX_SIZE)``. Layers that can cover the whole map (grid,
labels, gravity, asteroids, atmospheres) are single items that paint only the tiles of
hexes in the exposed rectangle, so a map of 100,000 hexes costs no more to show than
the part of it on screen. Bodies, bases, names and zones are ordinary items tagged
with :data:`ROLE_KEY` and :data:`NAME_KEY`.

The map is the scene's *background*: its items are real items (for tooltips, queries
and layer toggles) flagged as having no contents, and :meth:`drawBackground` paints
them. So a view can cache the map as a picture of the screen (:mod:`app.board.backdrop`,
told of changes by :attr:`StarMapScene.background_changed`), scroll it, and redraw
only what the game puts on top; and zoomed far out, one picture of the whole map
(:mod:`app.board.overview`) stands in for them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board.grid import GridItem, LabelItem
from app.board.items import (
    HEX_SIZE,
    HEX_UNIT,
    MAP_KEY,
    ROLE_KEY,
    Detail,
    HexWindow,
    Layer,
    LayerItem,
    hex_pixels,
)
from app.board.objects import NameItem, base_item, body_item, limit_item, zone_item
from app.board.overview import Overview
from app.board.placement import (
    Taken,
    add_all,
    around,
    arrow_marks,
    counter_spot,
    least_covered,
)
from app.board.style import DEFAULT_STYLE, MapStyle
from app.board.terrain import ArrowShapes, AsteroidItem, GravityItem, HexTextItem, TintItem
from core.board.hexgrid import Direction, Hex, Layout
from core.board.starmap import (
    Base,
    BaseKind,
    Body,
    Bounds,
    Edge,
    Floor,
    StarMap,
)

Place = tuple[QPointF, tuple[float, float], float]
"""Where a name may go: beside this point, on this side, at this cost (see
:func:`app.board.placement.least_covered`)."""


class StarMapScene(QGraphicsScene):
    """Everything on a star map, drawn in :class:`Layer` order.

    ``background_changed(QRectF)``: the map changed in that scene rectangle (a null
    rectangle: everywhere), so views' pictures of it are out of date there.
    """

    background_changed = Signal(QRectF)

    def __init__(
        self,
        starmap: StarMap,
        style: MapStyle = DEFAULT_STYLE,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.starmap = starmap
        self.map_style = style
        self.layout = Layout(starmap.bounds.orientation, size=HEX_SIZE)
        self.hex_window = HexWindow(starmap.bounds, self.layout)
        self.detail = Detail()
        self._base_items: list[QGraphicsItem] = []  # the map's bases, markers and names
        self.layers: dict[Layer, LayerItem] = {}
        for layer in Layer:
            self.layers[layer] = LayerItem(layer)
            self.addItem(self.layers[layer])
        self.setBackgroundBrush(style.outside)
        self._build()
        self.layers[Layer.LABELS].setVisible(False)
        self._content = self.itemsBoundingRect()
        m = HEX_SIZE
        self.setSceneRect(self._content.adjusted(-m, -m, m, m))
        self.overview = Overview(self.paint_map, self.sceneRect(), style.outside)

    # ---- queries

    def centre_of(self, h: Hex) -> QPointF:
        return QPointF(*self.layout.to_pixel(h))

    def hex_at(self, point: QPointF) -> Hex | None:
        """The map hex under a scene point, or None off the map."""
        h = self.layout.to_hex(point.x(), point.y())
        return h if self.hex_window.contains(h) else None

    def map_rect(self) -> QRectF:
        return self.hex_window.map_rect()

    def content_rect(self) -> QRectF:
        """Everything the map draws: its hexes and any name that reaches past them."""
        return QRectF(self._content)

    def smallest_name(self) -> float | None:
        """The text height, in scene pixels, of the map's smallest body or base name."""
        sizes = [i.pixels for i in self.items_with_role("name") if isinstance(i, NameItem)]
        return min(sizes, default=None)

    def items_with_role(self, role: str) -> list[QGraphicsItem]:
        return [item for item in self.items() if item.data(ROLE_KEY) == role]

    # ---- layers

    def layer(self, layer: Layer) -> QGraphicsItem:
        return self.layers[layer]

    def set_layer_visible(self, layer: Layer, visible: bool) -> None:
        if self.layers[layer].isVisible() != visible:
            self.layers[layer].setVisible(visible)
            if layer is not Layer.LABELS:  # too small to show in the overview anyway
                self.overview.invalidate()
            self.map_changed()

    def show_map_bases(self, shown: bool) -> None:
        """Show or hide the map's own bases, markers and names (a rule system whose bases
        are its own pieces, such as NPlanetary's, has no use for the map's)."""
        if all(item.isVisible() == shown for item in self._base_items):
            return
        for item in self._base_items:
            item.setVisible(shown)
        self.overview.invalidate()
        self.map_changed()

    def map_changed(self) -> None:
        """Repaint the map in every view (their cached pictures of it are out of date)."""
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def invalidate(  # type: ignore[override]
        self,
        rect: QRectF | None = None,
        layers: QGraphicsScene.SceneLayer = QGraphicsScene.SceneLayer.AllLayers,
    ) -> None:
        """Qt's ``invalidate``, also telling views that keep their own picture of the
        map (:attr:`background_changed`)."""
        rect = QRectF() if rect is None else QRectF(rect)
        if layers & QGraphicsScene.SceneLayer.BackgroundLayer:
            self.background_changed.emit(rect)
        super().invalidate(rect, layers)

    # ---- painting: the map is the background

    # Qt passes a QRectF; the stub's "| QRect" is PySide6's conversion for callers
    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # type: ignore[override]
        painter.fillRect(rect, self.map_style.outside)
        if self.overview_shown(hex_pixels(painter)):
            self.overview.draw(painter)
        else:
            self.paint_map(painter, rect)

    def paint_map(self, painter: QPainter, rect: QRectF) -> None:
        """Paint the map's own items that meet ``rect`` (not the game's), bottom first."""
        base = painter.worldTransform()
        option = QStyleOptionGraphicsItem()
        found = self.items(
            rect, Qt.ItemSelectionMode.IntersectsItemBoundingRect, Qt.SortOrder.AscendingOrder
        )
        for item in found:
            if item.data(MAP_KEY) and item.isVisible():
                option.exposedRect = item.mapRectFromScene(rect)
                painter.save()
                painter.setWorldTransform(item.sceneTransform() * base)
                item.paint(painter, option, None)
                painter.restore()

    def overview_shown(self, pixels: float) -> bool:
        """Whether the overview picture stands in for the map at this on-screen hex size."""
        return self.detail.hides(pixels)

    @contextlib.contextmanager
    def drawn_once(self, labels: bool) -> Iterator[None]:
        """Set up for a picture drawn once (to a file): every hex drawn, not the overview;
        nothing kept from drawing tiles; labels shown or not. Restored afterwards."""
        before = (self.detail.overview, self.detail.keep, self.labels_visible())
        self.detail.overview = self.detail.keep = False
        self.layers[Layer.LABELS].setVisible(labels)
        try:
            yield
        finally:
            self.detail.overview, self.detail.keep = before[:2]
            self.layers[Layer.LABELS].setVisible(before[2])

    def set_labels_visible(self, visible: bool) -> None:
        self.set_layer_visible(Layer.LABELS, visible)

    def labels_visible(self) -> bool:
        return self.layers[Layer.LABELS].isVisible()

    # ---- building

    def _add(self, layer: Layer, item: QGraphicsItem) -> QGraphicsItem:
        """Put a map item in its layer; :meth:`paint_map` paints it, not the views."""
        item.setParentItem(self.layers[layer])
        item.setData(MAP_KEY, True)
        item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        return item

    def _build(self) -> None:
        self._build_ground()
        self._build_objects()

    def _build_ground(self) -> None:
        """The space, the grid and the asteroid fields: what the editor paints hex by hex."""
        m, style, window = self.starmap, self.map_style, self.hex_window
        background = QGraphicsRectItem(self.map_rect())
        background.setPen(Qt.PenStyle.NoPen)
        background.setBrush(style.space)
        self._add(Layer.BACKGROUND, background)
        detail = self.detail
        self._add(Layer.GRID, GridItem(window, style, detail))
        self._add(
            Layer.ASTEROIDS,
            AsteroidItem(window, m.asteroids, style.asteroid, style.asteroid_edge, detail),
        )
        special = frozenset(h for s in m.special_asteroids for h in s.hexes)
        self._add(
            Layer.ASTEROIDS,
            AsteroidItem(
                window,
                special,
                style.special_asteroid,
                style.asteroid_edge,
                detail,
                style.special_tint,
            ),
        )

    def _build_objects(self) -> None:
        """Everything else: atmospheres, zones, gravity, bodies, bases, names, labels."""
        m, style, window, detail = self.starmap, self.map_style, self.hex_window, self.detail
        self._add(Layer.ATMOSPHERES, TintItem(window, self._atmosphere_colours(), detail))
        levels = _atmosphere_levels(m)
        if levels:
            self._add(Layer.ATMOSPHERES, HexTextItem(window, levels, style.label, detail))
        for i, zone in enumerate(m.zones):
            colour = style.zone_colour(i)
            self._add(Layer.ZONES, zone_item(zone, self.layout, colour, style))
        for body in m.bodies:
            if body.limit is not None:
                self._add(Layer.ZONES, limit_item(body, self.layout, style))
        self._add(Layer.GRAVITY, GravityItem(window, m.gravity, style, detail))
        taken = Taken()
        add_all(taken, arrow_marks(m.gravity, self.layout))
        for body in m.bodies:
            r = max(body.radius, 0.05) * HEX_UNIT
            taken.add(QRectF(-r, -r, 2 * r, 2 * r).translated(self.centre_of(body.centre)))
            taken.add(counter_spot(self.centre_of(body.centre)))
        for base in m.bases:
            taken.add(counter_spot(self.centre_of(base.hex)))
            marker = base_item(base, self.centre_of(base.hex), self.centre_of(base.approach), style)
            self._add(Layer.BASES, marker)
            self._base_items.append(marker)
            taken.add(marker.sceneBoundingRect())
        for base in m.bases:
            name, places = self._base_name(base)
            self._add_name(name, places, taken)
            self._base_items.append(name)
        for body in m.bodies:
            self._add(Layer.BODIES, body_item(body, self.centre_of(body.centre), style))
            self._add_name(*self._body_name(body), taken)
        self._add(Layer.LABELS, LabelItem(window, style, detail))

    def _add_name(self, name: NameItem, places: list[Place], taken: Taken) -> None:
        """Put a name in whichever of its places covers least of what is already placed
        (the places are measured, not made: one item a name keeps start-up quick)."""
        anchor, toward, _cost = least_covered(
            [(p, p[2]) for p in places], lambda p: name.rect_at(p[0], p[1]), taken
        )
        name.place(anchor, toward)
        self._add(Layer.NAMES, name)
        taken.add(name.sceneBoundingRect())

    def _body_name(self, body: Body) -> tuple[NameItem, list[Place]]:
        """A body's name, and its places beside the disc, each side in turn, then farther."""
        centre = self.centre_of(body.centre)
        size, colour = self.map_style.name_size * HEX_SIZE, self.map_style.body_name
        near = max(body.radius * HEX_UNIT, 0.45 * HEX_SIZE) + 0.05 * HEX_SIZE
        gaps = (near, near + 0.35 * HEX_SIZE, near + 0.8 * HEX_SIZE, near + 1.3 * HEX_SIZE)
        places = [(centre + QPointF(x * g, y * g), (x, y), cost) for x, y, g, cost in around(gaps)]
        return NameItem(body.name, size, colour, centre), places

    def _unit(self, d: Direction) -> tuple[float, float]:
        return ArrowShapes(self.layout).unit(d)

    def _base_name(self, base: Base) -> tuple[NameItem, list[Place]]:
        """A base's name and its places beside the marker, clear of the ships that stand
        on it: on the planet's side for a planetary base, else below, then the other
        sides and farther."""
        centre = self.centre_of(base.hex)
        size, colour = self.map_style.base_name_size * HEX_SIZE, self.map_style.base_name
        places: list[Place] = []
        if base.kind is BaseKind.PLANETARY and base.side is not None:
            ux, uy = self._unit(base.side)
            side = (centre + self.centre_of(base.approach)) / 2.0
            places.append((side + QPointF(ux, uy) * (0.22 * HEX_SIZE), (ux, uy), 0.0))
        gaps = (0.62 * HEX_SIZE, HEX_SIZE, 1.4 * HEX_SIZE)
        places += [(centre + QPointF(x * g, y * g), (x, y), cost) for x, y, g, cost in around(gaps)]
        return NameItem(base.name, size, colour, centre), places

    def _atmosphere_colours(self) -> dict[Hex, QColor]:
        m, style = self.starmap, self.map_style
        out: dict[Hex, QColor] = {}
        for atmosphere in m.atmospheres:
            top = max((1, *atmosphere.layers))
            for h in _band(m.bounds, atmosphere.edge, len(atmosphere.layers) + 1):
                found = m.atmosphere_at(h)
                if h in out or found is None:
                    continue
                level = found[1]
                if level is Floor.SURFACE:
                    out[h] = QColor(style.surface)
                elif level is Floor.CRUSH:
                    out[h] = QColor(style.crush_depth)
                else:
                    tint = QColor(style.atmosphere)
                    tint.setAlpha(40 + round(140 * max(0, int(level)) / top))
                    out[h] = tint
        return out


def _band(bounds: Bounds, edge: Edge, depth: int) -> Iterator[Hex]:
    """The hexes of the ``depth`` rows (or columns) along one edge of the map."""
    w, h = bounds.width, bounds.height
    cols, rows = range(w), range(h)
    if edge is Edge.TOP:
        rows = range(min(depth, h))
    elif edge is Edge.BOTTOM:
        rows = range(max(0, h - depth), h)
    elif edge is Edge.LEFT:
        cols = range(min(depth, w))
    else:
        cols = range(max(0, w - depth), w)
    from_offset = bounds.labels.from_offset
    for row in rows:
        for col in cols:
            yield from_offset(col, row)


#: an atmosphere band's level is written in every this-many hexes along it
LEVEL_EVERY = 4


def _atmosphere_levels(m: StarMap) -> dict[Hex, str]:
    """The level written along each band of an atmosphere (its number; the floor named),
    every :data:`LEVEL_EVERY` hexes and staggered row to row, so a band reads without
    its colour."""
    out: dict[Hex, str] = {}
    for atmosphere in m.atmospheres:
        along_rows = atmosphere.edge in (Edge.TOP, Edge.BOTTOM)
        for h in _band(m.bounds, atmosphere.edge, len(atmosphere.layers) + 1):
            found = m.atmosphere_at(h)
            if h in out or found is None:
                continue
            col, row = m.bounds.labels.to_offset(h)
            along, across = (col, row) if along_rows else (row, col)
            if (along + 2 * (across % 2)) % LEVEL_EVERY:
                continue
            level = found[1]
            out[h] = level.value if isinstance(level, Floor) else str(int(level))
    return out
