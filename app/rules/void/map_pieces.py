"""Torpedo groups in flight on a tactical battle's map: a "#T" tag in the owner's colour
beside the hex's ships (beyond their fan when they share it), the same size at every zoom,
the groups sharing a hex one under another. Its tooltip says whose it is and what it is
after as the player on show may know it (the window's state is that player's view:
another side's target reads "target unknown" until one of their ships scans it). A group
whose guidance is plotted shows the course it will fly as a ship's order does, dashed: an
arrow to where the burn ends its move. Only the owner's view (and a referee's) holds that
burn, so no one else sees it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from app.board.items import HEX_SIZE
from app.rules.void.tactical_scan import aim
from app.vector.overlay import ROLE_KEY, Z_OVERLAY
from app.vector.pieces import arrow_path, fan_radius
from core.board.hexgrid import Hex
from core.rules.void.tactical.terms import Torpedoes, tactical_terms
from core.rules.void.tactical.torpedoes import guided_end
from core.vector.state import GameState

Z_TORPEDOES = 101.0  # over the ships' counters, whose hex they share when they strike
OFFSET = QPointF(12.0, 10.0)  # below and right of the hex's centre, clear of the counter
STACKED = 18.0  # each further group in the same hex, this many pixels lower


class TorpedoTag(QGraphicsItem):
    """One group: its label ("2T") on the owner's colour."""

    def __init__(
        self, label: str, colour: QColor, tip: str, stack: int = 0, fan: float = 0.0
    ) -> None:
        super().__init__()
        self.label = label
        self.stack = stack  # the groups before it in its hex: tags never hide each other
        self.fan = fan  # how far the hex's ship counters fan out: the tag stands beyond
        self.colour = QColor(colour)
        self.font = QFont()
        self.font.setPixelSize(11)
        self.font.setBold(True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z_TORPEDOES)
        self.setData(ROLE_KEY, "torpedoes")
        self.setToolTip(tip)

    def rect(self) -> QRectF:
        at = OFFSET + QPointF(self.fan, STACKED * self.stack)
        return QRectF(-13.0, -8.0, 26.0, 16.0).translated(at)

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


def guidance_item(
    state: GameState, group: Torpedoes, colour: QColor, centre: Callable[[Hex], QPointF]
) -> QGraphicsItem | None:
    """The course ``group``'s plotted guidance flies it this turn, as an arrow in its
    owner's colour (role "torpedo plan"); None when the view holds no burn for it."""
    end = guided_end(group, state.round)
    if end is None:
        return None
    start = group.motion.position
    item = QGraphicsPathItem(arrow_path(centre(start), centre(end), 0.4 * HEX_SIZE))
    item.setPen(QPen(colour, 0.1 * HEX_SIZE, Qt.PenStyle.DashLine))
    item.setBrush(colour)
    item.setZValue(Z_OVERLAY)
    item.setData(ROLE_KEY, "torpedo plan")
    where = state.starmap.bounds.labels.format(end)
    item.setToolTip(f"{group.label} {group.id}: guidance plotted, it ends its move at {where}")
    return item


def torpedo_items(state: GameState, centre: Callable[[Hex], QPointF]) -> list[QGraphicsItem]:
    """A tag for each group in flight, and the course of each whose guidance the player
    on show plotted (none outside a tactical battle)."""
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
        fan = fan_radius(sum(s.in_play and s.motion.position == at for s in state.ships))
        tag = TorpedoTag(group.label, colour, tooltip(state, group), stacked[at], fan)
        tag.setPos(centre(at))
        items.append(tag)
        course = guidance_item(state, group, colour, centre)
        if course is not None:
            items.append(course)
    return items
