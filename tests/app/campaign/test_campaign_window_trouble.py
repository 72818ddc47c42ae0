"""Campaign files that are not quite right, opened in the window with File › Open
(issue 18, requirement 7): damage in a row is explained naming the entry, whatever
kind of error it causes, and the file is left as it was; a campaign in a read-only
folder opens read-only saying so and offers Save a Copy As, whose copy is then played;
an earlier log entry edited after it was written is found by the background seal
check, after the map is shown, and named in a warning."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from tests.app.campaign.test_campaign_window import make_window, start, stored_entries
from tests.core.permissions import as_another_user, shared_folder

#: how long the background check may take at most on a crowded machine (it waits for
#: the check's signal; a fast machine does not wait this long)
PATIENCE_MS = 120_000


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def open_with_menu(win: MainWindow, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """File › Open…, choosing ``path`` in the file dialog."""
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(path), "Campaigns (*.ecliptic)")
    )
    win.open_action.trigger()


def played(win: MainWindow, path: Path, turns: int = 3) -> None:
    start(win, path)
    for _ in range(turns):
        win.end_turn()
    win.close_game()


def change(path: Path, sql: str, *args: object) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute(sql, args)
    db.close()


@pytest.mark.parametrize(
    ("sql", "words"),
    [
        (  # a fraction with a zero denominator in the head's command
            "UPDATE entry SET command = '{\"$fraction\": [1, 0]}' "
            "WHERE id = (SELECT max(id) FROM entry)",
            "holds no readable command: ZeroDivisionError",
        ),
        (  # a set of unhashable things
            'UPDATE entry SET command = \'{"$set": [{"$map": []}]}\' '
            "WHERE id = (SELECT max(id) FROM entry)",
            "holds no readable command: TypeError",
        ),
        ("UPDATE game SET head_id = 999999", "has no log entry 999999"),
        ("DELETE FROM campaign", "holds no campaign row"),
    ],
    ids=["zero denominator", "unhashable set", "head at no entry", "no campaign row"],
)
def test_open_a_damaged_campaign_explains_naming_the_part_and_changes_nothing(
    window: MainWindow,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    sql: str,
    words: str,
) -> None:
    path = tmp_path / "damaged.ecliptic"
    played(window, path)
    change(path, sql)
    before = path.read_bytes()
    open_with_menu(window, path, monkeypatch)
    box = window.findChild(QMessageBox, "campaign_problem_box")
    assert box is not None and box.isVisible()
    assert words in box.informativeText() and "has not been changed" in box.informativeText()
    assert window.session is None and window.campaign is None
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("damaged")) == [
        "damaged.ecliptic"
    ]


def test_open_an_edited_log_warns_after_the_map_is_shown_naming_the_entry(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "edited.ecliptic"
    played(window, path, turns=4)
    change(path, "UPDATE entry SET player = 'p2', time = '2020-01-01' WHERE id = 2")
    open_with_menu(window, path, monkeypatch)
    # opened and on screen at once; the seals are checked after
    assert window.session is not None and window.campaign is not None
    assert window.findChild(QMessageBox, "seal_warning_box") is None
    watch = window.seal_watch
    assert watch is not None
    if watch.problems is None:
        with qtbot.waitSignal(watch.finished, timeout=PATIENCE_MS):
            pass
    box = window.findChild(QMessageBox, "seal_warning_box")
    assert box is not None and box.isVisible()
    assert "• Log entry 2 (game 1) was damaged or edited" in box.informativeText()
    assert "log entry 2" in window.status_label.text()


def test_open_an_untouched_campaign_finds_every_seal_whole(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "whole.ecliptic"
    played(window, path, turns=4)
    open_with_menu(window, path, monkeypatch)
    watch = window.seal_watch
    assert watch is not None
    with qtbot.waitSignal(watch.finished, timeout=PATIENCE_MS) as blocker:
        pass
    assert blocker.args == [[]] and watch.check.checked == stored_entries(path) > 0
    assert window.findChild(QMessageBox, "seal_warning_box") is None


def test_open_a_campaign_in_a_read_only_folder_opens_read_only_and_offers_a_copy(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = tmp_path / "made.ecliptic"
    played(window, made)
    with shared_folder() as root:
        folder, mine = root / "cd", root / "mine"
        folder.mkdir()
        mine.mkdir(mode=0o777)
        mine.chmod(0o777)
        path = folder / "ours.ecliptic"
        shutil.copyfile(made, path)
        folder.chmod(0o555)
        monkeypatch.setenv("ECLIPTIC_DATA_DIR", str(mine))
        before = path.read_bytes()
        with as_another_user():
            open_with_menu(window, path, monkeypatch)
            campaign = window.campaign
            assert campaign is not None and campaign.read_only
            assert "read-only" in window.windowTitle()
            box = window.findChild(QMessageBox, "read_only_box")
            assert box is not None and box.isVisible()
            assert "It is in a read-only folder.\n" in box.informativeText()
            button = next(b for b in box.findChildren(QPushButton) if b.text() == "Save a Copy As…")
            copy = mine / "ours copy.ecliptic"
            monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(copy), ""))
            button.click()
            assert window.campaign is not None and window.campaign.path == copy
            assert not window.campaign.read_only
            played_before = stored_entries(copy)
            window.end_turn()
            assert stored_entries(copy) > played_before
            window.close_game()
        assert path.read_bytes() == before
        assert [p.name for p in folder.iterdir()] == ["ours.ecliptic"]


def test_open_a_campaign_with_two_names_opens_read_only_saying_why(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "ours.ecliptic"
    played(window, path)
    os.link(path, tmp_path / "also ours.ecliptic")
    before = path.read_bytes()
    open_with_menu(window, tmp_path / "also ours.ecliptic", monkeypatch)
    assert window.campaign is not None and window.campaign.read_only
    box = window.findChild(QMessageBox, "read_only_box")
    assert box is not None and box.isVisible()
    assert "It has 2 names (hard links to the same file), and two Ecliptics" in (
        box.informativeText()
    )
    window.close_game()
    assert path.read_bytes() == before


def test_open_a_pipe_named_like_a_campaign_is_explained_without_blocking(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fifo = tmp_path / "waiting.ecliptic"
    os.mkfifo(fifo)
    open_with_menu(window, fifo, monkeypatch)
    assert window.session is None and window.campaign is None
    box = window.findChild(QMessageBox, "campaign_problem_box")
    assert box is not None and "It is not a regular file (a pipe" in box.informativeText()
