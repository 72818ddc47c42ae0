"""A player at the window, for the acceptance tests: everything here is done the way a
person does it, with clicks and key presses on visible widgets and menu actions chosen by
their text. Widgets are found by their text or object name, and the map's markers by
their tooltips (what a player reads when hovering them); nothing calls into the game
session or gives the engine a command.

Dialogs a click opens modally (New Game, the damage sheet, file dialogs) are answered by
a handler run from the dialog's own event loop, as a person answers what pops up.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QGraphicsItem,
    QLabel,
    QLineEdit,
    QMessageBox,
    QScrollArea,
    QSpinBox,
    QTabBar,
    QTreeWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from app.vector.overlay import ROLE_KEY

#: words in a course marker's tooltip that mean the ship would be lost or leave the map
DANGER = ("CRASH", "OFF MAP", "DESTROYED", "BOUNCES", "weapon attack", "may strike")


def plain(text: str) -> str:
    """A control's text as a person reads it: no mnemonic ampersands, no ellipsis."""
    return text.replace("&", "").replace("…", "").strip()


def scrolled_to(widget: QWidget) -> None:
    """Scroll every scroll area holding ``widget`` until it is in view, as a person
    scrolls a dock to reach a control below its edge."""
    inner, outer = widget, widget.parentWidget()
    while outer is not None:
        if isinstance(outer, QScrollArea) and outer.widget() is not None:
            # laid out as on screen (only the layouts asked for: no timer runs)
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            outer.ensureWidgetVisible(inner)
            inner = outer
        outer = outer.parentWidget()


class Player:
    """The people at the table, sharing one window (hot seat)."""

    def __init__(self, qtbot: QtBot, tmp_path: Path, size: tuple[int, int] = (1400, 900)) -> None:
        self.qtbot = qtbot
        settings = QSettings(str(tmp_path / "ecliptic.ini"), QSettings.Format.IniFormat)
        self.win = MainWindow(settings=settings)
        self.win.ask_before_closing = False
        qtbot.addWidget(self.win)
        self.win.resize(*size)  # the window as it first comes up
        self.win.show()
        qtbot.waitExposed(self.win)

    # ---- finding things

    def menu(self, *path: str) -> QAction:
        """The menu action reached by ``path`` of texts ("Game", "Move")."""
        actions = self.win.menuBar().actions()
        found: QAction | None = None
        for i, name in enumerate(path):
            found = next((a for a in actions if plain(a.text()) == name), None)
            assert found is not None, f"no menu entry {name!r} in {[a.text() for a in actions]}"
            if i + 1 < len(path):
                sub = found.menu()
                assert sub is not None, f"{name!r} is not a menu"
                actions = sub.actions()
        assert found is not None
        return found

    def choose(self, *path: str) -> None:
        action = self.menu(*path)
        assert action.isEnabled(), f"{' > '.join(path)} is disabled"
        action.trigger()

    def find(self, kind: type, name: str, within: QWidget | None = None) -> QWidget:
        """The visible widget of ``kind`` with object name ``name``."""
        root = within or self.win
        found = [w for w in root.findChildren(kind, name) if w.isVisible()]
        assert found, f"no visible {kind.__name__} {name!r}"
        return found[0]

    def button(self, text: str, within: QWidget | None = None) -> QAbstractButton:
        """The visible, enabled button whose text reads ``text``."""
        root = within or self.win
        found = [
            b
            for b in root.findChildren(QAbstractButton)
            if b.isVisible() and plain(b.text()) == text
        ]
        assert found, f"no visible button {text!r}"
        return found[0]

    def has_button(self, text: str) -> bool:
        return any(
            b.isVisible() and b.isEnabled() and plain(b.text()) == text
            for b in self.win.findChildren(QAbstractButton)
        )

    def label(self, name: str) -> str:
        return self.find(QLabel, name).text()  # type: ignore[attr-defined]

    # ---- doing things

    def click(self, widget: QWidget) -> None:
        assert widget.isVisible() and widget.isEnabled(), f"{widget} cannot be clicked"
        scrolled_to(widget)
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)

    def press(self, text: str, within: QWidget | None = None) -> None:
        self.click(self.button(text, within))

    def pick(self, combo: QComboBox, words: str) -> str:
        """Choose the item of ``combo`` reading ``words`` (else the first containing
        them) with the keyboard."""
        texts = [combo.itemText(i) for i in range(combo.count())]
        index = next((i for i, t in enumerate(texts) if words.lower() == t.lower()), None)
        if index is None:
            index = next((i for i, t in enumerate(texts) if words.lower() in t.lower()), None)
        assert index is not None, f"no {words!r} in {texts}"
        combo.setFocus()
        key = Qt.Key.Key_Down if index > combo.currentIndex() else Qt.Key.Key_Up
        while combo.currentIndex() != index:
            self.qtbot.keyClick(combo, key)
        return texts[index]

    def type_into(self, widget: QWidget, text: str) -> None:
        widget.setFocus()
        self.qtbot.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        self.qtbot.keyClicks(widget, text)

    def answer(
        self,
        trigger: Callable[[], None],
        handler: Callable[[QWidget], None],
        *,
        popup: bool = False,
    ) -> None:
        """Do ``trigger`` (which opens a modal dialog, or with ``popup`` a menu) and let
        ``handler`` answer it once it is on screen."""
        handled: list[QWidget] = []
        before = QApplication.activeModalWidget()

        def poll() -> None:
            if popup:
                dialog = QApplication.activePopupWidget()
            else:
                dialog = QApplication.activeModalWidget()
                dialog = None if dialog is before else dialog
            if dialog is None or not dialog.isVisible():
                QTimer.singleShot(10, poll)
                return
            handled.append(dialog)
            try:
                handler(dialog)
            except BaseException as exc:  # shut the dialog, so the test fails, not hangs
                failed.append(exc)
                dialog.close()

        failed: list[BaseException] = []
        QTimer.singleShot(0, poll)
        trigger()
        self.qtbot.waitUntil(lambda: bool(handled))
        if failed:
            raise failed[0]

    # ---- starting a game

    def new_game(
        self,
        scenario: str | tuple[str, ...],
        names: tuple[str, ...] = ("Ann", "Bob"),
        seed: int = 7,
        rules: tuple[str, ...] = (),
        browse: Path | None = None,
    ) -> None:
        """File > New Quick Game…: the scenario listed as ``scenario`` (or as one of
        several ways of listing it; or the file ``browse`` picked with Browse…), the
        players, the dice seed, optional rules ticked by their titles; then Start, and
        Yes to any question starting the game asks (points left unspent)."""

        def fill(dialog: QWidget) -> None:
            assert isinstance(dialog, QDialog)
            if browse is not None:
                self.answer(
                    lambda: self.press("Browse", dialog), lambda d: self.pick_file(d, browse)
                )
            combo = self.find(QComboBox, "scenario_box", dialog)
            assert isinstance(combo, QComboBox)
            shown = [combo.itemText(i).lower() for i in range(combo.count())]
            # a browsed file is listed by its title, or else its file name
            listed = (scenario,) if isinstance(scenario, str) else scenario
            if browse is not None:
                listed = (*listed, browse.name)
            words = next((n for n in listed if n.lower() in shown), listed[0])
            self.pick(combo, words)
            count = self.find(QSpinBox, "player_count", dialog)
            self.type_into(count, str(len(names)))
            for i, name in enumerate(names):
                self.type_into(self.find(QLineEdit, f"seat_name_{i}", dialog), name)
            shown = [b for b in dialog.findChildren(QCheckBox, "fixed_seed") if b.isVisible()]
            if shown:  # a game without dice shows no seed
                fixed = shown[0]
                if not fixed.isChecked():
                    self.click(fixed)
                self.type_into(self.find(QSpinBox, "dice_seed", dialog), str(seed))
            for title in rules:
                box = next(
                    b
                    for b in dialog.findChildren(QCheckBox)
                    if b.isVisible() and title.lower() in b.text().lower()
                )
                if not box.isChecked():
                    self.click(box)
            self.agree_to_questions()
            self.press("Start", dialog)

        self.answer(lambda: self.choose("File", "New Quick Game"), fill)
        self.dismiss_questions()
        self.qtbot.waitUntil(lambda: self.win.turn_bar.round_label.text() != "No game")

    def pick_file(self, dialog: QWidget, path: Path) -> None:
        """A file dialog: type the file's full name and press Enter."""
        assert isinstance(dialog, QFileDialog)
        edit = dialog.findChild(QLineEdit, "fileNameEdit")
        assert edit is not None
        # The player pastes the file's full name (typing it character by character
        # sets the dialog browsing folders on every slash).
        QApplication.clipboard().setText(str(path))
        edit.setFocus()
        self.qtbot.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        self.qtbot.keyClick(edit, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
        completion = QApplication.activePopupWidget()
        if completion is not None:  # the file name's completion list: closed with Escape
            self.qtbot.keyClick(completion, Qt.Key.Key_Escape)
        self.qtbot.keyClick(edit, Qt.Key.Key_Return)

    def agree_to_questions(self, looks: int = 50) -> None:
        """Answer Yes (or OK) to a question box that comes up modally in the next
        ``looks`` turns of the event loop, if one does."""

        def look(left: int) -> None:
            box = QApplication.activeModalWidget()
            if isinstance(box, QMessageBox):
                yes = box.button(QMessageBox.StandardButton.Yes) or box.button(
                    QMessageBox.StandardButton.Ok
                )
                if yes is not None:
                    self.qtbot.mouseClick(yes, Qt.MouseButton.LeftButton)
                    return
            if left:
                QTimer.singleShot(10, lambda: look(left - 1))

        QTimer.singleShot(0, lambda: look(looks))

    def dismiss_questions(self) -> None:
        """Agree to a question box left on screen (a warning about points left unspent)."""
        for box in self.win.findChildren(QMessageBox):
            if box.isVisible() and box.objectName() != "game_over_box":
                yes = box.button(QMessageBox.StandardButton.Yes) or box.button(
                    QMessageBox.StandardButton.Ok
                )
                if yes is not None:
                    self.click(yes)

    # ---- the turn

    def take_seat(self) -> str:
        """If the hand-over screen is up, the named player presses their button; the
        name of whoever is at the table."""
        hand_over = self.win.hand_over
        if self.win.stack.currentWidget() is hand_over:
            self.click(hand_over.button)
        return self.seated()

    def seated(self) -> str:
        text = self.win.turn_bar.player_label.text()
        return text.removesuffix("'s turn")

    def phase(self) -> str:
        """The highlighted phase of the turn bar."""
        return self.win.turn_bar.current_phase()

    def primary(self) -> str:
        """Press the turn bar's primary button; what it said."""
        self.take_seat()
        button = self.win.turn_bar.end_button
        said = button.text()
        self.click(button)
        return said

    def log(self) -> list[str]:
        """The Event Log's lines as shown (each row's text; long ones are cut on
        screen with their whole text in the row's tooltip)."""
        log = self.find(QAbstractItemView, "event_log")
        assert isinstance(log, QAbstractItemView)
        model = log.model()
        return [str(model.index(row, 0).data()) for row in range(model.rowCount())]

    def status(self) -> str:
        return self.win.status_label.text()

    def over(self) -> bool:
        # the star-map games say it in the round's place, the squadron game the player's
        bar = self.win.turn_bar
        over = (bar.round_label.text(), bar.player_label.text())
        return "Game over" in over or "Battle over" in over  # (a campaign's battle)

    # ---- the map

    def markers(self, role: str) -> list[QGraphicsItem]:
        scene = self.win.map_view.scene()
        return [i for i in scene.items() if i.data(ROLE_KEY) == role and i.isVisible()]

    def courses(self) -> list[str]:
        """The tooltips of the selected ship's course end points."""
        return [i.toolTip() for i in self.markers("end point")]

    def point_of(self, item: QGraphicsItem) -> QPoint:
        view = self.win.map_view
        view.ensureVisible(item, 40, 40)  # the player scrolls it into sight
        return view.mapFromScene(item.sceneBoundingRect().center())

    def click_marker(self, item: QGraphicsItem) -> None:
        viewport = self.win.map_view.viewport()
        at = self.point_of(item)
        self.qtbot.mouseMove(viewport, at)
        self.qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=at)

    def plot(self, wanted: Callable[[str], bool]) -> str:
        """Click the first course end point whose tooltip ``wanted`` accepts."""
        for item in self.markers("end point"):
            if wanted(item.toolTip()):
                tip = item.toolTip()
                self.click_marker(item)
                return tip
        raise AssertionError(f"no course wanted among {self.courses()}")

    def lift_off(self) -> None:
        """A landed ship: click the first launch ring round its base."""
        rings = self.markers("launch point")
        assert rings, "no launch ring on the map"
        self.click_marker(rings[0])

    def select_ship(self, name: str) -> None:
        """Click the ship's row in the ship list."""
        tree = self.ship_list()
        for i in range(tree.topLevelItemCount()):
            item = tree.topLevelItem(i)
            if item.text(0) == name:
                tree.scrollToItem(item)
                # the name's cell: a wide row's centre may lie beyond the dock's edge
                rect = tree.visualRect(tree.indexFromItem(item, 0))
                self.qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
                return
        raise AssertionError(f"no ship {name!r} in the ship list")

    def show_tab(self, title: str) -> None:
        """Bring a tabbed dock to the front by clicking its tab."""
        for bar in self.win.findChildren(QTabBar):
            for i in range(bar.count()):
                if plain(bar.tabText(i)) == title and bar.isVisible():
                    if bar.currentIndex() != i:
                        self.qtbot.mouseClick(
                            bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center()
                        )
                    return

    def ship_list(self) -> QTreeWidget:
        self.show_tab("Ships")
        tree = self.find(QTreeWidget, "ship_list")
        assert isinstance(tree, QTreeWidget)
        return tree

    def my_ships(self) -> list[str]:
        """The names of the seated player's ships in play, from the ship list."""
        tree = self.ship_list()
        assert isinstance(tree, QTreeWidget)
        me = self.seated()
        rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
        return [
            r.text(0)
            for r in rows
            if r.text(1) == me and r.text(2).startswith(("active", "landed"))
        ]

    def safe(self, tip: str) -> bool:
        return not any(word in tip for word in DANGER)

    def steer(self, *, lift: bool = True) -> None:
        """Give every ship of the seated player a safe order: lift off a landed ship
        (unless not ``lift``: it stays), else coast when coasting is safe, else the
        cheapest safe burn."""
        for name in self.my_ships() or [""]:
            if name:
                self.select_ship(name)
            if self.markers("launch point"):
                if lift:
                    self.lift_off()
                continue
            tips = self.courses()
            if not tips:
                continue
            fuel = [t for t in tips if self.safe(t)] or [
                t for t in tips if not any(w in t for w in DANGER[:4])
            ]
            fuel.sort(key=lambda t: 0 if t.startswith("coast") else int(t.split()[0]))
            assert fuel, f"no safe course among {tips}"
            first = fuel[0]
            self.plot(lambda t, first=first: t == first)

    def play_rounds(self, rounds: int) -> None:
        """Play on until round ``rounds`` + 1 begins: steer in astrogation, pass the
        other phases with the primary button, take the suggested placement of a hit
        and hold fire when asked to fire back."""
        for _ in range(200):
            self.take_seat()
            if self.over() or self.round() > rounds:
                return
            if self.has_button("Use Suggested"):
                self.press("Use Suggested")
                continue
            if self.has_button("Hold Fire"):
                self.press("Hold Fire")
                continue
            if self.has_button("Refuse"):
                self.press("Refuse")
                continue
            if self.phase() == "Astrogation":
                self.steer()
            self.primary()
        raise AssertionError("the game did not get on")

    def round(self) -> int:
        match = re.search(r"\d+", self.win.turn_bar.round_label.text())
        return int(match.group()) if match else 0
