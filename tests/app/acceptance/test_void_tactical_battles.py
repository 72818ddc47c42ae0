"""Issue 20 requirements 4, 6 and 9 in the window: a System III Void battle fought at
tactical scale with visible controls only: the crew's juice, cooldown and railguns in the
Course and Ships docks, torpedoes at a secret target and their guidance by their owner
only, extra ships placed near their lead, a planet's edge and atmosphere on the map, and
a finished battle's summary before the strategic map (the table: void_table.py)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QPushButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from core.campaign import CampaignFile, GameRecord
from core.engine.commands import EndPhase
from core.engine.play import apply, waiting_for
from core.rules.void.offers import open_offers
from tests.app.acceptance.user import Player
from tests.app.acceptance.void_table import (
    at_the_window,
    battles,
    campaign_at_first_encounter,
    encounter,
    extra_ship_at_start,
    open_campaign,
    ship_status,
    shot,
)


def test_the_course_and_ships_docks_show_a_void_ships_crew_juice_cooldown_and_railguns(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Requirement 9 on the strategic map: juicing and railgun state in the Course and
    Ships docks, not only in the Battles dock."""
    user = at_the_window(qtbot, tmp_path)
    ship = f"{user.seated()}'s Whirlwind"
    user.select_ship(ship)
    user.show_tab("Course")
    course = user.label("course_info")
    assert "Crew " in course and "Railguns: " in course and "Torpedoes aboard" in course, course
    tagged = [n for n in user.my_ships() if "juiced" in ship_status(user, n)]
    assert tagged, [ship_status(user, n) for n in user.my_ships()]
    user.select_ship(tagged[0])
    user.show_tab("Course")
    assert "Crew on the juice for this turn's high-acceleration burn" in user.label("course_info")
    shot(user.win, "strategic-docks")


def test_in_a_tactical_battle_a_crew_takes_the_juice_and_torpedoes_fly_at_a_secret_target(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = at_the_window(qtbot, tmp_path)
    user.answer(lambda: user.press("Engage"), encounter(user, "Play it at tactical scale"))
    qtbot.waitUntil(lambda: user.label("breadcrumb").endswith("tactical turn 1"))
    seated = user.take_seat()
    ship = f"{seated}'s Whirlwind"
    user.select_ship(ship)
    user.show_tab("Battles")
    assert "Situation: " in user.label("void_ship_state")  # shown before the first move
    assert seated == "Bob"  # the defender moves first, and may turn its start
    user.press("Turn start clockwise")
    assert any("turns its start" in line for line in user.log())
    assert not user.has_button("Turn start clockwise")
    user.press("Take the Juice")
    assert any("takes the juice" in line for line in user.log())
    assert "Crew on the juice" in user.label("void_ship_state")
    # the Course and Ships docks say it too, with the railguns' state
    user.show_tab("Course")
    course = user.label("course_info")
    assert "Crew on the juice" in course and "Railguns silent" in course, course
    assert "juiced" in ship_status(user, ship) and "railguns silent" in ship_status(user, ship)
    shot(user.win, "tactical-docks")
    for _ in range(5):
        if user.phase() == "Ordnance":
            break
        user.primary()
        user.take_seat()
    assert user.phase() == "Ordnance"
    user.select_ship(f"{user.seated()}'s Whirlwind")
    user.show_tab("Battles")
    orders = user.find(QWidget, "tactical_orders")
    user.pick(user.find(QComboBox, "tactical_target", orders), "Whirlwind")
    # a crew taking the juice does not attack: Launch greyed out, and the dock says why
    assert not user.button("Launch", orders).isEnabled()
    assert "takes the juice this turn" in user.find(QLabel, "attack_note", orders).text()
    user.select_ship(f"{user.seated()}'s Bastet")
    user.show_tab("Battles")
    orders = user.find(QWidget, "tactical_orders")
    user.pick(user.find(QComboBox, "tactical_target", orders), "Whirlwind")
    shot(orders.parentWidget(), "tactical-orders")
    user.press("Launch", orders)
    assert any("target kept secret" in line for line in user.log()), user.status()


def test_extra_ships_start_near_their_lead_and_torpedoes_are_guided_by_their_owner_only(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """PlaceShip (an extra ship within 2 hexes of its side's lead, the first astrogation)
    and GuideTorpedoes (a plotted burn, or straight at the target) from the Battles dock."""
    user = at_the_window(qtbot, tmp_path)
    _, box = extra_ship_at_start(user)
    combo = user.find(QComboBox, "placement_hex", box)
    assert isinstance(combo, QComboBox) and combo.count() == 19  # within 2 hexes
    user.pick(combo, "2 hexes away")
    shot(box.parentWidget(), "placement")
    user.press("Place Here", box)
    assert any("2 hexes from" in line for line in user.log()), user.status()
    for _ in range(5):
        if user.phase() == "Ordnance":
            break
        user.primary()
        user.take_seat()
    launcher = user.seated()
    user.select_ship(f"{launcher}'s Bastet")
    user.show_tab("Battles")
    orders = user.find(QWidget, "tactical_orders")
    assert not orders.findChild(QWidget, "guidance_box").isVisible()  # none in flight yet
    user.pick(user.find(QComboBox, "tactical_target", orders), "Whirlwind")
    user.press("Launch", orders)
    guidance = user.find(QWidget, "guidance_box", orders)
    assert guidance.isVisible()
    groups = user.find(QComboBox, "guidance_group", guidance)
    assert isinstance(groups, QComboBox) and "Whirlwind" in groups.currentText()
    names = [b for b in guidance.findChildren(QPushButton) if b.objectName().startswith("guide_")]
    for _ in range(3):
        user.click(names[0])
    assert not any(b.isEnabled() for b in names)  # the launch turn allows three hexes, no more
    assert user.label("guidance_burn").count(names[0].text()) == 3
    shot(orders.parentWidget(), "guidance")
    user.press("Plot Guidance", guidance)
    assert any("guidance plotted" in line for line in user.log()), user.status()
    assert "burn 3 plotted" in groups.currentText()
    user.press("Fly Straight", guidance)
    assert "straight at it" in groups.currentText()
    for _ in range(5):  # the other player never sees the group's guidance or target
        user.primary()
        user.take_seat()
        if user.seated() != launcher:
            break
    user.select_ship(f"{user.seated()}'s Bastet")
    user.show_tab("Battles")
    hidden = user.win.findChild(QWidget, "guidance_box")
    assert hidden is None or not hidden.isVisible()


def test_a_tactical_scenario_over_venus_shows_the_planet_edge_and_its_atmosphere(
    qtbot: QtBot, tmp_path: Path
) -> None:
    user = Player(qtbot, tmp_path)
    user.new_game("Into the clouds", names=("Ann", "Bob"), seed=7)
    user.take_seat()
    assert "Into the clouds" in user.win.windowTitle()
    starmap = user.win.session.state.starmap
    assert [a.name for a in starmap.atmospheres] == ["Venus"]  # the planet's edge
    user.show_tab("Battles")
    assert user.label("breadcrumb") == "Over Venus > tactical turn 1"
    bar = user.win.map_view.verticalScrollBar()
    bar.setValue(bar.maximum())  # the player scrolls down to the planet's edge
    shot(user.win, "tactical-venus")
    # the bands are numbered with their levels (not told by colour only), the floor named
    view = user.win.map_view
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    written = {
        text
        for item in view.scene().items(shown)
        for h, text in getattr(item, "texts", {}).items()
        if item.isVisible()
        and shown.contains(item.layout.to_pixel(h)[0], item.layout.to_pixel(h)[1])
    }
    levels = {a.layers for a in starmap.atmospheres}.pop()
    assert {str(n) for n in levels[-3:]} | {"surface"} <= written, written


def test_a_finished_tactical_battle_shows_its_summary_and_goes_back_to_the_strategic_map(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from core.campaign.nesting import standing
    from core.rules.void.engage import Engage
    from core.rules.void.tactical.autopilot import next_command

    path = tmp_path / "belt.ecliptic"
    campaign_at_first_encounter(path)
    with CampaignFile.open(path) as file:  # scripted players fight it to its last order
        war = GameRecord(file, 1)
        (target, found), *_ = open_offers(war.state, "p1").items()
        war.play(Engage("p1", tuple(o.ship for o in found), target, "tactical"))
        child = standing(file, 1).open_child
        assert child is not None
        battle = GameRecord(file, child[0])
        for _ in range(3000):
            who = waiting_for(battle.state)[0].id
            command = next_command(battle.state, who)
            if isinstance(command, EndPhase) and apply(battle.state, command)[0].over:
                break
            battle.play(command)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)  # the battle play waits for
    if not user.has_button("Back to the Strategic Map"):
        user.primary()  # the last player ends the last phase
    qtbot.waitUntil(lambda: user.has_button("Back to the Strategic Map"))
    assert user.label("breadcrumb").endswith("> over")
    summary = user.label("tactical_summary")
    assert "The battle is over" in summary and "fuel" in summary
    shot(user.find(QWidget, "navigator").parentWidget(), "tactical-summary")
    user.press("Back to the Strategic Map")
    qtbot.waitUntil(lambda: user.label("breadcrumb").startswith("Turn 1 > "))
    assert "finished" in [state for _, state in battles(user)]
