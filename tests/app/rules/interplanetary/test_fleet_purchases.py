"""Issue 7 requirement 5: where a scenario gives ship points to spend, New Game and New
Campaign show each player's ships and points left through the fleet dialog; players
outfit them within budget (refused over it, or beyond the ships they may outfit, with
the reason) and the game, or the campaign, starts with those outfits."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.play.new_game import NewGameDialog
from app.rules.interplanetary.manifest.fleet import FleetDialog
from app.rules.interplanetary.manifest.library_paths import library
from app.shell.main_window import MainWindow
from core.files.resources import SCENARIOS
from core.rules.interplanetary.aid.manifest import Manifest, empty, fit
from core.rules.interplanetary.aid.playaid import Outfit
from tests.app.campaign.test_campaign_window import make_window
from tests.core.rules.interplanetary.test_bases import aid

LAST_MAN = SCENARIOS / "last-man-standing.toml"


def design(name: str) -> Manifest:
    found = library().find(name)
    assert found is not None and found.manifest is not None
    return found.manifest


def too_dear() -> Manifest:
    """Seven ship points: a mass driver, two missiles and long-range sensors."""
    return fit(
        aid(), Outfit(guns=("mass_driver",), launched=("missile", "missile"), systems=("sensors",))
    )


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def new_game(qtbot: QtBot, players: int = 2) -> NewGameDialog:
    dialog = NewGameDialog(None, LAST_MAN)
    qtbot.addWidget(dialog)
    dialog.count.setValue(players)
    return dialog


def test_fleet_purchase_within_budget_starts_the_game_with_the_outfits(
    qtbot: QtBot, window: MainWindow
) -> None:
    dialog = new_game(qtbot)
    row = dialog.purchases
    assert not row.isHidden() and row.has_purchases()
    assert row.label.text() == "Ship points to spend: Ann 6 of 6 left, Bob 6 of 6 left"
    fleet = row.dialog()
    assert isinstance(fleet, FleetDialog)
    qtbot.addWidget(fleet)
    assert fleet.setup.isHidden(), "the scenario sets points and ships"
    assert fleet.fleet("Ann") == [("Ann's fighter", empty(aid()))]
    assert fleet.set_ship("Ann", 0, design("Gunboat"))
    assert fleet.left("Ann") == 1 and fleet.left("Bob") == 6
    row.take(fleet)
    assert "Ann 1 of 6 left" in row.label.text()
    assert set(dialog.outfits()) == {"fighter-p1"}
    chosen = dialog.result_game()
    assert chosen is not None
    assert window.start_game(*chosen, outfits=dialog.outfits())
    session = window.session
    assert session is not None
    ann = session.state.ship("fighter-p1")
    assert ann.manifest == design("Gunboat") and ann.fitted == design("Gunboat")
    assert ann.points == 1, "what is not spent stays aboard"
    bob = session.state.ship("fighter-p2")
    assert bob.manifest is None or bob.manifest == empty(aid())
    assert bob.points == 6


def test_fleet_purchase_over_budget_is_refused_with_the_reason(qtbot: QtBot) -> None:
    dialog = new_game(qtbot)
    fleet = dialog.purchases.dialog()
    assert isinstance(fleet, FleetDialog)
    qtbot.addWidget(fleet)
    assert not fleet.set_ship("Ann", 0, too_dear())
    text = fleet.status.text()
    assert "costs 7 ship points, more than the budget of 6" in text
    assert "Ann has 6 left for it" in text
    assert fleet.fleet("Ann")[0][1] == empty(aid()) and fleet.outfits() == {}


def test_fleet_purchase_beyond_the_ships_a_player_may_outfit_is_refused(qtbot: QtBot) -> None:
    fleet = FleetDialog.for_scenario(
        aid(),
        {"Ann": [("a1", "First"), ("a2", "Second")]},
        {"Ann": 10},
        {"Ann": 1},
    )
    qtbot.addWidget(fleet)
    assert fleet.set_ship("Ann", 0, design("Gunboat"))
    assert not fleet.set_ship("Ann", 1, design("Courier"))
    assert "Ann may outfit 1 ship" in fleet.status.text()
    assert fleet.outfits() == {"a1": design("Gunboat")}


def test_purchases_are_forgotten_when_the_scenario_changes(qtbot: QtBot) -> None:
    dialog = new_game(qtbot)
    fleet = dialog.purchases.dialog()
    assert isinstance(fleet, FleetDialog)
    qtbot.addWidget(fleet)
    fleet.set_ship("Bob", 0, design("Gunboat"))
    dialog.purchases.take(fleet)
    assert dialog.outfits()
    dialog.count.setValue(3)
    assert dialog.outfits() == {}, "other seats, other ships"


def test_scenarios_without_points_hide_the_purchases(qtbot: QtBot) -> None:
    dialog = NewGameDialog(None, SCENARIOS / "training.toml")
    qtbot.addWidget(dialog)
    assert dialog.purchases.isHidden() and dialog.outfits() == {}


def test_a_campaign_starts_with_the_purchases_and_replays_them(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    from core.campaign import CampaignFile, GameRecord

    dialog = new_game(qtbot)
    fleet = dialog.purchases.dialog()
    assert isinstance(fleet, FleetDialog)
    qtbot.addWidget(fleet)
    assert fleet.set_ship("Bob", 0, design("Gunboat"))
    dialog.purchases.take(fleet)
    chosen = dialog.result_game()
    assert chosen is not None
    path = tmp_path / "bought.ecliptic"
    assert window.create_campaign(path, "Bought", *chosen, outfits=dialog.outfits())
    window.close_game()
    with CampaignFile.open(path) as again:
        state = GameRecord(again, again.games()[0].id).state
    assert state.ship("fighter-p2").manifest == design("Gunboat")
    assert state.ship("fighter-p2").points == 1
