"""The whole map as one picture, drawn instead of its hexes when zoomed far out.

Below :data:`~app.board.items.OVERVIEW_PIXELS` on screen a hex is a few pixels, and a map
of 100,000 hexes would be painted hex by hex to show mostly texture. The overview
paints the map once, lazily, into an image at about that hex size (within a pixel
budget), and a far-out frame is then one scaled image. The scene draws it as its
background, so the game's own items (ships, courses) stay live on top of it.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from app.board.items import HEX_SIZE, OVERVIEW_PIXELS

MAX_PIXELS = 4_500_000
"""The picture's pixel budget, about 18 MB; bigger maps get a coarser picture."""


class Overview:
    """The picture of ``rect``, painted by ``paint(painter, rect)`` when first needed.

    ``frames`` counts the frames it was drawn in, so tests (and the curious) can see it
    at work.
    """

    def __init__(
        self, paint: Callable[[QPainter, QRectF], None], rect: QRectF, background: QColor
    ) -> None:
        self._paint = paint
        self.rect = QRectF(rect)
        self._background = QColor(background)
        self._image: QImage | None = None
        self._scaled: QImage | None = None
        self.frames = 0

    def invalidate(self) -> None:
        """Forget the picture (the map's look changed); it is painted again when needed."""
        self._image = self._scaled = None

    def has_picture(self) -> bool:
        return self._image is not None

    def picture(self) -> QImage:
        """The map at about ``OVERVIEW_PIXELS`` a hex, painted on first use."""
        if self._image is None:
            self._image = self._paint_picture()
        return self._image

    def draw(self, painter: QPainter) -> None:
        """Draw the picture over :attr:`rect` with the painter's transform."""
        image = self.picture()
        self.frames += 1
        device = painter.worldTransform().m11() * self.rect.width()  # its width on screen
        if device < 0.5 * image.width():
            # Bilinear filtering only blends the 4 nearest pixels, which shimmers when
            # shrinking more than twice; shrink once properly and keep that while the
            # zoom stays.
            tall = device * image.height() / image.width()
            size = QSize(max(1, round(device)), max(1, round(tall)))
            if self._scaled is None or self._scaled.size() != size:
                self._scaled = image.scaled(
                    size,
                    Qt.AspectRatioMode.IgnoreAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
            image = self._scaled
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawImage(self.rect, image)
        painter.restore()

    def _paint_picture(self) -> QImage:
        rect = self.rect
        k = OVERVIEW_PIXELS / HEX_SIZE  # picture pixels per scene pixel
        area = rect.width() * rect.height() * k * k
        if area > MAX_PIXELS:
            k *= math.sqrt(MAX_PIXELS / area)
        width = max(1, math.ceil(rect.width() * k))
        height = max(1, math.ceil(rect.height() * k))
        image = QImage(width, height, QImage.Format.Format_RGB32)
        image.fill(self._background)
        painter = QPainter(image)
        painter.setRenderHints(
            QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
        )
        painter.scale(width / rect.width(), height / rect.height())
        painter.translate(-rect.left(), -rect.top())
        try:
            self._paint(painter, rect)
        finally:
            painter.end()
        return image
