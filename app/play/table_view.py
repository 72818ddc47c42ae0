"""What the table sees of a game in progress: the live state as the seated player may
see it, or in the replay view a past state (as the player seated when it began may see
it), with the ships' trails and the log up to it.

A mixin for :class:`app.play.session.GameSession`, which holds the state and the log.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from core.engine import play as engine
from core.engine.whitelist import redact

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from app.play.entries import Entry
    from app.play.systems import SystemUI
    from app.play.trails import Trails
    from core.board.hexgrid import Hex
    from core.vector.state import GameState, Player


class TableView:
    """The game on show (see the module's docstring)."""

    live: GameState
    viewing: GameState | None
    viewer: str | None
    viewing_depth: int
    depth: int
    sees_all: bool
    log: list[Entry]
    ui: SystemUI
    _seen: tuple[GameState, str, GameState] | None
    _trails: Trails
    changed: SignalInstance
    log_reset: SignalInstance

    @property
    def state(self) -> GameState:
        """The state on show: a past one in the replay view, else the live one as the
        player at the table may see it, the rule system's view that a player file holds
        (sealed orders: only their own, drawn as plans; fog of war: no undetected
        enemy's manifest); with the live dice, never shown at the table."""
        if self.viewing is not None:
            if self.viewer is None:
                return self.viewing
            return self._sight(self.viewing, self.viewer)
        if self.live.over or self.sees_all:
            return self.live
        waiting = engine.waiting_for(self.live)
        if not waiting:
            return self.live
        return self._sight(self.live, waiting[0].id)

    def _sight(self, state: GameState, player: str) -> GameState:
        """``player``'s view of ``state`` (remembered for the last state asked), with
        its dice, which no screen shows."""
        if self._seen is None or self._seen[0] is not state or self._seen[1] != player:
            seen = engine.view(state, player)
            if seen is not state and hasattr(seen, "dice"):
                seen = replace(seen, dice=state.dice)
                seen = state if seen == state else seen
            self._seen = (state, player, seen)
        return self._seen[2]

    @property
    def tracks(self) -> dict[str, list[Hex]]:
        """Each ship's trail up to the state on show."""
        upto = self.viewing_depth if self.viewing is not None else self.depth
        return self._trails.upto(upto)

    @property
    def replaying(self) -> bool:
        return self.viewing is not None

    def seat(self) -> Player | None:
        """Who is at the table now: the active player, or (sealed orders) the first
        player still to give them. None when the game is over, in replay or shown to a
        referee (every dock then shows all)."""
        return None if self.replaying or self.sees_all else self.shown_player()

    def shown_to(self) -> Player | None:
        """Whose view of the game the state on show is: the player at the table, or in
        the replay view the one seated when it began; None when all is shown."""
        if self.replaying:
            return self.state.player(self.viewer) if self.viewer is not None else None
        return self.seat()

    def hidden_ships(self) -> frozenset[str]:
        """The ships whose manifests (fuel, outfit) the state on show does not hold, as
        :meth:`shown_to` may not see them: every panel shows "?" for their values."""
        who = self.shown_to()
        return self.ui.hidden_ships(self.state, who.id) if who is not None else frozenset()

    def phase(self) -> str:
        return engine.current_phase(self.state)

    def view(self, state: GameState | None, depth: int = 0) -> None:
        """Show ``state`` (a past one, after ``depth`` commands) instead of the live
        game; None returns to the live game. A past state is shown as the player at
        the table when the replay began may see it (everything to a referee, or once
        the game is over), and so is the log."""
        if self.viewing is None and state is not None:
            seat = self.seat()
            self.viewer = seat.id if seat is not None and not self.live.over else None
        self.viewing = state
        self.viewing_depth = depth
        self.changed.emit()
        self.log_reset.emit()

    def visible_log(self) -> list[Entry]:
        """The log up to the state on show (all of it while playing)."""
        if self.viewing is None:
            return self.log
        shown = [e for e in self.log if e.depth <= self.viewing_depth]
        if self.viewer is None:
            return shown
        seen = {id(e) for e in redact(self.viewing, self.viewer, [e.event for e in shown])}
        return [e for e in shown if id(e.event) in seen]

    def shown_player(self) -> Player | None:
        """Whose turn it is in the state on show, even in the replay view."""
        if self.state.over:
            return None
        waiting = engine.waiting_for(self.state)
        return waiting[0] if waiting else None
