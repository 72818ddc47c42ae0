"""Showing the game on screen: the turn bar (round, phase, hint, primary button), the
window's title, the selected ship in the docks, the end of the game, and which of the
window's game actions (end turn, undo, replay, the mail actions) are on.

A mixin for the main window (:mod:`app.shell.main_window`), through
:class:`app.shell.game.GameActions`.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

from app.shell.host import WindowHost
from app.shell.seat import cleared_at_hand_over

if TYPE_CHECKING:
    from collections.abc import Iterator

#: the status line while a dock asks for a hex on the map
ASK_HINT = "Click a highlighted hex (Esc cancels)"


class GameView(WindowHost):
    """The game shown in the window (see the module's docstring)."""

    #: when the status bar's refusal was shown (round, phase, seat), to clear it after
    _refused_at: tuple[object, ...] | None = None
    #: what the turn bar says of the sealed orders given (see :meth:`_game_changed`),
    #: which the hand-over repeats
    _orders_in = ""
    #: while an End Turn plays out, the game actions wait to be brought up to date
    #: once, at its end (:meth:`_actions_once`); ``_actions_due`` if they are to be
    _actions_held: bool = False
    _actions_due: bool = False

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
        if session.plots_on_map() and seat is not None:
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
            hint = self._result_reason()
        if session.replaying:
            hint = "Replay: the map as it was (Escape returns to play)"
        elif session.read_only:
            hint = f"Read-only: {session.read_only_why}"
        shown = session.shown_player() if session.replaying or session.sees_all else seat
        self._forget_refusal((state.round, state.phase, seat.id if seat else None))
        if state.over and not session.replaying:
            self._show_over(hint, primary)
        else:
            self.turn_bar.show_turn(state.round, steps(state, session.ui), shown, hint, primary)
        self._orders_in = "" if session.replaying else orders_in(state)
        self.turn_bar.show_orders_in(self._orders_in)
        self.end_turn_action.setText(f"&{primary}")
        self._update_title()
        self.ship_list.refresh(
            session,
            self.board.selected if self.board else None,
            public=self.stack.currentWidget() is self.hand_over,
        )
        self._selection_changed(self.board.selected if self.board else None)
        self._game_actions_changed()

    def _show_over(self, hint: str, primary: str) -> None:
        """An ended game's turn bar: that it is over and who won, no round or phase
        (the round and phase it ended in would read as if play went on)."""
        assert self.session is not None
        state = self.session.state
        winner = state.player(state.winners[0]) if state.winners else None
        over = "Battle over" if self._is_battle() else "Game over"
        result = self._result_text().removeprefix(f"{over}: ")
        self.turn_bar.show_over(winner, result, hint, primary, over=over)  # the winner's colour

    def _update_title(self) -> None:
        session = self.session
        if session is None:
            return
        if self.campaign is None:
            over = ", game over" if session.live.over else ""
            self.setWindowTitle(f"{session.title}{over} — Ecliptic")
            return
        extra = " (read-only)" if self.campaign.read_only else ""
        over = "battle over" if self._is_battle() else "game over"
        when = over if session.live.over else f"round {session.live.round}"
        self.setWindowTitle(f"{self.campaign.name()}: {session.title}, {when}{extra} — Ecliptic")

    def _result_text(self) -> str:
        assert self.session is not None
        state = self.session.state
        if self._is_battle():  # its winners hold the field; nobody has won the campaign
            won = " and ".join(state.player(w).name for w in state.winners)
            return f"Battle over: {won or 'nobody'} holds the field"
        if not state.winners:
            return "Game over: nobody won"
        names = " and ".join(state.player(w).name for w in state.winners)
        return f"Game over: {names} won"

    def _result_reason(self) -> str:
        """Who won and why, as the log said it when the game ended (else who won)."""
        assert self.session is not None
        from core.vector.victory import GameDrawn, GameWon

        if self._is_battle():  # its closing line: what was lost, who holds the field
            for entry in reversed(self.session.log[-4:]):
                if " is over: " in entry.event.text:
                    return entry.event.text
        for entry in reversed(self.session.log):
            if isinstance(entry.event, GameWon | GameDrawn):
                return entry.event.text
        return self._result_text()

    def _is_battle(self) -> bool:
        """A battle fought inside a campaign's game: when it ends, the campaign goes on."""
        record = getattr(self, "record", None)
        return record is not None and record.parent is not None

    def _finished(self) -> None:
        text = self._result_text()
        title = "Battle over" if self._is_battle() else "Game over"
        if self.campaign is not None:  # the game's last entries and its result
            self.browser.schedule_refresh()
        self.status_label.setText(text)
        self.stack.setCurrentWidget(self.map_view)
        last = [e.event.text for e in self.session.log[-3:]] if self.session else []
        box = QMessageBox(
            QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.Ok, self
        )
        box.setObjectName("game_over_box")
        box.setInformativeText("\n".join(last))
        box.open()

    def _refused(self, reason: str) -> None:
        self.status_label.setText(f"Not allowed: {reason}")
        if self.session is not None:
            seat = self.session.seat()
            state = self.session.state
            self._refused_at = (state.round, state.phase, seat.id if seat else None)

    def _hex_asked(self, asking: object) -> None:
        """A rule system's dock asks for a hex on the map: the status line says how."""
        if asking is not None:
            self.status_label.setText(ASK_HINT)
        elif self.status_label.text() == ASK_HINT:
            self.status_label.setText("")

    def _forget_refusal(self, now: tuple[object, ...]) -> None:
        """A refusal stops applying once the round, phase or player moves on."""
        if self._refused_at is not None and self._refused_at != now:
            if self.status_label.text().startswith("Not allowed: "):
                self.status_label.setText("")
            self._refused_at = None

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
            handing = self.stack.currentWidget() is self.hand_over
            if handing and cleared_at_hand_over(self.system_docks):
                self.system_docks.clear()  # nobody's orders while the seat is handed over
            else:
                self.refresh_system_docks(self.session, ship.id if ship is not None else None)
        self.ship_list.select_ship(ship.id if ship is not None else None)
        # the game actions do not depend on the selected ship: no update here

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

    @contextmanager
    def _actions_once(self) -> Iterator[None]:
        """Bring the game actions up to date once, at the end of what runs inside (an
        End Turn: the phase change, the new turn and the hand-over each ask for it)."""
        if self._actions_held:  # inside another: that one updates them
            yield
            return
        self._actions_held, self._actions_due = True, False
        try:
            yield
        finally:
            self._actions_held = False
            if self._actions_due:
                self._actions_due = False
                self._update_game_actions()

    def _game_actions_changed(self) -> None:
        """The game or the page on screen changed: update the game actions now, or
        at the end of the End Turn under way (:meth:`_actions_once`)."""
        if self._actions_held:
            self._actions_due = True
        else:
            self._update_game_actions()

    def _update_game_actions(self) -> None:
        if self.own_page is not None:
            for action in (self.undo_action, self.redo_action):
                action.setToolTip("")  # the page's own undo: its name again
                action.setStatusTip("")
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
        # ended their turn may take it back before the next one sits down (not in a
        # sealed phase: whoever is at the screen could wipe another's sealed orders).
        campaign_undo = self.session is not None and self.session.record is not None
        self.undo_action.setEnabled(
            (playing or campaign_undo)
            and self.session is not None
            and self.session.can_undo()
            and not self._seat_empty()
        )
        self._say_undo_reach()
        self.take_back_action.setEnabled(playing and not over)
        self.next_ship_action.setEnabled(playing and not over)
        self.centre_action.setEnabled(playing)
        self.close_game_action.setEnabled(self.session is not None)
        self.redo_action.setEnabled(
            self.session is not None and self.session.can_redo() and not self._seat_empty()
        )
        in_campaign = self.campaign is not None
        refereed = self.refereed()
        self.save_copy_action.setEnabled(in_campaign)
        # a refereed campaign's whole copy would give a player every secret
        self.export_mail_action.setEnabled(in_campaign and not refereed)
        self.import_orders_action.setEnabled(refereed)
        self.export_players_action.setEnabled(refereed)
        session = self.session  # a player file's: an OrderSession, which asks to be saved
        self.save_orders_action.setEnabled(
            session is not None
            and getattr(session, "save_asked", None) is not None
            and not session.read_only
        )
        self.replay_action.setEnabled(in_campaign)
        self.replay_action.setChecked(self.session is not None and self.session.replaying)

    def _seat_empty(self) -> bool:
        """The hot seat is being handed over in a game where Undo reaches only the
        seated player's own orders: nobody sits, so Undo and Redo reach nothing."""
        handing = self.stack.currentWidget() is self.hand_over
        return handing and self.session is not None and self.session.reach_limited()

    def _say_undo_reach(self) -> None:
        """Undo's and Redo's tooltips (and status tips) say why they are greyed when a
        sealed phase keeps them off another player's orders; their names otherwise."""
        session = self.session
        for action, why in (
            (self.undo_action, session.undo_refused() if session else ""),
            (self.redo_action, session.redo_refused() if session else ""),
        ):
            if self._seat_empty():
                verb = action.text().replace("&", "")
                why = f"{verb} reaches only the orders of the player at the table: take the seat"
            why = why[:1].upper() + why[1:]
            action.setToolTip(why)  # "" gives back the default, the action's name
            action.setStatusTip(why)
