"""The Help window (F1, the Help menu): How to Play, Rules, Keyboard Shortcuts and About,
one tab each. Pages are Markdown from :mod:`app.help.pages`; the shortcuts are made from
the main window's actions when shown.

The Rules tab has a search field: typing shows every match, highlighted, and goes to the
first; Enter goes to the next; a page without the word says which other page has it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QKeySequence,
    QShortcut,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.help.pages import HOW_TO_PLAY, RulesPage, rules_pages, slug
from app.help.shortcuts import shortcuts_html

TABS = ("how-to-play", "rules", "shortcuts", "about")
MATCH = QColor("#F0E442")  # Okabe–Ito yellow, as the ruler


def _browser(name: str) -> QTextBrowser:
    browser = QTextBrowser()
    browser.setObjectName(name)
    browser.setOpenExternalLinks(True)
    return browser


class HelpWindow(QWidget):
    """The help, beside the game (not modal). ``shortcuts_of`` is the window whose
    actions the Keyboard Shortcuts page lists; ``about`` the About page's HTML."""

    def __init__(self, shortcuts_of: QWidget, about: Callable[[], str]) -> None:
        super().__init__(shortcuts_of, Qt.WindowType.Window)
        self.setObjectName("help_window")
        self.setWindowTitle("Ecliptic Help")
        self._shortcuts_of, self._about = shortcuts_of, about
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("help_tabs")
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)

        self.how_to_play = _browser("how_to_play_text")
        self.how_to_play.setSource(QUrl.fromLocalFile(str(HOW_TO_PLAY)))
        self.tabs.addTab(self.how_to_play, "How to Play")
        self.tabs.addTab(self._rules_tab(), "Rules")
        self.shortcuts = _browser("shortcuts_text")
        self.tabs.addTab(self.shortcuts, "Keyboard Shortcuts")
        self.about = _browser("about_text")
        self.tabs.addTab(self.about, "About")
        QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self, self.search.setFocus)
        # a way out that needs no title bar: Escape, or the Close button
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.setObjectName("help_buttons")
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setToolTip("Close the help (Escape); F1 brings it back")
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self.resize(900, 700)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Escape closes the help, as it closes a dialog."""
        if event.matches(QKeySequence.StandardKey.Cancel):
            self.close()
            return
        super().keyPressEvent(event)

    def _rules_tab(self) -> QWidget:
        self.pages: list[RulesPage] = rules_pages()
        self.systems = QListWidget()
        self.systems.setObjectName("rules_systems")
        self.systems.setToolTip("The rule systems Ecliptic plays: choose one to read its rules")
        self.systems.addItems([p.title for p in self.pages])
        self.systems.currentRowChanged.connect(self._show_page)
        self.search = QLineEdit()
        self.search.setObjectName("rules_search")
        self.search.setPlaceholderText("Search the rules")
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip("Type a word to find it in these rules; Enter goes to the next")
        self.search.textChanged.connect(self._find_all)
        self.search.returnPressed.connect(self.find_next)
        self.matches = QLabel("")
        self.matches.setObjectName("rules_matches")
        self.rules = _browser("rules_text")
        right = QWidget()
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.search, 1)
        row.addWidget(self.matches)
        column.addLayout(row)
        column.addWidget(self.rules, 1)
        split = QSplitter()
        split.addWidget(self.systems)
        split.addWidget(right)
        split.setSizes([180, 720])
        if self.pages:
            self.systems.setCurrentRow(0)
        return split

    # ---- showing a tab

    def show_tab(self, tab: str) -> None:
        """Show the window on one of :data:`TABS`, in front."""
        if tab == "shortcuts":
            self.shortcuts.setHtml(shortcuts_html(self._shortcuts_of))
        elif tab == "about":
            self.about.setHtml(self._about())
        self.tabs.setCurrentIndex(TABS.index(tab))
        self.show()
        self.raise_()

    def show_rules(self, system_id: str | None = None, section: str | None = None) -> None:
        """The Rules tab on ``system_id``'s page (the current one if None), at the heading
        whose anchor is ``section`` if given."""
        for row, page in enumerate(self.pages):
            if page.system_id == system_id:
                self.systems.setCurrentRow(row)
        if section is not None:
            self.go_to_section(section)
        self.show_tab("rules")

    def page(self) -> RulesPage | None:
        row = self.systems.currentRow()
        return self.pages[row] if 0 <= row < len(self.pages) else None

    def _show_page(self, row: int) -> None:
        if 0 <= row < len(self.pages):
            self.rules.setSource(QUrl.fromLocalFile(str(self.pages[row].path)))
            self._find_all(self.search.text())

    def go_to_section(self, anchor: str) -> bool:
        """Scroll the page so the heading with this anchor is at the top."""
        block = self.rules.document().begin()
        while block.isValid():
            if block.blockFormat().headingLevel() and slug(block.text()) == anchor:
                cursor = QTextCursor(block)
                self.rules.setTextCursor(cursor)
                bar = self.rules.verticalScrollBar()
                bar.setValue(bar.maximum())  # so the heading can come to the top
                self.rules.ensureCursorVisible()
                return True
            block = block.next()
        return False

    # ---- searching

    def _find_all(self, text: str) -> None:
        """Highlight every match of ``text`` on the page and go to the first."""
        document = self.rules.document()
        found: list[QTextEdit.ExtraSelection] = []
        if text:
            highlight = QTextCharFormat()
            highlight.setBackground(MATCH)
            highlight.setForeground(QColor("#111111"))
            cursor = document.find(text)
            while not cursor.isNull():
                selection = QTextEdit.ExtraSelection()
                selection.cursor, selection.format = cursor, highlight
                found.append(selection)
                cursor = document.find(text, cursor)
        self.rules.setExtraSelections(found)
        self.found = [s.cursor for s in found]
        self.matches.setText(self._summary(text, len(found)))
        if found:
            self.rules.setTextCursor(found[0].cursor)
            self.rules.ensureCursorVisible()

    def _summary(self, text: str, count: int) -> str:
        if not text:
            return ""
        if count:
            return f"{count} match{'es' if count != 1 else ''}"
        current = self.page()
        elsewhere = [
            p.title
            for p in self.pages
            if p != current and text.lower() in p.path.read_text(encoding="utf-8").lower()
        ]
        return "No match" + (f" here; found in {', '.join(elsewhere)}" if elsewhere else "")

    def find_next(self) -> None:
        """Go to the match after the cursor, round to the first."""
        text = self.search.text()
        if not text:
            return
        cursor = self.rules.document().find(text, self.rules.textCursor())
        if cursor.isNull():
            cursor = self.rules.document().find(text, 0, QTextDocument.FindFlag(0))
        if not cursor.isNull():
            self.rules.setTextCursor(cursor)
            self.rules.ensureCursorVisible()
