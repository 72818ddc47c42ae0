"""The hex grid and the hex labels of a star map: the whole-map layers drawn as one
repeated pattern, so a large map costs no more than the part on screen."""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen

from app.board.items import Detail, HexWindow, WholeMapItem, text_font
from app.board.style import MapStyle
from core.board.hexgrid import Direction, Layout


class GridItem(WholeMapItem):
    """The hex grid, drawn from one cached pattern of n x n hexes, translated.

    Each hex draws the three edges it shares with its SE, NE and N neighbours (in
    flat-top names), so no line is drawn twice; the edges on the map's border that face
    off the map are kept apart, by tile. Because columns (flat) or rows (pointy) only
    shift by half a hex, a block of an even number of them looks the same wherever it
    is, so the whole interior of the map is the same few paths; the block size grows as
    the view zooms out, keeping the calls per frame to a few dozen.
    """

    TILE = 16  # tiles of the border edges
    min_pixels = 5.0
    smooth_from = 12.0  # antialiased from this many pixels a hex
    OWN = frozenset({Direction.SE, Direction.NE, Direction.N})
    BLOCKS = (2, 4, 8, 16, 32)
    MAX_BLOCKS = 48  # pattern blocks drawn per frame, at most (unless the largest is needed)

    def __init__(self, window: HexWindow, style: MapStyle, detail: Detail) -> None:
        super().__init__(window, detail)
        size = window.layout.size
        self._width = style.grid_width * size
        # Square caps: the line ends at a corner hide under the other two lines there,
        # and unlike round caps they cost no more to draw than no caps.
        self._pen = QPen(style.grid, self._width)
        self._pen.setCapStyle(Qt.PenCapStyle.SquareCap)
        self._thin = QPen(style.grid, 1.0)
        self._thin.setCosmetic(True)
        self._edges = _edge_corners(window.layout)
        self._origin = window.layout.to_pixel(window.labels.from_offset(0, 0))
        self._patterns: dict[tuple[int, int], QPainterPath] = {}
        self._border: dict[tuple[int, int], QPainterPath] = {}

    def paint_cells(self, painter: QPainter, cols: range, rows: range, pixels: float) -> None:
        size = self.layout.size
        # Up to 1.5 pixels wide, a one-pixel cosmetic line looks the same and is drawn
        # by Qt's fast line stroker instead of being outlined as a polygon.
        painter.setPen(self._thin if pixels / size * self._width <= 1.5 else self._pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        # Zoomed out the grid is a fine mesh where smoothing is not seen, and costs twice.
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, pixels >= self.smooth_from)
        for path, dx, dy in self.pieces(cols, rows):
            painter.translate(dx, dy)
            painter.drawPath(path)
            painter.translate(-dx, -dy)

    def pieces(self, cols: range, rows: range) -> Iterator[tuple[QPainterPath, float, float]]:
        """The paths (and where to move each) that draw the grid of the hexes at offset
        columns ``cols`` and rows ``rows``, plus a little around them."""
        n = next(
            (b for b in self.BLOCKS if -(-len(cols) // b) * -(-len(rows) // b) <= self.MAX_BLOCKS),
            self.BLOCKS[-1],
        )
        w, h = self.hex_window.bounds.width, self.hex_window.bounds.height
        from_offset, to_pixel = self.hex_window.labels.from_offset, self.layout.to_pixel
        ox, oy = self._origin
        for br in range(rows.start // n, (rows.stop - 1) // n + 1):
            for bc in range(cols.start // n, (cols.stop - 1) // n + 1):
                col, row = bc * n, br * n
                x, y = to_pixel(from_offset(col, row))
                yield self._pattern(min(n, w - col), min(n, h - row)), x - ox, y - oy
        t = self.TILE
        last_c, last_r = (w - 1) // t, (h - 1) // t
        for tr in range(rows.start // t, (rows.stop - 1) // t + 1):
            for tc in range(cols.start // t, (cols.stop - 1) // t + 1):
                if tc in (0, last_c) or tr in (0, last_r):
                    yield self._border_tile(tc, tr), 0.0, 0.0

    def _pattern(self, ncols: int, nrows: int) -> QPainterPath:
        """The own edges of the block of hexes at columns and rows ``0 <= c < ncols``,
        ``0 <= r < nrows``; any block starting at an even column and row looks the same."""
        path = self._patterns.get((ncols, nrows))
        if path is None:
            path = self._patterns[(ncols, nrows)] = QPainterPath()
            from_offset = self.hex_window.labels.from_offset
            to_pixel = self.hex_window.layout.to_pixel
            own = [e for d, e in self._edges.items() if d in self.OWN]
            for row in range(nrows):
                for col in range(ncols):
                    x, y = to_pixel(from_offset(col, row))
                    for ax, ay, bx, by in own:
                        path.moveTo(x + ax, y + ay)
                        path.lineTo(x + bx, y + by)
        return path

    def _border_tile(self, tc: int, tr: int) -> QPainterPath:
        """The edges facing off the map of the border hexes in one tile."""
        path = self._border.get((tc, tr))
        if path is None:
            path = self._border[(tc, tr)] = QPainterPath()
            t, window = self.TILE, self.hex_window
            w, h = window.bounds.width, window.bounds.height
            for row in range(tr * t, min((tr + 1) * t, h)):
                for col in range(tc * t, min((tc + 1) * t, w)):
                    if col not in (0, w - 1) and row not in (0, h - 1):
                        continue
                    hx = window.labels.from_offset(col, row)
                    x, y = window.layout.to_pixel(hx)
                    for d, (ax, ay, bx, by) in self._edges.items():
                        if d not in self.OWN and not window.contains(hx.neighbour(d)):
                            path.moveTo(x + ax, y + ay)
                            path.lineTo(x + bx, y + by)
        return path


def _edge_corners(layout: Layout) -> dict[Direction, tuple[float, float, float, float]]:
    """For each direction, the two corners (relative to the centre) of the edge facing it."""
    out: dict[Direction, tuple[float, float, float, float]] = {}
    ox, oy = layout.origin
    for i in range(6):
        ax, ay = layout.corner_offset(i)
        bx, by = layout.corner_offset((i + 1) % 6)
        mx, my = (ax + bx) / 2, (ay + by) / 2

        def facing(d: Direction, mx: float = mx, my: float = my) -> float:
            px, py = layout.to_pixel(d.vector)
            return (px - ox) * mx + (py - oy) * my

        out[max(Direction, key=facing)] = (ax, ay, bx, by)
    return out


class LabelItem(WholeMapItem):
    """Column-row labels ("0412") at the top of each hex, when big enough to read.

    Drawn hex by hex: below :attr:`min_pixels` (text about 6 pixels high) they are left
    out, which keeps the hexes on screen to a couple of thousand at most.
    """

    min_pixels = 20.0

    def __init__(self, window: HexWindow, style: MapStyle, detail: Detail) -> None:
        super().__init__(window, detail)
        s = window.layout.size
        self._font = text_font(style.label_size * s)
        self._pen = QPen(style.label)
        self._box = QRectF(-s, -0.86 * s, 2 * s, 0.5 * s)

    def paint_cells(self, painter: QPainter, cols: range, rows: range, pixels: float) -> None:
        painter.setFont(self._font)
        painter.setPen(self._pen)
        centre = Qt.AlignmentFlag.AlignCenter
        to_pixel, label = self.layout.to_pixel, self.hex_window.labels.format
        from_offset = self.hex_window.labels.from_offset
        for h in (from_offset(c, r) for r in rows for c in cols):
            x, y = to_pixel(h)
            painter.drawText(self._box.translated(x, y), centre, label(h))
