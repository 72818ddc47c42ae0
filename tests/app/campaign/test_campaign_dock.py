"""The Campaign dock of a long campaign (issue 19 req 1 and 4): it reads the log once
per refresh, lists a round's entries only when the round is opened, and a campaign
given on the command line shows its map fitted to the view the player sees."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from core.files.resources import SCENARIOS
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from tests.app.campaign.test_campaign_window import make_window

SEATS = [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")]


def take_seat(qtbot: QtBot, win: MainWindow) -> None:
    if win.stack.currentWidget() is win.hand_over:
        qtbot.mouseClick(win.hand_over.button, Qt.MouseButton.LeftButton)


def played_campaign(qtbot: QtBot, tmp_path: Path, turns: int = 8) -> Path:
    """A Training campaign played for ``turns`` turns in a window, then closed."""
    path = tmp_path / "long.ecliptic"
    win = make_window(qtbot, tmp_path)
    training = load_scenario(SCENARIOS / "training.toml")
    assert win.create_campaign(path, "Our group", training, SEATS, seed=5)
    for _ in range(turns):
        take_seat(qtbot, win)
        qtbot.mouseClick(win.turn_bar.end_button, Qt.MouseButton.LeftButton)
    win.close_game()
    win.close()
    return path


def rounds_of(win: MainWindow) -> dict[str, QTreeWidgetItem]:
    game = win.browser.topLevelItem(0)
    children = (game.child(i) for i in range(game.childCount()))
    return {c.text(0): c for c in children if c.text(0).startswith("Round")}


def entry_reads(win: MainWindow) -> list[str]:
    """Every statement (as SQLite runs it, values filled in) the campaign's database
    runs from now on that reads log entries."""
    assert win.campaign is not None
    seen: list[str] = []

    def trace(statement: str) -> None:
        if "FROM entry" in statement:
            seen.append(statement)

    win.campaign.db.set_trace_callback(trace)
    return seen


WHOLE_LOG = "round FROM entry WHERE game_id = 1 AND id > 0 ORDER"


@pytest.fixture
def opened(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    path = played_campaign(qtbot, tmp_path)
    win = make_window(qtbot, tmp_path)
    assert win.open_path(path)
    take_seat(qtbot, win)
    qtbot.waitUntil(lambda: not win.browser._stale)
    return win


def test_campaign_dock_lists_a_rounds_entries_when_the_player_opens_it(
    qtbot: QtBot, opened: MainWindow
) -> None:
    browser = opened.browser
    rounds = rounds_of(opened)
    assert {"Round 1", "Round 2", "Round 3"} <= set(rounds)
    last = rounds[max(rounds, key=lambda name: int(name.split()[1]))]
    current = browser.currentItem()  # where play stands: listed at once, selected
    assert last.isExpanded() and current in (
        last,
        *(last.child(i) for i in range(last.childCount())),
    )
    first = rounds["Round 1"]
    assert not first.isExpanded() and first.childCount() == 0  # not read yet
    assert first.childIndicatorPolicy() == QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator
    browser.scrollToItem(first)
    rect = browser.visualItemRect(first)
    arrow = QPoint(rect.left() - browser.indentation() // 2, rect.center().y())
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=arrow)
    assert first.isExpanded()
    texts = [first.child(i).text(0) for i in range(first.childCount())]
    # every command of round 1 ends a phase: by the player, or passed for them
    assert texts and all("ends the phase" in t or "phase ended" in t for t in texts)
    # picking one of them shows the map as it was then (the replay view)
    item = first.child(0)
    browser.scrollToItem(item)
    rect = browser.visualItemRect(item)
    on_text = QPoint(rect.left() + 10, rect.center().y())
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=on_text)
    assert browser.currentItem() is item
    with qtbot.waitSignal(browser.view_entry) as shown:
        qtbot.keyClick(browser, Qt.Key.Key_Return)
    assert shown.args == [item.data(0, Qt.ItemDataRole.UserRole)]


def test_campaign_dock_reads_the_log_once_per_refresh_and_a_round_when_opened(
    qtbot: QtBot, opened: MainWindow
) -> None:
    browser = opened.browser
    reads = entry_reads(opened)
    browser.refresh()
    outline = [s for s in reads if WHOLE_LOG in s]
    assert len(outline) == 1  # the whole log, once
    shown = [s for s in reads if " IN (" in s]
    assert len(shown) == 1 and len(reads) == 2  # and the entries of the round on show
    rounds = rounds_of(opened)
    second = rounds["Round 2"]
    browser.scrollToItem(second)
    browser.setCurrentItem(second)
    browser.setFocus()
    qtbot.keyClick(browser, Qt.Key.Key_Right)  # opens the round from the keyboard
    assert second.isExpanded() and second.childCount() > 0
    assert len(reads) == 3
    qtbot.keyClick(browser, Qt.Key.Key_Left)
    qtbot.keyClick(browser, Qt.Key.Key_Right)  # already listed: not read again
    assert len(reads) == 3


def test_a_campaign_given_on_the_command_line_shows_its_map_fitted_to_the_view(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = played_campaign(qtbot, tmp_path, turns=1)
    settings = QSettings(str(tmp_path / "cli.ini"), QSettings.Format.IniFormat)
    win = MainWindow(path=path, settings=settings)  # as `ecliptic FILE` makes it
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    assert win.stack.currentWidget() is win.hand_over
    qtbot.mouseClick(win.hand_over.button, Qt.MouseButton.LeftButton)
    view = win.map_view
    port = view.viewport().rect()
    shown = view.mapFromScene(view.sceneRect()).boundingRect()
    assert port.width() > 300 and port.height() > 300
    # framed for the view the player sees: the legible default zoom for this view
    # (names 9 pt), the map filling all of it; not a fit into a hidden 30x24 view
    assert view.scale_factor() >= view.legible_scale() - 1e-9
    assert shown.adjusted(-2, -2, 2, 2).contains(port)


def tree_texts(item: QTreeWidgetItem) -> list[str]:
    """Every line under an item as shown, open rounds only (depth-first)."""
    lines = [item.text(0)]
    if item.isExpanded() or item.parent() is None:
        for i in range(item.childCount()):
            lines.extend(tree_texts(item.child(i)))
    return lines


def test_campaign_dock_adds_the_turns_played_without_reading_the_whole_log_again(
    qtbot: QtBot, opened: MainWindow
) -> None:
    browser = opened.browser
    reads = entry_reads(opened)
    for _ in range(5):  # into the next rounds
        take_seat(qtbot, opened)
        qtbot.mouseClick(opened.turn_bar.end_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not browser._stale)
    assert reads and not [s for s in reads if WHOLE_LOG in s]  # only what was played
    assert opened.record is not None
    head = browser.items[opened.record.head]
    assert browser.currentItem() is head
    played = [tree_texts(browser.topLevelItem(i)) for i in range(browser.topLevelItemCount())]
    browser.refresh()  # everything read afresh shows the same
    again = [tree_texts(browser.topLevelItem(i)) for i in range(browser.topLevelItemCount())]
    assert played == again
    assert browser.currentItem() is browser.items[opened.record.head]
    # an undo is not an addition: the dock is rebuilt, and shows the head moved back
    qtbot.keyClick(opened, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not browser._stale)
    assert browser.currentItem() is browser.items[opened.record.head]
    assert [s for s in reads if WHOLE_LOG in s]
