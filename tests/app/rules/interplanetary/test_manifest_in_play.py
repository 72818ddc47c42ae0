"""Issue 7 requirement 2 and issue 6 requirement 5: the Manifest dock shows the selected
ship's live sheet through play (launches, fuel, damage, disabled, Reactor down), hides
an enemy's under fog of war, and at a base in the resupply phase becomes the place for
refits and loads, each a command the window can undo, refusals naming the slot."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.rules.interplanetary.manifest.in_play import ManifestPanel, sheet_for
from app.shell.main_window import MainWindow
from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import DEFAULT_SERVICES, Base, BaseKind, Bounds, StarMap
from core.engine.commands import EndPhase
from core.engine.play import new_game
from core.rules.interplanetary.aid.manifest import fit
from core.rules.interplanetary.aid.outfitting import Slot
from core.rules.interplanetary.aid.playaid import Outfit
from core.rules.interplanetary.combat.attack import PendingHit
from core.rules.interplanetary.combat.ordnance import LaunchWeapon
from core.vector.motion import Motion, Order
from core.vector.orders import Plot
from core.vector.state import GameState, Ship
from tests.app.campaign.test_campaign_window import make_window
from tests.app.rules.interplanetary.test_combat_panel import OPEN, PLAYERS, duel, sit, to_gun_phase
from tests.core.rules.interplanetary.test_bases import aid

ROCK = Hex(5, 5)
OUTPOST = Base("Outpost", BaseKind.ASTEROID, ROCK, services=DEFAULT_SERVICES[BaseKind.ASTEROID])
BELT = StarMap("Belt", Bounds(12, 12), asteroids=frozenset({ROCK}), bases=(OUTPOST,))


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def panel_of(win: MainWindow) -> ManifestPanel:
    assert win.panel("manifest") is not None
    return win.panel("manifest")


def shown(win: MainWindow):  # type: ignore[no-untyped-def]
    sheet = panel_of(win).sheet
    assert sheet is not None and sheet.isVisibleTo(panel_of(win))
    return sheet.data


def minelayer_duel() -> GameState:
    state = duel(1)
    alpha = state.ship("alpha")
    kit = fit(aid(), Outfit(guns=("artillery",), launched=("mine",)))
    return state.with_ship(replace(alpha, manifest=kit, fitted=kit))


def test_manifest_dock_follows_launch_and_fuel(qtbot: QtBot, window: MainWindow) -> None:
    assert window.play(minelayer_duel(), [], "Duel")
    sit(qtbot, window)
    session = window.session
    assert session is not None and window.board is not None
    assert session.phase() == "launch"
    window.board.select("alpha")
    data = shown(window)
    assert data.name == "Alpha" and data.live
    assert data.manifest.launchers[0] == "mine" and data.fuel == 15
    assert session.apply(LaunchWeapon("a", "alpha", 0))
    data = shown(window)
    assert data.manifest.launchers[0] is None, "the launcher is empty"
    assert data.fitted is not None and data.fitted.launchers[0] == "mine", "shown as spent"
    assert session.phase() == "astrogation", "one launch a turn: the launch phase ends"
    assert session.apply(Plot("a", "alpha", Order(burn=(Direction(0),))))
    session.apply(EndPhase("a"))
    assert shown(window).fuel == 14 == session.state.ship("alpha").fuel


def test_manifest_dock_shows_damage_placed_on_the_defender(
    qtbot: QtBot, window: MainWindow
) -> None:
    for seed in range(1, 200):
        to_gun_phase(qtbot, window, seed)
        session = window.session
        assert session is not None
        window.panel("combat").fire()
        if session.state.pending and isinstance(session.state.pending[0], PendingHit):
            break
        window.close_game()
    else:
        raise AssertionError("no seed gives a hit")
    sit(qtbot, window)
    while session.state.pending and isinstance(session.state.pending[0], PendingHit):
        window.panel("combat").use_suggested()
    assert window.board is not None
    window.board.select("beta")
    beta = session.state.ship("beta")
    data = shown(window)
    assert data.manifest == beta.manifest and data.fuel == beta.fuel
    assert data.manifest.total_damage() > 0 or beta.fuel < 15
    assert data.disabled == beta.disabled


def test_disabled_and_reactor_down_switch_guns_and_systems_off() -> None:
    state = duel(1)
    alpha = state.ship("alpha")
    disabled = replace(alpha, disabled=True, disabled_for=2)
    data = sheet_for(state.with_ship(disabled), disabled, None)
    assert data.disabled and data.disabled_for == 2 and data.off == "disabled"
    assert alpha.manifest is not None
    down = replace(alpha, manifest=alpha.manifest.with_damage("reactor", 0, 6))
    assert sheet_for(state.with_ship(down), down, None).off == "Reactor down"
    assert sheet_for(state, alpha, None).off == ""


def fogged(distance: int) -> GameState:
    state = minelayer_duel()
    state = replace(state, switches=(*state.switches, ("fog_of_war", True)))
    beta = state.ship("beta")
    kit = fit(aid(), Outfit(guns=("artillery",), launched=("mine", "missile")))
    emptied = kit.with_mount("launchers", 0, None).with_damage("structure", 0, 3)
    centre = state.ship("alpha").motion.position
    moved = replace(
        beta, motion=Motion(centre + Vector(distance, 0), ZERO), manifest=emptied, fitted=kit
    )
    return state.with_ship(moved)


def test_fog_of_war_hides_an_enemy_sheet_beyond_detector_range() -> None:
    state = fogged(6)
    ann = state.player("a")
    data = sheet_for(state, state.ship("beta"), ann)
    assert data.hidden
    assert data.manifest.guns == (None, None) and data.manifest.total_damage() == 0
    assert data.fitted is not None and data.fitted.launchers[0] == "mine", "spent is seen"
    assert data.fitted.launchers[1] is None, "the missile still aboard is not"
    assert not sheet_for(state, state.ship("alpha"), ann).hidden, "her own ship"


def test_fog_of_war_shows_a_gun_once_it_has_fired() -> None:
    state = fogged(6)
    state = replace(state, revealed=frozenset({"beta:0"}))
    data = sheet_for(state, state.ship("beta"), state.player("a"))
    assert data.hidden and data.manifest.guns == ("artillery", None)


def test_fog_of_war_shows_the_sheet_within_detector_range() -> None:
    state = fogged(3)
    data = sheet_for(state, state.ship("beta"), state.player("a"))
    assert not data.hidden and data.manifest.total_damage() == 3


def test_without_fog_of_war_enemy_sheets_lie_open() -> None:
    state = fogged(6)
    state = replace(state, switches=tuple(s for s in state.switches if s[0] != "fog_of_war"))
    assert not sheet_for(state, state.ship("beta"), state.player("a")).hidden


def at_base(window: MainWindow, points: int = 3, fuel: int = 15) -> GameState:
    ship = Ship(
        "s",
        "Swift",
        "a",
        "a",
        "ship",
        Motion(ROCK, ZERO),
        Fraction(fuel),
        docked_at="Outpost",
        manifest=fit(aid(), Outfit(guns=("artillery",))),
        points=points,
    )
    state, _ = new_game("interplanetary", BELT, PLAYERS[:1], (ship,), seed=1)
    assert window.play(state, [], "Belt")
    session = window.session
    assert session is not None and window.board is not None
    session.apply(EndPhase("a"))  # astrogation; no guns: on to resupply
    assert session.phase() == "resupply"
    window.board.select("s")
    return session.state


def test_refit_at_a_base_on_the_sheet_gives_the_command_and_undoes(
    qtbot: QtBot, window: MainWindow
) -> None:
    at_base(window, points=3)
    panel = panel_of(window)
    assert panel.base == "Outpost" and panel.sheet is not None and not panel.sheet.read_only
    assert "Refit" in panel.title.text() and "3 ship points" in panel.title.text()
    offers = {o.label: o for o in panel.offers(Slot("systems", 0))}
    sensors = offers["Long-range sensors"]
    assert sensors.allowed and sensors.price == aid().system("sensors").cost
    assert panel.choose(Slot("systems", 0), sensors)
    session = window.session
    assert session is not None
    swift = session.state.ship("s")
    assert swift.manifest is not None and swift.manifest.systems[0] == "sensors"
    assert swift.points == 3 - (sensors.price or 0)
    assert shown(window).manifest.systems[0] == "sensors", "the sheet follows at once"
    window.undo()
    assert session.state.ship("s").manifest.systems[0] is None, "undone like any command"
    assert session.state.ship("s").points == 3


def test_refit_by_keyboard_delete_takes_a_gun_out(qtbot: QtBot, window: MainWindow) -> None:
    at_base(window, points=0, fuel=10)
    panel = panel_of(window)
    assert panel.sheet is not None
    panel.sheet.set_focus_slot(Slot("gun_mounts", 0))
    qtbot.keyClick(panel.sheet, Qt.Key.Key_Delete)
    session = window.session
    assert session is not None
    assert session.state.ship("s").manifest.guns[0] is None, "a refit to nothing is free"
    window.undo()
    assert session.state.ship("s").manifest.guns[0] == "artillery"


def test_loading_an_empty_launcher_on_the_sheet(qtbot: QtBot, window: MainWindow) -> None:
    at_base(window, points=3)
    panel = panel_of(window)
    offers = {o.label: o for o in panel.offers(Slot("launchers", 2))}
    assert panel.choose(Slot("launchers", 2), offers["Load a Missile"])
    session = window.session
    assert session is not None
    assert session.state.ship("s").manifest.launchers[2] == "missile"
    loaded = panel.offers(Slot("launchers", 2))
    assert len(loaded) == 1 and loaded[0].command is None and "is loaded" in loaded[0].label


def test_refit_refused_names_the_slot_and_the_reason(qtbot: QtBot, window: MainWindow) -> None:
    at_base(window, points=0, fuel=10)  # to refuel, so the resupply phase waits
    panel = panel_of(window)
    offers = {o.label: o for o in panel.offers(Slot("gun_mounts", 1))}
    laser = offers["Laser battery"]
    assert not laser.allowed and "has 0 left" in laser.reason
    menu = panel.mount_menu(Slot("gun_mounts", 1))
    assert any("Laser battery" in a.text() and "not possible" in a.text() for a in menu.actions())
    assert not panel.choose(Slot("gun_mounts", 1), laser)
    assert panel.refusal().startswith("Gun Mounts 2: ")
    assert "has 0 left" in panel.message.text()
    panel.take_out(Slot("single_use", 0))
    assert "Single-use 1: single-use modules are not changed at a base" in panel.refusal()


def test_the_sheet_is_read_only_away_from_a_base_or_out_of_the_resupply_phase(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.play(duel(1), [], "Duel")
    sit(qtbot, window)
    assert window.board is not None
    window.board.select("alpha")
    panel = panel_of(window)
    assert panel.base is None and panel.sheet is not None and panel.sheet.read_only
    assert panel.offers(Slot("systems", 0)) == []


def test_the_dock_is_empty_without_a_selection(qtbot: QtBot, window: MainWindow) -> None:
    assert window.play(duel(1), [], "Duel")
    sit(qtbot, window)
    assert window.board is not None
    window.board.select(None)
    panel = panel_of(window)
    assert "Select a ship" in panel.title.text()
    assert panel.sheet is None or not panel.sheet.isVisibleTo(panel)
    window.close_game()
    assert OPEN.name  # the open map of the duel is not needed beyond here
