"""Torpedo groups in flight on a tactical battle's map: a "#T" tag in the owner's colour
beside the hex's ships, the same size at every zoom, the groups sharing a hex one under
another. Its tooltip says whose it is and what it is after as the player on show may know
it (the window's state is that player's view: another side's target reads "target
unknown" until one of their ships scans it)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.rules.void.tactical_scan import aim
from app.vector.overlay import ROLE_KEY
from core.board.hexgrid import Hex
from core.rules.void.tactical.terms import Torpedoes, tactical_terms
from core.vector.state import GameState

Z_TORPEDOES = 101.0  # over the ships' counters, whose hex they share when they strike
OFFSET = QPointF(12.0, 10.0)  # below and right of the hex's centre, clear of the counter
STACKED = 18.0  # each further group in the same hex, this many pixels lower


class TorpedoTag(QGraphicsItem):
    """One group: its label ("2T") on the owner's colour."""

    def __init__(self, label: str, colour: QColor, tip: str, stack: int = 0) -> None:
        super().__init__()
        self.label = label
        self.stack = stack  # the groups before it in its hex: tags never hide each other
        self.colour = QColor(colour)
        self.font = QFont()
        self.font.setPixelSize(11)
        self.font.setBold(True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z_TORPEDOES)
        self.setData(ROLE_KEY, "torpedoes")
        self.setToolTip(tip)

    def rect(self) -> QRectF:
        return QRectF(-13.0, -8.0, 26.0, 16.0).translated(OFFSET + QPointF(0, STACKED * self.stack))

    def boundingRect(self) -> QRectF:
        return self.rect().adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#e8ecf8"), 1.2))
        painter.setBrush(self.colour)
        painter.drawRoundedRect(self.rect(), 4, 4)
        painter.setPen(QColor("#101828"))
        painter.setFont(self.font)
        painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.label)


def tooltip(state: GameState, group: Torpedoes) -> str:
    owner = next((p.name for p in state.players if p.id == group.owner), group.owner)
    launched = f"launched turn {group.launched}"
    return f"{owner}'s torpedoes {group.label} {group.id} ({launched}): {aim(state, group)}"


def torpedo_items(state: GameState, centre: Callable[[Hex], QPointF]) -> list[QGraphicsItem]:
    """A tag for each group in flight (none outside a tactical battle)."""
    battle = tactical_terms(state)
    if battle is None:
        return []
    items: list[QGraphicsItem] = []
    stacked: dict[Hex, int] = {}
    for group in battle.torpedoes:
        at = group.motion.position
        stacked[at] = stacked.get(at, -1) + 1
        player = next((p for p in state.players if p.id == group.owner), None)
        colour = QColor(player.colour) if player is not None and player.colour else QColor("#ccc")
        tag = TorpedoTag(group.label, colour, tooltip(state, group), stacked[at])
        tag.setPos(centre(at))
        items.append(tag)
    return items
