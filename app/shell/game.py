"""The main window's game: starting one (quick or from a campaign), showing it in the
turn bar, the docks and the map, handing the seat over between players, the orders the
window gives (end turn, undo, take back) and closing the game.

A mixin for the main window (:mod:`app.shell.main_window`). The game's side (the
session, the board and with them the engine) loads with the first game, not at start-up;
the docks of the game's rule system come from its interface (:mod:`app.play.systems`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QLabel, QMessageBox, QStackedWidget

from app.play.public_log import feed_logs
from app.shell.own_game import ORDERS_UNSAVED
from core.engine.errors import IllegalCommand

#: the player's preference to pass by phases with only optional extras
SKIP_OPTIONAL_KEY = "play/skip_optional_phases"

#: the docks every player at the table may use while the seat is handed over
SHARED_DOCKS = frozenset({"ships", "events", "dice", "campaign", "referee"})

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QDockWidget

    from app.board.view import MapView
    from app.campaign.browser import CampaignBrowser
    from app.play.board import GameBoard
    from app.play.docks import CoursePanel, DiceLog, EventLog, ShipList
    from app.play.session import Entry, GameSession
    from app.play.systems import GamePage, Outfits, SystemDocks
    from app.play.turn import HandOver, TurnBar
    from core.campaign import CampaignFile, GameRecord
    from core.campaign.mail.files import PlayerFile
    from core.engine.events import Event
    from core.scenario.document import Scenario, Seat
    from core.vector.state import GameState, Player


def refereed_file(campaign: CampaignFile) -> bool:
    from core.campaign.mail.referee import REFEREED, mode_of

    return mode_of(campaign) == REFEREED


#: what closing a quick game loses, asked before it is closed
_QUICK_GAME_LOST = (
    "Close this quick game? Quick games are not kept: start a campaign "
    "(File › New Campaign) to keep a game."
)


class GameActions:
    """The game side of the main window (see the module's docstring)."""

    session: GameSession | None
    own_page: GamePage | None
    board: GameBoard | None
    campaign: CampaignFile | None
    system_docks: SystemDocks | None
    docks: dict[str, QDockWidget]
    stack: QStackedWidget
    map_view: MapView
    hand_over: HandOver
    turn_bar: TurnBar
    status_label: QLabel
    browser: CampaignBrowser
    ship_list: ShipList
    course_panel: CoursePanel
    event_log: EventLog
    dice_log: DiceLog
    projection_action: QAction
    skip_optional_action: QAction
    end_turn_action: QAction
    settings: QSettings
    _last_seat: str | None
    ask_before_closing: bool

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

            session: GameSession = OrderSession(mail)
            session.save_asked.connect(self.save_order_file)
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
        page = getattr(self, "own_page", None)
        session = self.session
        if page is not None:  # a game on its system's own page
            if getattr(page, "mail", None) is not None:  # a player file: its orders count
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
        if seat is not None and self.session.state.plan(self.board.selected) is not None:
            from core.vector.orders import Unplot

            self.session.apply(Unplot(seat.id, self.board.selected))

    def take_seat(self) -> None:
        """The next player pressed their button: show the map, centred on their ship."""
        self.stack.setCurrentWidget(self.map_view)
        # The keyboard goes to the map (the button that had it is gone), and the window
        # is made the active one: after a closed dialog, with no window manager to hand
        # it back, Ctrl+Enter and the other shortcuts otherwise did nothing.
        self.activateWindow()
        self.map_view.setFocus()
        if self.board is not None:
            self.board.centre_on_seat()
        self._update_game_actions()

    def guard_seat_panels(self) -> None:
        """While the seat is being handed over, the docks that act for a player (Course,
        Combat, Manifest) are off: only whoever takes the seat may fire, hold fire or
        give orders, not the player who is passing it on."""
        live = self.stack.currentWidget() is not self.hand_over
        if self.campaign is not None:  # the Campaign dock reads as whoever is seated
            self.browser.schedule_refresh()
        for key, dock in self.docks.items():
            widget = dock.widget()
            if key not in SHARED_DOCKS and widget is not None:
                widget.setEnabled(live)
        if self.session is not None:  # the ship list: no one's hidden fuel meanwhile
            self.ship_list.refresh(
                self.session, self.board.selected if self.board else None, public=not live
            )

    def _turn_began(self, player: Player | None) -> None:
        """A new turn: hand the seat over unless the same player goes on."""
        if self.campaign is not None:
            self.browser.schedule_refresh()
        if self.session is None or player is None:
            return
        same = player.id == self._last_seat
        self._last_seat = player.id
        handing = self.session.hand_over and not self.session.read_only
        if len(self.session.state.players) > 1 and not same and handing:
            state = self.session.state
            phase = self.session.ui.phase_title(self.session.phase()).lower()
            detail = f"Round {state.round}: {phase} phase"
            if state.pending:
                detail = f"Round {state.round}: {state.pending[0].prompt()}"
            from app.play.phases import orders_in

            if orders_in(state):
                detail = f"{detail} ({orders_in(state)})"
            self.hand_over.show_for(player, detail)
            # a refusal said to the player before is theirs: it could tell the next one
            # what they tried to order (sealed orders)
            self.status_label.setText("")
            self.stack.setCurrentWidget(self.hand_over)
            self.guard_seat_panels()
            if self.board is not None:
                self.board.select(None)
            self._update_game_actions()
        else:
            self.take_seat()

    def _game_changed(self) -> None:
        session = self.session
        if session is None:
            return
        state = session.state
        seat = session.seat()
        from app.play.phases import orders_hint, orders_in, primary_label, steps
        from core.vector.state import ShipStatus

        primary = session.primary or primary_label(state, session.ui, ends_turn=session.ends_turn())
        hint = ""
        if session.can_plot() and seat is not None:
            plotted = {sid for sid, _ in state.plans}
            waiting = [
                s for s in state.ships if s.owner == seat.id and s.in_play and s.id not in plotted
            ]
            landed = sum(1 for s in waiting if s.status is ShipStatus.LANDED)
            hint = orders_hint(len(waiting) - landed, landed, primary)
        elif state.pending:
            hint = state.pending[0].prompt()
        elif seat is not None and not session.replaying:
            hint = session.work().what
        if state.over:
            hint = self._result_text()
        if session.replaying:
            hint = "Replay: the map as it was (Escape returns to play)"
        elif session.read_only:
            hint = f"Read-only: {session.read_only_why}"
        shown = session.shown_player() if session.replaying or session.sees_all else seat
        self.turn_bar.show_turn(state.round, steps(state, session.ui), shown, hint, primary)
        self.turn_bar.show_orders_in("" if session.replaying else orders_in(state))
        self.end_turn_action.setText(f"&{primary}")
        self._update_title()
        self.ship_list.refresh(
            session,
            self.board.selected if self.board else None,
            public=self.stack.currentWidget() is self.hand_over,
        )
        self._selection_changed(self.board.selected if self.board else None)
        self._update_game_actions()

    def _update_title(self) -> None:
        session = self.session
        if session is None:
            return
        if self.campaign is None:
            self.setWindowTitle(f"{session.title} — Ecliptic")
            return
        extra = " (read-only)" if self.campaign.read_only else ""
        self.setWindowTitle(
            f"{self.campaign.name()}: {session.title}, round {session.live.round}{extra} — Ecliptic"
        )

    def _result_text(self) -> str:
        assert self.session is not None
        state = self.session.state
        if not state.winners:
            return "Game over: nobody won"
        names = " and ".join(state.player(w).name for w in state.winners)
        return f"Game over: {names} won"

    def _finished(self) -> None:
        text = self._result_text()
        self.status_label.setText(text)
        self.stack.setCurrentWidget(self.map_view)
        last = [e.event.text for e in self.session.log[-3:]] if self.session else []
        box = QMessageBox(
            QMessageBox.Icon.Information, "Game over", text, QMessageBox.StandardButton.Ok, self
        )
        box.setObjectName("game_over_box")
        box.setInformativeText("\n".join(last))
        box.open()

    def _refused(self, reason: str) -> None:
        self.status_label.setText(f"Not allowed: {reason}")

    def _selection_changed(self, ship_id: object) -> None:
        if self.session is None or self.board is None:
            return
        state, ui = self.session.state, self.session.ui
        ship = state.ship(ship_id) if isinstance(ship_id, str) else None
        seat = self.session.seat()
        mine = ship is not None and seat is not None and ship.owner == seat.id
        hidden = ship is not None and ship.id in self.session.hidden_ships()
        self.course_panel.show_ship(state, ship, self.board.preview, mine, hidden=hidden, ui=ui)
        if self.system_docks is not None:
            self.refresh_system_docks(self.session, ship.id if ship is not None else None)
        self.ship_list.select_ship(ship.id if ship is not None else None)
        self._update_game_actions()

    def _hovered(self, option: object) -> None:
        if self.session is not None:
            from core.vector.preview import Option

            self.course_panel.show_hovered(
                self.session.state, option if isinstance(option, Option) else None
            )

    def _ship_chosen(self, ship_id: str) -> None:
        if self.board is not None and self.stack.currentWidget() is self.map_view:
            self.board.select(ship_id)
            self.map_view.centre_on_hex(
                self.session.state.ship(ship_id).motion.position
            ) if self.session else None

    def _choices_changed(self, ignore: object, picks: object) -> None:
        if self.board is not None:
            self.board.set_choices(ignore, picks)  # type: ignore[arg-type]

    def _coast(self) -> None:
        if self.board is not None:
            self.board.coast()

    def _next_ship(self) -> None:
        if self.board is not None and self.stack.currentWidget() is self.map_view:
            self.board.next_ship()
            self._centre_on_selected()

    def _centre_on_selected(self) -> None:
        if self.board is not None and self.session is not None and self.board.selected:
            self.map_view.centre_on_hex(
                self.session.state.ship(self.board.selected).motion.position
            )

    def _update_game_actions(self) -> None:
        if self.own_page is not None:
            self.own_game_changed()
            return
        playing = self.session is not None and self.stack.currentWidget() is self.map_view
        over = self.session is None or self.session.state.over or self.session.replaying
        # A decision the game waits for (placing a hit, firing back) is answered in its
        # dock; the phase cannot end before it.
        waiting = self.session is not None and bool(self.session.state.pending)
        # a read-only game (a refereed master, a player file with nothing to order)
        # ends no phase
        read_only = self.session is not None and self.session.read_only
        ending = playing and not over and not waiting and not read_only
        self.end_turn_action.setEnabled(ending)
        self.turn_bar.end_button.setEnabled(ending)
        # A campaign's undo also works from the hand-over screen: the player who just
        # ended their turn may take it back before the next one sits down.
        campaign_undo = self.session is not None and self.session.record is not None
        self.undo_action.setEnabled(
            (playing or campaign_undo) and self.session is not None and self.session.can_undo()
        )
        self.take_back_action.setEnabled(playing and not over)
        self.next_ship_action.setEnabled(playing and not over)
        self.centre_action.setEnabled(playing)
        self.close_game_action.setEnabled(self.session is not None)
        self.redo_action.setEnabled(self.session is not None and self.session.can_redo())
        in_campaign = self.campaign is not None
        refereed = self.refereed()
        self.save_copy_action.setEnabled(in_campaign)
        # a refereed campaign's whole copy would give a player every secret
        self.export_mail_action.setEnabled(in_campaign and not refereed)
        self.import_orders_action.setEnabled(refereed)
        self.export_players_action.setEnabled(refereed)
        orders = getattr(self.session, "save_asked", None) is not None
        self.save_orders_action.setEnabled(orders and not self.session.read_only)
        self.replay_action.setEnabled(in_campaign)
        self.replay_action.setChecked(self.session is not None and self.session.replaying)
