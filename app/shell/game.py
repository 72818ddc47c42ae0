"""The main window's game: starting one (quick or from a campaign), the orders the
window gives (end turn, undo, take back) and closing the game.

A mixin for the main window (:mod:`app.shell.main_window`), built on two others: handing
the seat over between players (:mod:`app.shell.seat`) and showing the game in the turn
bar, the docks and the menus (:mod:`app.shell.game_view`). The game's side (the session,
the board and with them the engine) loads with the first game, not at start-up; the
docks of the game's rule system come from its interface (:mod:`app.play.systems`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QMessageBox

from app.play.public_log import feed_logs
from app.play.systems import MailPage
from app.shell.game_view import GameView
from app.shell.own_game import ORDERS_UNSAVED
from app.shell.seat import SeatActions
from core.engine.errors import IllegalCommand

#: the player's preference to pass by phases with only optional extras
SKIP_OPTIONAL_KEY = "play/skip_optional_phases"

if TYPE_CHECKING:
    from app.play.session import Entry, GameSession
    from app.play.systems import Outfits
    from core.campaign import CampaignFile, GameRecord
    from core.campaign.mail.files import PlayerFile
    from core.engine.events import Event
    from core.scenario.document import Scenario, Seat
    from core.vector.state import GameState


def refereed_file(campaign: CampaignFile) -> bool:
    from core.campaign.mail.referee import REFEREED, mode_of

    return mode_of(campaign) == REFEREED


#: what closing a quick game loses, asked before it is closed
_QUICK_GAME_LOST = (
    "Close this quick game? Quick games are not kept: start a campaign "
    "(File › New Campaign) to keep a game."
)


class GameActions(SeatActions, GameView):
    """The game side of the main window (see the module's docstring)."""

    def new_game(self, scenario: Path | None = None) -> bool:
        """Ask for a scenario and players, then start the game."""
        from app.play.new_game import NewGameDialog  # with the scenario checks

        dialog = NewGameDialog(self, scenario)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        chosen = dialog.result_game()
        if chosen is None:
            return False
        return self.start_game(*chosen, outfits=dialog.outfits())

    def start_game(
        self,
        scenario: Scenario,
        seats: list[Seat],
        seed: int,
        outfits: Outfits | None = None,
    ) -> bool:
        """Start a hot-seat game of ``scenario`` for these seats, with the players'
        purchases (``outfits``, by ship id) where the scenario has ship points to spend."""
        try:
            state, events = scenario.start(seats, seed, outfits=outfits)
        except IllegalCommand as exc:
            QMessageBox.warning(self, "Cannot start the game", str(exc))
            return False
        return self.play(state, events, scenario.name)

    def play(
        self,
        state: GameState,
        events: list[Event],
        title: str,
        *,
        record: GameRecord | None = None,
        read_only: bool = False,
        mail: PlayerFile | None = None,
    ) -> bool:
        """Show a game from ``state`` (new, or continued; kept in a campaign when
        ``record`` is given; one player's side of a refereed game when ``mail``, a
        player file, is) and hand the seat over; False if the player keeps the game
        already on screen instead."""
        if not self.close_game():
            return False
        if self.play_own(state, events, title, record=record, read_only=read_only, mail=mail):
            return True  # a system with a page of its own (not the star map)
        # The game's side of the window (and with it the engine) loads with the first
        # game, not at start-up.
        from app.play.board import GameBoard
        from app.play.session import GameSession

        self.show_map(state.starmap)
        assert self.scene is not None
        if mail is not None:
            from app.play.orders import OrderSession

            orders = OrderSession(mail)
            orders.save_asked.connect(self.save_order_file)
            session: GameSession = orders
        else:
            session = GameSession(state, events, title=title, record=record, read_only=read_only)
        # a refereed master passes by only phases with nothing in them, whatever the
        # referee's preference, so the master does not move on by who opens it
        session.skip_optional = self.skip_optional_action.isChecked() and not (
            record is not None and refereed_file(record.file)
        )
        self.show_system_docks(session.ui)
        self.session = session
        self.event_log.clear()
        self.dice_log.clear()
        session.logged.connect(self._logged)
        session.log_reset.connect(self._log_reset)
        self._logged(session.log)
        session.refused.connect(self._refused)
        session.asked.connect(self._hex_asked)
        session.changed.connect(self._game_changed)
        session.turn_began.connect(self._turn_began)
        session.finished.connect(self._finished)
        self.board = GameBoard(session, self.scene, self.map_view)
        self.board.selection_changed.connect(self._selection_changed)
        self.board.hovered.connect(self._hovered)
        self.board.set_projection(self.projection_action.isChecked())
        session.start()
        self._last_seat = None
        self.setWindowTitle(f"{title} — Ecliptic")
        self._game_changed()
        self._turn_began(session.seat())
        return True

    def close_game(self) -> bool:
        """End the game on screen. A campaign is already saved, command by command; a
        quick game is lost, so the player is asked first."""
        if self.own_page is not None:
            return self._close_own()
        if self.session is None:
            return True
        question = self.closing_question()
        if (
            question
            and self.isVisible()
            and self.ask_before_closing
            and not getattr(getattr(self, "editor_mode", None), "flying", False)
        ):  # a test flight is thrown away without asking: the scenario is in the editor
            answer = QMessageBox.question(self, "Close Game", question)
            if answer != QMessageBox.StandardButton.Yes:
                return False
        if self.board is not None:
            self.board.detach()
            self.board.overlay.clear()
        self.board = None
        self.session = None
        self._last_seat = None
        self.stack.setCurrentWidget(self.map_view)
        self.ship_list.clear()
        self.course_panel.clear_ship()
        self.course_follows(True)
        if self.system_docks is not None:
            self.system_docks.clear()
        self._update_game_actions()
        self.turn_bar.show_turn(None, (), None, "")
        self.turn_bar.show_orders_in("")
        self.close_campaign()
        self._update_game_actions()
        self.setWindowTitle("Ecliptic")
        return True

    def closing_question(self, *, quitting: bool = False) -> str:
        """What to ask before the game on screen is closed, or the program quits (""
        when nothing is lost): a quick game is lost, and so are orders not yet saved to
        an order file."""
        page = self.own_page
        session = self.session
        if page is not None:  # a game on its system's own page
            if isinstance(page, MailPage) and page.mail is not None:  # a player file's orders
                return ORDERS_UNSAVED if page.unsaved() else ""
            lost = self.campaign is None and not page.over()
        else:
            lost = session is not None and self.campaign is None and not session.state.over
            unsaved = getattr(session, "unsaved", None)
            if lost and unsaved is not None:  # a player file: only the orders are the player's
                return ORDERS_UNSAVED if unsaved() else ""
        if not lost:
            return ""
        if quitting:
            return "A quick game is in progress and quick games are not kept. Quit?"
        return _QUICK_GAME_LOST

    def end_turn(self) -> None:
        """The primary button (Ctrl+Enter): end the current phase; the game goes on to
        the next phase with something to do (see :meth:`GameSession.advance`)."""
        if self.own_page is not None:
            self.own_page.primary()
            return
        if self.session is not None:
            if self.board is not None and not self.board.confirm_end():
                return  # a ship left to coast would be lost: the player plots again
            with self._actions_once():  # not once per signal the End Turn sets off
                self.session.advance()

    def set_skip_optional(self, on: bool) -> None:
        """The player's preference: also pass by phases with only optional extras."""
        self.settings.setValue(SKIP_OPTIONAL_KEY, on)
        if self.session is not None:
            self.session.skip_optional = on
            self.session.start()
            self._game_changed()

    def undo(self) -> None:
        if self.own_page is not None:
            self.own_page.undo()
            return
        if self.session is not None and self.session.undo():
            self.status_label.setText(
                "Undone: it is kept in the campaign as a branch (Campaign dock)"
                if self.campaign is not None
                else "Order taken back"
            )
            self.browser.schedule_refresh()

    def _log_reset(self) -> None:
        self.event_log.clear()
        self.dice_log.clear()
        self._logged(None)

    def _logged(self, entries: list[Entry] | None) -> None:
        feed_logs(self.session, entries, (self.event_log, self.dice_log))

    def take_back(self) -> None:
        """Withdraw the selected ship's order (the same as undoing it)."""
        if self.session is None or self.board is None or self.board.selected is None:
            return
        seat = self.session.seat()
        plan = self.session.state.plan(self.board.selected)
        if seat is not None and plan is not None and self.session.plots_on_map():
            from core.vector.orders import Unplot

            self.session.apply(Unplot(seat.id, self.board.selected))
