"""Campaigns in the window, as users meet them: New Campaign, every command on disk
before the map shows it, reopening where play stood, undo/redo that keeps the undone
branch, the browser, the replay view, read-only when open elsewhere, copies for mail,
and bad files explained and left untouched."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.campaign.new_campaign import NewCampaignDialog
from app.campaign.paths import default_folder, recent_campaigns
from app.shell.main_window import MainWindow
from core.campaign import CampaignFile
from core.scenario.document import Seat
from core.scenario.reader import builtin_scenarios, load_scenario
from tests.patience import PATIENCE_MS

TRAINING = next(p for p in builtin_scenarios() if p.stem == "training")
SEATS = [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")]


def make_window(qtbot: QtBot, tmp_path: Path, name: str = "ecliptic.ini") -> MainWindow:
    settings = QSettings(str(tmp_path / name), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    win.ask_before_closing = False
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def start(win: MainWindow, path: Path) -> None:
    assert win.create_campaign(path, "Our group", load_scenario(TRAINING), SEATS, seed=5)
    assert win.session is not None and win.campaign is not None


def assert_refused(win: MainWindow, path: Path, reason: str) -> None:
    """Opening ``path`` fails with ``reason`` explained, and the file is as it was."""
    before = path.read_bytes()
    assert not win.open_path(path)
    box = win.findChild(QMessageBox, "campaign_problem_box")
    assert box is not None and reason in box.informativeText()
    assert "has not been changed" in box.informativeText()
    assert path.read_bytes() == before
    assert win.session is None and win.campaign is None


def stored_entries(path: Path) -> int:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(db.execute("SELECT count(*) FROM entry").fetchone()[0])
    finally:
        db.close()


def test_new_campaign_dialog_suggests_a_file_in_the_default_folder(qtbot: QtBot) -> None:
    dialog = NewCampaignDialog(scenario=TRAINING)
    qtbot.addWidget(dialog)
    assert dialog.campaign_name().endswith("campaign")
    assert dialog.campaign_file().parent == default_folder()
    assert dialog.campaign_file().suffix == ".ecliptic"
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert ok.isEnabled() and ok.text() == "&Create"
    dialog.name_edit.setText("")
    assert not ok.isEnabled() and "needs a name" in dialog.problem.text()


def test_new_campaign_dialog_refuses_an_existing_file(qtbot: QtBot, tmp_path: Path) -> None:
    taken = tmp_path / "taken.ecliptic"
    taken.write_bytes(b"x")
    dialog = NewCampaignDialog(scenario=TRAINING)
    qtbot.addWidget(dialog)
    dialog.file_edit.setText(str(taken))
    dialog.file_edit.textEdited.emit(str(taken))
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    assert "already exists" in dialog.problem.text()


def test_each_command_is_on_disk_before_the_interface_shows_it(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "durable.ecliptic"
    start(window, path)
    session = window.session
    assert session is not None
    seen: list[tuple[int, int]] = []
    session.changed.connect(lambda: seen.append((session.depth, stored_entries(path))))
    window.end_turn()
    assert seen, "the window was told of the change"
    assert all(stored >= depth for depth, stored in seen)
    assert stored_entries(path) == session.depth > 0


def test_reopening_a_campaign_goes_on_where_it_stood(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "again.ecliptic"
    start(window, path)
    window.end_turn()
    window.end_turn()
    assert window.session is not None
    state, depth, log = window.session.live, window.session.depth, len(window.session.log)
    assert window.close_game()
    assert window.campaign is None and not (path.with_name(path.name + ".lock")).exists()
    assert window.open_path(path)
    assert window.session is not None and window.session.live == state
    assert window.session.depth == depth
    # the start's events (two rolls for first player, its winner, the first round and
    # phase) are no commands to replay, but the file keeps them for the log
    assert len(window.session.log) == log
    assert "Our group" in window.windowTitle() and f"round {state.round}" in window.windowTitle()
    assert any(item["path"] == str(path.resolve()) for item in recent_campaigns())
    names = [a.text() for a in window.recent_menu.actions()]
    assert "Our group" in names


def test_undo_and_redo_walk_the_log_and_keep_the_undone_branch(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    start(window, tmp_path / "undo.ecliptic")
    session, record = window.session, window.record
    assert session is not None and record is not None
    window.end_turn()
    after = session.live
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert session.live != after and session.can_redo()
    qtbot.keyClick(
        window,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert session.live == after
    window.undo()
    window.end_turn()  # the same again, as a new branch
    branches = record.branches()
    assert len(branches) == 1
    undone = branches[0]
    # it refreshes once things settle
    qtbot.waitUntil(lambda: not window.browser._stale, timeout=PATIENCE_MS)
    texts = []
    iterator = [window.browser.topLevelItem(0)]
    while iterator:
        item = iterator.pop()
        texts.append(item.text(0))
        iterator.extend(item.child(i) for i in range(item.childCount()))
    assert any("Undone branch" in t for t in texts)
    window.restore_entry(undone.tip)
    assert record.head == undone.tip
    assert session.live == after


def test_replay_view_shows_the_map_as_it_was_and_plays_nothing(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    start(window, tmp_path / "replay.ecliptic")
    session, record = window.session, window.record
    assert session is not None and record is not None
    first = session.live
    for _ in range(4):
        window.end_turn()
    live = session.live
    window.replay_action.trigger()
    assert session.replaying and window.replay_bar.isVisible()
    window.replay_bar.first_action.trigger()
    assert session.state.ships == record.start.ships
    assert "at the start" in window.replay_bar.label.text()
    window.replay_bar.forward_action.trigger()
    assert session.state.round >= first.round
    assert session.seat() is None and not session.can_plot()
    assert not window.end_turn_action.isEnabled() or session.seat() is None
    window.end_turn()
    assert session.live == live  # nothing was played from the replay view
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not session.replaying and session.state == live
    assert not window.replay_bar.isVisible()


def test_a_second_ecliptic_gets_the_campaign_read_only(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "shared.ecliptic"
    start(window, path)
    window.end_turn()
    asked: list[str] = []

    def answer(_parent: object, _title: str, text: str, *_a: object) -> object:
        asked.append(text)
        return QMessageBox.StandardButton.Open

    monkeypatch.setattr(QMessageBox, "question", answer)
    other = make_window(qtbot, tmp_path, "other.ini")
    assert other.open_campaign(path)
    assert asked and "open in another Ecliptic" in asked[0] and "read-only" in asked[0]
    assert other.campaign is not None and other.campaign.read_only
    assert "read-only" in other.windowTitle()
    assert other.session is not None and not other.session.can_plot()
    assert other.stack.currentWidget() is other.map_view  # nobody to hand over to
    before = stored_entries(path)
    other.end_turn()
    other.undo()
    assert stored_entries(path) == before
    other.close_game()
    window.end_turn()  # the writer is unaffected
    assert stored_entries(path) > before


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"this is a letter, not a campaign", "not a SQLite database"),
        (b"", "empty"),
    ],
)
def test_a_bad_campaign_file_is_explained_and_left_as_it_was(
    window: MainWindow, tmp_path: Path, content: bytes, expected: str
) -> None:
    path = tmp_path / "bad.ecliptic"
    path.write_bytes(content)
    assert_refused(window, path, expected)
    assert path.read_bytes() == content


def test_a_truncated_campaign_is_explained_and_left_as_it_was(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "cut.ecliptic"
    start(window, path)
    for _ in range(3):
        window.end_turn()
    window.close_game()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert_refused(window, path, "cut off")


def test_save_a_copy_and_export_for_mail(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "home.ecliptic"
    start(window, path)
    window.end_turn()
    copy = tmp_path / "copy.ecliptic"
    assert window.copy_to(copy)
    mail = window.mail_file_name()
    assert "round 1" in mail.name and "for Ann" in mail.name
    assert window.export_mail_to(mail)
    assert window.session is not None
    state = window.session.live
    window.close_game()
    with CampaignFile.open(copy) as opened:
        assert opened.name() == "Our group"
    assert window.open_path(mail)
    assert window.session is not None and window.session.live == state
    assert "mailed for Ann after round 1" in window.status_label.text()


def test_bookmarks_and_notes_on_a_log_entry(window: MainWindow, tmp_path: Path) -> None:
    start(window, tmp_path / "marks.ecliptic")
    window.end_turn()
    record, campaign = window.record, window.campaign
    assert record is not None and campaign is not None and record.head is not None
    window.browser.set_mark(record.head, "Ann leaves Earth", note=False)
    window.browser.set_mark(record.head, "Next time, burn earlier.", note=True)
    marks = campaign.bookmarks()
    assert [(b.label, b.note) for b in marks] == [("Ann leaves Earth", "Next time, burn earlier.")]
    item = window.browser.items[record.head]
    assert "Ann leaves Earth" in item.text(2)
    assert "burn earlier" in item.toolTip(2)


def test_a_sqlite_file_that_is_not_a_campaign_is_explained(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "addresses.ecliptic"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE friend (name TEXT)")
    db.commit()
    db.close()
    assert_refused(window, path, "not an Ecliptic campaign")


def test_a_campaign_whose_log_does_not_replay_is_explained_and_left_as_it_was(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "tampered.ecliptic"
    start(window, path)
    window.end_turn()
    window.end_turn()
    window.close_game()
    db = sqlite3.connect(path)
    db.execute("UPDATE entry SET hash = '0000000000000000' WHERE id = (SELECT max(id) FROM entry)")
    db.commit()
    db.close()
    assert_refused(window, path, "does not replay")
    assert not path.with_name(path.name + ".lock").exists()


def test_the_app_opens_a_campaign_given_on_the_command_line(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "given.ecliptic"
    first = make_window(qtbot, tmp_path)
    start(first, path)
    first.end_turn()
    first.close_game()
    settings = QSettings(str(tmp_path / "cli.ini"), QSettings.Format.IniFormat)
    win = MainWindow(path=path, settings=settings)
    qtbot.addWidget(win)
    assert win.campaign is not None and win.campaign.path == path
    win.close_game()
