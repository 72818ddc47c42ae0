"""Bases and outposts on the map: a base a barred square, an outpost a dotted disc, in
the owner's colour with a light edge, the same size at every zoom. Their tooltips say
whose they are, where, what they hold and their damage, as a player hovering reads it.
(Ordnance in flight the generic board draws: torpedoes as missiles, mines as mines,
nukes as busters.)"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.rules.nplanetary import reading
from app.vector.overlay import ROLE_KEY
from core.board.hexgrid import Hex
from core.rules.nplanetary import model
from core.vector.state import GameState

SIZE = 18.0
Z_INSTALLATION = 98.0  # above the map, below ships (100)
OFFSET = QPointF(-14.0, -14.0)  # the top left of the hex: ships sit at its centre


class InstallationMarker(QGraphicsItem):
    """One base or outpost."""

    def __init__(self, kind: str, colour: QColor, tip: str, damaged: bool) -> None:
        super().__init__()
        self.kind = kind
        self.colour = QColor(colour)
        self.damaged = damaged
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z_INSTALLATION)
        self.setData(ROLE_KEY, kind)
        self.setToolTip(tip)

    def rect(self) -> QRectF:
        r = SIZE / 2
        return QRectF(-r, -r, SIZE, SIZE).translated(OFFSET)

    def boundingRect(self) -> QRectF:
        return self.rect().adjusted(-3, -3, 3, 3)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        edge = QColor("#d9363e") if self.damaged else QColor("#e8ecf8")
        painter.setPen(QPen(edge, 2.0 if self.damaged else 1.4))
        painter.setBrush(self.colour)
        r = self.rect()
        if self.kind == "base":
            painter.drawRect(r)
            painter.drawLine(
                r.topLeft() + QPointF(4, r.height() / 2), r.topRight() + QPointF(-4, r.height() / 2)
            )
            return
        painter.drawEllipse(r)  # an outpost: a ring with its camp in the middle
        painter.setBrush(edge)
        painter.drawEllipse(r.center(), 2.5, 2.5)


def tooltip(h: reading.Holder) -> str:
    lines = [f"{h.owner_name}'s {h.kind_name.lower()} {h.name}", h.where, h.strength_words]
    lines += h.stock_lines()
    damage = [f"{t} {taken} of {cap}" for t, taken, cap in h.tracks if taken]
    lines.append("Damage: " + (", ".join(damage) if damage else "none"))
    return "\n".join(lines)


def installation_items(state: GameState, centre: Callable[[Hex], QPointF]) -> list[QGraphicsItem]:
    items: list[QGraphicsItem] = []
    for inst in model.holdings_of(state).installations:
        h = reading.installation_holder(state, inst)
        player = state.player(inst.owner)
        colour = QColor(player.colour) if player.colour else QColor("#cccccc")
        damaged = any(taken for _t, taken, _c in h.tracks)
        marker = InstallationMarker(h.kind, colour, tooltip(h), damaged)
        marker.setPos(centre(inst.motion.position))
        items.append(marker)
    return items
