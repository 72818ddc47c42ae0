"""Fighting as users do: the gun phase is not skipped when a gun has a target, the Combat
panel shows range, relative velocity, modifiers and odds before the roll, the defender
gets the seat to place the damage (suggested, or on the sheet), and may fire back."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from app.vector.overlay import ROLE_KEY
from core.board.hexgrid import ZERO, Hex, Vector
from core.board.starmap import Bounds, StarMap
from core.engine.commands import EndPhase
from core.engine.play import new_game
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.manifest import fit
from core.rules.interplanetary.aid.playaid import Outfit
from core.rules.interplanetary.combat.attack import PendingAnswer, PendingHit
from core.vector.motion import Motion
from core.vector.state import GameState, Player, Ship
from tests.app.campaign.test_campaign_window import make_window

OPEN = StarMap("Open space", Bounds(30, 30))
PLAYERS = (Player("a", "Ann", "a", "#E69F00"), Player("b", "Bob", "b", "#56B4E9"))


def duel(seed: int) -> GameState:
    aid = load_ruleset("interplanetary").play_aid
    assert aid is not None
    kit = fit(aid, Outfit(guns=("artillery",)))
    centre = OPEN.bounds.labels.from_offset(15, 15)
    ships = (
        Ship("alpha", "Alpha", "a", "a", "ship", Motion(centre, ZERO), Fraction(15), manifest=kit),
        Ship(
            "beta",
            "Beta",
            "b",
            "b",
            "ship",
            Motion(centre + Vector(2, 0), ZERO),
            Fraction(15),
            manifest=kit,
        ),
    )
    state, _ = new_game("interplanetary", OPEN, PLAYERS, ships, seed=seed)
    return state


def armed_with(weapon: str) -> GameState:
    """The duel, Alpha moving one hex a turn with a launcher holding ``weapon``."""
    state = duel(1)
    aid = load_ruleset("interplanetary").play_aid
    assert aid is not None
    alpha = state.ship("alpha")
    return state.with_ship(
        Ship(
            alpha.id,
            alpha.name,
            "a",
            "a",
            "ship",
            Motion(alpha.motion.position, Vector(1, 0)),
            Fraction(15),
            manifest=fit(aid, Outfit(launched=(weapon,))),
        )
    )


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def sit(qtbot: QtBot, win: MainWindow) -> None:
    if win.stack.currentWidget() is win.hand_over:
        qtbot.mouseClick(win.hand_over.button, Qt.MouseButton.LeftButton)


def to_gun_phase(qtbot: QtBot, win: MainWindow, seed: int) -> None:
    assert win.play(duel(seed), [], "Duel")
    sit(qtbot, win)
    session = win.session
    assert session is not None
    session.apply(EndPhase("a"))  # astrogation: both ships coast
    assert session.phase() == "guns", "a gun with a target in reach keeps the gun phase"
    assert win.board is not None
    win.board.select("alpha")


def test_gun_phase_shows_odds_before_the_roll(qtbot: QtBot, window: MainWindow) -> None:
    to_gun_phase(qtbot, window, seed=1)
    panel = window.panel("combat")
    assert panel.fire_button.isVisible()
    assert panel.gun.currentText().startswith("Artillery gun")
    assert panel.target.currentText() == "Beta"
    text = panel.detail.text()
    assert "Range 2, relative velocity 0" in text
    assert "No modifiers" in text and "miss 33%" in text and "hit 33%" in text


def test_defender_places_the_damage_then_may_fire_back(qtbot: QtBot, window: MainWindow) -> None:
    for seed in range(1, 200):
        to_gun_phase(qtbot, window, seed)
        session = window.session
        assert session is not None
        assert window.docks["manifest"].visibleRegion().isEmpty()  # behind the ship list
        qtbot.mouseClick(window.panel("combat").fire_button, Qt.MouseButton.LeftButton)
        if session.state.pending and isinstance(session.state.pending[0], PendingHit):
            break
        window.close_game()
    else:
        raise AssertionError("no seed gives a hit")
    # Bob takes the seat to place the damage on his ship
    assert window.stack.currentWidget() is window.hand_over
    assert "Bob" in window.hand_over.message.text()
    sit(qtbot, window)
    panel = window.panel("combat")
    assert panel.suggested_button.isVisible() and "Place" in panel.title.text()
    # the sheet, tabbed with the ship list, comes to the front to place the hit on
    assert not window.docks["manifest"].visibleRegion().isEmpty()
    assert window.docks["ships"].visibleRegion().isEmpty()
    while session.state.pending and isinstance(session.state.pending[0], PendingHit):
        qtbot.mouseClick(panel.suggested_button, Qt.MouseButton.LeftButton)
    beta = session.state.ship("beta")
    assert beta.manifest is not None
    assert beta.manifest.total_damage() > 0 or beta.fuel < 15
    if session.state.pending:
        assert isinstance(session.state.pending[0], PendingAnswer)
        assert panel.hold_button.isVisible() and "fire back" in panel.title.text()
        qtbot.mouseClick(panel.hold_button, Qt.MouseButton.LeftButton)
    assert not session.state.pending
    # Ann's only gun has fired, so her turn ends by itself and Bob's begins
    sit(qtbot, window)
    assert session.state.turn == 1 and session.phase() == "astrogation"
    assert session.seat() is not None and session.seat().id == "b"


def test_phases_without_anything_to_do_are_still_skipped(qtbot: QtBot, window: MainWindow) -> None:
    far = duel(1)
    beta = far.ship("beta")
    far = far.with_ship(
        Ship(beta.id, beta.name, "b", "b", "ship", Motion(Hex(2, 2), ZERO), Fraction(15))
    )  # unarmed
    assert window.play(far, [], "Duel")
    sit(qtbot, window)
    session = window.session
    assert session is not None and session.phase() == "astrogation"
    session.apply(EndPhase("a"))
    assert session.phase() == "guns"  # Ann's gun still has a target
    session.apply(EndPhase("a"))
    # Bob has no gun: his launch and gun phases pass without him
    assert session.phase() == "astrogation" and session.seat().id == "b"


def test_resupply_at_a_base_refuels_and_loads_weapons(qtbot: QtBot, window: MainWindow) -> None:
    from core.board.starmap import DEFAULT_SERVICES, Base, BaseKind

    rock = Hex(5, 5)
    outpost = Base("Outpost", BaseKind.ASTEROID, rock, services=DEFAULT_SERVICES[BaseKind.ASTEROID])
    belt = StarMap("Belt", Bounds(12, 12), asteroids=frozenset({rock}), bases=(outpost,))
    aid = load_ruleset("interplanetary").play_aid
    assert aid is not None
    ship = Ship(
        "s",
        "Swift",
        "a",
        "a",
        "ship",
        Motion(rock, ZERO),
        Fraction(4),
        docked_at="Outpost",
        manifest=fit(aid, Outfit(guns=("artillery",))),
        points=2,
    )
    state, _ = new_game("interplanetary", belt, PLAYERS[:1], (ship,), seed=1)
    assert window.play(state, [], "Belt")
    session = window.session
    assert session is not None
    session.apply(EndPhase("a"))  # astrogation; no guns to fire: on to resupply
    assert session.phase() == "resupply", "a ship at a base keeps the resupply phase"
    assert window.board is not None
    window.board.select("s")
    panel = window.panel("combat")
    assert panel.refuel_button.isVisible() and "Swift at Outpost" in panel.title.text()
    qtbot.mouseClick(panel.refuel_button, Qt.MouseButton.LeftButton)
    assert session.state.ship("s").fuel == 15
    window.board.select("s")
    panel.weapon.setCurrentIndex(panel.weapon.findData("missile"))
    qtbot.mouseClick(panel.load_button, Qt.MouseButton.LeftButton)
    swift = session.state.ship("s")
    assert swift.manifest is not None and swift.manifest.launchers[0] == "missile"
    assert swift.points == 1


def test_hand_over_says_what_the_defender_is_asked(qtbot: QtBot, window: MainWindow) -> None:
    for seed in range(1, 200):
        to_gun_phase(qtbot, window, seed)
        session = window.session
        assert session is not None
        qtbot.mouseClick(window.panel("combat").fire_button, Qt.MouseButton.LeftButton)
        if session.state.pending:
            break
        window.close_game()
    assert window.stack.currentWidget() is window.hand_over
    assert session.state.pending[0].prompt() in window.hand_over.detail.text()


def test_launch_a_mine_and_see_it_on_the_map_with_its_life(
    qtbot: QtBot, window: MainWindow
) -> None:
    from app.vector.pieces import ORDNANCE_KEY, OrdnanceMarker

    assert window.play(armed_with("mine"), [], "Duel")
    sit(qtbot, window)
    session = window.session
    assert session is not None and session.phase() == "launch"
    assert window.board is not None
    window.board.select("alpha")
    panel = window.panel("combat")
    assert panel.launch_button.isVisible() and panel.slot.currentText().startswith("Mine")
    assert panel.thrust.count() == 1  # a mine has no thrust of its own
    qtbot.mouseClick(panel.launch_button, Qt.MouseButton.LeftButton)
    assert len(session.state.ordnance) == 1
    session.apply(EndPhase("a"))  # the ship and its mine move
    items = [
        i for i in window.scene.items() if i.data(ORDNANCE_KEY) and isinstance(i, OrdnanceMarker)
    ]
    assert len(items) == 1
    assert "turns left" in items[0].toolTip()


def test_course_preview_warns_of_a_mine_on_the_hovered_course(
    qtbot: QtBot, window: MainWindow
) -> None:
    from core.rules.interplanetary.combat.ordnance import mine_field

    state = duel(1)
    alpha = state.ship("alpha")
    moving = replace(alpha, motion=Motion(alpha.motion.position, Vector(0, 2)))
    state = replace(state, ships=(moving, *state.ships[1:]))
    ahead = alpha.motion.position + Vector(0, 2)
    state, _ = mine_field(state, "b", (ahead,))
    assert window.play(state, [], "Mined")
    sit(qtbot, window)
    board = window.board
    assert board is not None
    board.select("alpha")
    assert board.preview is not None
    coast = next(o for o in board.preview.options if o.fuel == 0)
    assert coast.tip == ahead and coast.weapons
    board.hover(coast.tip)  # the mouse path to hover is covered in test_game
    marks = [i for i in window.scene.items() if i.data(ROLE_KEY) == "weapon"]
    assert len(marks) == 1 and "would attack" in marks[0].toolTip()
    assert "would attack" in window.course_panel.hovered.text()


def test_outside_the_gun_phase_the_combat_dock_names_the_phase_instead_of_targets(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.play(duel(1), [], "Duel")
    sit(qtbot, window)
    assert window.session is not None and window.session.phase() == "astrogation"
    assert window.board is not None
    window.board.select("alpha")
    panel = window.panel("combat")
    assert panel is not None
    assert panel.title.text() == "Astrogation phase: nothing to fire or launch now."
    assert not panel.fire_button.isVisible()
