"""The whole map as one picture, drawn instead of its hexes when zoomed far out.

Below :data:`~app.map.items.OVERVIEW_PIXELS` on screen a hex is a few pixels, and a map
of 100,000 hexes would be painted hex by hex, every frame, to show mostly texture. The
overview paints the map's layers once, lazily, into an image at about that hex size
(within a pixel budget), and every far-out frame is then a single scaled image. Items
other than the map's layers (the game's ships, courses) are not in the picture, so they
stay live on top of it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.map.items import HEX_SIZE, OVERVIEW_PIXELS, Detail, hex_pixels

MAX_PIXELS = 4_500_000
"""The picture's pixel budget, about 18 MB; bigger maps get a coarser picture."""


class OverviewItem(QGraphicsItem):
    """Draws the picture of ``layers()`` over ``rect`` while ``detail`` hides the layers.

    ``frames`` counts the frames it drew, so tests (and curious people) can see it work.
    """

    def __init__(
        self,
        layers: Callable[[], Sequence[QGraphicsItem]],
        rect: QRectF,
        detail: Detail,
        background: QColor,
    ) -> None:
        super().__init__()
        self._layers = layers
        self._rect = QRectF(rect)
        self.detail = detail
        self._background = QColor(background)
        self._image: QImage | None = None
        self._scaled: QImage | None = None
        self.frames = 0
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def boundingRect(self) -> QRectF:
        return self._rect

    def invalidate(self) -> None:
        """Forget the picture (the layers changed); it is painted again when next needed."""
        self._image = self._scaled = None
        self.update()

    def has_picture(self) -> bool:
        return self._image is not None

    def picture(self) -> QImage:
        """The map's layers at about ``OVERVIEW_PIXELS`` a hex, painted on first use."""
        if self._image is None:
            self._image = self._paint_picture()
        return self._image

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self.detail.hides(hex_pixels(painter)):
            return
        image = self.picture()
        self.frames += 1
        device = painter.worldTransform().m11() * self._rect.width()  # the picture on screen
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
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawImage(self._rect, image)

    def _paint_picture(self) -> QImage:
        rect = self._rect
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
        base = QTransform().scale(width / rect.width(), height / rect.height())
        base.translate(-rect.left(), -rect.top())
        before, self.detail.overview = self.detail.overview, False
        try:
            for layer in self._layers():
                paint_tree(painter, layer, base)
        finally:
            self.detail.overview = before
            painter.end()
        return image


def paint_tree(painter: QPainter, item: QGraphicsItem, base: QTransform) -> None:
    """Paint a visible item and its children in stacking order, as the scene would."""
    if not item.isVisible():
        return
    if not item.flags() & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents:
        option = QStyleOptionGraphicsItem()
        option.exposedRect = item.boundingRect()
        painter.save()
        painter.setTransform(item.sceneTransform() * base)
        item.paint(painter, option, None)
        painter.restore()
    for child in item.childItems():  # already in stacking order
        paint_tree(painter, child, base)
