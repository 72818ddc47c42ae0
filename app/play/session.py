"""A hot-seat game in progress: the engine's state, the commands given, and what the
interface needs beside them (tracks, the log, undo, the replay view).

The session is the only place the interface applies commands: through the campaign's
:class:`~core.campaign.GameRecord` when the game is kept in a campaign file (each
command is on disk before the interface shows its result), else through
:func:`core.engine.play.apply` for a quick game. The player ends one phase at a time
(:meth:`GameSession.advance`), and the game stops in every phase where they may do
something; a phase that offers them nothing (no weapon to launch, no gun with a target,
no base) is ended for them at once, and the log says why. With ``skip_optional`` set (a
player's preference), phases that offer only optional extras pass by too.

In a campaign, undo and redo walk the log (the undone commands stay in the file as a
branch); in a quick game, undo takes back the orders given this phase. What the table
sees (the seated player's view, the replay view of a past state) is
:mod:`app.play.table_view`; the log's lines are :mod:`app.play.entries`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from app.play.entries import LOG_TAIL, Entry, said_once, stored_log
from app.play.systems import SystemUI, Work, ui_for
from app.play.table_view import TableView
from app.play.trails import Trails
from core.campaign import CampaignError
from core.campaign.reach import moved, redone, undone
from core.engine import play as engine
from core.engine import reach
from core.engine.commands import Command, EndPhase
from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.vector import idle
from core.vector.orders import Launch, Plot, Unplot
from core.vector.state import GameState
from core.vector.turns import plotting_phases

if TYPE_CHECKING:
    from core.campaign import GameRecord

__all__ = ["LOG_TAIL", "Entry", "GameSession"]

PLANNING = (Plot, Launch, Unplot)
#: what a phase the plotted orders wait through is for (by whether it is the movement
#: phase), when the rule system names nothing else to do in it
WAITING_WORDS = {
    False: "the courses plotted wait for the movement phase",
    True: "the ships move on the courses plotted as this phase ends",
}


class GameSession(TableView, QObject):
    """Holds a game and applies the players' commands to it.

    ``changed`` fires after every state change; ``logged`` carries the new log entries;
    ``log_reset`` says the log was cut back or rebuilt (undo, redo); ``refused`` the
    reason a command was illegal; ``turn_began`` the player whose turn has just begun
    (the window hands the seat over; under Interplanetary's rotation the last player of
    a round is also the first of the next, so it may be the same player); ``finished``
    the game's end; ``sketched`` a course a rule system's dock shows on the map that is
    no ship's order (a weapon's path for the thrust chosen): ``(MoveResult, text)``, or
    None to take it away; ``asked`` a hex a rule system's dock asks for on the map
    (:class:`~app.play.systems.HexAsk`, or None).
    """

    changed = Signal()
    logged = Signal(list)
    log_reset = Signal()
    refused = Signal(str)
    turn_began = Signal(object)
    finished = Signal()
    sketched = Signal(object)
    asked = Signal(object)

    def __init__(
        self,
        state: GameState,
        events: list[Event],
        title: str = "",
        record: GameRecord | None = None,
        *,
        read_only: bool = False,
    ) -> None:
        super().__init__()
        self.title = title
        self.record = record
        self.read_only = read_only
        self.ui: SystemUI = ui_for(state.rules.system_id)
        """The interface of the game's rule system (its docks, its rule questions)."""
        self.live = record.state if record is not None else state
        self.viewing: GameState | None = None  # the replay view's state
        #: whose view of past states the replay shows: the player seated when it was
        #: opened (None: whole states, for a referee or a finished game)
        self.viewer: str | None = None
        #: the live state as the seated player sees it, remembered for that state
        self._seen: tuple[GameState, str, GameState] | None = None
        self.viewing_depth = 0
        self.commands: list[Command] = []
        self.log: list[Entry] = []
        self.depth = record.depth() if record is not None else 0
        #: the head the log shown follows the line to (read from the file when needed)
        self._line_head = record.head if record is not None else None
        self._undo: list[GameState] = []  # quick game: the states before this phase's orders
        self.skip_optional = False
        """Also pass by phases that offer only optional extras (a player's preference)."""
        self.hand_over = True  # the hand-over screen between players (not a player file's)
        self.primary: str | None = None  # the primary button's words, in place of the phase's
        self._sees_all = False  # whole states shown, no player's view (a referee's master)
        self.read_only_why = "another Ecliptic has this campaign open"
        self._trails = Trails(self.live, self.depth)
        if record is not None:  # the file's log, the start's events (``events``) too
            self._load_log(record)
        else:
            self._record(events)

    @property
    def sees_all(self) -> bool:
        """Whole states and the whole log shown, no player's view (a referee's master)."""
        return self._sees_all

    @sees_all.setter
    def sees_all(self, on: bool) -> None:
        # the log already on show holds only the lines every player may read: the
        # referee's reads them all (a master reopened showed no sealed order, no plot)
        if on != self._sees_all:
            self._sees_all = on
            self.log_reset.emit()

    # ---- queries

    def can_plot(self) -> bool:
        return (
            not self.state.over
            and not self.replaying
            and not self.read_only
            and self.phase() in plotting_phases(self.state.rules)
        )

    def plots_on_map(self) -> bool:
        """Whether the map offers the selected ship's end points: in the phase the ruleset
        plots in (System III Void's astrogation), not in the phases after it that its
        orders wait through until they move (its ordnance and movement phases)."""
        return self.can_plot() and self.phase() == plotting_phases(self.state.rules)[0]

    def work(self) -> Work:
        """What the current phase offers the player at the table besides ending it."""
        if self.state.over or self.replaying or self.read_only:
            return Work("nothing", "")
        if self.plots_on_map() and not self.state.pending:
            return Work("action", "plot your ships' courses")
        if self.can_plot() and not self.state.pending:
            # a phase the plotted orders wait through (System III Void's ordnance and
            # movement): the game stops in it as in the plotting phase (core's idle
            # rule), so it stays an action; its words are the phase's own
            own = self.ui.work(self.state)
            if own.level == "nothing":
                movement = self.phase() == self.state.rules.sequence.movement_phase
                own = Work("action", WAITING_WORDS[movement])
            return Work("action", own.what)
        return self.ui.work(self.state)

    def can_act(self) -> bool:
        """Whether the game stops for the player at the table in this phase: they have
        something to do but end it (optional extras count unless ``skip_optional``)."""
        return idle.stops(self.work(), skip_optional=self.skip_optional)

    def ends_turn(self) -> bool:
        """Whether ending the current phase ends the seated player's turn, every later
        phase of it offering them nothing (rotating turns; worked out on a copy of the
        state, nothing stored). The movement phase is not tried: it moves ships."""
        state = self.live
        seat = self.seat()
        if seat is None or state.over or state.pending or self.replaying:
            return False
        names = state.rules.sequence.phases
        if state.sealed or engine.system_of(state).phase(state).sealed:
            return state.phase + 1 == len(names)
        turn = (state.round, state.turn)
        for _ in names:
            if engine.current_phase(state) == state.rules.sequence.movement_phase:
                return False
            try:
                state, _events = engine.apply(state, EndPhase(seat.id))
            except IllegalCommand:
                return False
            if state.over or (state.round, state.turn) != turn:
                return True
            if engine.current_phase(state) in plotting_phases(state.rules):
                return False
            if idle.passing(state, skip_optional=self.skip_optional) is None:
                return False
        return True

    def turn_key(self) -> tuple[object, ...]:
        """Changes exactly when a new player's turn begins: the round and seat in a
        rotating game; with sealed orders, also the phase and who is to give them. A
        decision the game waits for (placing damage, firing back) is a turn of its own
        for the player who makes it, and the seat comes back after it."""
        seat = self.seat()
        if self.state.pending:
            return (self.state.round, self.state.turn, "decision", seat.id if seat else None)
        if self.state.rules.sequence.order == "simultaneous":
            return (self.state.round, self.state.phase, seat.id if seat else None)
        return (self.state.round, self.state.turn)

    def exact(self, command: Command) -> bool:
        """Orders, and what the rule system says rolls no dice (base services): going
        back to the state before one is exact, so a quick game can take them back."""
        return isinstance(command, PLANNING) or self.ui.exact(command)

    def can_undo(self) -> bool:
        if self.replaying or self.read_only:
            return False
        if self.record is not None:
            return self.record.can_undo() and not self.undo_refused()
        return bool(self._undo) and not self.undo_refused()

    def can_redo(self) -> bool:
        if self.replaying or self.read_only or self.record is None:
            return False
        return self.record.can_redo() and not self.redo_refused()

    def reach_limited(self) -> bool:
        """Whether Undo and Redo reach only the seated player's own orders now (a sealed
        phase at a shared table: :func:`core.engine.reach.limited`)."""
        seat = self.seat()
        return not self.replaying and reach.limited(self.live, seat.id if seat else None)

    def undo_refused(self) -> str:
        """Why Undo may not go back now though there is something to undo, in players'
        words ("" when it may): in a sealed phase it reaches only the seated player's
        own orders since they took the seat (:mod:`core.engine.reach`)."""
        if not self.reach_limited():
            return ""
        seat = self.seat()
        try:
            if self.record is not None:
                carried = undone(self.record) if self.record.can_undo() else []
            else:
                carried = self.commands[-1:] if self._undo else []
        except CampaignError:  # the undo itself says what is wrong with the file
            return ""
        return reach.refusal(self.live, seat.id if seat else None, carried)

    def redo_refused(self) -> str:
        """Why Redo may not play on now though there is something to redo ("" when it
        may): the same reach as Undo's (:meth:`undo_refused`)."""
        if self.record is None or not self.reach_limited():
            return ""
        seat = self.seat()
        try:
            carried = redone(self.record) if self.record.can_redo() else []
        except CampaignError:
            return ""
        return reach.refusal(self.live, seat.id if seat else None, carried, "Redo")

    def restore_refused(self, entry_id: int | None) -> str:
        """Why play may not go on from ``entry_id`` (the Campaign dock's Go On From Here,
        Restore This Branch) in players' words ("" when it may): it takes back and gives
        again as Undo and Redo do, so it keeps their reach (:meth:`undo_refused`)."""
        if self.record is None or not self.reach_limited():
            return ""
        seat = self.seat()
        try:
            back, on = moved(self.record, entry_id)
        except CampaignError:  # going there says what is wrong with the file
            return ""
        who, verb = seat.id if seat else None, "Going on from there"
        return reach.refusal(self.live, who, back, verb) or reach.refusal(
            self.live, who, on, verb, forward=True
        )

    # ---- commands

    def apply(self, command: Command, *, auto: bool = False) -> bool:
        """Carry out a command; an illegal one is refused with its reason, nothing kept.
        In a campaign it is stored before anything on screen changes."""
        if self.replaying:
            self.refused.emit("this is the replay view: go back to play first")
            return False
        if self.read_only:
            self.refused.emit("this campaign is open read-only")
            return False
        before = self.live
        turn = self.turn_key()
        try:
            state, events = self._play(command, auto=auto)
        except IllegalCommand as exc:
            self.refused.emit(str(exc))
            return False
        except CampaignError as exc:
            self.refused.emit(f"the command could not be stored, so it was not made: {exc}")
            return False
        if self.record is None:
            if self.exact(command):
                self._undo.append(before)
            else:
                self._undo.clear()
        self._commit(before, state, command, events)
        if not auto:
            self._skip_idle()
        self._announce(turn)
        return True

    def undo(self) -> bool:
        """Campaign: step back over the last command a player gave (it stays in the
        file as a branch). Quick game: take back the last order or base service given
        this phase (nothing is rolled for them, so going back to the state before one
        is exact)."""
        if not self.can_undo():
            return False
        if self.record is not None:
            return self._walk(self.record.undo, finished=False)
        turn = self.turn_key()
        # Orders are the last commands given: anything else clears ``_undo``.
        self.commands.pop()
        self.live = self._undo.pop()
        self.depth -= 1
        self._announce(turn, finished=False)
        return True

    def redo(self) -> bool:
        """Campaign only: play forward again along the newest branch."""
        if not self.can_redo() or self.record is None:
            return False
        return self._walk(self.record.redo)

    def restore(self, entry_id: int | None) -> bool:
        """Campaign only: go on from ``entry_id`` (an undone branch's tip, say)."""
        if self.record is None or self.read_only:
            return False
        self.view(None)
        why = self.restore_refused(entry_id)
        if why:
            self.refused.emit(why)
            return False
        record = self.record

        def move() -> bool:
            record.restore(entry_id)
            return True

        return self._walk(move)

    def _walk(self, move: Callable[[], bool], *, finished: bool = True) -> bool:
        """Move the campaign's head (undo, redo, restore) and follow it on screen."""
        turn = self.turn_key()
        try:
            if not move():
                return False
        except CampaignError as exc:
            self.refused.emit(str(exc))
            return False
        self._moved()
        self._announce(turn, finished=finished)
        return True

    def advance(self) -> bool:
        """The primary button: end the current phase for the player at the table (the
        movement phase moves their ships); the game then goes on to the next phase in
        which they, or the next player, have something they may do."""
        seat = self.seat()
        if seat is None:
            return False
        return self.apply(EndPhase(seat.id))

    def end_turn(self) -> bool:
        """End every remaining phase of the current player's turn (or, with sealed
        orders, give them); stops when the next turn begins or the game ends."""
        seat = self.seat()
        if seat is None:
            return False
        turn = self.turn_key()
        while not self.live.over and self.turn_key() == turn:
            if not self.apply(EndPhase(seat.id)):
                return False
        return True

    def start(self) -> None:
        """Skip the idle phases the game opens with; call once the window listens."""
        if self.read_only or self.replaying:
            return
        if self._skip_idle():
            self.changed.emit()

    # ---- bookkeeping

    def _announce(self, turn: tuple[object, ...], *, finished: bool = True) -> None:
        self.changed.emit()
        if self.live.over:
            if finished:
                self.finished.emit()
        elif self.turn_key() != turn:
            self.turn_began.emit(self.seat())

    def _skip_idle(self) -> bool:
        """End phases where the player at the table has nothing to do (nothing they
        stop for), saying why in the log; True if any were ended. The rule is core's
        (:func:`core.vector.idle.passing`), the same a referee's command line follows;
        a referee's master (``sees_all``) has nobody at the table and passes nothing."""
        skipped = False
        while not self.sees_all:
            note = idle.passing(self.live, skip_optional=self.skip_optional)
            if note is None:
                break
            command = EndPhase(note.player)
            before = self.live
            try:
                state, events = self._play(command, auto=True, noted=[note])
            except CampaignError as exc:
                self.refused.emit(f"the game could not go on, as it could not be stored: {exc}")
                break
            self._commit(before, state, command, events)
            self._undo.clear()  # the phase has ended: what was done in it stands
            skipped = True
        return skipped

    def _play(
        self, command: Command, *, auto: bool, noted: list[Event] | None = None
    ) -> tuple[GameState, list[Event]]:
        """The state after ``command`` and its events (``noted`` ones first): stored in
        the campaign first, if there is one. Raises what the engine or the store raises."""
        if self.record is not None:
            events = self.record.play(command, auto=auto, noted=noted or ())
            return self.record.state, events
        state, events = engine.apply(self.live, command)
        return state, [*(noted or ()), *events]

    def _commit(
        self, before: GameState, after: GameState, command: Command, events: list[Event]
    ) -> None:
        self.commands.append(command)
        self.live = after
        self.depth += 1
        if self.record is not None:
            self._line_head = self.record.head
        self._trails.extend(before, after, self.depth)
        self._record(events)

    def _moved(self) -> None:
        """The campaign's head moved (undo, redo, restore): follow it."""
        assert self.record is not None
        old = self.depth
        self.live = self.record.state
        self.depth = self.record.depth()
        self._undo.clear()
        back = self.depth < old and None not in (self.record.head, self._line_head)
        if back and self.record.head in self.record.line_ids(self._line_head):
            self.log = [e for e in self.log if e.depth <= self.depth]  # back along the line
        else:
            self._load_log(self.record)
        self._line_head = self.record.head
        self._trails.cut(self.live, self.depth)
        self.log_reset.emit()

    def _load_log(self, record: GameRecord) -> None:
        """The log of the recent commands of the campaign's current line."""
        self.log = stored_log(record, LOG_TAIL)

    def _record(self, events: list[Event]) -> None:
        if not events:
            return
        phase = engine.current_phase(self.live)
        entries = [Entry(self.live.round, phase, e, self.depth) for e in said_once(events)]
        self.log.extend(entries)
        self.logged.emit(entries)
