"""The map view: zoom, pan, hex clicks and the ruler.

Navigation is the view's own, not ``ScrollHandDrag``: the left button belongs to the
game (selecting ships, committing courses), so the map pans with the middle button,
with Space held and the left button, or with the arrow keys. The wheel zooms in fixed
steps around the cursor; ``zoom(steps)`` zooms around the centre for menus and keys.
What a map opens at and Fit Map are in :mod:`app.board.framing`.
"""

from __future__ import annotations

import contextlib
import ctypes
import sys
from collections.abc import Callable

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QFocusEvent,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QPolygonF,
    QShowEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QApplication, QGraphicsView, QWidget

from app.board.backdrop import Backdrop
from app.board.framing import MAX_SCALE, Framing
from app.board.items import HEX_SIZE
from app.board.scene import StarMapScene
from core.board.hexgrid import Hex
from core.engine.words import plural

ZOOM_STEP = 1.25
MIN_SCALE = 0.01
PAN_FRACTION = 0.2
"""How far one arrow key press pans, as a fraction of the viewport's width or height."""
WHEEL_NOTCH = 120  # angleDelta units per wheel notch (Qt's convention)
#: the view's own keys and buttons, for the Keyboard Shortcuts page (keep with the code below)
NAVIGATION: tuple[tuple[str, str], ...] = (
    ("Arrow keys", "Pan the map"),
    ("Space + drag, or middle button drag", "Pan the map"),
    ("Mouse wheel", "Zoom in or out around the pointer"),
    ("Esc", "Put the ruler away"),
)
RULER_LABEL = QRect(0, 0, 150, 44)  # room kept for the ruler's label when repainting
M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
_malloc_tuned = False


def _keep_big_buffers_out_of_the_heap() -> None:
    """Every zoom frees and allocates screen-sized pixel buffers (the view's cached
    picture of the map is 8 MB at 1920x1080). glibc raises its mmap threshold when the
    first such buffer is freed, so later ones come from the heap, which keeps freed
    memory: the process grew by 25 MB over one zoom from the whole map in and out. A
    fixed 1 MB threshold keeps big buffers mapped on their own and given back when freed.
    """
    global _malloc_tuned
    if _malloc_tuned or not sys.platform.startswith("linux"):
        return
    _malloc_tuned = True
    with contextlib.suppress(OSError, AttributeError):  # not glibc: nothing to tune
        ctypes.CDLL(None).mallopt(M_MMAP_THRESHOLD, 1 << 20)


#: the map view's scroll bars: a dark groove, a lighter handle, no arrow buttons (the map
#: pans by dragging, with the arrow keys and by the wheel's zoom around the cursor)
SCROLL_GROOVE = "#070b1c"
SCROLL_BAR_STYLE = f"""
QScrollBar {{ background: {SCROLL_GROOVE}; border: none; }}
QScrollBar:horizontal {{ height: 12px; }}
QScrollBar:vertical {{ width: 12px; }}
QScrollBar::handle {{ background: #3a4468; border-radius: 4px; margin: 2px; }}
QScrollBar::handle:hover, QScrollBar::handle:pressed {{ background: #56639a; }}
QScrollBar::handle:horizontal {{ min-width: 32px; }}
QScrollBar::handle:vertical {{ min-height: 32px; }}
QScrollBar::add-line, QScrollBar::sub-line {{ width: 0; height: 0; border: none; }}
QScrollBar::add-page, QScrollBar::sub-page {{ background: none; }}
"""


class MapView(Framing, QGraphicsView):
    """A ``QGraphicsView`` for a :class:`StarMapScene`.

    Signals: ``hex_hovered(Hex | None)`` when the hex under the mouse changes (None off
    the map); ``hex_clicked(Hex)`` on a left click on a map hex that did not pan or
    measure; ``hex_context(Hex, QPoint)`` on a right click (or the menu key) over a map
    hex, with the global position for a menu; ``ruler_measured(Hex, Hex, int)`` whenever
    the ruler's ends change; ``ruler_finished()`` when the ruler is turned off. While
    ``hex_clicked`` is sent, ``clicked_at`` is where in the viewport the click was (a
    counter fanned out of its hex into another is what the player clicked, not that hex).
    """

    hex_hovered = Signal(object)
    hex_clicked = Signal(object)
    hex_context = Signal(object, QPoint)
    ruler_measured = Signal(object, object, int)
    ruler_finished = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _keep_big_buffers_out_of_the_heap()
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        # The map is the scene's background: cached as a picture of the viewport (our
        # own, not Qt's CacheBackground, which makes a new one on every zoom), it is
        # scrolled when panning and only the strip scrolled in is painted; items the
        # game puts on top are redrawn over it without repainting the map.
        self._backdrop = Backdrop(self.viewport(), lambda r: self.mapToScene(r).boundingRect())
        # Flat scroll bars in the map's colours: the desktop style's bars repaint with
        # every zoom (their range changes) and cost 4-5 ms of each zoom frame; these
        # cost about 0.1 ms.
        for bar in (self.horizontalScrollBar(), self.verticalScrollBar()):
            bar.setStyleSheet(SCROLL_BAR_STYLE)
        corner = QWidget()
        corner.setStyleSheet(f"background: {SCROLL_GROOVE};")
        self.setCornerWidget(corner)
        # Zooming keeps its own anchor (zoom_at), so Qt's must not move the view as well.
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self._hovered: Hex | None = None
        self._wheel = 0  # angleDelta not yet turned into whole steps (touchpads)
        self._space = False
        self._pan_button: Qt.MouseButton | None = None
        self._pan_last = QPointF()
        self._click_at: QPointF | None = None  # where a left press that may click began
        self.clicked_at: QPoint | None = None
        self._ruler_on = False
        self._ruler_dragging = False
        self._ruler_open = False  # clicked once: the far end follows the mouse to a click
        self._ruler: tuple[Hex, Hex] | None = None
        self._frame_when_shown: Callable[[], None] | None = None

    # ---- queries

    def hex_at(self, pos: QPointF | QPoint) -> Hex | None:
        """The map hex under a viewport position, or None."""
        scene = self.map_scene()
        if scene is None:
            return None
        return scene.hex_at(self.mapToScene(QPointF(pos).toPoint()))

    def overview_active(self) -> bool:
        """Whether the scene is drawn from its overview picture at the current zoom."""
        scene = self.map_scene()
        return scene is not None and scene.overview_shown(self.scale_factor() * HEX_SIZE)

    # ---- zoom and pan

    def showEvent(self, event: QShowEvent) -> None:
        """A map framed while the view was hidden (behind the hand-over screen, before
        the window was shown) is framed again for the view the player sees."""
        super().showEvent(event)
        again, self._frame_when_shown = self._frame_when_shown, None
        if again is not None:
            again()

    def zoom(self, steps: int) -> bool:
        """Zoom by whole steps (positive: in) around the viewport's centre, within
        sensible limits. Returns whether the view changed."""
        return self.zoom_at(steps, QPointF(self.viewport().rect().center()))

    def zoom_at(self, steps: int, pos: QPointF) -> bool:
        """Zoom by whole steps keeping the scene point under viewport position ``pos``."""
        factor = ZOOM_STEP**steps
        if not steps or not MIN_SCALE <= self.scale_factor() * factor <= MAX_SCALE:
            return False
        anchor = self._to_scene(pos)
        self.room_for(anchor, pos, self.scale_factor() * factor)
        self.scale(factor, factor)
        # A zoom repaints the whole viewport, so Qt's accelerated scrolling (moving the
        # viewport's old pixels along with the scroll bars, 1-2 ms a frame) is wasted.
        mode = self.viewportUpdateMode()
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        try:
            self._put(anchor, pos)
        finally:
            self.setViewportUpdateMode(mode)
        return True

    def pan(self, dx: float, dy: float) -> None:
        """Move the map by ``(dx, dy)`` viewport pixels (positive: the map moves right
        and down, so the view shows what was left of and above it)."""
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() - round(dx))
        v.setValue(v.value() - round(dy))

    def centre_on_hex(self, h: Hex) -> None:
        scene = self.map_scene()
        if scene is not None:
            self.centerOn(scene.centre_of(h))

    def _to_scene(self, pos: QPointF) -> QPointF:
        """``mapToScene`` without rounding ``pos`` to whole pixels."""
        inverse, _ok = self.viewportTransform().inverted()
        return inverse.map(pos)

    def _put(self, scene_point: QPointF, pos: QPointF) -> None:
        """Scroll so that ``scene_point`` lies under viewport position ``pos``."""
        now = self.viewportTransform().map(scene_point)
        self.pan(pos.x() - now.x(), pos.y() - now.y())

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y()
        if not delta:
            super().wheelEvent(event)  # sideways scrolling pans as usual
            return
        self._wheel += delta
        steps = int(self._wheel / WHEEL_NOTCH)
        if steps:
            self._wheel -= steps * WHEEL_NOTCH
            self.zoom_at(steps, event.position())
            self._hover(event.position())
        event.accept()

    # ---- mouse

    def mousePressEvent(self, event: QMouseEvent) -> None:
        button = event.button()
        left = button == Qt.MouseButton.LeftButton
        if self._pan_button is None and (
            button == Qt.MouseButton.MiddleButton or (left and self._space)
        ):
            self._pan_button = button
            self._pan_last = event.position()
            self._click_at = None
            self._update_cursor()
            event.accept()
            return
        if left and self._ruler_on:
            h = self.hex_at(event.position())
            if h is not None and self._ruler_open and self._ruler is not None:
                self._ruler_open = False  # the second click of click, click
                self._set_ruler_ends(self._ruler[0], h)
            elif h is not None:
                self._ruler_dragging = True
                self._set_ruler_ends(h, h)
            event.accept()
            return
        if left:
            self._click_at = event.position()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        if self._pan_button is not None:
            self.pan(pos.x() - self._pan_last.x(), pos.y() - self._pan_last.y())
            self._pan_last = pos
            self._hover(pos)
            event.accept()
            return
        if (self._ruler_dragging or self._ruler_open) and self._ruler is not None:
            h = self.hex_at(pos)
            if h is not None:
                self._set_ruler_ends(self._ruler[0], h)
        if self._click_at is not None and _moved(self._click_at, pos):
            self._click_at = None  # a drag, not a click
        super().mouseMoveEvent(event)
        self._hover(pos)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        button = event.button()
        if self._pan_button is not None:
            if button == self._pan_button:
                self._pan_button = None
                self._update_cursor()
            event.accept()
            return
        if button == Qt.MouseButton.LeftButton and self._ruler_dragging:
            self._ruler_dragging = False
            # released where it was pressed: a click, so the next click sets the far end
            self._ruler_open = self._ruler is not None and self._ruler[0] == self._ruler[1]
            event.accept()
            return
        clicked = self._click_at
        self._click_at = None
        super().mouseReleaseEvent(event)
        if button == Qt.MouseButton.LeftButton and clicked is not None:
            h = self.hex_at(event.position())
            if h is not None and not _moved(clicked, event.position()):
                self.clicked_at = event.position().toPoint()
                try:
                    self.hex_clicked.emit(h)
                finally:
                    self.clicked_at = None

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        h = self.hex_at(event.pos())
        if h is None:
            super().contextMenuEvent(event)
            return
        self.hex_context.emit(h, event.globalPos())
        event.accept()

    def leaveEvent(self, event: QEvent) -> None:
        super().leaveEvent(event)
        if self._hovered is not None:
            self._hovered = None
            self.hex_hovered.emit(None)

    def _hover(self, pos: QPointF) -> None:
        h = self.hex_at(pos)
        if h != self._hovered:
            self._hovered = h
            self.hex_hovered.emit(h)

    # ---- keys

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if key == Qt.Key.Key_Space and plain:
            if not event.isAutoRepeat():
                self._space = True
                self._update_cursor()
            event.accept()
            return
        arrows: dict[int, tuple[int, int]] = {  # Qt.Key is an int; key() gives an int
            Qt.Key.Key_Left: (1, 0),
            Qt.Key.Key_Right: (-1, 0),
            Qt.Key.Key_Up: (0, 1),
            Qt.Key.Key_Down: (0, -1),
        }
        step = arrows.get(key)
        if step is not None and plain:
            sx, sy = step
            size = self.viewport().size()
            self.pan(sx * PAN_FRACTION * size.width(), sy * PAN_FRACTION * size.height())
            event.accept()
            return
        if key == Qt.Key.Key_Escape and self._ruler_on:
            self.set_ruler(False)
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self._update_cursor()
            event.accept()
            return
        super().keyReleaseEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        # The release of a Space held while focus left would never arrive.
        self._space = False
        self._update_cursor()
        super().focusOutEvent(event)

    def _update_cursor(self) -> None:
        if self._pan_button is not None:
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        elif self._space:
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        elif self._ruler_on:
            self.viewport().setCursor(Qt.CursorShape.CrossCursor)
        else:
            self.viewport().unsetCursor()

    def is_panning(self) -> bool:
        return self._pan_button is not None

    # ---- ruler

    def set_ruler(self, on: bool) -> None:
        """Turn the ruler on or off; turning it off clears it and emits ``ruler_finished``."""
        if on == self._ruler_on:
            return
        self._ruler_on = on
        self._ruler_dragging = self._ruler_open = False
        if not on:
            self._repaint_ruler()
            self._ruler = None
            self.ruler_finished.emit()
        self._update_cursor()

    def ruler_active(self) -> bool:
        return self._ruler_on

    def ruler_measurement(self) -> tuple[Hex, Hex, int] | None:
        """The ruler's two hexes and the distance between them, once one is measured."""
        if self._ruler is None:
            return None
        start, end = self._ruler
        return (start, end, start.distance(end))

    def _set_ruler_ends(self, start: Hex, end: Hex) -> None:
        if self._ruler == (start, end):
            return
        self._repaint_ruler()
        self._ruler = (start, end)
        self._repaint_ruler()
        self.ruler_measured.emit(start, end, start.distance(end))

    def _repaint_ruler(self) -> None:
        """Schedule a repaint of the part of the viewport the ruler covers."""
        scene = self.map_scene()
        if self._ruler is None or scene is None:
            return
        area = QRectF()
        for h in self._ruler:
            area = area.united(_polygon(scene, h).boundingRect())
        rect = self.mapFromScene(area).boundingRect().adjusted(-4, -4, 4, 4)
        end = self.mapFromScene(scene.centre_of(self._ruler[1]))
        self.viewport().update(rect.united(RULER_LABEL.translated(end)))

    # ---- the map's picture

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        self._backdrop.follow(self.scene(), self._background_changed)
        self._backdrop.draw(painter, super().drawBackground)

    def resetCachedContent(self) -> None:
        """Repaint the whole map from the scene at the next paint."""
        self._backdrop.forget()
        super().resetCachedContent()
        self.viewport().update()

    def backdrop(self) -> Backdrop:
        return self._backdrop

    def _background_changed(self, rect: QRectF) -> None:
        if rect.isNull():
            self._backdrop.forget()
        else:
            self._backdrop.forget_rect(self.mapFromScene(rect).boundingRect())

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        super().drawForeground(painter, rect)
        scene = self.map_scene()
        if self._ruler is None or scene is None:
            return
        start, end = self._ruler
        style = scene.map_style
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(style.ruler, 2.5)
        pen.setCosmetic(True)  # the same width at every zoom
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for h in {start, end}:
            painter.drawPolygon(_polygon(scene, h))
        a, b = scene.centre_of(start), scene.centre_of(end)
        painter.drawLine(a, b)
        text = plural(start.distance(end), "hex")
        at = painter.worldTransform().map(b)
        painter.resetTransform()
        font = QFont()
        font.setPixelSize(15)
        font.setBold(True)
        painter.setFont(font)
        box = painter.fontMetrics().boundingRect(text).adjusted(-6, -3, 6, 3)
        box.moveTopLeft(QPoint(round(at.x()) + 14, round(at.y()) + 10))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.ruler_backing)
        painter.drawRoundedRect(QRectF(box), 4.0, 4.0)
        painter.setPen(style.ruler)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()


def _polygon(scene: StarMapScene, h: Hex) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in scene.layout.corners(h)])


def _moved(a: QPointF, b: QPointF) -> bool:
    """Whether the pointer went far enough from ``a`` to ``b`` to be a drag."""
    return (b - a).manhattanLength() >= QApplication.startDragDistance()
