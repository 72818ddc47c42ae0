"""Doing something right after a widget's first painted frame: ending the app there is
how a benchmark times a whole start-up (``ECLIPTIC_QUIT_AFTER_PAINT``; see
``benchmarks/bench_bundle.py`` and ``benchmarks/bench_mapview.py``)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget


class _FirstPaint(QObject):
    def __init__(self, widget: QWidget, then: Callable[[], None]) -> None:
        super().__init__(widget)
        self._then = then

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._then)  # once this paint has finished
        return False


def after_first_paint(widget: QWidget, then: Callable[[], None]) -> None:
    """Call ``then`` once ``widget`` has finished painting for the first time."""
    widget.installEventFilter(_FirstPaint(widget, then))


def quit_after_first_paint(widget: QWidget) -> None:
    """Quit the application once ``widget`` has painted for the first time."""
    after_first_paint(widget, QApplication.quit)
