"""Ending the app right after its first painted frame, so that a benchmark can time a
whole start-up (``ECLIPTIC_QUIT_AFTER_PAINT``; see ``benchmarks/bench_bundle.py``)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget


class _FirstPaint(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, QApplication.quit)  # once this paint has finished
        return False


def quit_after_first_paint(widget: QWidget) -> None:
    """Quit the application once ``widget`` has painted for the first time."""
    spy = _FirstPaint(widget)
    widget.installEventFilter(spy)
