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


def test_course_dock_buttons_stack_in_a_narrow_dock_and_are_all_in_sight(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """In a narrow dock (a System III Void game's right column, or one dragged narrow),
    Coast and Take Back Order stand one under the other instead of being cut off at its
    edge, right under the ship's name, and Coast works from there."""
    from PySide6.QtCore import Qt

    from tests.app.acceptance.nplanetary_table import shot
    from tests.app.acceptance.user import Player

    you = Player(qtbot, tmp_path)
    you.new_game("Into the clouds", names=("Ann", "Bob"), seed=7)
    you.take_seat()
    dock = you.win.docks["course"]
    you.win.resizeDocks([dock], [170], Qt.Orientation.Horizontal)
    you.select_ship(next(s for s in you.my_ships()))
    you.show_tab("Course")
    scroll = dock.widget()
    assert isinstance(scroll, QScrollArea)
    view = scroll.viewport()
    qtbot.waitUntil(lambda: you.win.course_panel.buttons.stacked())
    shown = QRect(QPoint(0, 0), view.size())
    places = []
    for text in ("Coast (no burn)", "Take Back Order"):
        button = you.button(text, you.win.course_panel)
        where = QRect(button.mapTo(view, QPoint(0, 0)), button.size())
        assert shown.contains(where), (text, where, shown)
        places.append(where)
    assert places[1].top() > places[0].bottom()  # stacked, not side by side
    shot(scroll, "course-dock-narrow.png")
    you.press("Coast (no burn)", you.win.course_panel)
    assert you.win.session.state.plans, you.status()  # the order was given
