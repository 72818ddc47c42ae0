"""The Help window (issue 16, requirement 8): F1 and the Help menu open How to Play, Rules,
Keyboard Shortcuts and About; the rules are searchable; the shortcuts are the actions'
own; the rulings in docs/RULES-MAPPING.md link to sections that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QUrl
from PySide6.QtGui import QAction, QImage, QKeySequence, QTextDocument
from PySide6.QtWidgets import QMenu, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from app.board.view import NAVIGATION
from app.help.pages import RULES_DIR, headings, rules_pages, slug
from app.help.window import HelpWindow
from app.play.systems import UIEntry, register_ui, unregister_ui
from app.shell.main_window import MainWindow
from app.shell.version import application_version, source_revision

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "help.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)

    return win


def help_action(win: MainWindow, text: str) -> QAction:
    menu = next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "Help")
    assert isinstance(menu, QMenu)
    return next(a for a in menu.actions() if a.text().replace("&", "") == text)


def help_window(win: MainWindow) -> HelpWindow:
    found = win.findChild(QWidget, "help_window")
    assert isinstance(found, HelpWindow)
    return found


def tab_title(help: HelpWindow) -> str:
    return help.tabs.tabText(help.tabs.currentIndex())


def test_f1_opens_how_to_play_with_its_pictures(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window.map_view, Qt.Key.Key_F1)
    help = help_window(window)
    qtbot.waitUntil(help.isVisible)
    assert tab_title(help) == "How to Play"
    text = help.how_to_play.toPlainText()
    assert "Training" in text and "green rings" in text
    document = help.how_to_play.document()
    pictures = re.findall(r"\]\((images/[^)]+)\)", help_text("how-to-play.md"))
    assert len(pictures) >= 4
    for picture in pictures:
        image = document.resource(QTextDocument.ResourceType.ImageResource, QUrl(picture))
        assert image is not None and not image.isNull(), picture


def help_text(name: str) -> str:
    return (ROOT / "resources" / "help" / name).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("entry", "tab"),
    [
        ("How to Play", "How to Play"),
        ("Rules", "Rules"),
        ("Keyboard Shortcuts", "Keyboard Shortcuts"),
        ("About Ecliptic", "About"),
    ],
)
def test_each_help_menu_entry_opens_its_page(
    qtbot: QtBot, window: MainWindow, entry: str, tab: str
) -> None:
    help_action(window, entry).trigger()
    help = help_window(window)
    qtbot.waitUntil(help.isVisible)
    assert tab_title(help) == tab


def test_about_names_the_version(qtbot: QtBot, window: MainWindow) -> None:
    help_action(window, "About Ecliptic").trigger()
    text = help_window(window).about.toPlainText()
    assert f"Ecliptic {application_version()}" in text
    # and the source revision it was built from (a git checkout's, or the bundle's)
    assert f"Revision {source_revision()}" in text and source_revision() != "unknown"


def test_rules_has_a_page_for_each_rule_system(qtbot: QtBot, window: MainWindow) -> None:
    help_action(window, "Rules").trigger()
    help = help_window(window)
    titles = [help.systems.item(i).text() for i in range(help.systems.count())]
    assert titles == ["Interplanetary", "NPlanetary", "Traveller Squadrons", "System III Void"]
    assert "Sequence of play" in help.rules.toPlainText()
    for row, title in enumerate(titles[1:], start=1):
        help.systems.setCurrentRow(row)
        text = help.rules.toPlainText()
        assert text.startswith(title)
        if title == "NPlanetary":  # played whole: its page says how, at the table too
            assert "At the table" in text and "Not yet played" not in text
        if title == "Traveller Squadrons":  # our rulings, and how to play in the window
            assert "Ruling" in text and "Seal Fire Orders" in text and "Cost schemes" in text
    assert "Strategic combat" in help.rules.toPlainText()  # System III Void's page


def test_typing_in_the_rules_search_highlights_every_match_and_enter_goes_on(
    qtbot: QtBot, window: MainWindow
) -> None:
    help_action(window, "Rules").trigger()
    help = help_window(window)
    qtbot.keyClicks(help.search, "orbit")
    expected = help.rules.toPlainText().lower().count("orbit")
    assert expected > 2
    assert help.matches.text() == f"{expected} matches"
    assert len(help.rules.extraSelections()) == expected
    first = help.rules.textCursor()
    assert first.selectedText().lower() == "orbit"
    qtbot.keyClick(help.search, Qt.Key.Key_Return)
    second = help.rules.textCursor()
    assert second.selectedText().lower() == "orbit"
    assert second.position() > first.position()


def test_a_word_only_on_another_page_is_found_there(qtbot: QtBot, window: MainWindow) -> None:
    help_action(window, "Rules").trigger()
    help = help_window(window)
    qtbot.keyClicks(help.search, "torpedo")
    assert help.matches.text() == "No match here; found in NPlanetary, System III Void"
    help.search.clear()
    qtbot.keyClicks(help.search, "xyzzy")
    assert help.matches.text() == "No match"


def test_the_shortcuts_page_lists_every_action_with_keys(qtbot: QtBot, window: MainWindow) -> None:
    help_action(window, "Keyboard Shortcuts").trigger()
    text = help_window(window).shortcuts.toPlainText()
    listed = 0
    for action in window.findChildren(QAction):
        for keys in action.shortcuts():
            if action.text() and not keys.isEmpty():
                assert keys.toString(QKeySequence.SequenceFormat.NativeText) in text, action.text()
                listed += 1
    assert listed > 20
    for keys, what in NAVIGATION:
        assert keys in text and what in text
    # a key given to an action later shows the next time the page is opened
    window.fit_action.setShortcut(QKeySequence("Ctrl+Shift+F9"))
    help_action(window, "Keyboard Shortcuts").trigger()
    assert "Ctrl+Shift+F9" in help_window(window).shortcuts.toPlainText()


def test_the_rulings_link_to_sections_of_the_rules_pages() -> None:
    """docs/RULES-MAPPING.md links each section with rulings to the Rules page section
    that says it in play terms, and every link leads to a heading that exists."""
    mapping = (ROOT / "docs" / "RULES-MAPPING.md").read_text(encoding="utf-8")
    links = re.findall(r"\.\./resources/help/rules/(\w+)\.md#([\w-]+)", mapping)
    assert len(links) >= 15
    for system, anchor in links:
        page = RULES_DIR / f"{system}.md"
        assert page.is_file(), system
        assert anchor in {slug(h) for h in headings(page)}, f"{system}#{anchor}"
    assert {s for s, _ in links} == {"interplanetary", "nplanetary", "squadrons", "void"}


def test_the_help_window_opens_a_rules_section(qtbot: QtBot, window: MainWindow) -> None:
    help = window.show_help("rules")
    help.show_rules("interplanetary", "guns")
    qtbot.waitUntil(help.isVisible)
    assert help.rules.textCursor().block().text() == "Guns"
    # the heading is shown at the top of the page, not somewhere below
    at = help.rules.cursorRect(help.rules.textCursor())
    assert 0 <= at.top() < help.rules.viewport().height() // 4


def test_a_rule_system_brings_its_own_rules_page(tmp_path: Path) -> None:
    page = tmp_path / "toy.md"
    page.write_text("# Toy Wars\n\n## Moving\n\nShips hop.\n", encoding="utf-8")
    register_ui("toy", UIEntry("toy.ui:UI", rules_page=str(page)))
    try:
        found = {p.system_id: p for p in rules_pages()}
        assert found["toy"].title == "Toy Wars" and found["toy"].path == page
    finally:
        unregister_ui("toy")
    assert "toy" not in {p.system_id for p in rules_pages()}


def test_closing_the_main_window_closes_the_help(qtbot: QtBot, window: MainWindow) -> None:
    help = window.show_help("rules")
    qtbot.waitUntil(help.isVisible)
    window.close()
    assert not help.isVisible()


def test_how_to_play_pictures_are_made_from_a_game_of_training(tmp_path: Path) -> None:
    """``python -m app.help.illustrate`` plays Training in the window and keeps a picture
    of each step How to Play shows (it would stop at the first step the window refused)."""
    from app.help.illustrate import illustrate

    made = illustrate(tmp_path)
    shipped = re.findall(r"\]\(images/([^)]+)\)", help_text("how-to-play.md"))
    assert sorted(p.name for p in made) == sorted(shipped)
    for picture in made:
        image = QImage(str(picture))
        assert image.width() > 200 and image.height() > 200, picture


def test_help_closes_with_escape_or_its_close_button(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window.map_view, Qt.Key.Key_F1)
    help = help_window(window)
    qtbot.waitUntil(help.isVisible)
    help.activateWindow()
    qtbot.keyClick(help.tabs, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not help.isVisible())
    qtbot.keyClick(window.map_view, Qt.Key.Key_F1)
    qtbot.waitUntil(help.isVisible)
    close = next(b for b in help.findChildren(QPushButton) if b.text().replace("&", "") == "Close")
    assert close.isVisible() and close.toolTip()
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not help.isVisible())
