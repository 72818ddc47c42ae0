"""The SystemUI registry: the generic window reaches a rule system's widgets and rule
questions only through it; a system's interface loads with its first game, and a system
without one plays with the generic docks."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from app.play.systems import PlainUI, entries, ui_for
from app.shell.main_window import MainWindow
from core.board.hexgrid import ZERO, Hex
from core.board.starmap import Bounds, StarMap
from core.engine.commands import EndPhase
from core.engine.play import new_game
from core.rules.interplanetary.bases import Refuel
from core.vector.motion import Motion
from core.vector.orders import Unplot
from core.vector.state import Player, Ship
from tests.core.vector.test_victory import training


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "ecliptic.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    win.ask_before_closing = False
    qtbot.addWidget(win)
    return win


def test_listing_the_registered_interfaces_imports_none_of_them() -> None:
    script = (
        "import sys\nfrom app.play.systems import entries\n"
        "print(','.join(sorted(entries())), any(m.startswith('app.rules') for m in sys.modules))"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.stdout.split() == ["interplanetary,nplanetary,squadrons,void", "False"], run.stderr


def test_a_system_without_an_interface_gets_the_plain_one() -> None:
    ui = ui_for("homebrew")  # every built-in system has an interface of its own now
    assert isinstance(ui, PlainUI) and "homebrew" not in entries()
    assert ui.docks().panels == {}
    assert ui.design_names() == []
    assert not ui.exact(EndPhase("p1"))
    state = training(1)
    assert not ui.can_act(state), "nothing but plotting, so idle phases are ended"
    assert ui.work(state).level == "nothing"
    assert ui.phase_title("ordnance") == "Ordnance"
    assert ui.hidden_ships(state, "p1") == frozenset()
    assert ui.weapon_behaviour(state, "missile") == "mine", "drawn as a plain marker"


def test_interplanetary_names_its_gun_phase_as_the_rules_do() -> None:
    ui = ui_for("interplanetary")
    assert [ui.phase_title(p) for p in ("launch", "astrogation", "guns", "resupply")] == [
        "Launch",
        "Astrogation",
        "Gun",
        "Resupply",
    ]


def test_interplanetary_says_how_the_board_draws_its_launched_weapons() -> None:
    ui, state = ui_for("interplanetary"), training(1)
    assert ui.weapon_behaviour(state, "missile") == "missile"
    assert ui.weapon_behaviour(state, "buckyball") == "buckyball"
    assert ui.weapon_behaviour(state, "no-such-weapon") == "mine"


def test_interplanetary_orders_and_base_services_may_be_taken_back_but_not_ending_a_phase(
    window: MainWindow,
) -> None:
    assert window.play(training(1), [], "Training")
    session = window.session
    assert session is not None and session.ui.id == "interplanetary"
    assert session.exact(Unplot("p1", "trainee-p1"))
    assert session.exact(Refuel("p1", "trainee-p1"))
    assert not session.exact(EndPhase("p1"))


def test_declared_docks_wait_with_a_placeholder_until_their_systems_game(
    window: MainWindow,
) -> None:
    assert isinstance(window.docks["combat"].widget(), QLabel)
    assert window.panel("combat") is None
    assert window.play(training(1), [], "Training")
    combat = window.panel("combat")
    assert combat is not None and window.docks["combat"].widget() is combat
    assert window.docks["manifest"].widget() is window.panel("manifest")


def test_a_game_of_a_system_without_an_interface_puts_the_placeholders_back(
    window: MainWindow,
) -> None:
    assert window.play(training(1), [], "Training")
    combat = window.panel("combat")
    window.show_system_docks(ui_for("void"))
    assert window.panel("combat") is None
    assert isinstance(window.docks["combat"].widget(), QLabel)
    window.show_system_docks(ui_for("interplanetary"))
    assert window.panel("combat") is combat, "the panels are built once per window"
    assert window.docks["combat"].widget() is combat


# During a game the docks of the other rule systems are hidden (their placeholders would
# only take room), and shown again for a game of their own system; a dock the player
# closed stays closed, and the saved layout keeps every dock as the player left it.

NP_OPEN = StarMap("Open space", Bounds(20, 16))
NP_PLAYERS = (Player("a", "Ann", "a", "#E69F00"), Player("b", "Bob", "b", "#56B4E9"))


def nplanetary() -> tuple[object, list[object]]:
    ships = (
        Ship("a1", "Arrow", "a", "a", "frigate", Motion(Hex(5, 6) + ZERO, ZERO), Fraction(9)),
        Ship("b1", "Bolt", "b", "b", "frigate", Motion(Hex(14, 6) + ZERO, ZERO), Fraction(9)),
    )
    return new_game("nplanetary", NP_OPEN, NP_PLAYERS, ships, seed=3)


def hidden(window: MainWindow) -> set[str]:
    return {k for k, d in window.docks.items() if d.isHidden()}


def test_each_game_shows_its_own_systems_docks_and_hides_the_others(window: MainWindow) -> None:
    assert window.play(training(1), [], "Training")
    assert {"orders", "economy", "np_ship"} <= hidden(window)
    assert not {"combat", "manifest"} & hidden(window)
    state, events = nplanetary()
    assert window.play(state, events, "NPlanetary")  # type: ignore[arg-type]
    assert {"combat", "manifest"} <= hidden(window)
    assert not {"orders", "economy", "np_ship"} & hidden(window)
    window.docks["orders"].close()  # the player closes the Orders dock
    assert window.play(training(1), [], "Training")
    assert not {"combat", "manifest"} & hidden(window)
    window.save_settings()
    assert not {"combat", "manifest"} & hidden(window), "saving shows nothing it should not"
    state, events = nplanetary()
    assert window.play(state, events, "NPlanetary")  # type: ignore[arg-type]
    assert "orders" in hidden(window), "a dock the player closed stays closed"
    assert "economy" not in hidden(window)
    window.save_settings()
    assert {"combat", "manifest"} <= hidden(window), "still hidden after the layout is saved"
