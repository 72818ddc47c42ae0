"""The catalogue of modules beside the sheet: every gun, launched weapon, system and
single-use module of the play aid, with its cost and what it does; drag one onto a mount,
or press Enter (double-click) to fit it on the focused mount."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QMimeData, Qt, Signal
from PySide6.QtGui import QColor, QDragEnterEvent, QDragMoveEvent, QDropEvent, QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QTreeWidget, QTreeWidgetItem, QWidget

from app.rules.interplanetary.manifest.widget import MIME
from core.engine.words import plural
from core.rules.interplanetary.aid import outfitting
from core.rules.interplanetary.aid.playaid import EFFECTS, Gun, LaunchedWeapon, Module, PlayAid

GROUPS = (
    ("guns", "Guns (Gun Mounts)"),
    ("launched", "Launched weapons (Launchers)"),
    ("systems", "System modules (Systems)"),
    ("single_use", "Single-use modules"),
)
KIND_ROLE = {v: k for k, v in outfitting.KIND_OF_ROLE.items()}
ID_ROLE = Qt.ItemDataRole.UserRole


def effect_text(aid: PlayAid, item: outfitting.Item) -> str:
    """What an item does, in the card's words, with the numbers that matter."""
    parts: list[str] = []
    if isinstance(item, Gun):
        parts.append("both gun mounts" if item.mounts > 1 else "1 gun mount")
    elif isinstance(item, LaunchedWeapon):
        life = f"lasts {plural(item.lifetime, 'turn')}" if item.lifetime else "lasts until spent"
        thrust = f", thrust {item.thrust}" if item.thrust else ""
        parts.append(f"{life}{thrust}")
    elif isinstance(item, Module) and item.effect in EFFECTS and not item.note:
        parts.append(EFFECTS[item.effect].meaning.replace("`amount`", str(item.amount)))
    if item.note:
        parts.append(item.note)
    return " · ".join(parts)


class Catalogue(QTreeWidget):
    """Items carry ``kind:id`` in their data; groups are not selectable."""

    chosen = Signal(str, str)  # kind, id
    #: a module dragged off the sheet and dropped here: take it off
    returned = Signal(str)

    def __init__(self, aid: PlayAid, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("catalogue")
        self.setAccessibleName("Module catalogue")
        self.setColumnCount(3)
        self.setHeaderLabels(["Module", "Cost", "What it does"])
        self.setRootIsDecorated(True)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setWordWrap(True)
        self.setUniformRowHeights(False)
        for kind, title in GROUPS:
            group = QTreeWidgetItem(self, [title])
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            font = group.font(0)
            font.setBold(True)
            group.setFont(0, font)
            for item in outfitting.catalogue(aid, kind):
                cost = "not sold" if item.cost is None else str(item.cost)
                row = QTreeWidgetItem(group, [item.name, cost, effect_text(aid, item)])
                row.setData(0, ID_ROLE, f"{kind}:{item.id}")
                row.setToolTip(2, effect_text(aid, item))
                row.setTextAlignment(1, Qt.AlignmentFlag.AlignCenter)
                flags = Qt.ItemFlag.ItemIsEnabled
                if item.cost is not None:
                    flags |= Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
                else:  # shown for what it is, but it cannot be bought
                    row.setForeground(0, QColor("#808080"))
                row.setFlags(flags)
        self.expandAll()
        self.resizeColumnToContents(0)
        self.setColumnWidth(0, max(self.columnWidth(0), 150))
        self.setColumnWidth(1, 56)
        self.itemActivated.connect(self._activated)

    def item_for(self, kind: str, id: str) -> QTreeWidgetItem | None:
        for i in range(self.topLevelItemCount()):
            group = self.topLevelItem(i)
            assert group is not None  # i < topLevelItemCount()
            for j in range(group.childCount()):
                child = group.child(j)
                assert child is not None  # j < childCount()
                if child.data(0, ID_ROLE) == f"{kind}:{id}":
                    return child
        return None

    def _activated(self, item: QTreeWidgetItem, column: int) -> None:
        data = item.data(0, ID_ROLE)
        if data:
            kind, id = str(data).split(":", 1)
            self.chosen.emit(kind, id)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        item = self.currentItem()
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and item:
            self._activated(item, 0)
            return
        super().keyPressEvent(event)

    def mimeData(self, items: list[QTreeWidgetItem]) -> QMimeData:  # type: ignore[override]
        mime = QMimeData()
        data = items[0].data(0, ID_ROLE) if items else None
        if data:
            mime.setData(MIME, QByteArray(f"module:{data}".encode()))
        return mime

    def mimeTypes(self) -> list[str]:
        return [MIME]

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(MIME) and event.source() is not self:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if event.mimeData().hasFormat(MIME) and event.source() is not self:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        payload = bytes(event.mimeData().data(MIME).data()).decode()
        if payload.startswith("mount:"):
            event.acceptProposedAction()
            self.returned.emit(payload)
        else:
            event.ignore()
