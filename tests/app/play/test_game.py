"""Playing Training hot-seat as users do: the New Game choices, hand-over, selecting a
ship, hovering and clicking a course, ending the turn, and the ruler and status bar."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QComboBox, QMessageBox
from pytestqt.qtbot import QtBot

from app.play.new_game import NewGameDialog
from app.shell.main_window import MainWindow
from app.vector.hazards import GIVE
from app.vector.overlay import ROLE_KEY
from app.vector.pieces import SHIP_KEY, Z_TRAIL, Z_VECTOR
from core.board.hexgrid import ZERO, Hex
from core.scenario.document import Seat
from core.scenario.reader import builtin_scenarios, load_scenario
from core.vector.motion import Motion
from core.vector.orders import Plot
from core.vector.state import ShipStatus
from tests.app.play.hazard_box import asked
from tests.core.vector.test_victory import circling_earth, training

TRAINING = next(p for p in builtin_scenarios() if p.stem == "training")
SEATS = [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")]


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "ecliptic.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    win.ask_before_closing = False
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    return win


def screen_point(win: MainWindow, h: Hex) -> QPoint:
    assert win.scene is not None
    return win.map_view.mapFromScene(win.scene.centre_of(h))


def hover(qtbot: QtBot, win: MainWindow, h: Hex) -> None:
    qtbot.mouseMove(win.map_view.viewport(), screen_point(win, h))


def click(qtbot: QtBot, win: MainWindow, h: Hex) -> None:
    pos = screen_point(win, h)
    qtbot.mouseMove(win.map_view.viewport(), pos)
    qtbot.mouseClick(win.map_view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def take_seat(qtbot: QtBot, win: MainWindow, name: str) -> None:
    assert win.stack.currentWidget() is win.hand_over
    assert name in win.hand_over.message.text()
    qtbot.mouseClick(win.hand_over.button, Qt.MouseButton.LeftButton)
    assert win.stack.currentWidget() is win.map_view


def start_training(win: MainWindow) -> None:
    assert win.start_game(load_scenario(TRAINING), SEATS, seed=11)
    assert win.session is not None


def test_new_game_dialog_offers_training_for_one_to_six_players(qtbot: QtBot) -> None:
    dialog = NewGameDialog(scenario=TRAINING)
    qtbot.addWidget(dialog)
    assert dialog.scenario is not None and dialog.scenario.name
    assert (dialog.count.minimum(), dialog.count.maximum()) == (1, 6)
    dialog.count.setValue(3)
    seats = dialog.seats()
    assert [s.name for s in seats] == ["Ann", "Bob", "Cleo"]
    assert len({s.colour for s in seats}) == 3
    dialog.names[1].setText("Ann")
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    assert "same name" in dialog.problem.text()


def test_two_players_launch_plot_a_burn_and_the_ship_moves_where_the_engine_said(
    qtbot: QtBot, window: MainWindow
) -> None:
    start_training(window)
    session, board = window.session, window.board
    assert session is not None and board is not None
    first = session.seat()
    assert first is not None
    other = next(p for p in session.state.players if p.id != first.id)

    # Round 1: each player in turn launches from Earth to an orbit hex of their choice.
    for player in (first, other):
        take_seat(qtbot, window, player.name)
        assert board.selected is not None, "the player's ship is selected at turn start"
        ship = session.state.ship(board.selected)
        assert ship.owner == player.id and ship.status is ShipStatus.LANDED
        assert board.preview is not None and len(board.preview.launch) == 6
        launch_points = [i for i in window.scene.items() if i.data(ROLE_KEY) == "launch point"]
        assert len(launch_points) == 6
        click(qtbot, window, board.preview.launch[0])
        assert session.state.plan(ship.id) is not None
        qtbot.mouseClick(window.turn_bar.end_button, Qt.MouseButton.LeftButton)
        assert session.state.ship(ship.id).status is ShipStatus.ACTIVE

    # Round 2: the first-player seat moved on to the last player of round 1, who
    # therefore plays again at once: no hand-over. Hover a burn, read it, click it.
    assert session.state.round == 2
    assert session.seat() == other
    assert window.stack.currentWidget() is window.map_view
    ship_id = board.selected
    assert ship_id is not None
    p = board.preview
    assert p is not None and len(p.options) == 7
    burn = next(o for o in p.options if o.fuel == 1 and not o.result.hazards)
    hover(qtbot, window, burn.tip)
    assert board.hovered_option == burn
    assert "burn 1 fuel" in window.course_panel.hovered.text()
    course = [i for i in window.scene.items() if i.data(ROLE_KEY) == "course"]
    assert course, "the hovered course is drawn"
    click(qtbot, window, burn.tip)
    plan = session.state.plan(ship_id)
    assert plan is not None, window.status_label.text()
    assert plan.order == burn.order
    fuel_before = session.state.ship(ship_id).fuel
    window.end_turn_action.trigger()
    moved = session.state.ship(ship_id)
    assert moved.motion == burn.result.next
    assert moved.fuel == fuel_before - 1
    assert session.tracks[ship_id][-1] == burn.result.end
    assert window.stack.currentWidget() is window.hand_over  # the next player's turn


def test_an_order_can_be_taken_back_until_the_turn_ends(qtbot: QtBot, window: MainWindow) -> None:
    start_training(window)
    session, board = window.session, window.board
    assert session is not None and board is not None
    take_seat(qtbot, window, session.seat().name)  # type: ignore[union-attr]
    ship_id = board.selected
    assert ship_id is not None and board.preview is not None
    click(qtbot, window, board.preview.launch[2])
    assert session.state.plan(ship_id) is not None
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert session.state.plan(ship_id) is None
    click(qtbot, window, board.preview.launch[1])
    window.take_back_action.trigger()
    assert session.state.plan(ship_id) is None


def test_status_bar_names_the_hex_under_the_mouse_and_the_ruler_measures(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.starmap is not None
    labels = window.starmap.bounds.labels
    earth = window.starmap.body("Earth")
    assert earth is not None
    window.fit_action.trigger()  # the whole map, Earth with it
    hover(qtbot, window, earth.centre)
    assert labels.format(earth.centre) in window.hex_label.text()
    assert "Earth" in window.hex_label.text()
    window.ruler_action.trigger()
    a, b = earth.centre, earth.centre + Hex(3, -1)
    start, end = screen_point(window, a), screen_point(window, b)
    viewport = window.map_view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, QPoint((start.x() + end.x()) // 2, (start.y() + end.y()) // 2))
    qtbot.mouseMove(viewport, end)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    assert f"is {a.distance(b)} hexes" in window.status_label.text()
    qtbot.keyClick(window.map_view, Qt.Key.Key_Escape)
    assert not window.ruler_action.isChecked()


def test_the_window_announces_the_training_winner_and_the_game_stops(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Ann, in orbit round Earth after Venus and Mercury, coasts into Luna's hex: she
    wins (the rule itself is tested in tests/core/vector/test_victory.py)."""
    state = circling_earth(training(2), "0618", ("Earth", "Venus", "Mercury"))
    window.play(state, [], "Training")
    take_seat(qtbot, window, "Ann")
    assert window.session is not None
    window.end_turn_action.trigger()
    assert window.session.state.over
    box = window.findChild(QMessageBox, "game_over_box")
    assert box is not None and box.isVisible()
    assert "Ann won" in box.text()
    assert window.turn_bar.round_label.text() == "Game over"
    assert window.turn_bar.player_label.text() == "Ann won"
    assert "Ann wins" in window.turn_bar.hint.text()  # and why, as the log said it
    assert not window.end_turn_action.isEnabled()
    assert window.stack.currentWidget() is window.map_view
    box.close()


def test_a_ship_at_rest_has_no_vector_arrow_and_a_moving_ship_shows_vector_and_trail(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Seed: a ship at rest is drawn as a dot; ours is its counter with no arrow."""
    state = circling_earth(training(1), "0618", ())
    window.play(state, [], "Training")
    assert window.board is not None and window.session is not None
    moving = window.session.state.ship("trainee-p1")
    vectors = [i for i in window.board._pieces if i.zValue() == Z_VECTOR]
    assert [i.data(SHIP_KEY) for i in vectors] == [moving.id]
    window.session.apply(Plot("p1", moving.id, window.board.preview.options[0].order))  # type: ignore[union-attr]
    window.end_turn_action.trigger()
    trails = [i for i in window.board._pieces if i.zValue() == Z_TRAIL]
    assert [i.data(SHIP_KEY) for i in trails] == [moving.id]

    at_rest = replace(
        window.session.state.ship(moving.id), motion=Motion(moving.motion.position, ZERO)
    )
    window.play(window.session.state.with_ship(at_rest), [], "Training")
    assert window.board is not None
    assert window.board.counters[moving.id].isVisible()
    assert not [i for i in window.board._pieces if i.zValue() == Z_VECTOR]


def test_two_directed_gravity_is_chosen_in_the_course_panel_and_moves_the_end_points(
    qtbot: QtBot, window: MainWindow
) -> None:
    # Circling Earth from 0618, the next coast enters 0518: Earth's ring and Luna's.
    state = circling_earth(training(1), "0618", ())
    window.play(state, [], "Training")
    session, board = window.session, window.board
    assert session is not None and board is not None
    window.end_turn_action.trigger()  # coast one turn; Ann (alone) plays on
    ship_id = "trainee-p1"
    board.select(ship_id)
    assert board.preview is not None
    assert any(c.two_directed for c in board.preview.choices)
    combo = window.course_panel.findChild(QComboBox)
    assert combo is not None and combo.count() >= 2
    before = board.preview.drift
    combo.setCurrentIndex((combo.currentIndex() + 1) % 2)
    assert board.preview.drift != before
    option = board.preview.at(board.preview.drift)
    assert option is not None
    # this way the coast runs into Luna: the plotter asks first (test_no_silent_loss)
    assert asked(GIVE, lambda: click(qtbot, window, option.tip))
    assert session.state.plan(ship_id) is not None
    assert session.state.plan(ship_id).order.picks == board.preview.picks  # type: ignore[union-attr]


def test_moving_off_a_launch_hex_clears_its_course(qtbot: QtBot, window: MainWindow) -> None:
    start_training(window)
    assert window.session is not None and window.board is not None
    take_seat(qtbot, window, window.session.seat().name)  # type: ignore[union-attr]
    board = window.board
    assert board.preview is not None
    hover(qtbot, window, board.preview.launch[0])
    assert [i for i in window.scene.items() if i.data(ROLE_KEY) == "course"]
    far = window.starmap.body("Saturn")  # type: ignore[union-attr]
    assert far is not None
    board.hover(far.centre)
    assert not [i for i in window.scene.items() if i.data(ROLE_KEY) == "course"]
