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

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QPushButton,
    QRadioButton,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)
from pytestqt.qtbot import QtBot

from core.campaign import CampaignFile, GameRecord
from core.engine.commands import EndPhase
from core.engine.play import apply, waiting_for
from core.files.resources import SCENARIOS
from core.rules.void.autopilot import Autopilot
from core.rules.void.offers import open_offers
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.turns import current_phase
from tests.app.acceptance.user import Player, plain

#: set to a folder to keep the screenshots the test passes through (docs/screenshots)
SHOTS = os.environ.get("ECLIPTIC_VOID_SHOTS", "")


def shot(widget: QWidget, name: str) -> None:
    if SHOTS:
        QApplication.processEvents()  # the layout catches up with the texts just set
        widget.grab().save(str(Path(SHOTS) / f"void-{name}.png"))


def campaign_at_first_encounter(path: Path, *, plotted: bool = False) -> None:
    """Belt Standoff for two, played by scripted players up to the combat phase in which
    the first player's courses offer an encounter (``plotted``: up to the end of the
    astrogation phase before it, the courses plotted)."""
    scenario = load_scenario(SCENARIOS / "void-belt-standoff.toml")
    state, _ = scenario.start([Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")], 2, first=0)
    CampaignFile.create(path, "Belt war", state, title=scenario.name).close()
    auto = Autopilot()
    with CampaignFile.open(path) as file:
        war = GameRecord(file, 1)
        for _ in range(200):
            who = waiting_for(war.state)[0].id
            if current_phase(war.state) == "combat" and open_offers(war.state, who):
                return
            command = auto.next(war.state, who)
            if plotted and isinstance(command, EndPhase) and war.state.plans:
                return
            war.play(command)
    raise AssertionError("no encounter offered")


def open_campaign(user: Player, path: Path) -> None:
    user.answer(lambda: user.choose("File", "Open"), lambda d: user.pick_file(d, path))
    user.qtbot.waitUntil(lambda: user.win.session is not None)
    user.take_seat()
    user.show_tab("Battles")


def when_dialog(title: str, handler: Callable[[QWidget], None], failed: list[BaseException]):
    """Answer the next modal dialog titled ``title`` (however deep the dialogs nest)."""
    done: list[bool] = []

    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or not dialog.isVisible() or title not in dialog.windowTitle():
            QTimer.singleShot(10, poll)
            return
        done.append(True)
        try:
            handler(dialog)
        except BaseException as exc:
            failed.append(exc)
            dialog.close()

    QTimer.singleShot(0, poll)
    return done


def buttons(dialog: QWidget) -> dict[str, QPushButton]:
    return {plain(b.text()): b for b in dialog.findChildren(QPushButton) if b.isVisible()}


KINDS = ("baseline", "chase", "angled", "fast")


def encounter(user: Player, way: str) -> Callable[[QWidget], None]:
    def handle(dialog: QWidget) -> None:
        who = dialog.findChild(QLabel, "encounter_who")
        assert "Engaging" in who.text() and "(Bob)" in who.text()
        assert "velocity difference" in dialog.findChild(QLabel, "encounter_its").text()
        # the initial tactical situation is named before the way to resolve is chosen
        its = dialog.findChild(QLabel, "encounter_tactical_situation").text()
        assert "situation, 40 hexes apart" in its, its
        assert its.split(" situation")[0].lower().split(" and ")[0] in KINDS
        radios = [r for r in dialog.findChildren(QRadioButton) if plain(r.text()) == way]
        user.click(radios[0])
        shot(dialog, "encounter")
        user.press("Engage", dialog)

    return handle


def fight_by_strategic_combat(user: Player) -> Callable[[QWidget], None]:
    def handle(dialog: QWidget) -> None:
        crumb = dialog.findChild(QLabel, "battle_breadcrumb").text()
        assert crumb.startswith("Turn 1 > Battle ") and crumb.endswith("> aggression")
        seen_hand_over = []
        for _ in range(10):
            found = buttons(dialog)
            chooser = [t for t in found if t.startswith("I am ")]
            if chooser:
                seen_hand_over.append(chooser[0])
                if len(seen_hand_over) == 1:
                    shot(dialog, "hand-over")
                # the choices are hidden until the player says who they are
                assert not [r for r in dialog.findChildren(QRadioButton) if r.isVisible()]
                user.click(found[chooser[0]])
                continue
            if "Seal my choice" in found:
                levels = [r for r in dialog.findChildren(QRadioButton) if r.isVisible()]
                if len(seen_hand_over) == 1:
                    shot(dialog, "aggression")
                user.click(next(r for r in levels if plain(r.text()).startswith("3")))
                user.click(found["Seal my choice"])
                continue
            if "Done" in found:
                user.click(found["Done"])
                continue
            break
        assert seen_hand_over[:2] == ["I am Ann: show my choices", "I am Bob: show my choices"]
        summary = dialog.findChild(QLabel, "battle_summary_text").text()
        assert "fuel" in summary and "torpedoes" in summary
        shot(dialog, "summary")
        user.click(buttons(dialog)["Back to the Strategic Map"])

    return handle


def battles(user: Player) -> list[tuple[str, str]]:
    tree = user.find(QTreeWidget, "navigator")
    assert isinstance(tree, QTreeWidget)
    rows: list[tuple[str, str]] = []

    def walk(item: QTreeWidgetItem, depth: int) -> None:
        rows.append(("  " * depth + item.text(0), item.text(1)))
        for i in range(item.childCount()):
            walk(item.child(i), depth + 1)

    for i in range(tree.topLevelItemCount()):
        walk(tree.topLevelItem(i), 0)
    return rows


def test_an_encounter_resolved_by_strategic_combat_feeds_its_result_back(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "belt.ecliptic"
    campaign_at_first_encounter(path)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
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
    path = tmp_path / "belt.ecliptic"
    campaign_at_first_encounter(path)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
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
    path = tmp_path / "belt.ecliptic"
    campaign_at_first_encounter(path, plotted=True)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
    user.select_ship("Ann's Whirlwind")
    user.show_tab("Battles")
    text = user.label("void_ship_state")
    assert (
        "Ann's Whirlwind" in text
        and "Torpedoes aboard: 50 of 50" in text
        and "Railguns: 1 light" in text
    )
    assert "Plotted course offers:" in text and "Bob's Whirlwind" in text and ": free" in text
    shot(user.find(QWidget, "navigator").parentWidget(), "course-preview")


def test_a_tactical_battle_opens_on_the_map_with_its_breadcrumb(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "belt.ecliptic"
    campaign_at_first_encounter(path)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
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


def ship_status(user: Player, name: str) -> str:
    """The Status column of a ship's row in the Ships dock."""
    tree = user.ship_list()
    rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    return next(r.text(2) for r in rows if r.text(0) == name)


def test_the_course_and_ships_docks_show_a_void_ships_crew_juice_cooldown_and_railguns(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Requirement 9 on the strategic map: juicing and railgun state in the Course and
    Ships docks, not only in the Battles dock."""
    path = tmp_path / "belt.ecliptic"
    campaign_at_first_encounter(path)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
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
    path = tmp_path / "belt.ecliptic"
    campaign_at_first_encounter(path)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
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
    user.press("Launch", orders)  # a crew taking the juice does not attack
    assert "cannot launch" in user.status()
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
    path = tmp_path / "belt.ecliptic"
    campaign_at_first_encounter(path)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
    user.answer(lambda: user.press("Engage"), encounter(user, "Play it at tactical scale"))
    qtbot.waitUntil(lambda: user.label("breadcrumb").endswith("tactical turn 1"))
    seated = user.take_seat()
    placed = ""
    for name in ("Bastet", "Don Quixote", "Whirlwind"):
        user.select_ship(f"{seated}'s {name}")
        user.show_tab("Battles")
        box = user.find(QWidget, "placement_box")
        if box.isVisible():  # not the lead ship: it may start elsewhere
            combo = user.find(QComboBox, "placement_hex", box)
            assert isinstance(combo, QComboBox) and combo.count() == 19  # within 2 hexes
            placed = user.pick(combo, "2 hexes away")
            shot(box.parentWidget(), "placement")
            user.press("Place Here", box)
            break
    assert placed, "no extra ship offered a start position"
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

    def choose(dialog: QWidget) -> None:
        combo = dialog.findChild(QComboBox)
        user.pick(combo, "Into the clouds")
        user.press("OK", dialog)

    user.answer(lambda: user.choose("Ships", "Void Tactical Battle"), choose)
    qtbot.waitUntil(lambda: user.win.session is not None)
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
