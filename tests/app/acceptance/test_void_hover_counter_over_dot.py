"""Hovering a fanned-out counter drawn over one of the selected ship's burn dots shows
no course: it previewed the dot's course under it, though a click there selects the
ship. Off the counter the dot's course shows as before. Visible controls only."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.test_void_stacked_counters import counters, on_screen
from tests.app.acceptance.user import Player


def test_hovering_a_counter_over_a_burn_dot_previews_no_course(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = Player(qtbot, tmp_path)
    user.new_game("Big Danger and the Bastets", names=("Ann", "Bob"), seed=7)
    while user.take_seat() != "Ann" or user.phase() != "Astrogation":
        user.primary()
    user.select_ship("Bastet 1")
    view = user.win.map_view
    viewport = view.viewport()
    dots = user.markers("end point")
    over = []  # (a point of a counter over a dot, that dot)
    for item in counters(user).values():
        rect = on_screen(user, item)
        for dot in dots:
            marker = view.mapFromScene(dot.sceneBoundingRect()).boundingRect()
            if rect.intersects(marker):
                over.append((rect.intersected(marker).center(), dot))
    assert over, "the fan puts a counter over a burn dot"
    for middle, dot in over:
        user.qtbot.mouseMove(viewport, middle)
        assert not user.markers("course"), "a counter's hover previewed the dot under it"
        clear = user.point_of(dot)
        user.qtbot.mouseMove(viewport, clear)
    # a dot no counter covers still previews its course
    free = [d for d in dots if all(d is not dot for _, dot in over)]
    user.qtbot.mouseMove(viewport, user.point_of(free[0]))
    assert user.markers("course")
