"""``ECLIPTIC_QUIT_AFTER_PAINT``'s probe: something done right after a widget's first
painted frame, and only once."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from app.shell.startprobe import after_first_paint


def test_after_first_paint_runs_once_when_the_widget_has_painted(qtbot: QtBot) -> None:
    label = QLabel("map")
    qtbot.addWidget(label)
    calls: list[str] = []
    after_first_paint(label, lambda: calls.append("painted"))
    assert calls == []  # nothing before the widget is shown and painted
    label.show()
    qtbot.waitUntil(lambda: calls == ["painted"])
    label.repaint()  # a second paint, and the zero-time timers it could have queued run
    QApplication.processEvents()
    QApplication.processEvents()
    assert calls == ["painted"]
