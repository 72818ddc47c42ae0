"""What a newcomer's trial of a System III Void campaign in a real window found, played
with visible controls only: strategic combat shows how it was rolled (the levels, the
factor, the totals and every die), fuel reads as people write it (18.5, not 37/2), the
encounter says "1 hex", not "1 hex(es)"; a ship that leaves a battle's map escapes and is
told so (not "lost", not "out of the game", asked once and not at every phase before
movement), and the battle's end reads on the strategic map as who holds the field, not
as who won the campaign.

The campaign (``scenarios/void-meeting.toml``: one Bastet frigate a side, met at rest in
one hex, 19.5 fuel each) is brought to its first encounter, or into its battle, by
scripted players before the window opens; the people at the window do the rest."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QRadioButton,
    QSpinBox,
    QTreeWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from core.campaign import CampaignFile, GameRecord
from core.engine.commands import EndPhase
from core.engine.play import waiting_for
from core.rules.void.engage import Engage
from core.rules.void.offers import open_offers
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.course import OffMap
from core.vector.orders import Plot
from core.vector.preview import Option, preview
from core.vector.state import GameState
from core.vector.turns import current_phase
from tests.app.acceptance.user import Player, plain
from tests.app.acceptance.void_table import battles, buttons, open_campaign, shot, when_dialog

MEETING = Path(__file__).parent / "scenarios" / "void-meeting.toml"


def meeting(path: Path) -> None:
    """The campaign at Ann's combat phase, her course through Bob's hex."""
    scenario = load_scenario(MEETING)
    state, _ = scenario.start([Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")], 2, first=0)
    CampaignFile.create(path, "Meeting", state, title=scenario.name).close()
    with CampaignFile.open(path) as file:
        war = GameRecord(file, 1)
        while current_phase(war.state) != "combat":
            war.play(EndPhase("p1"))


def _edge_distance(state: GameState, option: Option) -> int:
    """How far in from the map's nearest edge the course's next coasting tip is."""
    bounds = state.starmap.bounds
    nxt = option.tip + option.result.velocity
    if not bounds.contains(nxt):
        return -1
    col, row = bounds.labels.to_offset(nxt)
    return min(col, row, bounds.width - 1 - col, bounds.height - 1 - row)


def bob_at_the_edge(path: Path) -> None:
    """Ann engages at tactical scale; in the battle Bob's frigate flies for the nearest
    edge with burns of 2 hexes (no juice needed) until coasting on takes it off the map,
    at the start of one of Bob's astrogation phases."""
    meeting(path)
    with CampaignFile.open(path) as file:
        war = GameRecord(file, 1)
        (target, found), *_ = open_offers(war.state, "p1").items()
        war.play(Engage("p1", tuple(o.ship for o in found), target, "tactical"))
        battle = GameRecord(file, 2)
        for _ in range(200):
            state = battle.state
            who = waiting_for(state)[0].id
            ship = state.ship("bastet-p2")
            if who == "p2" and current_phase(state) == "astrogation":
                p = preview(state, ship.id)
                drift = p.at(p.drift)
                if drift is not None and any(isinstance(h, OffMap) for h in drift.result.hazards):
                    return
                burns = [o for o in p.options if len(o.order.burn) <= 2]
                best = min(burns, key=lambda o: _edge_distance(state, o))
                battle.play(Plot("p2", ship.id, best.order))
            battle.play(EndPhase(who))
    raise AssertionError("Bob's frigate never reached the edge")


def test_strategic_combat_shows_how_it_was_rolled_and_fuel_as_people_write_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "meeting.ecliptic"
    meeting(path)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
    user.select_ship("Ann's Bastet")  # in the combat phase, what Engage would offer
    user.show_tab("Battles")
    state = user.label("void_offers")
    assert "This turn's course offers:" in state and "Bob's Bastet: free" in state, state
    seen: dict[str, str] = {}

    def engage(dialog: QWidget) -> None:
        seen["situation"] = dialog.findChild(QLabel, "encounter_its").text()
        radio = [b for b in buttons_and_radios(dialog) if "strategic combat" in plain(b.text())]
        user.click(radio[0])
        user.press("Engage", dialog)

    def fight(dialog: QWidget) -> None:
        for _ in range(10):
            found = buttons(dialog)
            chooser = [t for t in found if t.startswith("I am ")]
            if chooser:
                user.click(found[chooser[0]])
            elif "Seal my choice" in found:
                meaning = dialog.findChildren(QLabel, "aggression_meaning")
                seen["meaning"] = " ".join(m.text() for m in meaning if m.isVisible())
                user.click(found["Seal my choice"])  # the level offered: 2, determined
            elif "Done" in found:
                user.click(found["Done"])
            else:
                break
        seen["working"] = dialog.findChild(QLabel, "battle_working").text()
        seen["summary"] = dialog.findChild(QLabel, "battle_summary_text").text()
        user.click(buttons(dialog)["Back to the Strategic Map"])

    failed: list[BaseException] = []
    when_dialog("Battle", fight, failed)
    user.answer(lambda: user.press("Engage"), engage)
    qtbot.waitUntil(lambda: "summary" in seen or bool(failed))
    user.dismiss_questions()  # a game over, if a side lost its only ship
    if failed:
        raise failed[0]
    assert "multiplied" in seen["meaning"]  # what the levels do, said where they are chosen
    assert "through their hex" in seen["situation"] and "hex(es)" not in seen["situation"]
    working = seen["working"]
    # the levels, revealed together, the factor and both sides' totals, then the dice
    assert any(line.startswith("Ann's Bastet (free) engages Bob's Bastet") for line in user.log())
    assert "Aggression 2 against 2: factor" in working and "counterattack" in working
    assert working.count(": rolled ") == 2  # one roll for each ship of the other side
    assert "Ann's Bastet: " in working and "Bob's Bastet: " in working
    summary = seen["summary"]
    assert "fuel 19.5 → 18.5" in summary and "/2" not in summary


def buttons_and_radios(dialog: QWidget) -> list[QRadioButton]:
    return [r for r in dialog.findChildren(QRadioButton) if r.isVisible()]


def test_a_ship_leaving_a_battle_map_escapes_and_the_battle_ends_holding_the_field(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "meeting.ecliptic"
    bob_at_the_edge(path)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
    assert user.take_seat() == "Bob"
    user.select_ship("Bob's Bastet")
    tips = user.courses()  # burns cost no fuel in a battle, but are burns, not coasting
    assert sum(t.startswith("coast") for t in tips) == 1, tips
    assert any(t.startswith("2 hex burn") for t in tips), tips
    assert any(line.startswith("Bob's Bastet burns: vector shifted") for line in user.log())
    assert not any("burns 0 fuel" in line for line in user.log())
    asked: list[str] = []
    stop: list[bool] = []

    def answer_dangerous_course() -> None:
        """Every Dangerous Course box is read and answered Give the Order (until the
        battle is over)."""
        if stop:
            return
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.windowTitle() == "Dangerous Course":
            asked.append(f"{box.text()} {box.informativeText()}")
            user.click(next(b for b in box.buttons() if plain(b.text()) == "Give the Order"))
        QTimer.singleShot(10, answer_dangerous_course)

    QTimer.singleShot(0, answer_dangerous_course)
    for _ in range(6):  # astrogation, ordnance, then the movement that takes it off
        if user.over():
            break
        user.primary()
        if user.phase() == "Movement":  # the order stands: the Course dock keeps saying it
            user.show_tab("Course")
            standing = user.label("course_hazard")
            assert "escapes the battle" in standing and "loses" not in standing, standing
    qtbot.waitUntil(user.over)
    stop.append(True)
    assert len(asked) == 1, asked  # agreed once: not asked again before movement
    said = asked[0]
    assert "Bob's Bastet has no order: coasting, it leaves the map at " in said
    assert "escapes the battle" in said and "out of play" in said
    assert "off-map (" not in said and "lost" not in said and "out of the game" not in said
    log = user.log()
    assert any(line.startswith("Bob's Bastet escapes the battle") for line in log)
    assert not any("off-map (" in line for line in log)
    bar = user.win.turn_bar  # the battle is over, not the game
    assert bar.round_label.text() == "Battle over"
    assert bar.player_label.text() == "Ann holds the field"
    assert "wins" not in user.status() and "Game over" not in user.win.windowTitle()
    (box,) = [b for b in user.win.findChildren(QMessageBox, "game_over_box") if b.isVisible()]
    assert box.windowTitle() == "Battle over"  # the battle is, not the campaign
    assert box.text() == "Battle over: Ann holds the field"
    user.click(box.button(QMessageBox.StandardButton.Ok))
    user.show_tab("Battles")
    over = user.label("tactical_summary")
    shot(user.find(QWidget, "navigator").parentWidget(), "escaped")
    assert "Bob's Bastet (Bob): escaped, unharmed; fuel 18.5, torpedoes 10" in over, over
    user.press("Back to the Strategic Map")
    # back on the strategic map; Ann's frigate has made its attack this turn, so her
    # combat phase has nothing left and Bob's turn begins
    qtbot.waitUntil(lambda: user.label("breadcrumb") == "Turn 1 > astrogation")
    result = [game for game, _ in battles(user) if "is over" in game]
    assert result == [
        "    Battle at 2816 is over: no ship destroyed; escaped: Bob's Bastet; Ann holds the field"
    ], result
    strategic = user.log()
    assert not any("wins" in line for line in strategic)
    assert any("Ann holds the field" in line for line in strategic)
    ships = user.ship_list()
    rows = {ships.topLevelItem(i).text(0): ships.topLevelItem(i) for i in range(2)}
    assert rows["Bob's Bastet"].text(2) == "active"  # in play again on the strategic map


def test_a_new_void_campaign_offers_its_switches_and_plays_them(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """File › New Campaign… for Belt Standoff offers the campaign's choices the guide says
    are agreed at the start (battles at tactical scale, narrative points), ticked as the
    ruleset sets them; chosen there, they are played: no tactical battle offered, and a
    narrative point to spend in strategic combat."""
    user = Player(qtbot, tmp_path)
    file = tmp_path / "belt.ecliptic"

    def fill(dialog: QWidget) -> None:
        user.pick(user.find(QComboBox, "scenario_box", dialog), "Belt Standoff")
        user.type_into(user.find(QSpinBox, "player_count", dialog), "2")
        for i, seat in enumerate(("Ann", "Bob")):
            user.type_into(user.find(QLineEdit, f"seat_name_{i}", dialog), seat)
        user.type_into(user.find(QLineEdit, "campaign_file", dialog), str(file))
        boxes = {plain(b.text()): b for b in dialog.findChildren(QCheckBox) if b.isVisible()}
        for title in (
            "Battles at tactical scale",
            "Narrative points (2 a player)",
            "Narrative points per ship instead",
            "Advanced gun combat (hit location)",
        ):
            assert title in boxes, list(boxes)
        assert boxes["Battles at tactical scale"].isChecked()
        assert not boxes["Narrative points (2 a player)"].isChecked()
        user.click(boxes["Battles at tactical scale"])
        user.click(boxes["Narrative points (2 a player)"])
        shot(dialog, "new-campaign-switches")
        user.press("Create", dialog)

    user.answer(lambda: user.choose("File", "New Campaign"), fill)
    qtbot.waitUntil(lambda: user.win.turn_bar.round_label.text() == "Round 1")
    for _ in range(4):  # everyone coasts: the navies start two hexes apart, at rest
        user.take_seat()
        if user.has_button("Engage"):
            break
        user.primary()
    user.show_tab("Battles")
    offered: dict[str, object] = {}

    def engage(dialog: QWidget) -> None:
        radios = {plain(r.text()): r for r in buttons_and_radios(dialog)}
        offered["ways"] = [w for w, r in radios.items() if r.isEnabled()]
        user.click(radios["Resolve it by strategic combat"])
        user.press("Engage", dialog)

    def look(dialog: QWidget) -> None:
        user.click(next(b for t, b in buttons(dialog).items() if t.startswith("I am ")))
        boost = dialog.findChild(QComboBox, "narrative_boost")
        offered["boost"] = [boost.itemText(i) for i in range(boost.count())]
        offered["shown"] = boost.isVisible()
        user.click(buttons(dialog)["Close (fight on later)"])

    failed: list[BaseException] = []
    when_dialog("Battle", look, failed)
    user.answer(lambda: user.press("Engage"), engage)
    qtbot.waitUntil(lambda: "boost" in offered or bool(failed))
    if failed:
        raise failed[0]
    assert "Play it at tactical scale" not in offered["ways"], offered["ways"]
    assert offered["shown"]
    assert any("narrative point: +1d6 to attack" in item for item in offered["boost"])  # type: ignore[union-attr]


def test_a_disabled_ship_shows_for_how_many_turns(qtbot: QtBot, tmp_path: Path) -> None:
    """A battle fought on the table, its result entered by hand: Bob's frigate disabled 3
    turns. Back on the strategic map the Ships dock says for how long, not just
    "disabled", and the Campaign dock lists the battle with its result at once."""
    path = tmp_path / "meeting.ecliptic"
    meeting(path)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)

    def engage(dialog: QWidget) -> None:
        radios = {plain(r.text()): r for r in buttons_and_radios(dialog)}
        user.click(radios["Fight it on the table, enter the result by hand"])
        user.press("Engage", dialog)

    def enter(dialog: QWidget) -> None:
        fates = [c for c in dialog.findChildren(QComboBox) if c.isVisible()]
        user.pick(next(c for c in fates if c.objectName().endswith("-p2")), "disabled 3 turns")
        user.click(buttons(dialog)["Enter the result"])
        user.click(buttons(dialog)["Back to the Strategic Map"])

    failed: list[BaseException] = []
    done = when_dialog("Battle", enter, failed)
    user.answer(lambda: user.press("Engage"), engage)
    qtbot.waitUntil(lambda: bool(done) and not QApplication.activeModalWidget())
    if failed:
        raise failed[0]
    tree = user.ship_list()
    rows = {tree.topLevelItem(i).text(0): tree.topLevelItem(i).text(2) for i in range(2)}
    assert rows["Bob's Bastet"] == "active, disabled 3 turns", rows
    # the Campaign dock lists the battle fought in the dialog, with its result
    tree = user.find(QTreeWidget, "campaign_browser")
    assert isinstance(tree, QTreeWidget)
    qtbot.waitUntil(lambda: tree.topLevelItemCount() == 2)
    battle = tree.topLevelItem(1)
    assert battle.text(0) == "Battle at 2816, turn 1"
    assert any("is over" in battle.child(i).text(0) for i in range(battle.childCount()))


def test_help_rules_opens_on_the_rules_of_the_game_on_screen(qtbot: QtBot, tmp_path: Path) -> None:
    """Help › Rules in a System III Void campaign shows Void's rules, not the first page
    of the list (Interplanetary's)."""
    path = tmp_path / "meeting.ecliptic"
    meeting(path)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
    user.choose("Help", "Rules")
    (help_window,) = [
        w
        for w in QApplication.topLevelWidgets()
        if w.isVisible() and w.windowTitle() == "Ecliptic Help"
    ]
    systems = help_window.findChild(QListWidget)
    assert isinstance(systems, QListWidget)
    assert systems.currentItem().text() == "System III Void"
    help_window.close()
