"""The view's picture of the map under everything else, kept across zooms.

Qt's own ``CacheBackground`` does the same job but allocates a new screen-sized picture
on every zoom (8 MB at 1920x1080); glibc maps each such buffer afresh and the kernel
zeroes it page by page, which cost about 5 ms of every zoom frame. This cache keeps one
picture while the viewport keeps its size and only repaints it: in full when the zoom
changes, the strip scrolled in when the view pans by whole pixels (like Qt's), and the
parts of the map the scene says have changed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint, QRect, QRectF
from PySide6.QtGui import QPainter, QPixmap, QRegion, QTransform
from PySide6.QtWidgets import QWidget

Painter = Callable[[QPainter, QRectF], None]


class Backdrop:
    """A picture of the scene's background as the viewport shows it.

    :meth:`draw` is the view's ``drawBackground``: it brings the picture up to date for
    the painter's transform, then copies it to the viewport. ``paint(painter, rect)``
    paints the background of scene rectangle ``rect``; ``to_scene(QRect)`` maps a
    viewport rectangle to the scene the way the view does.
    """

    def __init__(self, viewport: QWidget, to_scene: Callable[[QRect], QRectF]) -> None:
        self._viewport = viewport
        self._to_scene = to_scene
        self._pixmap: QPixmap | None = None
        self._transform = QTransform()
        self._stale = QRegion()  # viewport pixels of the picture that are out of date
        self._scene: QObject | None = None
        self.allocations = 0  # pictures made (one per viewport size), for tests

    def forget(self) -> None:
        """Repaint the whole picture next time (the map's look changed everywhere)."""
        self._stale = QRegion(self._viewport.rect())

    def forget_rect(self, rect: QRect) -> None:
        """Repaint the viewport pixels in ``rect`` next time."""
        self._stale += rect.intersected(self._viewport.rect())

    def follow(self, scene: QObject | None, changed: Callable[[QRectF], None]) -> bool:
        """Watch ``scene`` for changes to its background (its ``background_changed``
        signal, if it has one), calling ``changed``; return whether it is a new scene."""
        if scene is self._scene:
            return False
        old, self._scene = self._scene, scene
        for target, connect in ((old, False), (scene, True)):
            signal = getattr(target, "background_changed", None)
            if signal is None:
                continue
            with contextlib.suppress(RuntimeError, TypeError):  # already gone
                (signal.connect if connect else signal.disconnect)(changed)
        self.forget()
        return True

    def draw(self, painter: QPainter, paint: Painter) -> None:
        """Bring the picture up to date under the painter's transform, then copy it."""
        transform = painter.worldTransform()
        self._fit(transform)
        if not self._stale.isEmpty():
            self._repaint(transform, paint)
        assert self._pixmap is not None
        painter.save()
        painter.setWorldTransform(QTransform())
        painter.drawPixmap(QPoint(), self._pixmap)
        painter.restore()

    def _fit(self, transform: QTransform) -> None:
        """Match the picture to the viewport's size and to ``transform``: a new size
        needs a new picture, a new zoom a full repaint, a pan by whole pixels only a
        scroll and the strip scrolled in."""
        viewport = self._viewport
        ratio = viewport.devicePixelRatio()
        size = viewport.size() * ratio
        if self._pixmap is None or self._pixmap.size() != size:
            self._pixmap = QPixmap(size)
            self._pixmap.setDevicePixelRatio(ratio)
            self._pixmap.fill(viewport.palette().color(viewport.backgroundRole()))
            self.allocations += 1
            self.forget()
        else:
            dx = transform.dx() - self._transform.dx()
            dy = transform.dy() - self._transform.dy()
            if not _same_scale(transform, self._transform) or not _whole(dx, dy, ratio):
                self.forget()
            elif dx or dy:
                self._scroll(round(dx), round(dy), ratio)
        self._transform = QTransform(transform)

    def _scroll(self, dx: int, dy: int, ratio: float) -> None:
        assert self._pixmap is not None
        self._pixmap.scroll(round(dx * ratio), round(dy * ratio), self._pixmap.rect())
        whole = QRegion(self._viewport.rect())
        self._stale = self._stale.translated(dx, dy) + whole.subtracted(whole.translated(dx, dy))

    def _repaint(self, transform: QTransform, paint: Painter) -> None:
        assert self._pixmap is not None
        stale, self._stale = self._stale, QRegion()
        # A fresh painter with Qt's default hints, as Qt's own background cache uses.
        painter = QPainter(self._pixmap)
        try:
            painter.setClipRegion(stale)
            painter.setWorldTransform(transform)
            paint(painter, self._to_scene(stale.boundingRect()))
        finally:
            painter.end()


def _same_scale(a: QTransform, b: QTransform) -> bool:
    return (a.m11(), a.m12(), a.m21(), a.m22()) == (b.m11(), b.m12(), b.m21(), b.m22())


def _whole(dx: float, dy: float, ratio: float) -> bool:
    """Whether a move by ``(dx, dy)`` is whole pixels, on the screen and in the picture."""
    return all(abs(v - round(v)) < 1e-6 for v in (dx, dy, dx * ratio, dy * ratio))
