"""The squadron game's page in the main window (the system's own game page, see
:class:`app.play.systems.GamePage`): the jump board and every system board in tabs,
the transit strip, the orders panel and the game's log; the hand-over screen between
the sides; the turn bar and the squadron sheet dock lent by the window.

Whoever sits at the table sees the game only as their side may (the rule system's view
for their seat): the other side's counters under a "?" are shown as the "?", its jump
orders and sealed fire orders not at all, and its private log lines never. When the
seat passes to the other side, the boards are hidden until that player says they are
there. Game › Replay Past Turns (in a campaign) shows the starts of past steps, from
the seated side's view only (:mod:`~app.rules.squadrons.play.replay`).

By mail, the page shows a player file (:meth:`SquadronPage.play_by_mail`: that player's
view, their orders checked on it and saved as the order file by the primary button) or
the referee's master (:meth:`SquadronPage.referee`: everything, read-only).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.board.view import MapView
from app.play.entries import reopened_events
from app.play.turn import HandOver
from app.rules.squadrons.boards.navigator import BoardsNavigator
from app.rules.squadrons.play import faces
from app.rules.squadrons.play.docks import SHEET_KEY
from app.rules.squadrons.play.orders_panel import OrdersPanel
from app.rules.squadrons.play.replay import PastSteps, ReplayRow
from app.rules.squadrons.play.session import SquadronSession, public
from app.rules.squadrons.play.sheet import SquadronSheet
from app.rules.squadrons.play.steps import Shown, primary_label, steps, what_now
from core.rules.squadrons.events import GameWon, for_side

if TYPE_CHECKING:
    from app.play.systems import GameHost
    from core.board.hexgrid import Hex
    from core.campaign.mail.files import PlayerFile
    from core.engine.commands import Command
    from core.engine.events import Event
    from core.rules.squadrons.state import SquadronGame


class SquadronPage(QWidget):
    """See the module's docstring."""

    def __init__(
        self,
        host: GameHost,
        state: SquadronGame,
        events: Sequence[Event],
        title: str,
        record: Any = None,
        read_only: bool = False,
    ) -> None:
        super().__init__()
        self.setObjectName("squadron_page")
        self.host = host
        self.title = title
        if record is not None and not events:  # a campaign opened again: its stored log
            events = reopened_events(record)
        self.session = SquadronSession(state, list(events), record=record, read_only=read_only)
        self.mail: PlayerFile | None = None  # a player file's page (play by mail)
        self._saved: list[Command] = []  # the orders last saved to an order file
        self.read_only_why = ""
        panel = host.panel(SHEET_KEY)
        self.sheet = panel if isinstance(panel, SquadronSheet) else SquadronSheet()
        self._seated: str | None = None  # the seat whose view is on show
        #: the board tab each seat last looked at: the next player's tab must not tell
        #: them where the last one was busy
        self._tabs: dict[str, int] = {}
        self.navigator = BoardsNavigator(state.world)
        self.navigator.hex_clicked.connect(self._hex_clicked)
        self.navigator.open_on_click = False  # the page decides: open it, or place a "?"
        self.navigator.system_clicked.connect(self._jump_board_clicked)
        self.navigator.tabs.currentChanged.connect(lambda _: self._own_into_view())
        self.boards = self.navigator.systems
        for board in self.navigator.boards():
            board.cancelled.connect(self.cancel)
            board.cursor_moved.connect(self.host.status_label.setText)
        self.log = QListWidget()
        self.log.setObjectName("squadron_log")
        self.orders = OrdersPanel(self)
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self.navigator)
        left.addWidget(self.log)
        left.setStretchFactor(0, 5)
        left.setStretchFactor(1, 1)
        play = QWidget()
        row = QHBoxLayout(play)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(left, 1)
        row.addWidget(self.orders)
        self.hand_over = HandOver(self)
        self.hand_over.accepted.connect(self.take_seat)
        self.pages = QStackedWidget()
        self.pages.addWidget(play)
        self.pages.addWidget(self.hand_over)
        self.play_area = play
        self.replay_row = ReplayRow(self)
        self.replay_row.moved.connect(self.refresh)
        self.replay_row.closed.connect(lambda: self.toggle_replay(False))
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.replay_row)
        outer.addWidget(self.pages)
        self.session.changed.connect(self.refresh)
        self.session.refused.connect(self._refused)
        self.session.logged.connect(self._logged)
        self.session.relogged.connect(self._show_log)
        if read_only:  # an onlooker reads only what both sides are told
            self.log.addItems([e.text for e in public(self.session.events)])
        self.refresh()

    # ---- the GamePage protocol

    def widget(self) -> QWidget:
        return self

    def zoom_view(self) -> MapView | None:
        """The board in front, for View › Zoom In, Zoom Out and Fit Map (none while the
        hand-over screen hides the boards)."""
        if self.pages.currentWidget() is not self.play_area:
            return None
        current = self.navigator.tabs.currentWidget()
        return current if isinstance(current, MapView) else None

    def primary(self) -> None:
        """End the step for the side at the table (sealing its fire orders); by mail,
        save the orders given as the order file for the referee."""
        if not self.primary_enabled():
            return
        if self.mail is not None:
            self.host.save_order_file()  # type: ignore[attr-defined]
        else:
            self.session.end_step()

    def primary_enabled(self) -> bool:
        session = self.session
        return (
            self.seated()
            and not session.live.over
            and not session.read_only
            and not self.replaying()
        )

    def over(self) -> bool:
        return self.session.live.over

    def can_undo(self) -> bool:
        return self.seated() and self.session.can_undo() and not self.replaying()

    def undo(self) -> bool:
        """Edit › Undo: the order last given is taken back (its log lines with it)."""
        if not (self.can_undo() and self.session.undo()):
            return False
        self.host.status_label.setText("Undone: the order is taken back (Redo gives it again)")
        return True

    def can_redo(self) -> bool:
        return self.seated() and self.session.can_redo() and not self.replaying()

    def redo(self) -> bool:
        """Edit › Redo: the order last undone is given again."""
        if not (self.can_redo() and self.session.redo()):
            return False
        self.host.status_label.setText("Redone: the order undone is given again")
        return True

    # ---- play by mail

    def play_by_mail(self, mail: PlayerFile) -> None:
        """Show player file ``mail``: its player at the table for good (no hand-over),
        their side's log, and the primary button saving the order file."""
        self.mail = mail
        self.session.by_mail = mail.player
        self.session.events = [e for turn in mail.log for e in turn.events]
        self.take_seat()

    def mail_orders(self) -> list[Command]:
        return self.session.mail_orders()

    def orders_saved(self) -> None:
        self._saved = self.mail_orders()

    def unsaved(self) -> bool:
        """Whether orders given on a player file are not in an order file yet."""
        return self.mail is not None and self.mail_orders() != self._saved

    def referee(self, why: str) -> None:
        """The referee's master: the whole game, read-only (it moves on only by the
        players' order files), its whole log."""
        self.session.read_only = True
        self.session.sees_all = True
        self.read_only_why = why
        self.pages.setCurrentWidget(self.play_area)  # nobody sits at the referee's table
        self.log.clear()
        self.log.addItems([e.text for e in self.session.events])
        self.refresh()

    # ---- Replay Past Turns

    def can_replay(self) -> bool:
        """In a campaign, to the player at the table (their side's view), or to anyone
        once the game is over (all of it); never on the hand-over screen."""
        session = self.session
        return session.record is not None and (self.seated() or session.live.over)

    def replaying(self) -> bool:
        return self.replay_row.past is not None

    def toggle_replay(self, on: bool) -> None:
        """Show the past steps, or go back to play."""
        if on and not self.replaying() and self.can_replay():
            seat = self.session.seat()
            viewer = None if seat is None else seat.id
            side = seat.side if seat is not None else ""
            self.orders.clear_selection()
            self.replay_row.start(PastSteps(self.session.record, viewer, side))
        elif not on and self.replaying():
            self.replay_row.start(None)
        self.orders.setEnabled(not self.replaying())
        self.refresh()

    def leave(self) -> None:
        """The game leaves the screen: the sheet dock is emptied."""
        self.sheet.show_counter(None, None, "")

    # ---- who is at the table

    def seated(self) -> bool:
        """Whether the player the game waits for has taken the seat (their view shown)."""
        seat = self.session.seat()
        return seat is not None and seat.id == self._seated

    def side(self) -> str:
        """The side at the table ("" for an onlooker: a campaign open read-only, or the
        referee's master)."""
        onlooker = self.session.read_only and self.session.by_mail is None
        return "" if onlooker else self.session.side() or ""

    def seen(self) -> SquadronGame:
        return self.session.seen()

    def take_seat(self) -> None:
        """The player named on the hand-over screen is at the table: show their view."""
        seat = self.session.seat()
        self._seated = seat.id if seat is not None else None
        self.navigator.tabs.setCurrentIndex(self._tabs.get(self._seated or "", 0))
        self.pages.setCurrentWidget(self.play_area)
        self._show_log()
        self.host.activateWindow()
        self.navigator.tabs.currentWidget().setFocus()
        self.refresh()
        self._own_into_view()

    # ---- showing the game

    def refresh(self) -> None:
        session = self.session
        seat = session.seat()
        if seat is not None and seat.id != self._seated and not session.read_only:
            self._hand_over(seat)
        elif seat is None and self._seated is not None:
            self._seated = None
            self.pages.setCurrentWidget(self.play_area)
        shown_seat = self._seated is not None or seat is None or session.read_only
        state = self.seen() if shown_seat else None
        side = self.side()
        self._show_turn(seat, side)
        past = self.replay_row.past
        if past is not None and state is not None:
            self._show_past(past.shown(), side)
            return
        if state is None:
            self.sheet.show_counter(None, None, "")
            self.host.own_game_changed()
            return
        self.navigator.jump.show_systems(faces.presence(state, side))
        for system, view in self.boards.items():
            view.show_stacks(faces.stacks(state, system, self.orders.is_selected, side))
        self.navigator.transit.show_entries(faces.transit(state, side))
        self.orders.refresh(state, side)
        if self.orders.here is None:  # nothing selected: the sheet says so
            self.sheet.show_counter(state, None, side)
        self.host.own_game_changed()

    def _show_past(self, state: SquadronGame, side: str) -> None:
        """A past step's state on the boards; no orders are given from it."""
        seat = self.session.seat()
        who = Shown(f"{side}: {seat.name}", seat.colour) if seat is not None else None
        past = self.replay_row.past
        whose = f"as {past.side} saw it" if past and past.viewer else "everything shown"
        hint = f"Replay: the game as it was, {whose} (Escape returns to play)"
        day = f"Day {state.day}"
        shown = steps(state.step, state.sides)
        self.host.turn_bar.show_turn(state.day, shown, who, hint, "Replaying", round_text=day)
        for view in self.boards.values():
            view.clear_marks()
        mine = past.side if past is not None and past.viewer else ""  # none when all shown
        self.navigator.jump.show_systems(faces.presence(state, mine))
        for system, view in self.boards.items():
            view.show_stacks(faces.stacks(state, system, lambda _: False, mine))
        self.navigator.transit.show_entries(faces.transit(state, side))
        self.sheet.show_counter(None, None, "")
        self.host.own_game_changed()

    def _own_into_view(self) -> None:
        """A system board brought to the front with none of the side's counters in
        sight (they may be off its edge at the default zoom) is scrolled to them."""
        system = self.navigator.shown()
        if system is None or not self.seated() or self.replaying():
            return
        view = self.boards[system]
        scene = view.board_scene
        mine = [
            scene.centre_of(c.place.hex)
            for c in self.seen().on_board(self.side())
            if c.place is not None and c.place.system == system
        ]
        seen = view.mapToScene(view.viewport().rect()).boundingRect()
        if mine and not any(seen.contains(p) for p in mine):
            view.centerOn(mine[0])

    def cancel(self) -> None:
        """Escape on a board: what was selected (or a "?" being placed) is let go."""
        if self.replaying() or not self.seated():
            return
        if self.orders.here is None and not self.orders.placing():
            return
        self.orders.clear_selection()
        self.refresh()
        self.host.status_label.setText("Cancelled: nothing is selected")

    def _hex_clicked(self, system: str, h: Hex) -> None:
        if not self.replaying():  # the past is looked at, not played
            self.orders.clicked(system, h)

    def show_marks(self, system: str, hexes: list[Hex], colour: str, tip: str) -> None:
        for view in self.boards.values():
            view.clear_marks()
        if hexes:
            self.boards[system].mark(hexes, colour, tip)

    def show_board(self, system: str) -> None:
        """Bring ``system``'s board to the front."""
        self.navigator.show_board(system)

    def _show_turn(self, seat: Any, side: str) -> None:
        live = self.session.live
        step = self.session.step()
        if live.over:
            self._show_over()
            return
        seat_side = seat.side if seat is not None else side
        shown = Shown(f"{seat_side}: {seat.name}", seat.colour) if seat is not None else None
        label = primary_label(step, live.over) if self.mail is None else "Save Order File"
        if self.read_only_why and self.session.read_only:
            hint = self.read_only_why
        elif not self.seated():
            hint = f"Pass the seat to {seat.name}" if seat is not None else ""
        else:
            hint = what_now(self.seen(), side, step)
            if self.mail is not None:  # the step's button is the referee's to press
                ends = f"press {primary_label(step, False)}"
                hint = hint.replace(ends, f"press {label}") if ends in hint else hint
                hint += "" if label in hint else f", then {label} (Ctrl+Enter)"
        bar = self.host.turn_bar
        day = f"Day {live.day}"
        bar.show_turn(live.day, steps(live.step, live.sides), shown, hint, label, round_text=day)

    def _show_over(self) -> None:
        """An ended game's turn bar, as on the star map: "Game over", who won in their
        colour, and why as the log said it; no day or step (they would read as if play
        went on)."""
        live = self.session.live
        winners = [p for p in live.players if p.id in live.winners]
        won = " and ".join(p.name for p in winners)
        reason = next(
            (e.text for e in reversed(self.session.events) if isinstance(e, GameWon)),
            f"Game over: {won} won" if won else "Game over: a draw",
        )
        bar = self.host.turn_bar
        result = f"{won} won" if won else "a draw"
        bar.show_over(winners[0] if winners else None, result, reason, "Game Over")
        # the fog lifts: the log reads whole, to the last shots and the result
        self.log.clear()
        self.log.addItems([e.text for e in self.session.events])
        self.log.scrollToBottom()

    def _hand_over(self, seat: Any) -> None:
        if self._seated is not None:
            self._tabs[self._seated] = self.navigator.tabs.currentIndex()
        self.navigator.tabs.setCurrentIndex(0)  # the jump board, until they sit down
        self._seated = None
        live = self.session.live
        detail = f"Day {live.day}: {self.session.phase_name()}"
        self.hand_over.show_for(Shown(f"{seat.name} ({seat.side})", seat.colour), detail)
        self.hand_over.button.setText(f"I am {seat.name}: start my turn (Enter)")
        self.pages.setCurrentWidget(self.hand_over)
        self.host.status_label.setText("")  # it may tell what only the last side may know

        self.orders.clear_selection()
        self.sheet.show_counter(None, None, "")
        for view in self.boards.values():
            view.clear_marks()
        self.hand_over.button.setFocus()

    def focusInEvent(self, event: QFocusEvent) -> None:
        """The keyboard given to the page (a game opened after another was closed) goes
        on to the hand-over button while it is up, so Enter takes the seat as it says."""
        if self.pages.currentWidget() is self.hand_over:
            self.hand_over.button.setFocus()
            return
        super().focusInEvent(event)

    def _jump_board_clicked(self, system: str) -> None:
        """A system clicked on the jump board: its board comes to the front, unless a
        "?" is being placed, which goes over the system on the jump board."""
        if self.orders.placing() and not self.replaying():
            self.orders.place_on_jump_board(system)
        else:
            self.show_board(system)

    def _sides(self) -> dict[str, str]:
        return {p.id: p.side for p in self.session.live.players}

    def _refused(self, reason: str) -> None:
        self.host.status_label.setText(f"Not allowed: {reason}")

    def _show_log(self) -> None:
        """The log read anew from the game's events as they now stand (after taking
        the seat, undo or redo), as far as the side at the table may read them."""
        self.log.clear()
        events = self.session.events
        self.log.addItems([e.text for e in for_side(events, self.side(), self._sides())])
        self.log.scrollToBottom()

    def _logged(self, events: list[Event]) -> None:
        shown = for_side(events, self.side(), self._sides()) if self.seated() else []
        self.log.addItems([e.text for e in shown])
        self.log.scrollToBottom()
        if shown:
            self.host.status_label.setText(shown[-1].text)
