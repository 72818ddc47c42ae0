"""The Course dock keeps room for what it says and its buttons when the Combat dock below
it fills up (the launch phase's weapon and thrust boxes): a newcomer must not have to
scroll a squashed dock to find Coast and Take Back Order."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QPushButton, QScrollArea
from pytestqt.qtbot import QtBot

from tests.app.acceptance.test_duel import start


def test_course_dock_shows_its_buttons_beside_the_launch_controls(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = start(qtbot, tmp_path)
    assert you.phase() == "Launch"
    you.win.resize(1824, 980)
    qtbot.waitUntil(lambda: you.win.width() == 1824)
    scroll = you.win.docks["course"].widget()
    assert isinstance(scroll, QScrollArea)
    view = scroll.viewport()
    shown = QRect(QPoint(0, 0), view.size())
    for text in ("Coast (no burn)", "Take Back Order"):
        button = next(
            b
            for b in you.win.course_panel.findChildren(QPushButton)
            if b.text().replace("&", "") == text
        )
        where = QRect(button.mapTo(view, QPoint(0, 0)), button.size())
        assert shown.contains(where), (text, where, shown)
