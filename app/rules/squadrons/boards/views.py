"""The boards as map views: a system board and the jump board, each the generic star-map
scene (so they look like, and are, the maps the Map Editor edits) with counters on top.

The play page hands them plain data: stacks of :class:`~.faces.CounterFace` per hex (or
per system on the jump board) and hexes to tint; clicks come back as the views' signals.
A counter is nearly a hex wide, so the map's names (planets, starports, systems) step
aside from the counters shown, to the nearest place clear of them, and come back when
the counters leave. The keyboard reaches every hex through a hex cursor
(:mod:`~.cursor`): the arrows move it, Enter is a click on its hex, Escape is
``cancelled``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFocusEvent, QKeyEvent, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QGraphicsScene,
    QWidget,
)

from app.board.items import HEX_SIZE
from app.board.items import ROLE_KEY as MAP_ROLE_KEY
from app.board.scene import StarMapScene
from app.board.view import MapView
from app.rules.squadrons.boards.counters import (
    ROLE_KEY,
    SHOWN_IN_STACK,
    SIDE,
    STACK_STEP,
    CounterItem,
)
from app.rules.squadrons.boards.cursor import STEPS, HexCursor
from app.rules.squadrons.boards.faces import CounterFace
from core.board.hexgrid import Hex
from core.board.starmap import StarMap
from core.rules.squadrons.boards import Subsector, SystemBoard

MARK_ROLE = "squadron mark"
MARK_EDGE_ROLE = "squadron mark edge"
FUEL_ROLE = "fuel source"
#: drawn above the map and its marks
COUNTER_Z = 200.0
MARK_Z = 150.0


class BoardView(MapView):
    """A board with counters on it; ``hex_clicked(Hex)`` (from :class:`MapView`) is the
    player's click on a hex, or Enter on the hex cursor's; ``cancelled()`` is Escape;
    ``cursor_moved(str)`` says, when an arrow moves the hex cursor, where it is and which
    keys do what (on these boards the plain arrows move the cursor, unlike the star map's,
    where they scroll)."""

    cancelled = Signal()
    cursor_moved = Signal(str)

    def __init__(self, starmap: StarMap, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.board_scene = StarMapScene(starmap)
        self.setScene(self.board_scene)
        self.show_default()
        self._items: list[CounterItem] = []
        self._marks: list[QGraphicsItem] = []
        self._stacked: set[Hex] = set()  # the hexes with counters shown
        #: the map's names with where the map put them
        self._names = [
            (item, item.pos(), item.zValue())
            for item in self.board_scene.items()
            if item.data(MAP_ROLE_KEY) == "name"
        ]
        #: the discs of stars and planets: a name stepping aside never lands on one
        self._bodies = [
            item.sceneBoundingRect()
            for item in self.board_scene.items()
            if item.data(MAP_ROLE_KEY) == "body"
        ]
        self.hex_cursor = HexCursor(self.board_scene)
        self.hex_clicked.connect(self._cursor_to)

    # ---- the keyboard

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if key in STEPS and mods == Qt.KeyboardModifier.ShiftModifier:  # pan, as on maps
            plain = QKeyEvent(event.type(), key, Qt.KeyboardModifier.NoModifier)
            super().keyPressEvent(plain)
            event.accept()
            return
        if key in STEPS and mods == Qt.KeyboardModifier.NoModifier:
            self.move_cursor(key)
            event.accept()
            return
        enter = key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and not mods and self.hex_cursor.shown() and self.hex_cursor.hex is not None:
            self.hex_clicked.emit(self.hex_cursor.hex)
            event.accept()
            return
        if key == Qt.Key.Key_Escape and not mods:
            self.cancelled.emit()
            event.accept()
            return
        super().keyPressEvent(event)

    def move_cursor(self, key: Qt.Key) -> None:
        """An arrow key: the cursor shows (where it was, or where the player last
        clicked, else in the middle of what is in sight), or, shown, moves a hex; the
        board scrolls to keep it in sight."""
        cursor = self.hex_cursor
        if cursor.shown() and cursor.hex is not None:
            cursor.put(cursor.step(key))
        else:  # the first arrow shows it, where it was last
            cursor.put(cursor.hex if cursor.hex is not None else self._middle())
        centre = cursor.centre()
        margin = HEX_SIZE * 1.5
        self.ensureVisible(QRectF(centre.x() - margin, centre.y() - margin, 2 * margin, 2 * margin))
        if cursor.hex is not None:
            label = self.board_scene.starmap.bounds.labels.format(cursor.hex)
            self.cursor_moved.emit(
                f"Hex {label}: Enter acts here, Escape lets go; Shift+arrows scroll the board"
            )

    def _middle(self) -> Hex:
        h = self.hex_at(self.viewport().rect().center())
        bounds = self.board_scene.starmap.bounds
        if h is not None and bounds.contains(h):
            return h
        return next(iter(bounds.hexes()))

    def _cursor_to(self, h: Hex) -> None:
        """A click moves the cursor there (shown if it was), for the arrows to go on."""
        if self.hex_cursor.shown():
            self.hex_cursor.put(h)
        else:
            self.hex_cursor.hex = h

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.hex_cursor.hide()
        super().focusOutEvent(event)

    def show_stacks(self, stacks: Iterable[tuple[Hex, Sequence[CounterFace]]]) -> None:
        """Put these stacks (top counter first) on the board in place of what was there."""
        self._clear_counters()
        self._stacked = set()
        for h, faces in stacks:
            self._stack(self.board_scene.centre_of(h), faces, SIDE)
            self._stacked.add(h)
        self.keep_names_clear()

    def keep_names_clear(self) -> None:
        """Move each name a counter would cover to the nearest place beside the counters
        (clear of them, of the names already placed and of every star and planet, its
        own included); one with no such place is drawn over the counters, on its dim
        backing."""
        taken = [item.sceneBoundingRect() for item in self._items]
        for name, home, z in self._names:
            was = name.sceneBoundingRect()
            name.setPos(home)
            name.setZValue(z)
            rect = name.sceneBoundingRect()
            if any(rect.intersects(t) for t in taken):
                moved = _clear_spot(rect, taken + self._bodies)
                if moved is None:
                    name.setZValue(COUNTER_Z + 2 * SHOWN_IN_STACK)
                else:
                    name.setPos(home + moved)
                    rect = rect.translated(moved)
            taken.append(rect)
            if rect != was:  # the map is drawn from a picture: redraw where it changed
                self.board_scene.invalidate(
                    was.united(rect).adjusted(-2, -2, 2, 2),
                    QGraphicsScene.SceneLayer.BackgroundLayer,
                )

    def _stack(self, centre: QPointF, faces: Sequence[CounterFace], side: float) -> None:
        shown = list(faces)[:SHOWN_IN_STACK]
        for depth, face in enumerate(reversed(shown)):
            item = CounterItem(face, side)
            step = (len(shown) - 1 - depth) * STACK_STEP
            item.setPos(centre + QPointF(step, -step))
            item.setZValue(COUNTER_Z + depth)  # the top counter over the rest
            self.board_scene.addItem(item)
            self._items.append(item)

    def _clear_counters(self) -> None:
        for item in self._items:
            self.board_scene.removeItem(item)
        self._items = []

    def counters(self) -> list[CounterItem]:
        """The counters shown, bottom of each stack first."""
        return list(self._items)

    def mark(self, hexes: Iterable[Hex], colour: str, tip: str = "", outline: bool = False) -> None:
        """Tint these hexes (where a squadron may move, what it may fire at); with
        ``outline``, edge every one of them too (a single hex on a board seen whole)."""
        fill = QColor(colour)
        fill.setAlpha(70)
        for h in hexes:
            corners = self.board_scene.layout.corners(h)
            item = QGraphicsPolygonItem(QPolygonF([QPointF(x, y) for x, y in corners]))
            item.setBrush(QBrush(fill))
            item.setPen(QPen(Qt.PenStyle.NoPen))
            item.setZValue(MARK_Z)
            item.setData(ROLE_KEY, MARK_ROLE)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            if tip:
                item.setToolTip(tip)
            self.board_scene.addItem(item)
            self._marks.append(item)
            # the tint lies under the counters, which cover most of a hex: an outline
            # over them shows a marked hex that holds counters (a target in range)
            if h not in self._stacked and not outline:
                continue
            edge = QGraphicsPolygonItem(item.polygon())
            pen = QPen(QColor(colour), 2.5)
            pen.setCosmetic(True)
            edge.setPen(pen)
            edge.setBrush(QBrush(Qt.BrushStyle.NoBrush))
            edge.setZValue(COUNTER_Z + 2 * SHOWN_IN_STACK + 1)
            edge.setData(ROLE_KEY, MARK_EDGE_ROLE)
            edge.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.board_scene.addItem(edge)
            self._marks.append(edge)

    def clear_marks(self) -> None:
        for item in self._marks:
            self.board_scene.removeItem(item)
        self._marks = []

    def point_of(self, h: Hex) -> QPointF:
        """Where hex ``h`` is in the view's own coordinates, scrolled into sight."""
        centre = self.board_scene.centre_of(h)
        self.ensureVisible(QRectF(centre.x() - 30, centre.y() - 30, 60, 60))
        return QPointF(self.mapFromScene(centre))


class SystemBoardView(BoardView):
    """One star system's board: its star, planets, gas giants, starports and their
    100-diameter limits (drawn by the map), and the counters in it."""

    def __init__(self, board: SystemBoard, parent: QWidget | None = None) -> None:
        super().__init__(board.map, f"system_board_{board.name}", parent)
        self.board = board


class JumpBoardView(BoardView):
    """The jump board: each system a star, marked where fuel is free (a ringed orange
    disc: a gas giant; a cyan square: a starport); counters shown per system, one stack
    per side. ``system_clicked(str)`` names the system of a clicked hex."""

    system_clicked = Signal(str)

    def __init__(self, subsector: Subsector, parent: QWidget | None = None) -> None:
        super().__init__(subsector.jump, "jump_board", parent)
        self.subsector = subsector
        self._fuel_marks()
        self.hex_clicked.connect(self._clicked)

    def _clicked(self, h: Hex) -> None:
        system = self.subsector.system_at(h)
        if system is not None:
            self.system_clicked.emit(system.name)

    def _fuel_marks(self) -> None:
        s = HEX_SIZE
        for system in self.subsector.systems:
            centre = self.board_scene.centre_of(system.hex)
            if system.gas_giant:
                self._glyph(
                    _gas_giant(centre + QPointF(-0.78 * s, 0.12 * s), s),
                    system.name,
                    "gas giant: fuel is free here",
                )
            if system.starport:
                self._glyph(
                    _starport(centre + QPointF(0.78 * s, 0.12 * s), s),
                    system.name,
                    "starport: fuel is free here",
                )

    def _glyph(self, item: QGraphicsPathItem, system: str, what: str) -> None:
        item.setZValue(MARK_Z - 1)
        item.setData(ROLE_KEY, FUEL_ROLE)
        item.setToolTip(f"{system}: {what}")
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.board_scene.addItem(item)

    def show_systems(self, stacks: Mapping[str, Sequence[CounterFace]]) -> None:
        """Put each system's counters (top first) beside its star, one stack per side,
        the first side's above left, the next above right."""
        self._clear_counters()
        side = HEX_SIZE * 1.2
        for name, faces in stacks.items():
            centre = self.board_scene.centre_of(self.subsector.system(name).hex)
            sides: dict[str, list[CounterFace]] = {}
            for face in faces:
                sides.setdefault(face.side, []).append(face)
            for i, group in enumerate(sides.values()):
                dx = (-0.6 if i % 2 == 0 else 0.6) * HEX_SIZE
                self._stack(centre + QPointF(dx, -0.7 * HEX_SIZE), group, side)
        self.keep_names_clear()


def _clear_spot(rect: QRectF, taken: Sequence[QRectF]) -> QPointF | None:
    """The smallest shift (below, above or beside what ``rect`` overlaps, twice over)
    that puts ``rect`` clear of everything in ``taken``; None when none does."""
    gap = 2.0
    shifts = [QPointF(0, 0)]
    for _ in range(2):
        found: list[QPointF] = []
        for shift in shifts:
            moved = rect.translated(shift)
            for t in taken:
                if moved.intersects(t):
                    found += [
                        shift + QPointF(0, t.bottom() + gap - moved.top()),
                        shift + QPointF(0, t.top() - gap - moved.bottom()),
                        shift + QPointF(t.right() + gap - moved.left(), 0),
                        shift + QPointF(t.left() - gap - moved.right(), 0),
                    ]
        clear = [f for f in found if not any(rect.translated(f).intersects(t) for t in taken)]
        if clear:
            return min(clear, key=lambda p: (abs(p.y()) + abs(p.x()) * 1.5, -p.y()))
        shifts = found
    return None


def _gas_giant(centre: QPointF, s: float) -> QGraphicsPathItem:
    path = QPainterPath()
    path.addEllipse(centre, 0.14 * s, 0.14 * s)
    item = QGraphicsPathItem(path)
    item.setBrush(QColor("#d6a060"))
    item.setPen(QPen(QColor("#f3e1c0"), 0.05 * s))
    ring = QPainterPath()
    ring.addEllipse(centre, 0.25 * s, 0.08 * s)
    halo = QGraphicsPathItem(ring, item)
    halo.setPen(QPen(QColor("#f3e1c0"), 0.04 * s))
    return item


def _starport(centre: QPointF, s: float) -> QGraphicsPathItem:
    path = QPainterPath()
    half = 0.12 * s
    path.addRect(QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half))
    item = QGraphicsPathItem(path)
    item.setBrush(QColor("#5fe0d0"))
    item.setPen(QPen(QColor("#05070f"), 0.04 * s))
    return item
