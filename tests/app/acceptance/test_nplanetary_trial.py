"""What a newcomer met in a first game of Race for the Belt in a real window (the
trial of 2026-11-26), each played with the window's controls: the Cargo & Economy
dock's orders and their refusals in view without scrolling, ships named and coloured
for the player who owns them, and the asteroids saying whether they hold ore or water."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QPalette, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTextBrowser,
    QWidget,
)
from pytestqt.qtbot import QtBot

from tests.app.acceptance.nplanetary_table import combo, orders, shot, text
from tests.app.acceptance.test_nplanetary_belt_race import RACE, burn_north, pass_phase
from tests.app.acceptance.test_nplanetary_campaign import new_campaign as duel_campaign
from tests.app.acceptance.user import Player

NAMES = ("Ann", "Bob", "Cy", "Di")


def new_campaign(you: Player, file: Path) -> None:
    """File › New Campaign…: Race for the Belt, four players, a fixed seed. A campaign,
    as the trial played it: the Campaign dock shares the left side with the Cargo &
    Economy dock, which is then at its shortest."""

    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, QDialog)
        scenario = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(scenario, QComboBox)
        you.pick(scenario, RACE)
        you.type_into(you.find(QSpinBox, "player_count", dialog), str(len(NAMES)))
        for i, seat in enumerate(NAMES):
            you.type_into(you.find(QLineEdit, f"seat_name_{i}", dialog), seat)
        fixed = you.find(QCheckBox, "fixed_seed", dialog)
        assert isinstance(fixed, QCheckBox)
        if not fixed.isChecked():
            you.click(fixed)
        you.type_into(you.find(QSpinBox, "dice_seed", dialog), "7")
        you.type_into(you.find(QLineEdit, "campaign_file", dialog), str(file))
        you.press("Create", dialog)

    you.answer(lambda: you.choose("File", "New Campaign"), fill)
    you.qtbot.waitUntil(lambda: you.win.turn_bar.round_label.text() == "Round 1")


def in_view(widget: QWidget) -> bool:
    """Shown on screen whole, without scrolling the dock it is in."""
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    QApplication.processEvents()
    seen = widget.visibleRegion().boundingRect()
    return widget.isVisible() and seen.size() == widget.size()


def test_the_cargo_dock_shows_deploy_and_its_refusal_without_scrolling(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    new_campaign(you, tmp_path / "race.ecliptic")
    assert you.take_seat() == "Ann"
    burn_north(you, "Ann's prospector")
    pass_phase(you, "Movement")
    assert you.take_seat() == "Ann" and you.phase() == "Development"
    you.show_tab("Cargo & Economy")
    deploy = you.button("Deploy")
    assert isinstance(deploy, QPushButton)
    assert in_view(deploy), "the Deploy button is below the dock's edge"
    you.pick(combo(you, "np_deploy_ship"), "Ann's prospector")
    # clicked where it stands, as a person does: no scrolling first
    you.qtbot.mouseClick(deploy, Qt.MouseButton.LeftButton)
    refusal = you.find(QLabel, "np_economy_refusal")
    assert text(you, "np_economy_refusal").startswith("Refused: Ann's prospector must be at rest")
    assert in_view(refusal), "the refusal is below the dock's edge"
    dock = refusal.parentWidget()
    while dock is not None and not isinstance(dock, QDockWidget):
        dock = dock.parentWidget()
    assert dock is not None
    shot(dock, "nplanetary-cargo-refusal-in-view.png")


def test_ships_of_a_fixed_side_are_named_for_the_player_who_commands_them(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game(RACE, names=NAMES, seed=7)
    you.take_seat()
    tree = you.ship_list()
    rows = [(tree.topLevelItem(i).text(0), tree.topLevelItem(i).text(1)) for i in range(4)]
    assert rows == [(f"{n}'s prospector", n) for n in NAMES]


def test_hovering_an_asteroid_says_what_an_outpost_there_would_mine(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game(RACE, names=NAMES, seed=7)
    assert you.take_seat() == "Ann"
    you.select_ship("Ann's prospector")
    viewport = you.win.map_view.viewport()
    seen = []
    for item in you.markers("end point"):  # the hexes round the prospector, hovered
        qtbot.mouseMove(viewport, you.point_of(item))
        seen.append(you.win.hex_label.text())
        if "0901" in seen[-1]:
            shot(you.win.hex_label, "nplanetary-asteroid-holds-ore.png")
    # the scenario's ore asteroid, one hex north; open space says nothing of goods
    assert "0901  ·  asteroid  ·  holds ore (an outpost here yields it)" in seen, seen
    assert "0903  ·  space" in seen, seen


def test_help_rules_opens_on_the_rules_of_the_game_being_played(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game(RACE, names=NAMES, seed=7)
    you.take_seat()
    you.choose("Help", "Rules")
    shown = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
    systems = next(
        w.findChild(QListWidget, "rules_systems")
        for w in shown
        if w.findChild(QListWidget, "rules_systems") is not None
    )
    assert isinstance(systems, QListWidget)
    assert systems.currentItem().text() == "NPlanetary"
    text_box = next(w.findChild(QTextBrowser, "rules_text") for w in shown if w is systems.window())
    assert text_box.toPlainText().startswith("NPlanetary")


def test_the_cargo_dock_says_the_stockpile_goal_and_what_each_player_holds(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game(RACE, names=NAMES, seed=7)
    goal = "Goal: the first to hold 2 ore in their bases and outposts wins. Now: "
    assert you.take_seat() == "Ann"
    you.show_tab("Cargo & Economy")
    assert text(you, "np_goals") == goal + "Ann 0, Bob 0, Cy 0, Di 0"
    burn_north(you, "Ann's prospector")
    while you.round() == 1:
        you.take_seat()
        you.primary()
    # round 2: Ann stops in the ore asteroid and sets up her outpost, which yields ore
    pass_phase(you, "Ordnance")
    pass_phase(you, "Combat")
    assert you.take_seat() == "Ann"
    you.select_ship("Ann's prospector")
    you.plot(lambda tip: tip.startswith("1 fuel · speed 0"))
    pass_phase(you, "Movement")
    assert you.take_seat() == "Ann" and you.phase() == "Development"
    you.show_tab("Cargo & Economy")
    you.pick(combo(you, "np_deploy_ship"), "Ann's prospector")
    you.press("Deploy")
    pass_phase(you, "Development")
    # logistics: Ann asks her empty outpost for fuel, between her own things
    assert you.take_seat() == "Ann" and you.phase() == "Logistics"
    transfer(you, "Ann's prospector's Outpost", "Ann's prospector", ("fuel", 1))
    said = "✓ Ann's prospector's Outpost gives 1 fuel to Ann's prospector"
    assert text(you, "np_economy_orders").endswith(said)
    while you.round() == 2:
        you.take_seat()
        you.primary()
    you.take_seat()
    you.show_tab("Cargo & Economy")
    assert text(you, "np_goals") == goal + "Ann 1, Bob 0, Cy 0, Di 0"
    # it failed for want of fuel, and says so; "not matched" is no reason between one's own
    results = text(you, "np_economy_results")
    assert results.endswith("failed, Ann's prospector's Outpost has only 0 fuel"), results
    assert "matched" not in results


def transfer(you: Player, party: str, other: str, give: tuple[str, int]) -> None:
    """The transfer dialog, opened with Transfer…: ``party`` gives (good, amount) to
    ``other``."""

    def order(dialog: QWidget) -> None:
        you.pick(combo(you, "np_transfer_from"), party)
        you.pick(combo(you, "np_transfer_with"), other)
        you.type_into(you.find(QSpinBox, f"np_give_{give[0]}", dialog), str(give[1]))
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        you.click(ok)

    you.show_tab("Cargo & Economy")
    you.answer(lambda: you.press("Transfer"), order)


def contrast(a: QColor, b: QColor) -> float:
    """The WCAG contrast ratio of two colours (1 to 21; text wants 4.5 or more)."""

    def lum(c: QColor) -> float:
        def lin(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF())

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_every_players_name_in_the_ship_list_is_legible_with_their_colour_beside_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game(RACE, names=NAMES, seed=7)  # the fourth seat's colour is yellow
    you.take_seat()
    tree = you.ship_list()
    background = tree.palette().color(QPalette.ColorRole.Base)
    for i in range(tree.topLevelItemCount()):
        row = tree.topLevelItem(i)
        brush = row.foreground(1)
        shown = (
            brush.color()
            if brush.style() != Qt.BrushStyle.NoBrush
            else tree.palette().color(QPalette.ColorRole.Text)
        )
        assert contrast(shown, background) >= 4.5, (row.text(1), shown.name())
        assert not row.icon(1).isNull(), f"no colour beside {row.text(1)}"
    shot(tree, "ship-list-player-colours.png")


def test_the_status_bar_names_no_map_base_in_a_game_that_has_none(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """NPlanetary does not use the map's bases (Interplanetary's "Mars Station"): they
    are not drawn, and hovering their hexes does not name them either."""
    you = Player(qtbot, tmp_path)
    you.new_game(RACE, names=NAMES, seed=7)
    assert you.take_seat() == "Ann"
    you.select_ship("Ann's guard")  # at Earth (this seed): its end points ring the planet
    viewport = you.win.map_view.viewport()
    seen = []
    for item in you.markers("end point"):
        qtbot.mouseMove(viewport, you.point_of(item))
        seen.append(you.win.hex_label.text())
    assert any("gravity" in s for s in seen), seen  # hexes round Earth were hovered
    # the map names Earth's base "Earth Station" (read in an Interplanetary game)
    assert not [s for s in seen if "Station" in s or " Base" in s], seen


DUEL = "NPlanetary: Duel in the Void"


def end_point(you: Player, words: str) -> str:
    """The tooltip of the selected ship's end point starting with ``words``."""
    tips = [t for t in you.courses() if t.startswith(words)]
    assert len(tips) == 1, you.courses()
    return tips[0]


def test_the_course_preview_warns_of_ordnance_a_course_would_meet(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Ann's cruiser releases a torpedo and coasts beside it: the torpedo spares it this
    turn, and the coast end point says it will meet the cruiser next turn; the next turn
    every course from that hex meets it, and the end points say so before the move."""
    you = Player(qtbot, tmp_path)
    you.new_game(DUEL, names=("Ann", "Bob"), seed=7)
    assert you.take_seat() == "Ann" and you.phase() == "Ordnance"
    you.press("Launch")
    while you.phase() != "Movement":
        you.take_seat()
        you.primary()
    assert you.take_seat() == "Ann"
    you.select_ship("Resolute")
    coast = end_point(you, "coast · speed 0")
    assert "missile may strike" in coast, coast
    ring = next(i for i in you.markers("end point") if i.toolTip() == coast)
    qtbot.mouseMove(you.win.map_view.viewport(), you.point_of(ring))
    shot(you.win.map_view, "nplanetary-ordnance-warning.png")
    burn = [t for t in you.courses() if t.startswith("1 fuel")]
    assert burn and not any("strike" in t or "attack" in t for t in burn), burn
    you.plot(lambda tip: tip.startswith("coast"))
    while you.round() == 1 or you.phase() != "Movement":
        you.take_seat()
        you.primary()
    assert you.take_seat() == "Ann"
    you.select_ship("Resolute")
    assert "1 weapon attack" in end_point(you, "coast · speed 0")


def wheel(widget: QWidget, notches: int) -> None:
    """Turn the mouse wheel over the middle of ``widget`` (negative: towards you)."""
    at = QPointF(widget.rect().center())
    event = QWheelEvent(
        at,
        QPointF(widget.mapToGlobal(widget.rect().center())),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_the_wheel_over_the_cargo_docks_choices_scrolls_the_dock_not_the_choice(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    new_campaign(you, tmp_path / "race.ecliptic")  # the dock at its shortest: it scrolls
    assert you.take_seat() == "Ann"
    burn_north(you, "Ann's prospector")
    pass_phase(you, "Movement")
    assert you.take_seat() == "Ann" and you.phase() == "Development"
    you.show_tab("Cargo & Economy")
    buy = combo(you, "np_buy_item")
    before = buy.currentText()
    bar = buy.window().findChild(QScrollArea, "np_cargo_panel_scroll").verticalScrollBar()
    assert bar.maximum() > 0
    wheel(buy, -3)
    assert buy.currentText() == before, "the wheel changed what is to be bought"
    assert bar.value() > 0, "the dock did not scroll"
    you.click(buy)  # clicked into (its list opens): the wheel is the choice's again
    QApplication.processEvents()
    buy.hidePopup()
    wheel(buy, -1)
    assert buy.currentText() != before


def test_undo_back_to_another_players_seat_shows_none_of_their_sealed_orders(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Bob, seated, presses Ctrl+Z: Ann's end of the phase is undone and the seat goes
    back to her. While the hand-over screen waits for Ann, the Orders dock (greyed, but
    in plain view) no longer lists Ann's sealed order to whoever sits at the screen."""
    you = Player(qtbot, tmp_path)
    duel_campaign(you, tmp_path / "duel.ecliptic", "Duel")  # a campaign: undo goes back
    assert you.take_seat() == "Ann"
    you.pick(combo(you, "np_torpedo_turn_1"), "NE")
    you.press("Launch")
    assert orders(you) == ["✓ Resolute releases a torpedo, turning NE"]
    you.primary()
    assert you.take_seat() == "Bob"
    undo = you.menu("Edit", "Undo")
    assert undo.isEnabled(), [a.text() for a in you.win.menuBar().actions()]
    you.choose("Edit", "Undo")
    assert you.win.stack.currentWidget() is you.win.hand_over, (you.status(), you.seated())
    shown = [
        w.text()
        for w in you.win.findChildren(QLabel) + you.win.findChildren(QAbstractButton)
        if w.isVisible()
    ]
    listed = [
        box.item(i).text()
        for box in you.win.findChildren(QListWidget)
        if box.isVisible()
        for i in range(box.count())
    ]
    assert not [t for t in shown + listed if "torpedo, turning NE" in t], (shown, listed)
    assert you.take_seat() == "Ann"  # hers again once she takes the seat
    assert orders(you) == ["✓ Resolute releases a torpedo, turning NE"]


def test_the_turn_bar_button_of_a_sealed_phase_says_it_ends_the_phase(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Pressing it seals the seat's orders and passes the seat: nothing moves yet, so it
    does not read "Move" (nor "End Turn" in the round's last phase)."""
    you = Player(qtbot, tmp_path)
    you.new_game(RACE, names=NAMES, seed=7)
    assert you.take_seat() == "Ann" and you.phase() == "Movement"
    assert you.win.turn_bar.end_button.text() == "End Movement Phase"
    burn_north(you, "Ann's prospector")
    you.select_ship("Ann's guard")
    you.plot(lambda tip: tip.startswith("coast"))
    assert you.label("turn_hint") == "All ships have orders: press End Movement Phase when ready"
    assert you.primary() == "End Movement Phase"


def test_the_new_campaign_dialog_grows_with_a_longer_briefing(qtbot: QtBot, tmp_path: Path) -> None:
    """Choosing Race for the Belt after the duel adds lines to the briefing (the four
    seats' sides): the dialog grows with it, so its last line is not drawn under the
    Players row."""
    you = Player(qtbot, tmp_path)
    seen = []

    def fill(dialog: QWidget) -> None:
        scenario = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(scenario, QComboBox)
        for name in (DUEL, RACE):
            you.pick(scenario, name)
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            briefing = you.find(QLabel, "scenario_description", dialog)
            players = you.find(QSpinBox, "player_count", dialog)
            bottom = briefing.mapTo(dialog, briefing.rect().bottomLeft()).y()
            seen.append((name, dialog.height() >= dialog.sizeHint().height(), bottom))
            seen.append((name, players.mapTo(dialog, players.rect().topLeft()).y()))
        you.press("Cancel", dialog)

    you.answer(lambda: you.choose("File", "New Campaign"), fill)
    for i in range(0, len(seen), 2):
        (name, grown, bottom), (_, players_top) = seen[i], seen[i + 1]
        assert grown, name
        assert bottom <= players_top, name
