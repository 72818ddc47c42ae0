"""The main window's side of a game shown on its rule system's own page (the squadron
game's boards) rather than on the star map: putting the page in the window's centre,
lending it the turn bar and the system's docks, and routing the primary action
(Ctrl+Enter), Undo and (when the page offers it) Redo to it.

A mixin for the main window (:mod:`app.shell.main_window`); the page comes from the
system's interface through the registry (:func:`app.play.systems.own_game`), so the
window knows no rule system's widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from app.play.systems import MailPage, entries, own_game, ui_for
from app.shell.host import WindowHost

if TYPE_CHECKING:
    from PySide6.QtGui import QAction


#: the window's game actions that only a star-map game has (Replay Past Turns and Redo
#: are the page's own when it offers them)
MAP_ONLY_ACTIONS = (
    "take_back_action",
    "next_ship_action",
    "centre_action",
    "redo_action",
    "replay_action",
    "export_mail_action",
    "export_map_action",
    "print_map_action",
)
#: of those, the ones no game state governs, on again once the page is gone
ALWAYS_ON_WITHOUT_PAGE = ("export_map_action", "print_map_action")
#: why Export Map and Print Map are off on a game's own page
NOT_THE_STAR_MAP = (
    "{what} draws the star map, which this game does not play on; its boards are not "
    "printed from here (a squadron game's counters print from Ships › Squadron Designs "
    "› Print Counter Sheet)"
)

#: what closing a player file asks when its orders are not saved yet
ORDERS_UNSAVED = "Close without saving your orders? Save Order File keeps them for the referee."

#: why the actions a game on its own page cannot use are off, shown as their tips
WHY_OFF = {
    "export_mail_action": (
        "Export for Mail is off in this game: a copy of the campaign would show the next "
        'player every secret of the other side (counters under "?", jump destinations). '
        "Play it by mail as a refereed campaign (New Campaign, Play: Refereed by mail): "
        "each player gets a player file with their side's view only"
    ),
    "export_map_action": NOT_THE_STAR_MAP.format(what="Export Map"),
    "print_map_action": NOT_THE_STAR_MAP.format(what="Print Map"),
}


class OwnGameActions(WindowHost):
    """A game on its system's own page (see the module's docstring)."""

    #: the docks put away while a game is on its own page (see :meth:`_put_away_docks`)
    _put_away: list[str]
    #: the tips of the actions turned off for such a game, to put back (see WHY_OFF)
    _tips_kept: dict[str, tuple[str, str]]

    def play_own(
        self,
        state: Any,
        events: Sequence[Any],
        title: str,
        *,
        record: Any = None,
        read_only: bool = False,
        mail: Any = None,
    ) -> bool:
        """Show ``state``'s game on its system's own page; False when its system has
        none (the game goes on the star map). With ``mail`` (a player file), the page
        shows that player's side for their orders (``play_by_mail``, which a page
        offering play by mail has)."""
        system_id = state.rules.system_id
        game = own_game(system_id)
        if game is None:
            return False
        self.show_system_docks(ui_for(system_id))
        self._put_away_docks(system_id)
        shown_only = read_only or (mail is not None and not mail.expected)
        page = game.game_page(self, state, events, title, record, shown_only)
        self.own_page = page
        if mail is not None:
            page.play_by_mail(mail)  # type: ignore[attr-defined]
        self.stack.addWidget(page.widget())
        self.stack.setCurrentWidget(page.widget())
        # the window takes the keyboard back from the closed New Game dialog (with no
        # window manager to hand it back, Ctrl+Enter would otherwise do nothing)
        QTimer.singleShot(0, self.activateWindow)
        # the keyboard goes where the page put it (a hand-over's button takes Enter),
        # else to the page
        widget = page.widget()
        (widget.focusWidget() or widget).setFocus()
        self.setWindowTitle(f"{title} — Ecliptic")
        self.own_game_changed()
        return True

    def close_own_game(self) -> None:
        """Take the page away and put the star map back."""
        page = self.own_page
        if page is None:
            return
        self.own_page = None
        page.leave()
        widget = page.widget()
        self.stack.removeWidget(widget)
        widget.deleteLater()
        self.stack.setCurrentWidget(self.map_view)
        self.turn_bar.show_turn(None, (), None, "")
        self.setWindowTitle("Ecliptic")
        for key in self._put_away:
            self.docks[key].show()
        self._put_away = []
        self._restore_tips()
        for name in ALWAYS_ON_WITHOUT_PAGE:
            getattr(self, name).setEnabled(True)
        self.replay_action.setChecked(False)
        self.hide_own_page_docks()

    def hide_own_page_docks(self) -> None:
        """The docks of systems with their own page show only with such a game (a
        window layout saved during one would otherwise bring them back empty)."""
        for entry in entries().values():
            if entry.own_page:
                for slot in entry.docks:
                    self.docks[slot.key].hide()

    def _put_away_docks(self, system_id: str) -> None:
        """The star-map game's docks (ships, course, logs, other systems' panels) are
        put away while the page is on, and come back after; the system's own docks
        and the campaign's stay."""
        keep = {slot.key for slot in entries()[system_id].docks} | {"campaign"}
        # not hidden, rather than visible: a file opened as the program starts comes
        # before the window is shown, when no dock is visible yet
        self._put_away = [
            key for key, dock in self.docks.items() if key not in keep and not dock.isHidden()
        ]
        for key in self._put_away:
            self.docks[key].hide()
        for key in keep - {"campaign"}:
            self.docks[key].show()
            self.docks[key].raise_()

    def own_game_changed(self) -> None:
        """The page's game changed: the menu actions follow it."""
        page = self.own_page
        if page is None:
            return
        on = page.primary_enabled() and not page.over()
        self.end_turn_action.setEnabled(on)
        self.turn_bar.end_button.setEnabled(on)
        self.end_turn_action.setText(f"&{self.turn_bar.end_button.text()}")
        self.undo_action.setEnabled(page.can_undo())
        self.close_game_action.setEnabled(True)
        self.save_copy_action.setEnabled(self.campaign is not None)
        # play by mail: the referee's actions on a refereed master, the player's on a
        # player file's page
        refereed = self.refereed()
        self.import_orders_action.setEnabled(refereed)
        self.export_players_action.setEnabled(refereed)
        by_mail = isinstance(page, MailPage) and page.mail is not None
        self.save_orders_action.setEnabled(by_mail and page.primary_enabled())
        over = ", game over" if page.over() else ""
        if self.campaign is not None:
            self.browser.schedule_refresh()  # the campaign dock lists the new entries
            extra = " (read-only)" if self.campaign.read_only else ""
            title = f"{self.campaign.name()}: {page.title}{over}{extra}"
            self.setWindowTitle(f"{title} — Ecliptic")
        else:
            self.setWindowTitle(f"{page.title}{over} — Ecliptic")
        for name in MAP_ONLY_ACTIONS:
            action = getattr(self, name, None)
            if action is not None:
                action.setEnabled(False)
                self._say_why_off(name, action)
        # a page may offer Redo (optional: can_redo, redo)
        can_redo = getattr(page, "can_redo", None)
        if can_redo is not None:
            self.redo_action.setEnabled(bool(can_redo()))
        # a page may offer Replay Past Turns (optional: can_replay, replaying)
        can_replay = getattr(page, "can_replay", None)
        replaying = getattr(page, "replaying", None)
        if can_replay is not None and replaying is not None:
            self.replay_action.setEnabled(bool(can_replay() or replaying()))
            self.replay_action.setChecked(bool(replaying()))
            if replaying():
                self.end_turn_action.setEnabled(False)
                self.turn_bar.end_button.setEnabled(False)
                self.undo_action.setEnabled(False)
                self.redo_action.setEnabled(False)

    def redo_own(self) -> bool:
        """Edit › Redo for a game on its own page; False when there is none (the star
        map's redo then)."""
        page = self.own_page
        if page is None:
            return False
        redo = getattr(page, "redo", None)
        if redo is not None:
            redo()
        return True

    def toggle_own_replay(self) -> bool:
        """Game › Replay Past Turns for a game on its own page; False when there is
        none (the star map's replay then)."""
        page = self.own_page
        toggle = getattr(page, "toggle_replay", None)
        if page is None or toggle is None:
            return False
        toggle(self.replay_action.isChecked())
        self.own_game_changed()
        return True

    def _say_why_off(self, name: str, action: QAction) -> None:
        why = WHY_OFF.get(name)
        if why is None:
            return
        self._tips_kept.setdefault(name, (action.toolTip(), action.statusTip()))
        action.setToolTip(why)
        action.setStatusTip(why)
        for menu in action.associatedObjects():
            if isinstance(menu, QMenu):
                menu.setToolTipsVisible(True)

    def _restore_tips(self) -> None:
        for name, (tip, status) in self._tips_kept.items():
            action = getattr(self, name)
            action.setToolTip(tip)
            action.setStatusTip(status)
        self._tips_kept = {}

    def _close_own(self) -> bool:
        """End a game on its system's own page, asking first when a quick game is lost."""
        question = self.closing_question()
        if question and self.isVisible() and self.ask_before_closing:
            parent = self if isinstance(self, QWidget) else None
            if (
                QMessageBox.question(parent, "Close Game", question)
                != QMessageBox.StandardButton.Yes
            ):
                return False
        self.close_own_game()
        self.close_campaign()
        self._update_game_actions()
        return True
