"""Asteroid rocks: the 61 rock drawings hexes share, and their pictures per zoom.

A rock drawing made with the random generator costs more than everything else a tile
needs, so hexes share 61 of them, picked by coordinates. Between 10 and 48 pixels a
hex each drawing is painted once per zoom into a small picture that frames copy.
"""

from __future__ import annotations

import functools
import math
import random

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QImage, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from core.board.hexgrid import Hex

ROCK_VARIANTS = 61
"""How many different rock drawings there are; each hex picks one from its coordinates."""
PAD = 2.0
"""Transparent pixels around each drawing on a sheet, for its antialiased edge."""


def rock_variant(h: Hex) -> int:
    return (h.q * 92821 + h.r * 68917) % ROCK_VARIANTS


@functools.cache
def rock_drawing(variant: int, size: float) -> tuple[QPainterPath, tuple[tuple[float, float], ...]]:
    """Rock drawing number ``variant`` and the centres of its rocks.

    A picture of the built-in map makes 57 of them first thing, so the generator's
    ``uniform(a, b)`` is written out as it is defined, ``a + (b - a) * random()`` (for
    ``uniform(0, tau)``: ``tau * random()``), with the same numbers drawn in the same
    order: the same drawings, about a sixth quicker."""
    rng = random.Random(variant * 7919 + 7)
    draw = rng.random
    cos, sin, tau = math.cos, math.sin, math.tau
    path = QPainterPath()
    placed: list[tuple[float, float, float]] = []
    for _ in range(3 + rng.randrange(3)):
        for _attempt in range(12):
            radius = size * (0.09 + (0.17 - 0.09) * draw())
            angle, dist = tau * draw(), size * 0.55 * math.sqrt(draw())
            x, y = dist * cos(angle), dist * sin(angle)
            for px, py, pr in placed:
                if not math.hypot(x - px, y - py) > radius + pr:
                    break
            else:
                break
        placed.append((x, y, radius))
        corners = 5 + rng.randrange(3)
        turn = tau * draw()
        points = [
            QPointF(
                x + radius * (0.7 + (1.0 - 0.7) * draw()) * cos(turn + tau * i / corners),
                y + radius * (0.7 + (1.0 - 0.7) * draw()) * sin(turn + tau * i / corners),
            )
            for i in range(corners)
        ]
        path.addPolygon(QPolygonF(points))
        path.closeSubpath()
    return path, tuple((x, y) for x, y, _ in placed)


def rock_sprite(
    variant: int, size: float, scale: float, pen: QPen, brush: QBrush
) -> tuple[QPixmap, float, float]:
    """Rock drawing ``variant`` (of hexes ``size`` scene pixels) painted at ``scale``
    into a picture of its own, and where the picture's corner sits from the hex centre
    in screen pixels."""
    path = rock_drawing(variant, size)[0]
    box = path.boundingRect()
    image = QImage(
        math.ceil(box.width() * scale + 2 * PAD),
        math.ceil(box.height() * scale + 2 * PAD),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate(PAD - box.left() * scale, PAD - box.top() * scale)
    p.scale(scale, scale)
    p.setPen(pen)
    p.setBrush(brush)
    p.drawPath(path)
    p.end()
    return (QPixmap.fromImage(image), box.left() * scale - PAD, box.top() * scale - PAD)


class RockSprites:
    """The rock drawings as pictures at the last few zooms, made when first drawn.

    Filling and outlining a drawing costs about 0.1 ms at 2x, so a zoom that needs all
    61 afresh spent up to 7 ms of its frame on them; the pictures of the last
    :attr:`KEPT` zooms are kept (a few MB at most), so zooming back costs none.
    """

    KEPT = 8

    def __init__(self, size: float, pen: QPen, brush: QBrush) -> None:
        self._size, self._pen, self._brush = size, pen, brush
        self._zooms: dict[float, dict[int, tuple[QPixmap, float, float]]] = {}

    def at(self, scale: float) -> dict[int, tuple[QPixmap, float, float]]:
        """The pictures made so far at ``scale``, by drawing; see :meth:`make`."""
        # Zooming in n steps and back out gives the same scale up to rounding.
        scale = round(scale, 9)
        found = self._zooms.pop(scale, None)
        if found is None:
            found = {}
            while len(self._zooms) >= self.KEPT:
                del self._zooms[next(iter(self._zooms))]  # the zoom least recently drawn
        self._zooms[scale] = found  # now the most recent
        return found

    def make(
        self, made: dict[int, tuple[QPixmap, float, float]], variant: int, scale: float
    ) -> tuple[QPixmap, float, float]:
        found = made[variant] = rock_sprite(variant, self._size, scale, self._pen, self._brush)
        return found
