"""A hovered course's label (its fuel, its hazards) stays inside the map view and off
the ship's counter: at the map's corner, the label drawn above right of the end point
ran off the view's edge, over the counter beside it. Every course of a ship in the top
right corner is hovered with the mouse, at the 1400x900 window of a laptop."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.nplanetary_table import OPEN, seat_table, ship, shot


def test_the_hovered_courses_label_stays_inside_the_map_view(qtbot: QtBot, tmp_path: Path) -> None:
    corner = OPEN.bounds.labels.from_offset(OPEN.bounds.width - 1, 0)
    you = seat_table(
        qtbot,
        tmp_path,
        (
            ship("a1", "Lance", "a", "frigate", corner, fuel=15),
            ship("b1", "Brand", "b", "destroyer", OPEN.bounds.labels.from_offset(2, 8), fuel=15),
        ),
        players=2,
        phase="movement",
    )
    you.take_seat()
    you.select_ship("Lance")
    view = you.win.map_view
    ends = you.markers("end point")
    assert ends
    lance = next(i for i in view.scene().items() if i.toolTip().startswith("Lance"))
    hovered = 0
    for end in ends:
        at = you.point_of(end)  # scrolled into sight, as a player scrolls to it
        qtbot.mouseMove(view.viewport(), at)
        # none over Lance's own counter, nor where the map's edge stops the scrolling
        labels = you.markers("fuel")
        if not labels:
            continue
        hovered += 1
        seen = view.mapToScene(view.viewport().rect()).boundingRect()
        label = labels[0].sceneBoundingRect()
        assert seen.contains(label), f"{end.toolTip()}: {label} outside {seen}"
        assert not label.intersects(lance.sceneBoundingRect()), f"{end.toolTip()} over Lance"
        if "speed 2" in end.toolTip() and "OFF MAP" not in end.toolTip():
            shot(view, "course-label-in-view.png")
    assert hovered >= 5
