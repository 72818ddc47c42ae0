"""The terrain layers of a star map: hex tints, asteroid fields (with their rock
pictures) and gravity arrows, each drawn tile by tile for the hexes on screen."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import Any, cast

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF, QTransform

from app.board.items import (
    Detail,
    HexWindow,
    TiledItem,
    empty_paths,
    hex_polygon,
    text_font,
)
from app.board.rocks import RockSprites, rock_drawing, rock_variant
from app.board.style import MapStyle
from core.board.hexgrid import Direction, Hex, Layout
from core.board.starmap import Arrow, Gravity, GravityKind


class TintItem(TiledItem):
    """Hexes filled with a colour each (atmosphere bands)."""

    def __init__(self, window: HexWindow, colours: Mapping[Hex, QColor], detail: Detail) -> None:
        super().__init__(window, colours.keys(), detail)
        self.colours = dict(colours)
        self._polygon = hex_polygon(window.layout)

    def begin(self, painter: QPainter, pixels: float) -> None:
        painter.setPen(Qt.PenStyle.NoPen)

    def build(self, hexes: list[Hex]) -> list[tuple[QColor, QPainterPath]]:
        by_colour: dict[int, tuple[QColor, QPainterPath]] = {}
        for h in hexes:
            colour = self.colours[h]
            found = by_colour.setdefault(colour.rgba(), (colour, empty_paths(1)[0]))
            found[1].addPolygon(self._polygon.translated(*self.layout.to_pixel(h)))
        return list(by_colour.values())

    def draw(self, painter: QPainter, tile: Any, pixels: float) -> None:
        for colour, path in tile:
            painter.setBrush(colour)
            painter.drawPath(path)


class HexTextItem(TiledItem):
    """A short text in the lower half of some hexes (the levels of an atmosphere band, so
    they read without colour); left out when the hexes are too small for it to read."""

    min_pixels = 14.0

    def __init__(
        self, window: HexWindow, texts: Mapping[Hex, str], colour: QColor, detail: Detail
    ) -> None:
        super().__init__(window, texts.keys(), detail)
        self.texts = dict(texts)
        s = window.layout.size
        self._font = text_font(0.5 * s, bold=True)
        self._pen = QPen(colour)
        self._box = QRectF(-1.5 * s, 0.1 * s, 3 * s, 0.7 * s)

    def begin(self, painter: QPainter, pixels: float) -> None:
        painter.setFont(self._font)
        painter.setPen(self._pen)

    def build(self, hexes: list[Hex]) -> list[tuple[QRectF, str]]:
        return [(self._box.translated(*self.layout.to_pixel(h)), self.texts[h]) for h in hexes]

    def draw(self, painter: QPainter, tile: Any, pixels: float) -> None:
        for box, text in tile:
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class AsteroidItem(TiledItem):
    """A few small rocks per asteroid hex, placed pseudo-randomly from the hex itself.

    How depends on the on-screen hex size, to keep frames cheap. Below
    :attr:`dots_below` pixels a rock is a pixel or two across and is drawn as a dot.
    Below :attr:`sprites_below`, each of the 61 rock drawings is painted once per zoom
    into a small picture (:class:`~app.board.rocks.RockSprites`, which keeps those of the
    last few zooms) that is then copied to every hex using it: filling the outlines
    of a few hundred hexes of rocks costs several times more.
    Bigger than that, few hexes are on screen and their outlines are drawn.
    """

    dots_below = 10.0
    sprites_below = 48.0

    def __init__(
        self,
        window: HexWindow,
        hexes: Collection[Hex],
        fill: QColor,
        edge: QColor,
        detail: Detail,
        tint: QColor | None = None,
    ) -> None:
        super().__init__(window, hexes, detail)
        s = window.layout.size
        self._brush = QBrush(fill)
        self._pen = QPen(edge, 0.04 * s)
        self._dot = QPen(fill, 1.0)
        self._dot.setCosmetic(True)
        self._tint = tint
        self._polygon = hex_polygon(window.layout)
        self._sprites = RockSprites(s, self._pen, self._brush)

    def build(self, hexes: list[Hex]) -> _Rocks:
        return _Rocks(hexes)

    def draw(self, painter: QPainter, tile: Any, pixels: float) -> None:
        rocks: _Rocks = tile
        if self._tint is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self._tint)
            painter.drawPath(rocks.tint(self.layout, self._polygon))
        transform = painter.worldTransform()
        upright = transform.type().value <= QTransform.TransformationType.TxScale.value
        if pixels < self.dots_below:
            painter.setPen(self._dot)
            painter.drawPoints(rocks.dots(self.layout))
        elif pixels < self.sprites_below and upright:
            self._draw_sprites(painter, rocks.hexes, transform)
        else:
            painter.setPen(self._pen)
            painter.setBrush(self._brush)
            size, to_pixel = self.layout.size, self.layout.to_pixel
            for h in rocks.hexes:
                x, y = to_pixel(h)
                painter.translate(x, y)
                painter.drawPath(rock_drawing(rock_variant(h), size)[0])
                painter.translate(-x, -y)

    def _draw_sprites(self, painter: QPainter, hexes: list[Hex], transform: QTransform) -> None:
        """Copy each hex's rock picture to its place, in whole device pixels."""
        scale = transform.m11()
        made = self._sprites.at(scale)
        painter.setWorldTransform(QTransform())
        to_pixel = self.layout.to_pixel
        for h in hexes:
            variant = rock_variant(h)
            found = made.get(variant) or self._sprites.make(made, variant, scale)
            # PySide6 gives map(x, y) as a tuple (x, y); its stub says object
            x, y = cast("tuple[float, float]", transform.map(*to_pixel(h)))
            painter.drawPixmap(round(x + found[1]), round(y + found[2]), found[0])
        painter.setWorldTransform(transform)


class _Rocks:
    """One tile of asteroid hexes; its tint and dots are made when first needed."""

    __slots__ = ("_dots", "_tint", "hexes")

    def __init__(self, hexes: list[Hex]) -> None:
        self.hexes = hexes
        self._tint: QPainterPath | None = None
        self._dots: QPolygonF | None = None

    def tint(self, layout: Layout, polygon: QPolygonF) -> QPainterPath:
        if self._tint is None:
            self._tint = empty_paths(1)[0]
            for h in self.hexes:
                self._tint.addPolygon(polygon.translated(*layout.to_pixel(h)))
        return self._tint

    def dots(self, layout: Layout) -> QPolygonF:
        if self._dots is None:
            points: list[QPointF] = []
            for h in self.hexes:
                x, y = layout.to_pixel(h)
                centres = rock_drawing(rock_variant(h), layout.size)[1]
                points.extend(QPointF(x + cx, y + cy) for cx, cy in centres)
            self._dots = QPolygonF(points)
        return self._dots


class GravityItem(TiledItem):
    """Gravity arrows: filled heads for normal, hollow for weak, two heads for double."""

    def __init__(
        self, window: HexWindow, gravity: Mapping[Hex, Gravity], style: MapStyle, detail: Detail
    ) -> None:
        super().__init__(window, gravity.keys(), detail)
        self.gravity = gravity
        s = window.layout.size
        self._pen = QPen(style.gravity, style.gravity_width * s)
        self._pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        self._fill = QBrush(style.gravity)
        self._mark = QBrush(style.override_mark)
        self._arrows = ArrowShapes(window.layout)

    def build(self, hexes: list[Hex]) -> tuple[QPainterPath, ...]:
        shafts, filled, hollow, marks = empty_paths(4)
        r = 0.09 * self.layout.size
        for h in hexes:
            g = self.gravity[h]
            x, y = self.layout.to_pixel(h)
            for arrow in g.arrows:
                shaft, heads = self._arrows.get(arrow, g.two_directed)
                shafts.addPath(shaft.translated(x, y))
                weak = arrow.kind is GravityKind.WEAK
                (hollow if weak else filled).addPath(heads.translated(x, y))
            if g.overridden:
                marks.addEllipse(self._arrows.mark_position(g) + QPointF(x, y), r, r)
        return (shafts, filled, hollow, marks)

    def draw(self, painter: QPainter, tile: Any, pixels: float) -> None:
        shafts, filled, hollow, marks = tile
        painter.setPen(self._pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(shafts)
        painter.drawPath(hollow)
        painter.setBrush(self._fill)
        painter.drawPath(filled)
        if not marks.isEmpty():
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self._mark)
            painter.drawPath(marks)


class ArrowShapes:
    """Cached arrow paths around the origin, per direction, kind and arrow count."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self._cache: dict[tuple[Direction, GravityKind, bool], tuple[QPainterPath, ...]] = {}

    def unit(self, d: Direction) -> tuple[float, float]:
        x, y = self.layout.to_pixel(d.vector)
        ox, oy = self.layout.origin
        n = math.hypot(x - ox, y - oy)
        return ((x - ox) / n, (y - oy) / n)

    def get(self, arrow: Arrow, pair: bool) -> tuple[QPainterPath, QPainterPath]:
        key = (arrow.direction, arrow.kind, pair)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._build(*key)
        return found[0], found[1]

    def _build(self, d: Direction, kind: GravityKind, pair: bool) -> tuple[QPainterPath, ...]:
        s = self.layout.size
        ux, uy = self.unit(d)
        vx, vy = -uy, ux
        tail, tip = (0.12 * s, 0.72 * s) if pair else (-0.5 * s, 0.66 * s)
        length, half = 0.3 * s, 0.19 * s
        heads = QPainterPath()
        bases = [tip - length]
        if kind is GravityKind.DOUBLE:
            bases.append(tip - 2.0 * length)
        for base in bases:
            point = base + length
            heads.addPolygon(
                QPolygonF(
                    [
                        QPointF(point * ux, point * uy),
                        QPointF(base * ux + half * vx, base * uy + half * vy),
                        QPointF(base * ux - half * vx, base * uy - half * vy),
                    ]
                )
            )
            heads.closeSubpath()
        shaft = QPainterPath(QPointF(tail * ux, tail * uy))
        shaft.lineTo(bases[-1] * ux, bases[-1] * uy)
        if len(bases) == 2:  # a short link between the two heads
            shaft.moveTo((bases[1] + length) * ux, (bases[1] + length) * uy)
            shaft.lineTo(bases[0] * ux, bases[0] * uy)
        return (shaft, heads)

    def mark_position(self, g: Gravity) -> QPointF:
        """A spot for the "set by hand" mark, beside the first arrow and clear of the rest."""
        ux, uy = self.unit(g.arrows[0].direction)
        s = self.layout.size
        others = [self.unit(a.direction) for a in g.arrows[1:]]
        best = max((1.0, -1.0), key=lambda k: -sum(k * (-uy * ox + ux * oy) for ox, oy in others))
        return QPointF(best * -uy * 0.45 * s, best * ux * 0.45 * s)


# ---------------------------------------------------------------- single items
