"""A hot-seat game in progress: the engine's state, the commands given, and what the
interface needs beside them (tracks, the log, taking back an order).

The session is the only place the interface calls :func:`core.engine.apply`. Phases in
which nobody can do anything yet (the launch, gun and resupply phases, until weapons
exist) are ended for the player at once, with their events logged like any other.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from core import engine
from core.commands import Command, EndPhase, Launch, Plot, Unplot
from core.errors import IllegalCommand
from core.events import Event
from core.hexgrid import Hex
from core.state import GameState, Player, ShipStatus

PLANNING = (Plot, Launch, Unplot)


@dataclass(frozen=True)
class Entry:
    """One line of the event log: the round and phase it happened in, and the event."""

    round: int
    phase: str
    event: Event


class GameSession(QObject):
    """Holds a game and applies the players' commands to it.

    ``changed`` fires after every state change; ``logged`` carries the new log entries;
    ``refused`` the reason a command was illegal; ``turn_began`` the player whose turn
    has just begun (the window hands the seat over; under Interplanetary's rotation the
    last player of a round is also the first of the next, so it may be the same player);
    ``finished`` the game's end.
    """

    changed = Signal()
    logged = Signal(list)
    refused = Signal(str)
    turn_began = Signal(object)
    finished = Signal()

    def __init__(self, state: GameState, events: list[Event], title: str = "") -> None:
        super().__init__()
        self.title = title
        self.state = state
        self.commands: list[Command] = []
        self.log: list[Entry] = []
        self.tracks: dict[str, list[Hex]] = {
            s.id: [s.motion.position] for s in state.ships if s.status is ShipStatus.ACTIVE
        }
        self._undo: list[GameState] = []  # the states before this phase's orders
        self._record(events)

    # ---- queries

    def seat(self) -> Player | None:
        """Who is at the table now: the active player, or (sealed orders) the first
        player still to give them. None when the game is over."""
        if self.state.over:
            return None
        waiting = engine.waiting_for(self.state)
        return waiting[0] if waiting else None

    def phase(self) -> str:
        return engine.current_phase(self.state)

    def can_plot(self) -> bool:
        return not self.state.over and self.phase() in engine.plotting_phases(self.state.rules)

    def turn_key(self) -> tuple[object, ...]:
        """Changes exactly when a new player's turn begins: the round and seat in a
        rotating game; with sealed orders, also the phase and who is to give them."""
        seat = self.seat()
        if self.state.rules.sequence.order == "simultaneous":
            return (self.state.round, self.state.phase, seat.id if seat else None)
        return (self.state.round, self.state.turn)

    def can_undo(self) -> bool:
        return bool(self._undo)

    # ---- commands

    def apply(self, command: Command) -> bool:
        """Carry out a command; an illegal one is refused with its reason, nothing kept."""
        before = self.state
        turn = self.turn_key()
        try:
            state, events = engine.apply(before, command)
        except IllegalCommand as exc:
            self.refused.emit(str(exc))
            return False
        if isinstance(command, PLANNING):
            self._undo.append(before)
        else:
            self._undo.clear()
        self._commit(before, state, command, events)
        self._skip_idle()
        self.changed.emit()
        if self.state.over:
            self.finished.emit()
        elif self.turn_key() != turn:
            self.turn_began.emit(self.seat())
        return True

    def undo(self) -> bool:
        """Take back the last order given this phase (nothing is rolled when plotting,
        so going back to the state before it is exact)."""
        if not self._undo:
            return False
        # Orders are the last commands given: anything else clears ``_undo``.
        self.commands.pop()
        self.state = self._undo.pop()
        self.changed.emit()
        return True

    def end_turn(self) -> bool:
        """End every remaining phase of the current player's turn (or, with sealed
        orders, give them); stops when the next turn begins or the game ends."""
        seat = self.seat()
        if seat is None:
            return False
        turn = self.turn_key()
        while not self.state.over and self.turn_key() == turn:
            if not self.apply(EndPhase(seat.id)):
                return False
        return True

    def start(self) -> None:
        """Skip the idle phases the game opens with; call once the window listens."""
        if self._skip_idle():
            self.changed.emit()

    # ---- bookkeeping

    def _skip_idle(self) -> bool:
        """End phases where nobody can act yet; True if any were ended."""
        skipped = False
        while not self.state.over and not self.can_plot():
            seat = self.seat()
            if seat is None:
                break
            command = EndPhase(seat.id)
            state, events = engine.apply(self.state, command)
            self._commit(self.state, state, command, events)
            skipped = True
        return skipped

    def _commit(
        self, before: GameState, after: GameState, command: Command, events: list[Event]
    ) -> None:
        self.commands.append(command)
        self.state = after
        self._track(before, after)
        self._record(events)

    def _record(self, events: list[Event]) -> None:
        if not events:
            return
        phase = engine.current_phase(self.state)
        entries = [Entry(self.state.round, phase, e) for e in events]
        self.log.extend(entries)
        self.logged.emit(entries)

    def _track(self, before: GameState, after: GameState) -> None:
        """Extend each ship's trail with where it ended a move."""
        old = {s.id: s for s in before.ships}
        for ship in after.ships:
            prev = old.get(ship.id)
            if prev is None or prev.motion == ship.motion:
                continue
            trail = self.tracks.setdefault(ship.id, [])
            if prev.status is ShipStatus.LANDED:
                trail.clear()
            if not trail or trail[-1] != ship.motion.position:
                trail.append(ship.motion.position)
