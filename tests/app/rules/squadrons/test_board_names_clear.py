"""Legibility: a counter is nearly a hex wide, so the names of planets, starports and
systems step aside from the counters on a board (clear of them and of each other) and
go back to their places when the counters leave."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from app.board.items import ROLE_KEY as MAP_ROLE_KEY
from app.rules.squadrons.boards.faces import CounterFace
from app.rules.squadrons.boards.views import JumpBoardView, SystemBoardView
from core.rules.squadrons.boards import load_builtin
from core.rules.squadrons.factors import Factors

CRUISER = Factors(4, 6, 7, 20, 7, 6, 2)


def face(key: str, side: str = "Navy") -> CounterFace:
    return CounterFace(key, "Cruisers", side, "#3b6fd8", factors=CRUISER, design=CRUISER)


def names(view: SystemBoardView | JumpBoardView) -> list[QGraphicsItem]:
    return [i for i in view.scene().items() if i.data(MAP_ROLE_KEY) == "name"]


def covered(view: SystemBoardView | JumpBoardView) -> list[str]:
    counters = [c.sceneBoundingRect() for c in view.counters()]
    return [
        n.text()  # type: ignore[attr-defined]
        for n in names(view)
        if any(n.sceneBoundingRect().intersects(c) for c in counters)
    ]


def test_planet_and_starport_names_stay_clear_of_the_counters(qtbot: QtBot) -> None:
    reach = load_builtin("marlow-reach")
    board = reach.board("Dunmore")
    view = SystemBoardView(board)
    qtbot.addWidget(view)
    home = {n.text(): n.pos() for n in names(view)}  # type: ignore[attr-defined]
    port = board.starports[0]
    planet = next(b for b in board.map.bodies if b.name == port.name.replace(" Starport", ""))
    # stacks on the starport, the planet and every hex around the planet
    hexes = {port.hex, planet.centre, *board.neighbours(planet.centre)}
    stacks = [(h, [face(f"c{i}"), face(f"d{i}")]) for i, h in enumerate(sorted(hexes))]
    view.show_stacks(stacks)
    counters = [c.sceneBoundingRect() for c in view.counters()]
    where_put = {
        n.text(): n.sceneBoundingRect().translated(home[n.text()] - n.pos())  # type: ignore[attr-defined]
        for n in names(view)
    }
    assert any(where_put[port.name].intersects(c) for c in counters)  # the map's place: covered
    assert covered(view) == []
    view.show_stacks([])
    assert {n.text(): n.pos() for n in names(view)} == home  # type: ignore[attr-defined]


def test_system_names_on_the_jump_board_stay_clear_of_the_counters(qtbot: QtBot) -> None:
    reach = load_builtin("marlow-reach")
    view = JumpBoardView(reach)
    qtbot.addWidget(view)
    stacks = {s.name: [face("a"), face("b", "Rebels")] for s in reach.systems}
    view.show_systems(stacks)
    assert covered(view) == []


def test_a_name_stepping_aside_never_lands_on_a_star(qtbot: QtBot) -> None:
    """Counters at Dunmore push Orrin's Gate's name off its place below its star; it
    must not go up onto the star (nor onto any other), whichever system holds counters."""
    reach = load_builtin("marlow-reach")
    view = JumpBoardView(reach)
    qtbot.addWidget(view)
    discs = [i.sceneBoundingRect() for i in view.scene().items() if i.data(MAP_ROLE_KEY) == "body"]
    assert len(discs) == len(reach.systems)
    for system in reach.systems:
        view.show_systems({system.name: [face("a"), face("b", "Rebels")]})
        on_a_star = [
            n.text()  # type: ignore[attr-defined]
            for n in names(view)
            if any(n.sceneBoundingRect().intersects(d) for d in discs)
        ]
        assert on_a_star == [], f"counters at {system.name}"
        assert covered(view) == []


def test_a_name_stepping_aside_is_redrawn_where_it_went(qtbot: QtBot) -> None:
    """The map is drawn from a picture the view keeps: a name moved off a counter after
    the board was first shown must be redrawn at its new place and wiped from its old
    one, or the player still sees it under the counter."""
    reach = load_builtin("marlow-reach")
    board = reach.board("Dunmore")
    view = SystemBoardView(board)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    told: list[QRectF] = []
    view.board_scene.background_changed.connect(told.append)
    port = board.starports[0]
    name = next(n for n in names(view) if n.text() == port.name)  # type: ignore[attr-defined]
    home = name.sceneBoundingRect()
    view.show_stacks([(port.hex, [face("c"), face("d")])])
    went = name.sceneBoundingRect()
    assert went != home
    assert any(r.contains(home) and r.contains(went) for r in told)


def test_a_marked_hex_under_counters_is_outlined_over_them(qtbot: QtBot) -> None:
    """The tint of a hex in range lies under the counters, which hide most of it: a hex
    holding counters gets an outline drawn over them, so a target in range shows."""
    from app.rules.squadrons.boards.counters import ROLE_KEY
    from app.rules.squadrons.boards.views import MARK_EDGE_ROLE

    board = load_builtin("marlow-reach").board("Dunmore")
    view = SystemBoardView(board)
    qtbot.addWidget(view)
    port = board.starports[0].hex
    empty = board.neighbours(port)[0]
    view.show_stacks([(port, [face("t")])])
    view.mark([port, empty], "#d55e00")
    edges = [i for i in view.scene().items() if i.data(ROLE_KEY) == MARK_EDGE_ROLE]
    assert len(edges) == 1
    counter = view.counters()[0]
    assert edges[0].zValue() > counter.zValue()
    assert edges[0].sceneBoundingRect().contains(counter.sceneBoundingRect().center())
    view.clear_marks()
    assert not [i for i in view.scene().items() if i.data(ROLE_KEY) == MARK_EDGE_ROLE]
