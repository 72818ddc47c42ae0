"""The manifest sheet as a widget: painted by :mod:`app.rules.interplanetary.manifest.sheet`, with
mount points to focus, click, drag and drop onto, and keys for all of it.

Keys: the arrows and Tab move between mount points; Enter, Space or the menu key ask for
the mount's menu; Delete or Backspace ask to empty it. The widget only reports what the
player asks for (signals); the dialog that owns it decides and sets new data. Read-only,
it just shows a sheet (a ship in play).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QByteArray, QMimeData, QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QDrag,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QTransform,
)
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from app.rules.interplanetary.manifest.layout import (
    HEIGHT,
    WIDTH,
    Marks,
    SheetData,
    SheetLayout,
    sheet_layout,
    transform_for,
)
from app.rules.interplanetary.manifest.sheet import paint_sheet
from core.rules.interplanetary.aid import outfitting
from core.rules.interplanetary.aid.outfitting import Slot

#: drag payloads: ``module:<kind>:<id>`` from the catalogue, ``mount:<role>:<point>``
MIME = "application/x-ecliptic-module"


class SheetWidget(QWidget):
    #: a mount point was clicked or activated (left button, or Enter with no menu wanted)
    clicked = Signal(object, object)  # Slot, Qt.MouseButton
    #: the player asks for a mount's menu at a global position
    menu_requested = Signal(object, QPoint)
    #: Delete on a mount point
    remove_requested = Signal(object)
    #: a payload (see MIME) dropped on a mount point
    dropped = Signal(object, str)
    focus_moved = Signal(object)

    def __init__(
        self, data: SheetData, parent: QWidget | None = None, *, read_only: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName("manifest_sheet")
        self._data = data
        self._marks = Marks(interactive=not read_only)
        self.read_only = read_only
        self._layout: SheetLayout = sheet_layout(data)
        self._press: tuple[QPointF, Slot] | None = None
        self.targets: list[Slot] = [] if read_only else outfitting.slots(data.aid, data.manifest)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus if read_only else Qt.FocusPolicy.StrongFocus)
        self.setAcceptDrops(not read_only)
        self.setMinimumSize(360, 495)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setAccessibleName("Manifest sheet")

    # ---- content ----

    @property
    def data(self) -> SheetData:
        return self._data

    @property
    def marks(self) -> Marks:
        return self._marks

    def set_data(self, data: SheetData) -> None:
        self._data = data
        self._layout = sheet_layout(data)
        self.update()

    def set_marks(self, marks: Marks) -> None:
        self._marks = replace(marks, focus=self._marks.focus, drop=self._marks.drop)
        self.update()

    def focused(self) -> Slot | None:
        return self._marks.focus

    def set_focus_slot(self, slot: Slot | None) -> None:
        self._marks = replace(self._marks, focus=slot)
        if slot is not None:
            self.setAccessibleDescription(self.describe(slot))
        self.focus_moved.emit(slot)
        self.update()

    def describe(self, slot: Slot) -> str:
        item = outfitting.item_at(self._data.aid, self._data.manifest, slot)
        what = item.name if item is not None else "empty"
        return f"{outfitting.slot_name(self._data.aid, slot)}: {what}"

    def slot_rect(self, slot: Slot) -> QRectF:
        """Where a mount point is on the widget (device coordinates)."""
        return self._transform().mapRect(self._layout.slots[slot])

    # ---- geometry ----

    def sizeHint(self) -> QSize:
        return QSize(580, 798)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return round(width * HEIGHT / WIDTH)

    def _transform(self) -> QTransform:
        return transform_for(QRectF(self.rect()))

    def slot_at(self, pos: QPointF) -> Slot | None:
        inverse, ok = self._transform().inverted()
        return self._layout.slot_at(inverse.map(pos)) if ok else None

    # ---- painting ----

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), self.palette().window())
        marks = (
            self._marks if self.hasFocus() or self._marks.drop else replace(self._marks, focus=None)
        )
        self._layout = paint_sheet(painter, QRectF(self.rect()), self._data, marks)
        painter.end()

    # ---- mouse ----

    def mousePressEvent(self, event: QMouseEvent) -> None:
        slot = self.slot_at(event.position())
        if self.read_only:
            if slot is not None:
                self.clicked.emit(slot, event.button())
            return
        if slot is None or slot not in self.targets:
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self.set_focus_slot(slot)
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = (event.position(), slot)
        self.clicked.emit(slot, event.button())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or not event.buttons() & Qt.MouseButton.LeftButton:
            return
        start, slot = self._press
        if (event.position() - start).manhattanLength() < QApplication.startDragDistance():
            return
        self._press = None
        if outfitting.item_at(self._data.aid, self._data.manifest, slot) is None:
            return
        mime = QMimeData()
        mime.setData(MIME, QByteArray(f"mount:{slot.role}:{slot.point}".encode()))
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.exec(Qt.DropAction.MoveAction)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._press = None

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        pos = event.pos()
        slot = self.slot_at(QPointF(pos))
        if slot is not None and slot in self.targets:
            self.set_focus_slot(slot)
            self.menu_requested.emit(slot, self.mapToGlobal(pos))

    # ---- drag and drop ----

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        slot = self.slot_at(event.position())
        ok = slot is not None and slot in self.targets
        if slot != self._marks.drop:
            self._marks = replace(self._marks, drop=slot if ok else None)
            self.update()
        if ok:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self._marks = replace(self._marks, drop=None)
        self.update()

    def dropEvent(self, event: QDropEvent) -> None:
        slot = self.slot_at(event.position())
        self._marks = replace(self._marks, drop=None)
        self.update()
        if slot is None or slot not in self.targets:
            event.ignore()
            return
        payload = bytes(event.mimeData().data(MIME).data()).decode()
        event.acceptProposedAction()
        self.setFocus(Qt.FocusReason.OtherFocusReason)
        self.set_focus_slot(slot)
        self.dropped.emit(slot, payload)

    # ---- keys ----

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        slot = self._marks.focus
        moves: dict[int, tuple[int, int]] = {  # Qt.Key is an int; key() gives an int
            Qt.Key.Key_Right: (1, 0),
            Qt.Key.Key_Left: (-1, 0),
            Qt.Key.Key_Down: (0, 1),
            Qt.Key.Key_Up: (0, -1),
        }
        if key in moves and self.targets:
            self.set_focus_slot(self._neighbour(slot, *moves[key]))
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space, Qt.Key.Key_Menu):
            if slot is not None:
                self.clicked.emit(slot, Qt.MouseButton.NoButton)
                centre = self.slot_rect(slot).center().toPoint()
                self.menu_requested.emit(slot, self.mapToGlobal(centre))
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            if slot is not None:
                self.remove_requested.emit(slot)
        else:
            super().keyPressEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab walks the mount points, then leaves the sheet."""
        if self.hasFocus() and self.targets:
            slot = self._marks.focus
            index = self.targets.index(slot) if slot in self.targets else -1
            index += 1 if next else -1
            if 0 <= index < len(self.targets) and slot is not None:
                self.set_focus_slot(self.targets[index])
                return True
        return super().focusNextPrevChild(next)

    def focusInEvent(self, event: QFocusEvent) -> None:
        if self._marks.focus is None and self.targets:
            self.set_focus_slot(self.targets[0])
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.update()

    def _neighbour(self, slot: Slot | None, dx: int, dy: int) -> Slot:
        """The nearest mount point in a direction; in order when there is none that way."""
        if slot is None or slot not in self._layout.slots:
            return self.targets[0]
        here = self._layout.slots[slot].center()
        best: tuple[float, Slot] | None = None
        for other in self.targets:
            there = self._layout.slots[other].center()
            ddx, ddy = there.x() - here.x(), there.y() - here.y()
            along = ddx * dx + ddy * dy
            if other == slot or along <= 1:
                continue
            across = abs(ddx * dy) + abs(ddy * dx)
            score = along + 2.5 * across
            if best is None or score < best[0]:
                best = (score, other)
        if best is not None:
            return best[1]
        index = self.targets.index(slot) if slot in self.targets else 0
        step = 1 if dx + dy > 0 else -1
        return self.targets[(index + step) % len(self.targets)]
