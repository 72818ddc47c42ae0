"""The squadron game played by mail with a referee, through the windows' own controls:
the referee makes a refereed Border Raid and sees the whole game (the raiders under
their "?"), read-only; each player's file shows only their side's view (Ann sees the
"?" over Ashfall, not the raiders under it); Ann moves a frigate and saves her order
file with the primary button; the referee imports it, plays the turn and exports the
next files, in which Ann's move is played and it is Bob's turn to order. Export for
Mail (a whole copy) stays off, its tip pointing to the refereed way.

Each person has their own window and settings (their own computer); the files go
between them through folders, as mail attachments would."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QLineEdit, QMessageBox, QRadioButton, QWidget
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable
from tests.app.acceptance.test_play_by_mail import (
    export,
    import_orders,
    inbox,
    open_file,
    player_file_of,
)

RAIDER = "Raider Squadron (Zhodani"
FRIGATE = "Frigate Squadron (Imperium"


def new_refereed_campaign(referee: SquadronTable, file: Path) -> None:
    def fill(dialog: QWidget) -> None:
        combo = referee.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        referee.pick(combo, "Border Raid")
        referee.type_into(referee.find(QLineEdit, "campaign_name", dialog), "Raid by mail")
        referee.type_into(referee.find(QLineEdit, "campaign_file", dialog), str(file))
        referee.click(referee.find(QRadioButton, "mode_refereed", dialog))
        referee.agree_to_questions()
        referee.press("Create", dialog)

    referee.answer(lambda: referee.choose("File", "New Campaign"), fill)
    referee.dismiss_questions()
    referee.qtbot.waitUntil(referee.win.referee_panel.isVisible)


def save_orders(person: SquadronTable, target: Path) -> None:
    button = person.win.turn_bar.end_button
    assert button.text() == "Save Order File" and button.isEnabled()
    person.answer(lambda: person.click(button), lambda d: person.pick_file(d, target))
    person.qtbot.waitUntil(target.exists)


def test_a_squadron_day_by_mail_keeps_each_side_to_its_own_view(
    qtbot: QtBot, tmp_path: Path
) -> None:
    referee = SquadronTable(qtbot, tmp_path / "referee")
    master = tmp_path / "referee" / "raid.ecliptic"
    mail = tmp_path / "referee" / "raid files"
    new_refereed_campaign(referee, master)

    # the referee sees everything, gives no orders, and the inbox waits for Ann
    assert any(t.startswith(RAIDER) for t in referee.counters("Ashfall"))
    assert not referee.win.turn_bar.end_button.isEnabled()
    assert inbox(referee) == {"Ann": "waiting for orders", "Bob": "nothing to order this turn"}
    copy = referee.menu("File", "Export for Mail")
    assert not copy.isEnabled() and "Refereed by mail" in copy.toolTip()
    files = export(referee, "Export Player Files", mail)
    assert len(files) == 2

    # Ann's file: her side only (the "?" at Ashfall, not what is under it)
    ann = SquadronTable(qtbot, tmp_path / "Ann")
    open_file(ann, player_file_of(files, "Ann"))
    assert ann.seated() == "Ann"
    assert "Ann's side, turn 1" in ann.win.windowTitle()
    assert any(t.startswith('"?" counter (Zhodani)') for t in ann.counters("Jump Board"))
    assert not any(t.startswith(RAIDER) for t in ann.counters("Jump Board"))
    assert not any(t.startswith(RAIDER) for t in ann.counters("Ashfall"))
    assert not ann.handing_over()

    # she moves a frigate (Undo and Redo work on her orders) and saves the order file
    ann.click_counter("Candor", lambda t: t.startswith(FRIGATE))
    before = ann.label("selected_hex")
    ann.click_mark("Candor")
    moved = ann.label("selected_hex")
    assert moved != before
    ann.choose("Edit", "Undo")
    ann.choose("Edit", "Redo")

    # closing before saving asks first (No keeps the file open)
    ann.win.ask_before_closing = True
    asked: list[str] = []

    def keep_open(box: QWidget) -> None:
        assert isinstance(box, QMessageBox)
        asked.append(box.text())
        ann.click(box.button(QMessageBox.StandardButton.No))

    ann.answer(lambda: ann.choose("File", "Close"), keep_open)
    assert "Save Order File keeps them" in asked[0]
    assert ann.seated() == "Ann"
    ann.win.ask_before_closing = False
    orders = tmp_path / "Ann turn 1.ecliptic-orders"
    save_orders(ann, orders)
    assert "mail it to the referee" in ann.status()

    # Bob's first file asks nothing of him, and shows no raider of Ann's plans
    bob = SquadronTable(qtbot, tmp_path / "Bob")
    open_file(bob, player_file_of(files, "Bob"))
    assert "waits for nobody's orders from you" in bob.win.turn_bar.hint.text()
    assert not bob.win.turn_bar.end_button.isEnabled()
    assert any(t.startswith(RAIDER) for t in bob.counters("Ashfall"))  # his own

    # the referee takes Ann's orders, plays the turn and writes the next files
    import_orders(referee, orders)
    assert inbox(referee)["Ann"] == "orders in"
    said = referee.win.status_label.text()  # two sentences: the file, then what now
    assert said == f"Imported {orders.name}. Every order is in: play the turn.", said
    files = export(referee, "Play Turn and Export", mail)
    assert len(files) == 2 and all("turn 2" in f.name for f in files)
    assert inbox(referee) == {"Ann": "nothing to order this turn", "Bob": "waiting for orders"}

    # Bob's turn: he orders nothing and saves; Ann's new file shows her move played
    open_file(bob, player_file_of(files, "Bob"))
    assert bob.seated() == "Bob" and bob.win.turn_bar.end_button.isEnabled()
    save_orders(bob, tmp_path / "Bob turn 2.ecliptic-orders")
    open_file(ann, player_file_of(files, "Ann"))
    ann.click_counter("Candor", lambda t: t.startswith(FRIGATE))
    assert ann.label("selected_hex") == moved
