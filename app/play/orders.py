"""A player file on screen: one player's side of a refereed game, in which they give
their orders for the turn and save them as an order file for the referee.

The game shown is the player file's view and nothing else (the master never reaches
the player's computer). Orders are checked as they are given, exactly as in a game at
the table, on the view; they are kept in the order given, and the primary button saves
them (the window asks where) instead of ending the phase: the referee's program ends it
when it plays the turn. Nothing is rolled here: the view holds no dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal

from app.play.entries import said_once
from app.play.session import Entry, GameSession
from core.engine import play as engine
from core.engine.commands import Command, EndPhase

if TYPE_CHECKING:
    from core.campaign.mail.files import PlayerFile
    from core.vector.state import GameState, Player

SAVE_ORDERS = "Save Order File"


class OrderSession(GameSession):
    """The game of a player file (``mail``): the player's orders, given on their view.

    ``save_asked`` fires when the player presses the primary button (Ctrl+Enter): the
    window saves :meth:`orders` as the order file."""

    save_asked = Signal()

    def __init__(self, mail: PlayerFile) -> None:
        self.mail = mail
        super().__init__(mail.view, [], title=mail.title, read_only=not mail.expected)
        self.log = [Entry(t.round, "", e, 0) for t in mail.log for e in said_once(t.events)]
        self.hand_over = False
        self.primary = SAVE_ORDERS
        self.saved: tuple[Command, ...] | None = None
        """The orders last saved to an order file (None before the first save)."""

    @property
    def state(self) -> GameState:
        if self.viewing is not None:
            return self.viewing
        return self._mine(self.live)

    def _mine(self, state: GameState) -> GameState:
        """The view again after each order (sealed orders drawn as plans)."""
        if self._seen is None or self._seen[0] is not state:
            self._seen = (state, self.mail.player, engine.view(state, self.mail.player))
        return self._seen[2]

    def seat(self) -> Player | None:
        if self.replaying or self.live.over:
            return None
        return self.live.player(self.mail.player)

    def shown_player(self) -> Player | None:
        return None if self.live.over else self.live.player(self.mail.player)

    def orders(self) -> tuple[Command, ...]:
        """The orders given, in order (a taken-back order is gone from the list)."""
        return tuple(c for c in self.commands if not isinstance(c, EndPhase))

    def unsaved(self) -> bool:
        """Orders given since the last save (or any, before the first)."""
        return bool(self.orders()) and self.orders() != self.saved

    def advance(self) -> bool:
        """The primary button: ask the window to save the orders."""
        if self.read_only:
            self.refused.emit("the referee waits for nobody's orders from you this turn")
            return False
        self.save_asked.emit()
        return True

    def end_turn(self) -> bool:
        return self.advance()

    def apply(self, command: Command, *, auto: bool = False) -> bool:
        if isinstance(command, EndPhase):  # the referee ends the phase, not the player
            self.refused.emit("the referee ends the phase when the turn is played")
            return False
        return super().apply(command, auto=auto)

    def _skip_idle(self) -> bool:
        return False  # no phase passes here: the referee plays the turn

    def ends_turn(self) -> bool:
        return False
