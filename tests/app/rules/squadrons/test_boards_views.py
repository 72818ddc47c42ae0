"""The board widgets: counters drawn as counters from plain faces, the system boards and
the jump board as map views, the transit strip with days to arrival, and the tabs."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from pytestqt.qtbot import QtBot

from app.rules.squadrons.boards.counters import COUNTER_ROLE, ROLE_KEY, paint_counter
from app.rules.squadrons.boards.faces import FLEET, PLANET, UNKNOWN, CounterFace, TransitEntry
from app.rules.squadrons.boards.navigator import JUMP_TAB, BoardsNavigator
from app.rules.squadrons.boards.transit import TransitStrip, tip_of
from app.rules.squadrons.boards.views import FUEL_ROLE, JumpBoardView, SystemBoardView
from core.rules.squadrons.boards import load_builtin
from core.rules.squadrons.factors import Factors

CRUISER = Factors(4, 6, 7, 20, 7, 6, 2)
HIT = Factors(0, 2, 3, 16, 3, 0, 2)


@pytest.fixture(scope="module")
def reach():
    return load_builtin("marlow-reach")


def cruiser(key: str = "c1", side: str = "Navy", hits: int = 0) -> CounterFace:
    now = HIT if hits else CRUISER
    return CounterFace(key, "Cruisers", side, "#3b6fd8", factors=now, design=CRUISER, hits=hits)


def test_damaged_counter_shows_its_worn_factors_and_hits():
    face = cruiser(hits=10)
    assert face.worn("jump") and face.worn("attack") and not face.worn("supply")
    assert "10 hits" in face.tip() and "Attack 16" in face.tip()
    assert not cruiser().worn("attack")


def test_question_mark_and_fleet_counters_hide_their_factors():
    unknown = CounterFace("q", "?", "Rebels", "#d8463b", kind=UNKNOWN)
    fleet = CounterFace("f", "Red Fleet", "Rebels", "#d8463b", kind=FLEET, count=6)
    assert not unknown.shows_factors and unknown.tip() == '"?" counter (Rebels)'
    assert "standing for 6" in fleet.tip()
    with pytest.raises(ValueError, match="not 'ship'"):
        CounterFace("x", "X", "Navy", "#000000", kind="ship")


def test_counter_paints_in_its_side_colour_with_a_damage_marker(qtbot: QtBot):
    image = QImage(120, 120, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    paint_counter(painter, QRectF(20, 30, 80, 80), cruiser(hits=10))
    painter.end()
    face = image.pixelColor(60, 90)  # between the name band and the bottom factors
    assert face.blue() > face.red()
    corner = [image.pixelColor(x, y) for x in range(85, 120) for y in range(5, 45)]
    assert any(c.red() > 180 and c.blue() < 60 for c in corner), "no damage marker"


def test_system_board_shows_stacks_top_counter_first_with_tooltips(qtbot: QtBot, reach):
    view = SystemBoardView(reach.board("Khevra"))
    qtbot.addWidget(view)
    h = view.board.parse("0913")
    view.show_stacks([(h, [cruiser("top", hits=10), cruiser("under")])])
    items = view.counters()
    assert [i.face.key for i in items] == ["under", "top"]
    assert items[1].zValue() > items[0].zValue()
    assert all(i.data(ROLE_KEY) == COUNTER_ROLE for i in items)
    assert "Cruisers (Navy squadron)" in items[1].toolTip()
    view.show_stacks([])
    assert view.counters() == []


def test_marked_hexes_are_tinted_and_cleared(qtbot: QtBot, reach):
    view = SystemBoardView(reach.board("Khevra"))
    qtbot.addWidget(view)
    view.mark(view.board.within(view.board.parse("0913"), 1), "#5fe0a0", "move here")
    marks = [i for i in view.board_scene.items() if i.toolTip() == "move here"]
    assert len(marks) == 7
    view.clear_marks()
    assert not [i for i in view.board_scene.items() if i.toolTip() == "move here"]


def test_jump_board_marks_fuel_at_gas_giants_and_starports(qtbot: QtBot, reach):
    view = JumpBoardView(reach)
    qtbot.addWidget(view)
    tips = {i.toolTip() for i in view.board_scene.items() if i.data(ROLE_KEY) == FUEL_ROLE}
    for system in reach.systems:
        assert (f"{system.name}: gas giant: fuel is free here" in tips) == system.gas_giant
        assert (f"{system.name}: starport: fuel is free here" in tips) == system.starport


def test_jump_board_stacks_each_side_apart_beside_its_system(qtbot: QtBot, reach):
    view = JumpBoardView(reach)
    qtbot.addWidget(view)
    rebel = CounterFace("q", "?", "Rebels", "#d8463b", kind=UNKNOWN)
    view.show_systems({"Khevra": [cruiser("a"), rebel, cruiser("b")]})
    items = {i.face.key: i for i in view.counters()}
    star = view.board_scene.centre_of(reach.system("Khevra").hex)
    assert items["a"].pos().x() < star.x() < items["q"].pos().x()
    assert items["a"].zValue() > items["b"].zValue()


def test_clicking_a_system_on_the_jump_board_opens_its_board(qtbot: QtBot, reach):
    boards = BoardsNavigator(reach)
    qtbot.addWidget(boards)
    boards.resize(900, 800)
    boards.show()
    qtbot.waitExposed(boards)
    assert boards.tabs.tabText(0) == JUMP_TAB and boards.shown() is None
    assert boards.tabs.count() == 1 + len(reach.systems)
    view = boards.jump
    point = view.point_of(reach.system("Velde").hex).toPoint()
    with qtbot.waitSignal(boards.system_clicked) as clicked:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert clicked.args == ["Velde"]
    assert boards.shown() == "Velde"
    board = boards.systems["Velde"]
    h = board.board.parse("0505")
    with qtbot.waitSignal(boards.hex_clicked) as clicked:
        qtbot.mouseClick(
            board.viewport(), Qt.MouseButton.LeftButton, pos=board.point_of(h).toPoint()
        )
    assert clicked.args == ["Velde", h]


def test_transit_strip_shows_days_to_arrival(qtbot: QtBot):
    strip = TransitStrip()
    qtbot.addWidget(strip)
    strip.resize(900, 100)
    strip.show_entries([TransitEntry(cruiser("a"), 7, "Khevra"), TransitEntry(cruiser("b"), 1)])
    strip.show()
    qtbot.waitExposed(strip)
    first, last = strip.spot_of("a"), strip.spot_of("b")
    assert first is not None and last is not None and first.x() < last.x()
    entry = strip.entry_at(last)
    assert entry is not None and entry.face.key == "b"
    assert strip.entry_at(QPoint(1, 1)) is None
    assert "arrives at the end of today" in tip_of(entry)
    assert "arrives in 7 days, bound for Khevra" in tip_of(TransitEntry(cruiser("a"), 7, "Khevra"))


def test_transit_strip_refuses_days_off_the_track(qtbot: QtBot):
    strip = TransitStrip()
    qtbot.addWidget(strip)
    with pytest.raises(ValueError, match="8 days out"):
        strip.show_entries([TransitEntry(cruiser(), 8)])
    with pytest.raises(ValueError, match="0 days out"):
        strip.show_entries([TransitEntry(cruiser(), 0)])


def test_planet_counter_reads_as_a_planet(qtbot: QtBot):
    planet = CounterFace(
        "p", "Khevra I", "Navy", "#3b6fd8", kind=PLANET, factors=Factors(0, 0, 5, 12, 4, 10)
    )
    assert planet.shows_factors and "(Navy planet)" in planet.tip()


def test_jump_board_click_can_leave_the_jump_board_in_front(qtbot: QtBot, reach):
    boards = BoardsNavigator(reach)
    qtbot.addWidget(boards)
    boards.resize(900, 800)
    boards.show()
    qtbot.waitExposed(boards)
    boards.open_on_click = False
    view = boards.jump
    point = view.point_of(reach.system("Quill").hex).toPoint()
    with qtbot.waitSignal(boards.system_clicked):
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert boards.shown() is None
