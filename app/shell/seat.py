"""Handing the seat over between players at one screen: the hand-over page while the
next player comes to the table, the docks that act for a player kept off meanwhile, and
the map shown, centred on their ship, once they take the seat.

A mixin for the main window (:mod:`app.shell.main_window`), through
:class:`app.shell.game.GameActions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.shell.host import WindowHost

#: the docks every player at the table may use while the seat is handed over
SHARED_DOCKS = frozenset({"ships", "events", "dice", "campaign", "referee"})


def cleared_at_hand_over(docks: object) -> bool:
    """Whether a rule system's panels are emptied while the seat is handed over: those
    that list the seat's own sealed orders say so (``cleared_at_hand_over``)."""
    return bool(getattr(docks, "cleared_at_hand_over", False))


if TYPE_CHECKING:
    from core.vector.state import Player


class SeatActions(WindowHost):
    """The hand-over of the seat (see the module's docstring)."""

    #: the player whose turn began last (None when a game starts)
    _last_seat: str | None

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
        self._game_actions_changed()

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
        # the rule system's panels list the seat's sealed orders: empty until the next
        # player takes the seat (after an undo back to another player's seat, they were
        # in plain view, greyed, to whoever sat at the screen)
        if self.session is not None and cleared_at_hand_over(self.system_docks):
            assert self.system_docks is not None
            if live:
                selected = self.board.selected if self.board else None
                self.refresh_system_docks(self.session, selected)
            else:
                self.system_docks.clear()
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
            if self._orders_in:  # as the turn bar says it (the game changed just before)
                detail = f"{detail} ({self._orders_in})"
            self.hand_over.show_for(player, detail)
            # a refusal said to the player before is theirs: it could tell the next one
            # what they tried to order (sealed orders)
            self.status_label.setText("")
            if self.stack.currentWidget() is self.hand_over:  # no page change to say so
                self.guard_seat_panels()
            else:  # the stack's currentChanged guards the panels
                self.stack.setCurrentWidget(self.hand_over)
            if self.board is not None:
                self.board.select(None)
            self._game_actions_changed()
        else:
            self.take_seat()
