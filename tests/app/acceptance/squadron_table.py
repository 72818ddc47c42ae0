"""Two players at a squadron game in the window, for the acceptance tests: everything is
done with clicks and keys on visible controls (the board tabs, counters found by their
tooltips, the hexes marked for a move or a shot, the orders panel's buttons, the
hand-over screen's button, the turn bar's primary button); nothing calls the session or
the engine."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGraphicsItem,
    QLabel,
    QLineEdit,
    QListWidget,
    QStackedWidget,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)
from pytestqt.qtbot import QtBot

from app.rules.squadrons.boards.transit import TransitStrip, tip_of
from app.shell.main_window import MainWindow
from app.vector.overlay import ROLE_KEY
from tests.app.acceptance.user import Player, plain


class SquadronTable(Player):
    """The people at the table of a squadron game (hot seat)."""

    def __init__(self, qtbot: QtBot, tmp_path: Path) -> None:
        super().__init__(qtbot, tmp_path)

    @classmethod
    def at(cls, qtbot: QtBot, win: MainWindow) -> SquadronTable:
        """Someone at another window (a second Ecliptic on the same campaign)."""
        table = cls.__new__(cls)
        table.qtbot, table.win = qtbot, win
        return table

    # ---- the page's parts, found as a player sees them

    def page(self) -> QWidget:
        return self.find(QWidget, "squadron_page")

    def pages(self) -> QStackedWidget:
        found = self.page().findChild(QStackedWidget)
        assert isinstance(found, QStackedWidget)
        return found

    def handing_over(self) -> bool:
        """Whether the hand-over screen is up (the boards hidden)."""
        return self.pages().currentWidget().objectName() == "hand_over"

    def hand_over_text(self) -> str:
        return " ".join(
            lb.text() for lb in self.pages().currentWidget().findChildren(QLabel) if lb.isVisible()
        )

    def take_seat(self) -> str:
        """The player named on the hand-over screen presses their button."""
        if self.handing_over():
            screen = self.pages().currentWidget()
            self.click(self.find(QWidget, "hand_over_button", screen))
        assert not self.handing_over()
        return self.seated()

    def seated(self) -> str:
        """Who the turn bar says is at the table ("Imperium: Ann" → "Ann")."""
        text = self.win.turn_bar.player_label.text().removesuffix("'s turn")
        return text.split(": ", 1)[-1]

    def day(self) -> int:
        return int(self.win.turn_bar.round_label.text().removeprefix("Day "))

    def end_step(self) -> str:
        """The seated player (taking the seat first) presses the primary button."""
        self.take_seat()
        button = self.win.turn_bar.end_button
        said = plain(button.text())
        self.click(button)
        return said

    def tabs(self) -> QTabWidget:
        found = self.find(QTabWidget, "board_tabs")
        assert isinstance(found, QTabWidget)
        return found

    def board(self, system: str) -> QWidget:
        """Click the board's tab and give its view."""
        tabs = self.tabs()
        bar = tabs.tabBar()
        index = next(i for i in range(tabs.count()) if plain(tabs.tabText(i)) == system)
        if tabs.currentIndex() != index:
            self.qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
        assert tabs.currentIndex() == index
        return tabs.currentWidget()

    def items(self, system: str, role: str) -> list[QGraphicsItem]:
        view = self.board(system)
        return [i for i in view.scene().items() if i.data(ROLE_KEY) == role and i.isVisible()]

    def counters(self, system: str) -> list[str]:
        """The tooltips of the counters on ``system``'s board."""
        return [i.toolTip() for i in self.items(system, "squadron counter")]

    def click_item(self, system: str, item: QGraphicsItem) -> None:
        view = self.board(system)
        view.ensureVisible(item, 40, 40)
        at = view.mapFromScene(item.sceneBoundingRect().center())
        viewport = view.viewport()
        self.qtbot.mouseMove(viewport, at)
        self.qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=at)

    def click_counter(self, system: str, wanted: Callable[[str], bool]) -> str:
        """Click the first counter on ``system``'s board whose tooltip ``wanted`` takes."""
        for item in self.items(system, "squadron counter"):
            if wanted(item.toolTip()):
                self.click_item(system, item)
                return item.toolTip()
        raise AssertionError(f"no such counter among {self.counters(system)}")

    def click_mark(self, system: str) -> None:
        """Click a hex marked for the selected counter (a move's reach, a shot's range)."""
        marks = self.items(system, "squadron mark")
        assert marks, "no hex is marked"
        item = marks[len(marks) // 2]
        view = self.board(system)
        view.ensureVisible(item, 40, 40)
        at = view.mapFromScene(item.boundingRect().center())
        self.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(at))

    def stack_rows(self) -> list[str]:
        stack = self.find(QListWidget, "stack_list")
        assert isinstance(stack, QListWidget)
        return [stack.item(i).text() for i in range(stack.count())]

    def choose_row(self, words: str) -> None:
        """Click the stack list's row containing ``words`` (its sheet shows in the dock)."""
        stack = self.find(QListWidget, "stack_list")
        assert isinstance(stack, QListWidget)
        for i in range(stack.count()):
            if words in stack.item(i).text():
                rect = stack.visualItemRect(stack.item(i))
                self.qtbot.mouseClick(
                    stack.viewport(), Qt.MouseButton.LeftButton, pos=rect.center()
                )
                return
        raise AssertionError(f"no row {words!r} in {self.stack_rows()}")

    def sheet(self) -> str:
        """The squadron sheet dock's text (heading, factors as Design/Now, details)."""
        sheet = self.find(QWidget, "squadron_sheet")
        parts = [lb.text() for lb in sheet.findChildren(QLabel) if lb.isVisible()]
        return " | ".join(parts)

    def combo(self, name: str) -> QComboBox:
        found = self.find(QComboBox, name)
        assert isinstance(found, QComboBox)
        return found

    def sheet_now(self, factor: str) -> str:
        return self.label(f"sheet_now_{factor}")

    def order_jump(self, system: str, hex_label: str) -> None:
        """Jump… for the selected squadron: the destination and hex, then Order Jump."""

        def fill(dialog: QWidget) -> None:
            box = self.find(QComboBox, "jump_system", dialog)
            assert isinstance(box, QComboBox)
            self.pick(box, system)
            self.type_into(self.find(QLineEdit, "jump_hex", dialog), hex_label)
            self.press("Order Jump", dialog)

        self.answer(lambda: self.press("Jump"), fill)

    def campaign_rows(self) -> list[str]:
        """Every line of the Campaign dock's tree, as shown."""
        tree = self.find(QTreeWidget, "campaign_browser")
        assert isinstance(tree, QTreeWidget)
        found: list[str] = []

        def walk(item: QTreeWidgetItem) -> None:
            found.append(item.text(0))
            for i in range(item.childCount()):
                walk(item.child(i))

        for i in range(tree.topLevelItemCount()):
            walk(tree.topLevelItem(i))
        return found

    def fire_orders(self) -> list[str]:
        orders = self.find(QListWidget, "fire_orders")
        assert isinstance(orders, QListWidget)
        return [orders.item(i).text() for i in range(orders.count())]

    def log_lines(self) -> list[str]:
        log = self.find(QListWidget, "squadron_log")
        assert isinstance(log, QListWidget)
        return [log.item(i).text() for i in range(log.count())]

    def transit(self) -> str:
        """What the transit strip's counters say when hovered, one after the other."""
        strip = self.find(TransitStrip, "transit_strip")
        assert isinstance(strip, TransitStrip)
        said = []
        for rect, _ in strip.spots():
            entry = strip.entry_at(rect.center().toPoint())
            if entry is not None:
                said.append(tip_of(entry))
        return " | ".join(said)

    def everyone_ends(self, until: Callable[[], bool], limit: int = 400) -> None:
        """Every player ends every step (taking the seat in turn) until ``until``."""
        for _ in range(limit):
            if until():
                return
            self.end_step()
        raise AssertionError("the game never got there")

    def find_all_replay(self) -> bool:
        """Whether the replay controls are on show."""
        return any(w.isVisible() for w in self.page().findChildren(QWidget, "squadron_replay"))
