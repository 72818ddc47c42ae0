"""Doing something right after a widget's first painted frame, or before the first thing
a player does: how a plain start shows the map first and builds the rest of the window
just after (:meth:`app.shell.main_window.MainWindow.finish_after_first_paint`), and how a
benchmark times a whole start-up (``ECLIPTIC_QUIT_AFTER_PAINT``; see
``benchmarks/bench_bundle.py`` and ``benchmarks/bench_mapview.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

#: what a player does (or the desktop does for them) that must find the window whole
INPUT = frozenset(
    {
        QEvent.Type.KeyPress,
        QEvent.Type.KeyRelease,
        QEvent.Type.ShortcutOverride,
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonRelease,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.Wheel,
        QEvent.Type.ContextMenu,
        QEvent.Type.TouchBegin,
        QEvent.Type.TabletPress,
        QEvent.Type.DragEnter,
        QEvent.Type.Drop,
        QEvent.Type.FileOpen,
        QEvent.Type.Close,
    }
)


class _FirstPaint(QObject):
    def __init__(self, widget: QWidget, then: Callable[[], None]) -> None:
        super().__init__(widget)
        self._then = then

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._then)  # once this paint has finished
        return False


class InputGuard(QObject):
    """Calls ``then`` before the first input event (:data:`INPUT`) reaches any of
    ``watched``, once, unless :meth:`end` comes first. Watch a window's ``QWindow``
    (:meth:`QWidget.windowHandle`): every key, click and close meant for the window
    passes there before any of its widgets; an application-wide filter would also see
    every paint, move and timer event of every object, which costs a start-up dearly in
    Python."""

    def __init__(
        self, then: Callable[[], None], owner: QObject, watched: Sequence[QObject]
    ) -> None:
        super().__init__(owner)
        self._then: Callable[[], None] | None = then
        self._watched = list(watched)
        for target in self._watched:
            target.installEventFilter(self)

    def end(self) -> None:
        self._then = None
        for target in self._watched:
            target.removeEventFilter(self)
        self._watched = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self._then is not None and event.type() in INPUT:
            then = self._then
            self.end()
            then()
        return False


def after_first_paint(widget: QWidget, then: Callable[[], None]) -> None:
    """Call ``then`` once ``widget`` has finished painting for the first time."""
    widget.installEventFilter(_FirstPaint(widget, then))


def quit_after_first_paint(widget: QWidget) -> None:
    """Quit the application once ``widget`` has painted for the first time."""
    after_first_paint(widget, QApplication.quit)
