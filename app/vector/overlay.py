"""The course plotter's drawing on the map: end points, the hovered course with its
hazards and next turn's gravity, committed plans, and the coast projection.

Everything here is rebuilt from :mod:`core.vector.preview` results; nothing is computed in
the interface, so what is drawn is what the engine would do.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
)

from app.board.items import HEX_SIZE, HEX_UNIT, Layer, LayerItem, hex_polygon
from app.board.items import ROLE_KEY as MAP_ROLE_KEY
from app.vector.pieces import ORDNANCE_KEY, SHIP_KEY, Z_SHIP, arrow_path
from core.board.hexgrid import Direction, Hex, Layout, Vector
from core.vector.course import AsteroidHex, Crash, ForbiddenAsteroid, OffMap
from core.vector.movement import MoveResult
from core.vector.preview import Option, Preview

Z_OVERLAY = 90.0
SAFE = QColor("#5fe0a0")
RISKY = QColor("#E69F00")
FATAL = QColor("#ff3b30")
GHOST = QColor(220, 225, 240, 150)
ROLE_KEY = 3
"""``item.data(ROLE_KEY)``: "end point", "launch point", "course", "crash", "asteroid",
"off map", "bounce", "weapon", "pull", "plan", "ghost" or "fuel" (tests and screenshots
find them by it)."""

Centre = Callable[[Hex], QPointF]


class MetWeapon(Protocol):
    """A launched weapon a course would meet, as the rule system reports it in
    :attr:`Option.weapons <core.vector.preview.Option.weapons>`."""

    @property
    def hex(self) -> Hex: ...

    @property
    def certain(self) -> bool: ...

    @property
    def reason(self) -> str: ...


#: where a course's label may go, from its end point in hex sizes: above right first;
#: the last, further out, for when the view is zoomed out and counters fanned round the
#: end point (the same size on screen at every zoom) cover the near ones
LABEL_SPOTS = (
    (0.6, -1.4),
    (0.6, 0.5),
    (-0.6, -1.4),
    (-0.6, 0.5),
    (1.4, -2.4),
    (1.4, 1.5),
    (-1.4, -2.4),
    (-1.4, 1.5),
)


def _clear_of_names(
    scene: QGraphicsScene | None, box: QRectF, end: QPointF, seen: QRectF | None = None
) -> QPointF:
    """Where the hovered course's label covers least of the map's names and pieces (to
    the left of the end point, the label's right edge is there), inside ``seen`` (the
    view's visible part) if a spot is, else pushed in from its edges: at the map's
    corner the label ran off the view, or onto the counter beside it."""
    best: tuple[float, QPointF] | None = None
    views = scene.views() if scene is not None else []
    device = views[0].viewportTransform() if views else QTransform()
    for dx, dy in LABEL_SPOTS:
        at = end + QPointF(dx * HEX_SIZE - (box.width() if dx < 0 else 0.0), dy * HEX_SIZE)
        rect = box.translated(at)
        covered = 0.0
        if seen is not None and not seen.contains(rect):
            covered += 1e9 + _area(rect) - _area(rect.intersected(seen))
        if scene is not None:
            for item in scene.items(rect, _BOXES, Qt.SortOrder.DescendingOrder, device):
                if item.data(MAP_ROLE_KEY) == "name" or _is_piece(item):
                    covered += _area(rect.intersected(_footprint(item, device)))
        if best is None or covered < best[0]:
            best = (covered, at)
    assert best is not None
    return _pushed_inside(best[1], box, seen) if seen is not None else best[1]


_BOXES = Qt.ItemSelectionMode.IntersectsItemBoundingRect


def _footprint(item: QGraphicsItem, device: QTransform) -> QRectF:
    """Where ``item`` covers the map as the view draws it: a counter keeps its size on
    screen, so zoomed out it covers more of the map than its scene box says (the label
    was put on a fanned-out counter)."""
    on_screen = item.deviceTransform(device).mapRect(item.boundingRect())
    return device.inverted()[0].mapRect(on_screen)


def _area(rect: QRectF) -> float:
    return rect.width() * rect.height() if rect.isValid() else 0.0


def _is_piece(item: QGraphicsItem) -> bool:
    return item.data(SHIP_KEY) is not None or item.data(ORDNANCE_KEY) is not None


def _pushed_inside(at: QPointF, box: QRectF, seen: QRectF) -> QPointF:
    """``at`` moved the least that puts ``box`` placed there inside ``seen`` (its
    top left corner kept in when the view is smaller than the label)."""
    edge = 0.05 * HEX_SIZE  # the box's outline, drawn half outside it
    rect = box.translated(at).adjusted(-edge, -edge, edge, edge)
    x = min(max(rect.left(), seen.left()), max(seen.left(), seen.right() - rect.width()))
    y = min(max(rect.top(), seen.top()), max(seen.top(), seen.bottom() - rect.height()))
    return at + QPointF(x - rect.left(), y - rect.top())


def danger(result: MoveResult, *, bounces: bool = False) -> QColor:
    """Red for a course that ends the ship, amber for one with asteroid rolls. Leaving
    the map does not end a ship that ``bounces`` off its edge."""
    fatal = (Crash, ForbiddenAsteroid) if bounces else (Crash, OffMap, ForbiddenAsteroid)
    if any(isinstance(h, fatal) for h in result.hazards):
        return FATAL
    if any(isinstance(h, AsteroidHex) for h in result.hazards):
        return RISKY
    return SAFE


def option_danger(option: Option) -> QColor:
    """:func:`danger`, and amber too for a course that launched weapons would meet."""
    colour = danger(option.result, bounces=option.bounce is not None)
    return RISKY if colour == SAFE and option.weapons else colour


class _Group(LayerItem):
    """An invisible parent whose children can be cleared at once."""

    def __init__(self, z: float) -> None:
        super().__init__(Layer.BACKGROUND)
        self.setZValue(z)

    def clear(self) -> None:
        scene = self.scene()
        for child in self.childItems():
            child.setParentItem(None)  # type: ignore[arg-type]  # Qt takes None; the stub omits it
            if scene is not None:
                scene.removeItem(child)


class PlotOverlay:
    """Owns the plotter's items in a scene, in three groups cleared independently."""

    def __init__(self, scene_add: Callable[[QGraphicsItem], None], layout: Layout) -> None:
        self.layout = layout
        self.points = _Group(Z_OVERLAY + 2)
        # launch rings over the counters: a base in a gravity hex (Mercury Earthside)
        # launches into the very hex its landed ships are drawn in
        self.lifts = _Group(Z_SHIP + 1)
        self.course = _Group(Z_OVERLAY + 1)
        self.plans = _Group(Z_OVERLAY)
        self.ghosts = _Group(Z_OVERLAY - 1)
        self.sketch = _Group(Z_OVERLAY + 1)
        for group in (self.points, self.lifts, self.course, self.plans, self.ghosts, self.sketch):
            scene_add(group)

    def centre(self, h: Hex) -> QPointF:
        return QPointF(*self.layout.to_pixel(h))

    def clear(self) -> None:
        for group in (self.points, self.lifts, self.course, self.plans, self.ghosts, self.sketch):
            group.clear()

    # ---- end points

    def show_points(self, preview: Preview | None) -> None:
        """A marker on every legal end point (or launch hex) of the selected ship."""
        self.points.clear()
        self.lifts.clear()
        self.course.clear()
        if preview is None:
            return
        r = 0.32 * HEX_SIZE
        for option in preview.options:
            c = option_danger(option)
            item = _disc(self.centre(option.tip), r, c, filled=option.fuel == 0)
            item.setData(ROLE_KEY, "end point")
            item.setToolTip(_summary(option))
            item.setParentItem(self.points)
        for h in preview.launch:
            item = _disc(self.centre(h), r, SAFE, filled=False)
            item.setData(ROLE_KEY, "launch point")
            item.setToolTip("Launch here: the base's boosters lift the ship free of fuel")
            item.setParentItem(self.lifts)

    # ---- the hovered course

    def show_course(self, start: Hex, option: Option | None, launch_to: Hex | None = None) -> None:
        """The whole hovered course: path, hexes entered, hazards, gravity next turn."""
        self.course.clear()
        if launch_to is not None:
            line = _line([self.centre(start), self.centre(launch_to)], SAFE, 0.1, dashed=True)
            line.setData(ROLE_KEY, "course")
            line.setParentItem(self.course)
            return
        if option is None:
            return
        result = option.result
        colour = option_danger(option)
        self._tint(result.trace.entered, colour, 45, self.course)
        end = self.centre(result.tip)
        path = QGraphicsPathItem(arrow_path(self.centre(result.start), end, 0.5 * HEX_SIZE))
        pen = QPen(colour, 0.12 * HEX_SIZE)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        path.setPen(pen)
        path.setBrush(colour)
        path.setData(ROLE_KEY, "course")
        path.setParentItem(self.course)
        for hazard in result.hazards:
            if isinstance(hazard, OffMap) and option.bounce is not None:
                self._bounce(hazard.hex, option.bounce.position)
            else:
                self._hazard(hazard)
        for weapon in option.weapons:
            self._weapon(weapon)
        for pull in result.next.pulls:
            for arrow in pull.arrows:
                self._pull(pull.hex, arrow.direction, weak=arrow.kind.value == "weak")
        back = _text_box(_summary(option), 0.42, colour)
        scene = self.course.scene()
        back.setPos(_clear_of_names(scene, back.rect(), end, _seen(scene)))
        back.setData(ROLE_KEY, "fuel")
        back.setParentItem(self.course)

    def _tint(self, hexes: Iterable[Hex], colour: QColor, alpha: int, group: _Group) -> None:
        """Shade the hexes a course enters."""
        fill = QColor(colour)
        fill.setAlpha(alpha)
        for h in hexes:
            tint = QGraphicsPathItem(_hex_path(self.layout, self.centre(h)))
            tint.setBrush(fill)
            tint.setPen(Qt.PenStyle.NoPen)
            tint.setParentItem(group)

    def _hazard(self, hazard: object, into: _Group | None = None) -> None:
        group = into or self.course
        if isinstance(hazard, Crash):
            x, y = hazard.point
            at = QPointF(x * HEX_UNIT, y * HEX_UNIT)
            self._cross(at, FATAL, "crash", f"Crash into {hazard.body}", group)
        elif isinstance(hazard, OffMap):
            self._cross(self.centre(hazard.hex), FATAL, "off map", "Leaves the map here", group)
        elif isinstance(hazard, ForbiddenAsteroid):
            text = f"{hazard.owner}'s asteroids: destroyed"
            self._cross(self.centre(hazard.hex), FATAL, "crash", text, group)
        elif isinstance(hazard, AsteroidHex):
            item = QGraphicsPathItem(_hex_path(self.layout, self.centre(hazard.hex), 0.8))
            item.setPen(QPen(RISKY, 0.1 * HEX_SIZE))
            item.setData(ROLE_KEY, "asteroid")
            item.setToolTip("Asteroids: roll on the asteroid table")
            item.setParentItem(group)
            _amber_mark("d6", self.centre(hazard.hex), 0.4).setParentItem(group)

    def _bounce(self, edge: Hex, back: Hex) -> None:
        """Where the course leaves the map and where the ship bounces back in."""
        line = _line([self.centre(edge), self.centre(back)], SAFE, 0.06, dashed=True)
        line.setData(ROLE_KEY, "bounce")
        line.setToolTip("Bounces off the edge of the map, its course mirrored")
        line.setParentItem(self.course)
        ring = _disc(self.centre(back), 0.26 * HEX_SIZE, SAFE, filled=False)
        ring.setData(ROLE_KEY, "bounce")
        ring.setToolTip("Back on the map here after bouncing off the edge")
        ring.setParentItem(self.course)

    def _weapon(self, weapon: MetWeapon) -> None:
        """A ringed warning sign on the hex where a launched weapon would meet the course,
        up in the hex's corner so that neither the end point nor the weapon hides it."""
        at = self.centre(weapon.hex) + QPointF(-0.42 * HEX_SIZE, -0.5 * HEX_SIZE)
        s = 0.3 * HEX_SIZE
        ring = QGraphicsEllipseItem(QRectF(at.x() - s, at.y() - s, 2 * s, 2 * s))
        ring.setBrush(QColor(5, 7, 15, 170))
        pen = QPen(RISKY, 0.1 * HEX_SIZE)
        if not weapon.certain:
            pen.setStyle(Qt.PenStyle.DashLine)
        ring.setPen(pen)
        ring.setData(ROLE_KEY, "weapon")
        ring.setToolTip(weapon.reason)
        ring.setParentItem(self.course)
        _amber_mark("!" if weapon.certain else "?", at, 0.45).setParentItem(self.course)

    def _cross(self, at: QPointF, colour: QColor, role: str, tip: str, group: _Group) -> None:
        s = 0.35 * HEX_SIZE
        path = QPainterPath()
        path.moveTo(at + QPointF(-s, -s))
        path.lineTo(at + QPointF(s, s))
        path.moveTo(at + QPointF(-s, s))
        path.lineTo(at + QPointF(s, -s))
        ring = QPainterPath()
        ring.addEllipse(at, 1.35 * s, 1.35 * s)
        back = QGraphicsPathItem(ring)
        back.setBrush(QColor(5, 7, 15, 170))
        back.setPen(QPen(colour, 0.06 * HEX_SIZE))
        back.setParentItem(group)
        item = QGraphicsPathItem(path)
        pen = QPen(colour, 0.16 * HEX_SIZE)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        item.setPen(pen)
        item.setData(ROLE_KEY, role)
        item.setToolTip(tip)
        item.setParentItem(group)

    def _pull(self, h: Hex, direction: Direction, *, weak: bool) -> None:
        """A small arrow in a hex the course enters: the shift it gives next turn."""
        c = self.centre(h)
        n = self.centre(h + Vector.of(direction))
        dx, dy = n.x() - c.x(), n.y() - c.y()
        length = math.hypot(dx, dy) or 1.0
        u = QPointF(dx / length, dy / length) * (0.45 * HEX_SIZE)
        item = QGraphicsPathItem(arrow_path(c - u, c + u, 0.3 * HEX_SIZE))
        colour = QColor("#f0e442")
        item.setPen(QPen(colour, 0.08 * HEX_SIZE))
        item.setBrush(QBrush(colour) if not weak else QBrush(Qt.BrushStyle.NoBrush))
        item.setData(ROLE_KEY, "pull")
        item.setToolTip("Gravity that bends this course next turn")
        item.setParentItem(self.course)

    # ---- a launched weapon's course

    def show_sketch(self, result: MoveResult | None, text: str = "") -> None:
        """A course that is no ship's order: a weapon's first move for the thrust the
        Combat dock has chosen, drawn as a hovered course is, dashed (role
        "weapon course"); None takes it away."""
        self.sketch.clear()
        if result is None:
            return
        colour = danger(result)
        self._tint(result.trace.entered, colour, 35, self.sketch)
        start, end = self.centre(result.start), self.centre(result.tip)
        path = QGraphicsPathItem(arrow_path(start, end, 0.4 * HEX_SIZE))
        pen = QPen(colour, 0.09 * HEX_SIZE, Qt.PenStyle.DashLine)
        path.setPen(pen)
        path.setBrush(colour)
        path.setData(ROLE_KEY, "weapon course")
        path.setToolTip(text)
        path.setParentItem(self.sketch)
        for hazard in result.hazards:
            self._hazard(hazard, self.sketch)
        if text:
            back = _text_box(text, 0.38, colour)
            back.setPos(end + QPointF(0.6 * HEX_SIZE, 0.6 * HEX_SIZE))
            back.setParentItem(self.sketch)

    # ---- plans and projections

    def show_plans(self, plans: Iterable[tuple[Hex, Hex, QColor]]) -> None:
        """Committed orders: a solid arrow from each ship to where its plan ends."""
        self.plans.clear()
        for start, tip, colour in plans:
            item = QGraphicsPathItem(
                arrow_path(self.centre(start), self.centre(tip), 0.5 * HEX_SIZE)
            )
            pen = QPen(colour, 0.1 * HEX_SIZE)
            item.setPen(pen)
            item.setBrush(colour)
            item.setData(ROLE_KEY, "plan")
            item.setParentItem(self.plans)

    def show_projection(self, results: list[MoveResult]) -> None:
        """Ghosts of the next turns if the ship never burns."""
        self.ghosts.clear()
        if not results:
            return
        points = [self.centre(results[0].start)] + [self.centre(r.end) for r in results]
        line = _line(points, GHOST, 0.06, dashed=True)
        line.setData(ROLE_KEY, "ghost")
        line.setParentItem(self.ghosts)
        for i, (p, r) in enumerate(zip(points[1:], results, strict=True), start=1):
            ghost = _disc(p, 0.22 * HEX_SIZE, danger(r) if r.hazards else GHOST, filled=False)
            ghost.setToolTip(f"Turn +{i} coasting")
            ghost.setData(ROLE_KEY, "ghost")
            ghost.setParentItem(self.ghosts)


def _summary(option: Option) -> str:
    r = option.result
    if not option.order.burn:
        fuel = "coast"
    elif option.fuel:
        fuel = f"{option.fuel} fuel"
    else:  # free thrust (a Void battle): still a burn, of so many hexes
        fuel = f"{len(option.order.burn)} hex burn"
    words = [fuel, f"speed {r.velocity.speed}"]
    if any(isinstance(h, Crash) for h in r.hazards):
        words.append("CRASH")
    elif any(isinstance(h, OffMap) for h in r.hazards):
        words.append("OFF MAP" if option.bounce is None else "BOUNCES")
    elif any(isinstance(h, ForbiddenAsteroid) for h in r.hazards):
        words.append("DESTROYED")
    rolls = sum(isinstance(h, AsteroidHex) for h in r.hazards)
    if rolls:
        words.append(f"{rolls} asteroid roll{'s' if rolls > 1 else ''}")
    attacks = sum(w.certain for w in option.weapons)
    if attacks:
        words.append(f"{attacks} weapon attack{'s' if attacks > 1 else ''}")
    # a piece its owner may hold back, or that meets the ship only later, by its kind
    unsure = sorted({w.kind for w in option.weapons if not w.certain})
    words.extend(f"{kind} may strike" for kind in unsure)
    if r.orbit:
        words.append(f"orbit {r.orbit}")
    return " · ".join(words)


def _seen(scene: QGraphicsScene | None) -> QRectF | None:
    """The part of the map the scene's (first) view shows, None when it has none."""
    views = scene.views() if scene is not None else []
    if not views:
        return None
    view = views[0]
    return view.mapToScene(view.viewport().rect()).boundingRect()


def _bold(size: float) -> QFont:
    """A bold font ``size`` hexes high."""
    font = QFont()
    font.setPixelSize(round(size * HEX_SIZE))
    font.setBold(True)
    return font


def _text_box(text: str, size: float, colour: QColor) -> QGraphicsRectItem:
    """White bold text ``size`` hexes high on a dark box edged in ``colour``."""
    label = QGraphicsSimpleTextItem(text)
    label.setFont(_bold(size))
    label.setBrush(QColor("#ffffff"))
    back = QGraphicsRectItem(label.boundingRect().adjusted(-4, -2, 4, 2))
    back.setBrush(QColor(5, 7, 15, 200))
    back.setPen(QPen(colour, 0.05 * HEX_SIZE))
    label.setParentItem(back)
    return back


def _amber_mark(text: str, at: QPointF, size: float) -> QGraphicsSimpleTextItem:
    """An amber mark (a hazard's roll, a weapon's warning) centred on ``at``."""
    item = QGraphicsSimpleTextItem(text)
    item.setFont(_bold(size))
    item.setBrush(RISKY)
    box = item.boundingRect()
    item.setPos(at - QPointF(box.width() / 2, box.height() / 2))
    return item


def _disc(at: QPointF, r: float, colour: QColor, *, filled: bool) -> QGraphicsEllipseItem:
    item = QGraphicsEllipseItem(QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r))
    item.setPen(QPen(colour, 0.08 * HEX_SIZE))
    fill = QColor(colour)
    fill.setAlpha(150 if filled else 40)
    item.setBrush(fill)
    item.setAcceptHoverEvents(False)
    return item


def _line(
    points: list[QPointF], colour: QColor, width: float, *, dashed: bool
) -> QGraphicsPathItem:
    path = QPainterPath(points[0])
    for p in points[1:]:
        path.lineTo(p)
    pen = QPen(colour, width * HEX_SIZE, Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine)
    item = QGraphicsPathItem(path)
    item.setPen(pen)
    return item


def _hex_path(layout: Layout, at: QPointF, scale: float = 1.0) -> QPainterPath:
    """A hex outline centred on ``at``, ``scale`` times the map's hex."""
    path = QPainterPath()
    path.addPolygon(hex_polygon(Layout(layout.orientation, size=HEX_SIZE * scale)))
    path.closeSubpath()
    return QTransform().translate(at.x(), at.y()).map(path)
