"""Issue 20 requirement 9 (and the window side of 3 and 8): a System III Void campaign
played in the window with visible controls only. The Battles dock's Engage button opens
the encounter dialog (who, the situation, what each ship pays, how to resolve it); a
battle resolved by strategic combat takes each player's aggression level behind a
hand-over page; a battle fought on the table has its result entered by hand; either ends
on a results summary before going back to the strategic map, and the navigator lists the
battle with its result. A battle closed mid-way is fought on later from the dock.

The campaign is set up by scripted players (the engine, before the window opens) up to the
first combat phase whose courses offer an encounter; from there on the people at the
window do everything."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QWidget,
)
from pytestqt.qtbot import QtBot

from core.campaign import CampaignFile, GameRecord
from core.rules.void.offers import open_offers
from tests.app.acceptance.user import Player
from tests.app.acceptance.void_table import (
    at_the_window,
    battles,
    buttons,
    campaign_at_first_encounter,
    encounter,
    fight_by_strategic_combat,
    open_campaign,
    shot,
    when_dialog,
)


def test_an_encounter_resolved_by_strategic_combat_feeds_its_result_back(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = at_the_window(qtbot, tmp_path)
    assert user.label("breadcrumb") == "Turn 1 > combat"
    shot(user.find(QWidget, "navigator").parentWidget(), "navigator-before")
    failed: list[BaseException] = []
    when_dialog("Battle", fight_by_strategic_combat(user), failed)
    user.answer(lambda: user.press("Engage"), encounter(user, "Resolve it by strategic combat"))
    qtbot.waitUntil(lambda: not QApplication.activeModalWidget())
    if failed:
        raise failed[0]
    rows = battles(user)
    assert rows[0][1] == "playing"  # the strategic game goes on
    assert rows[1][0].strip().startswith("Battle ") and rows[1][1] == "finished"
    assert "is over" in rows[2][0]  # the battle's result
    assert user.label("breadcrumb") == "Turn 1 > combat"
    assert any("is over" in line for line in user.log())
    shot(user.win, "campaign-after-battle")


def test_a_battle_fought_on_the_table_is_entered_by_hand_after_closing_it_midway(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = at_the_window(qtbot, tmp_path)
    failed: list[BaseException] = []

    def close_for_now(dialog: QWidget) -> None:
        assert dialog.findChild(QLabel, "battle_breadcrumb").text().endswith("the table's result")
        user.click(buttons(dialog)["Close (fight on later)"])

    when_dialog("Battle", close_for_now, failed)
    user.answer(
        lambda: user.press("Engage"),
        encounter(user, "Fight it on the table, enter the result by hand"),
    )
    qtbot.waitUntil(lambda: not QApplication.activeModalWidget())
    assert not failed
    crumb = user.label("breadcrumb")
    assert crumb.startswith("Turn 1 > Battle ") and crumb.endswith("> open")
    assert "OPEN (strategic)" in [state for _, state in battles(user)]
    assert not user.has_button("Engage")  # the strategic game waits for its battle

    def enter(dialog: QWidget) -> None:
        fates = [c for c in dialog.findChildren(QComboBox) if c.isVisible()]
        defender = next(c for c in fates if c.objectName().endswith("-p2"))
        user.pick(defender, "destroyed")
        shot(dialog, "hand-result")
        user.click(buttons(dialog)["Enter the result"])
        summary = dialog.findChild(QLabel, "battle_summary_text").text()
        assert "DESTROYED" in summary
        user.click(buttons(dialog)["Back to the Strategic Map"])

    user.answer(lambda: user.press("Fight the Battle"), enter)
    qtbot.waitUntil(lambda: not QApplication.activeModalWidget())
    assert any("destroyed: Bob's" in game for game, _ in battles(user))


def test_the_course_preview_shows_the_encounters_a_plotted_course_offers(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = at_the_window(qtbot, tmp_path, plotted=True)
    user.select_ship("Ann's Whirlwind")
    user.show_tab("Battles")
    text = user.label("void_ship_state")
    assert (
        "Ann's Whirlwind" in text
        and "Torpedoes aboard: 50 of 50" in text
        and "Railguns: 1 light" in text
    )
    offers = user.label("void_offers")
    assert "Plotted course offers:" in offers and "Bob's Whirlwind" in offers
    assert ": free" in offers
    shot(user.find(QWidget, "navigator").parentWidget(), "course-preview")


def test_a_tactical_battle_opens_on_the_map_with_its_breadcrumb(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = at_the_window(qtbot, tmp_path)
    user.answer(lambda: user.press("Engage"), encounter(user, "Play it at tactical scale"))
    qtbot.waitUntil(lambda: user.label("breadcrumb").endswith("tactical turn 1"))
    assert user.label("breadcrumb").startswith("Turn 1 > Battle at ")
    assert "Battle at" in user.win.windowTitle()
    user.take_seat()
    assert user.my_ships()  # the battle's ships are on the tactical map
    shot(user.win, "tactical-battle")


def test_a_campaign_reopened_mid_battle_offers_the_battle_again(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "belt.ecliptic"
    campaign_at_first_encounter(path)
    with CampaignFile.open(path) as file:
        war = GameRecord(file, 1)
        offers = open_offers(war.state, "p1")
        (target, found), *_ = offers.items()
        from core.rules.void.engage import Engage

        war.play(Engage("p1", tuple(o.ship for o in found), target, "strategic"))
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)  # the strategic map, waiting for its battle
    assert user.label("breadcrumb").endswith("> open")
    failed: list[BaseException] = []
    when_dialog("Battle", fight_by_strategic_combat(user), failed)
    user.press("Fight the Battle")
    qtbot.waitUntil(lambda: not QApplication.activeModalWidget())
    if failed:
        raise failed[0]
    assert user.label("breadcrumb") == "Turn 1 > combat"
