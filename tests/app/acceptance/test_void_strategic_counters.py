"""The strategic map of a System III Void campaign: two frigates met in one hex. Their
counters fan out round it and a click on either selects that ship; and the hovered
course's label stays off both counters at every zoom. Zoomed out, the label was put on
a fanned-out counter: the counters keep their size on screen, so they cover more of the
map than their boxes in the scene say, and the label looked only at those boxes.
Visible controls only (View › Zoom Out, the mouse on the map)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from core.campaign import CampaignFile
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from tests.app.acceptance.test_void_stacked_counters import on_screen, selected
from tests.app.acceptance.test_void_strategic_trial import MEETING
from tests.app.acceptance.user import Player
from tests.app.acceptance.void_table import open_campaign, shot

NAMES = ("Ann's Bastet", "Bob's Bastet")


def at_the_meeting(qtbot: QtBot, tmp_path: Path) -> Player:
    """The campaign's first astrogation phase, both frigates at rest in one hex."""
    path = tmp_path / "meeting.ecliptic"
    scenario = load_scenario(MEETING)
    state, _ = scenario.start([Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")], 2, first=0)
    CampaignFile.create(path, "Meeting", state, title=scenario.name).close()
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
    return user


def counters(user: Player) -> dict[str, QGraphicsItem]:
    scene = user.win.map_view.scene()
    return {
        i.toolTip().removesuffix(" (active)"): i
        for i in scene.items()
        if i.toolTip().removesuffix(" (active)") in NAMES
    }


def test_ships_met_in_one_hex_fan_out_and_each_is_selected_by_a_click(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = at_the_meeting(qtbot, tmp_path)
    user.select_ship("Ann's Bastet")
    found = counters(user)
    assert sorted(found) == sorted(NAMES)
    ann, bob = (on_screen(user, found[n]) for n in NAMES)
    assert not ann.intersects(bob), "the counters overlap"
    viewport = user.win.map_view.viewport()
    for name in reversed(NAMES):
        middle: QPoint = on_screen(user, counters(user)[name]).center()
        user.qtbot.mouseMove(viewport, middle)
        user.qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=middle)
        assert selected(user) == name
    assert not user.win.session.live.plans, "a click on a counter gave an order"


def test_the_hovered_courses_label_stays_off_the_counters_zoomed_out(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = at_the_meeting(qtbot, tmp_path)
    user.select_ship("Ann's Bastet")
    view = user.win.map_view
    for _ in range(2):
        user.choose("View", "Zoom Out")
    assert view.transform().m11() < 1, "not zoomed out"
    hovered = 0
    for end in user.markers("end point"):
        qtbot.mouseMove(view.viewport(), user.point_of(end))
        labels = user.markers("fuel")
        if not labels:
            continue
        hovered += 1
        label = view.mapFromScene(labels[0].sceneBoundingRect()).boundingRect()
        for name, counter in counters(user).items():
            assert not label.intersects(on_screen(user, counter)), (
                f"{end.toolTip()}: the label covers {name}"
            )
        if "coast" in end.toolTip():
            shot(view, "strategic-label-off-counters")
    assert hovered >= 7
