"""Single-use modules from the Combat dock, as users fire them: a booster before the
move, and a randomizer boost when an enemy gun is about to roll (the defender takes the
seat, fires it or lets the gun roll)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from app.play.session import GameSession
from app.rules.interplanetary.manifest.allocation import AllocationDialog
from app.shell.main_window import MainWindow
from core.engine.commands import EndPhase
from core.rules.interplanetary.aid.manifest import fit
from core.rules.interplanetary.aid.outfitting import Slot
from core.rules.interplanetary.aid.playaid import Outfit
from core.rules.interplanetary.combat.attack import PendingHit
from core.rules.interplanetary.combat.single_use import PendingRoll
from core.vector.state import GameState
from tests.app.campaign.test_campaign_window import make_window
from tests.app.rules.interplanetary.test_combat_panel import duel, sit


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def carrying(state: GameState, ship_id: str, *modules: str) -> GameState:
    ship = state.ship(ship_id)
    assert ship.manifest is not None
    manifest = ship.manifest
    for slot, module in enumerate(modules):
        manifest = manifest.with_mount("single_use", slot, module)
    return state.with_ship(replace(ship, manifest=manifest))


def to_guns(qtbot: QtBot, window: MainWindow, state: GameState) -> GameSession:
    """Play ``state``: Ann's ships coast, and Alpha is selected in her gun phase."""
    assert window.play(state, [], "Duel")
    sit(qtbot, window)
    session = window.session
    assert session is not None
    session.apply(EndPhase("a"))
    assert session.phase() == "guns"
    assert window.board is not None
    window.board.select("alpha")
    return session


def test_a_booster_is_fired_from_the_dock_before_the_move(qtbot: QtBot, window: MainWindow) -> None:
    assert window.play(carrying(duel(1), "alpha", "chemical_booster"), [], "Duel")
    sit(qtbot, window)
    session = window.session
    assert session is not None and session.phase() == "astrogation"
    assert window.board is not None
    window.board.select("alpha")
    panel = window.panel("combat")
    assert panel.use_button.isVisible()
    assert panel.module.currentText() == "Chemical booster (slot 1)"
    qtbot.mouseClick(panel.use_button, Qt.MouseButton.LeftButton)
    alpha = session.state.ship("alpha")
    assert alpha.in_use == ("chemical_booster",)
    assert alpha.manifest is not None and alpha.manifest.single_use[0] is None


def test_the_defender_fires_a_randomizer_boost_before_the_enemy_gun_rolls(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = to_guns(qtbot, window, carrying(duel(1), "beta", "randomizer"))
    qtbot.mouseClick(window.panel("combat").fire_button, Qt.MouseButton.LeftButton)
    assert isinstance(session.state.pending[0], PendingRoll)
    assert window.stack.currentWidget() is window.hand_over
    assert "Randomizer boost" in window.hand_over.detail.text()
    sit(qtbot, window)
    panel = window.panel("combat")
    assert panel.decline_button.isVisible() and panel.use_button.isVisible()
    assert "Randomizer boost" in panel.module.currentText()
    before = session.state.dice.rolled
    qtbot.mouseClick(panel.use_button, Qt.MouseButton.LeftButton)
    beta = session.state.ship("beta")
    assert beta.manifest is not None and beta.manifest.single_use[0] is None
    assert not any(isinstance(p, PendingRoll) for p in session.state.pending)
    assert session.state.dice.rolled >= before + 2  # the boost's d6, then the gun's roll


def test_letting_the_gun_roll_keeps_the_boost(qtbot: QtBot, window: MainWindow) -> None:
    assert window.play(carrying(duel(1), "beta", "randomizer"), [], "Duel")
    sit(qtbot, window)
    session = window.session
    assert session is not None
    session.apply(EndPhase("a"))
    assert window.board is not None
    window.board.select("alpha")
    qtbot.mouseClick(window.panel("combat").fire_button, Qt.MouseButton.LeftButton)
    sit(qtbot, window)
    qtbot.mouseClick(window.panel("combat").decline_button, Qt.MouseButton.LeftButton)
    assert not any(isinstance(p, PendingRoll) for p in session.state.pending)
    beta = session.state.ship("beta")
    assert beta.manifest is not None and beta.manifest.single_use[0] == "randomizer"


def test_a_spin_booster_is_offered_while_a_hit_waits(qtbot: QtBot, window: MainWindow) -> None:
    state = carrying(duel(1), "beta", "spin_booster")
    hit = PendingHit("b", "beta", "structure", 3, "Alpha's gun", "Beta", "Structure", "alpha")
    assert window.play(replace(state, pending=(hit,)), [], "Duel")
    sit(qtbot, window)
    panel = window.panel("combat")
    assert panel.suggested_button.isVisible() and panel.use_button.isVisible()
    qtbot.mouseClick(panel.use_button, Qt.MouseButton.LeftButton)
    session = window.session
    assert session is not None
    first = session.state.pending[0]
    assert isinstance(first, PendingHit) and first.spread
    assert not panel.use_button.isVisible()
    qtbot.mouseClick(panel.suggested_button, Qt.MouseButton.LeftButton)
    assert not session.state.pending
    beta = session.state.ship("beta")
    assert beta.manifest is not None and beta.manifest.single_use[0] is None


def test_an_armour_ai_point_is_placed_by_hand_on_another_subsystem(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = duel(1)
    beta = state.ship("beta")
    assert beta.manifest is not None and state.rules.play_aid is not None
    kit = fit(state.rules.play_aid, Outfit(guns=("artillery",), systems=("armour_ai",)))
    state = state.with_ship(replace(beta, manifest=kit))
    hit = PendingHit("b", "beta", "structure", 3, "Alpha's gun", "Beta", "Structure", "alpha")
    assert window.play(replace(state, pending=(hit,)), [], "Duel")
    sit(qtbot, window)
    seen: list[AllocationDialog] = []

    def by_hand(dialog: AllocationDialog) -> int:
        seen.append(dialog)
        assert Slot("launchers", 2) in dialog.sheet.targets
        dialog.clear_button.click()
        dialog.add_point(Slot("launchers", 2))
        assert dialog.placed() is not None, dialog.message()
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(AllocationDialog, "exec", by_hand)
    window.panel("combat").place_damage()
    assert seen and seen[0].movable == 1
    session = window.session
    assert session is not None and not session.state.pending
    m = session.state.ship("beta").manifest
    assert m is not None
    assert (m.checked("structure"), m.checked("launchers", 2)) == (2, 1)


def test_without_an_armour_ai_only_the_hit_subsystem_is_offered(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    hit = PendingHit("b", "beta", "gun_mounts", 2, "Alpha's gun", "Beta", "Gun Mounts", "alpha")
    assert window.play(replace(duel(1), pending=(hit,)), [], "Duel")
    sit(qtbot, window)
    roles: set[str] = set()

    def look(dialog: AllocationDialog) -> int:
        roles.update(s.role for s in dialog.sheet.targets)
        return QDialog.DialogCode.Rejected.value

    monkeypatch.setattr(AllocationDialog, "exec", look)
    window.panel("combat").place_damage()
    assert roles == {"gun_mounts"}


def test_a_patch_pod_is_offered_in_the_gun_phase_of_the_owners_turn(
    qtbot: QtBot, window: MainWindow
) -> None:
    state = carrying(duel(1), "alpha", "patch_pod")
    alpha = state.ship("alpha")
    assert alpha.manifest is not None
    state = state.with_ship(replace(alpha, manifest=alpha.manifest.with_damage("structure", 0, 2)))
    session = to_guns(qtbot, window, state)
    panel = window.panel("combat")
    assert panel.fire_button.isVisible() and panel.use_button.isVisible()
    assert panel.module.currentText().startswith("Emergency patch pod: mend Structure")
    qtbot.mouseClick(panel.use_button, Qt.MouseButton.LeftButton)
    alpha = session.state.ship("alpha")
    assert alpha.manifest is not None and alpha.manifest.single_use[0] is None
    assert alpha.manifest.checked("structure") < 2
    assert session.phase() == "guns" and panel.fire_button.isVisible()
