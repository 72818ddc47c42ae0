"""Replaying past turns of a hot-seat game with secrets (issue 23): each past state is
shown as the player at the table may see it, and its log redacted the same way, like
the live window; hidden values read "?" in every panel (Ships, Course, Manifest), never
the blank the view holds in their place."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from core.engine import play as engine
from core.engine.whitelist import redact
from tests.app.acceptance.user import Player

PICKET = Path(__file__).parents[1] / "acceptance" / "scenarios" / "far-picket.toml"
PICKET_SHIP = "Blue picket"


def new_campaign(you: Player, file: Path) -> None:
    """File › New Campaign: the far picket (browsed to), Ann and Bob, fog of war, open."""

    def fill(dialog: QWidget) -> None:
        you.answer(lambda: you.press("Browse", dialog), lambda d: you.pick_file(d, PICKET))
        combo = you.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        you.pick(combo, "Acceptance Far Picket")
        you.type_into(you.find(QLineEdit, "campaign_name", dialog), "Picket at one table")
        you.type_into(you.find(QLineEdit, "campaign_file", dialog), str(file))
        you.type_into(you.find(QSpinBox, "player_count", dialog), "2")
        for i, name in enumerate(("Ann", "Bob")):
            you.type_into(you.find(QLineEdit, f"seat_name_{i}", dialog), name)
        you.click(you.find(QCheckBox, "fixed_seed", dialog))
        you.type_into(you.find(QSpinBox, "dice_seed", dialog), "11")
        fog = you.find(QCheckBox, "rule_fog_of_war", dialog)
        assert isinstance(fog, QCheckBox)
        if not fog.isChecked():
            fog.setFocus()
            you.qtbot.keyClick(fog, Qt.Key.Key_Space)
        you.agree_to_questions()
        you.press("Create", dialog)

    you.answer(lambda: you.choose("File", "New Campaign"), fill)
    you.dismiss_questions()
    you.qtbot.waitUntil(lambda: you.win.campaign is not None)


def fuel_column(you: Player) -> dict[str, str]:
    tree = you.ship_list()
    rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    return {r.text(0): r.text(3) for r in rows}


def course_text(you: Player) -> str:
    return you.label("course_info")


def red_at_the_table(you: Player) -> None:
    """Play on until Blue has burned the picket's fuel and Red (who cannot see the
    picket's manifest) has the seat."""
    burned = False
    said: list[str] = []
    for _ in range(60):
        you.take_seat()
        session = you.win.session
        assert session is not None
        seat = session.seat()
        if seat is not None and session.live.ships[0].owner == seat.id and burned:
            return
        if you.win.turn_bar.end_button.text() == "Move":
            you.steer()
            if PICKET_SHIP in you.my_ships():  # Blue burns: Red may not read for how much
                you.select_ship(PICKET_SHIP)
                you.plot(lambda tip: you.safe(tip) and not tip.startswith("coast"))
                burned = True
        said.append(you.primary())
    raise AssertionError(f"Red never had the seat again: {said}")


def test_replay_shows_past_turns_as_the_seated_player_may_see_them(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    new_campaign(you, tmp_path / "picket.ecliptic")
    red_at_the_table(you)
    session = you.win.session
    assert session is not None and session.seat() is not None
    red = session.seat()
    assert red is not None
    assert fuel_column(you)[PICKET_SHIP] == "?"  # live: hidden from Red
    you.choose("Game", "Replay Past Turns")
    assert session.replaying
    qtbot.keyClick(you.win, Qt.Key.Key_Home)  # the start, then each stop
    hidden_seen = 0
    assert you.win.replay_bar.replay is not None
    for _ in range(len(you.win.replay_bar.replay.points)):
        past = session.viewing
        assert past is not None
        assert session.state == _without_dice(engine.view(past, red.id), past)
        assert fuel_column(you)[PICKET_SHIP] == "?"
        shown = {id(e.event) for e in session.visible_log()}
        everything = [e.event for e in session.log if e.depth <= session.viewing_depth]
        assert shown == {id(e) for e in redact(past, red.id, everything)}
        secret = [e.text for e in everything if id(e) not in shown]
        lines = you.log()
        assert not [t for t in secret if any(t in line for line in lines)]
        hidden_seen += len(secret)
        qtbot.keyClick(you.win, Qt.Key.Key_PageDown)
    assert hidden_seen, "the game logged something Red may not read"
    you.select_ship(PICKET_SHIP)
    assert "fuel ?" in course_text(you)
    you.show_tab("Manifest")
    assert "fog of war hides" in you.label("manifest_title")


def _without_dice(view: object, past: object) -> object:
    from dataclasses import replace

    return replace(view, dice=past.dice)  # type: ignore[type-var, attr-defined]


def test_the_course_dock_reads_question_mark_for_an_undetected_enemy_s_fuel(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    new_campaign(you, tmp_path / "picket.ecliptic")
    red_at_the_table(you)
    you.select_ship(PICKET_SHIP)
    assert "fuel ?" in course_text(you), course_text(you)
    assert fuel_column(you)[PICKET_SHIP] == "?"


def test_the_live_event_log_at_the_table_holds_no_line_a_player_may_not_read(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The Event and Dice logs stay on screen through the hand-over, so at the table they
    show only what every player may read: Blue's burn with the picket Red cannot see is
    in the game's log but not on the screen, in the live window as in the replay."""
    you = Player(qtbot, tmp_path)
    new_campaign(you, tmp_path / "picket.ecliptic")
    red_at_the_table(you)
    session = you.win.session
    assert session is not None and not session.replaying
    everything = [e.event for e in session.log]
    readable = {id(e) for e in everything}
    for player in session.live.players:
        readable &= {id(e) for e in redact(session.live, player.id, everything)}
    secret = [e.text for e in everything if id(e) not in readable]
    assert secret, "the game logged something one of the players may not read"
    lines = you.log()
    assert not [t for t in secret if t in lines]
    assert [e.text for e in everything if id(e) in readable and e.text in lines]
