"""A squadron game in progress at one table: the state, the orders given, undo, and who
sits at the table now (with what their side may see).

Every order goes through here: through the campaign's
:class:`~core.campaign.GameRecord` when the game is kept in one (on disk before the
screen changes), else through the engine (:func:`core.engine.play.apply`). Undo takes
back only what the player at the table did since they sat down: going further back
would show them the other side's moves; Redo gives again, one by one, the orders
undone since, until the player gives a new one or the seat passes.

By mail (:mod:`core.campaign.mail`) a session holds either one player's view from a
player file (``by_mail``: that player is always the one at the table, their orders are
played on the view only to check them and collected for the order file) or the
referee's master (``sees_all``, read-only: it moves on by the players' order files).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from core.campaign import CampaignError
from core.engine import play as engine
from core.engine.commands import Command, EndPhase
from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.rules.squadrons.events import Told
from core.rules.squadrons.state import STEPS, SquadronGame

if TYPE_CHECKING:
    from core.campaign import GameRecord
    from core.engine.system import Seat


#: the seat id of someone who plays neither side (the rule system shows them only the
#: counters no "?" hides, and nobody's orders)
ONLOOKER = ""


class SquadronSession(QObject):
    """See the module's docstring. ``changed`` fires after every change of the state;
    ``refused`` carries why an order was not allowed; ``logged`` the events of an order
    (a list); ``relogged`` that undo or redo changed the events (the log is read anew)."""

    changed = Signal()
    refused = Signal(str)
    logged = Signal(list)
    relogged = Signal()

    def __init__(
        self,
        state: SquadronGame,
        events: list[Event],
        *,
        record: GameRecord | None = None,
        read_only: bool = False,
    ) -> None:
        super().__init__()
        self.record = record
        self.read_only = read_only
        self.live: SquadronGame = record.state if record is not None else state
        self.events: list[Event] = list(events)
        #: the states before each order the player at the table has given since
        #: sitting, with the order and how many events there were before it
        self._undo: list[tuple[SquadronGame, Command, int]] = []
        #: the states after each order undone since, with it and its events (the last
        #: undone last): an undone order's lines leave the log, a redone one's come back
        self._redo: list[tuple[SquadronGame, Command, list[Event]]] = []
        self._seen: tuple[SquadronGame, str, SquadronGame] | None = None
        #: the player whose player file this is (play by mail), else None
        self.by_mail: str | None = None
        #: the referee's master: everything is shown
        self.sees_all = False

    def mail_orders(self) -> list[Command]:
        """The orders given on a player file's view (none undone), in order."""
        return [command for _, command, _ in self._undo]

    # ---- who is at the table, and what they see

    def seat(self) -> Seat | None:
        """The player the game waits for (None once it is over); a player file's own
        player, whatever the step."""
        if self.live.over:
            return None
        if self.by_mail is not None:
            return next((p for p in self.live.players if p.id == self.by_mail), None)
        waiting = engine.waiting_for(self.live)
        return waiting[0] if waiting else None

    def side(self) -> str | None:
        seat = self.seat()
        return seat.side if seat is not None else None

    def seen(self) -> SquadronGame:
        """The game as the player at the table may see it (the rule system's view of
        it for their seat): the other side's counters under "?" counters shown only as
        "?", its secret jump orders not at all. The whole game once it is over; to an
        onlooker (a campaign open read-only), only what both sides may see."""
        seat = self.seat()
        if seat is None or self.sees_all:
            return self.live
        viewer = ONLOOKER if self.read_only and self.by_mail is None else seat.id
        cached = self._seen
        if cached is None or cached[0] is not self.live or cached[1] != viewer:
            cached = self._seen = (self.live, viewer, engine.view(self.live, viewer))
        return cached[2]

    def step(self) -> str:
        """The step of the day the game is in (see ``STEPS``)."""
        return STEPS[self.live.step] if self.live.step < len(STEPS) else STEPS[-1]

    def phase_name(self) -> str:
        """The step as the rule system names it ("Imperium moves", "fire")."""
        return engine.current_phase(self.live)

    def seat_key(self) -> tuple[object, ...]:
        """Changes exactly when someone else should sit down (or the same player at a
        new step of the day)."""
        seat = self.seat()
        return (self.live.day, self.live.step, seat.id if seat else None)

    # ---- orders

    def apply(self, command: Command) -> bool:
        """Carry out an order; an illegal one is refused with its reason."""
        if self.read_only:
            self.refused.emit("this campaign is open read-only")
            return False
        before = self.live
        key = self.seat_key()
        try:
            if self.record is not None:
                events = self.record.play(command)
                after = self.record.state
            else:
                after, events = engine.apply(before, command)
        except IllegalCommand as exc:
            self.refused.emit(str(exc))
            return False
        except CampaignError as exc:
            self.refused.emit(f"the order could not be stored, so it was not made: {exc}")
            return False
        self.live = after
        self._redo.clear()  # a new order: what was undone stays undone
        if isinstance(command, EndPhase) or self.seat_key() != key:
            self._undo.clear()  # ending a step passes the table on: no way back
        else:
            self._undo.append((before, command, len(self.events)))
        self.events.extend(events)
        self.logged.emit(list(events))
        self.changed.emit()
        return True

    def end_step(self) -> bool:
        seat = self.seat()
        return seat is not None and self.apply(EndPhase(seat.id))

    def can_undo(self) -> bool:
        return bool(self._undo) and not self.read_only

    def undo(self) -> bool:
        """Take back the last order the player at the table gave since sitting down."""
        if not self.can_undo():
            return False
        undone = self.live
        if self.record is not None:
            if not self.record.undo():
                return False
            self.live = self.record.state
            _, command, mark = self._undo.pop()
        else:
            self.live, command, mark = self._undo.pop()
        self._redo.append((undone, command, self.events[mark:]))
        del self.events[mark:]
        self.relogged.emit()
        self.changed.emit()
        return True

    def can_redo(self) -> bool:
        return bool(self._redo) and not self.read_only

    def redo(self) -> bool:
        """Give again the last order undone (only ever one the player at the table gave
        since sitting down: a new order, or the seat passing on, forgets the rest)."""
        if not self.can_redo():
            return False
        before = self.live
        if self.record is not None:
            if not self.record.redo():
                return False
            self.live = self.record.state
            _, command, events = self._redo.pop()
        else:
            self.live, command, events = self._redo.pop()
        self._undo.append((before, command, len(self.events)))
        self.events.extend(events)
        self.relogged.emit()
        self.changed.emit()
        return True


def public(events: Sequence[Event]) -> list[Event]:
    """The events every player at the table may read (the shared campaign dock): none
    of what only one side is told."""
    return [e for e in events if not isinstance(e, Told)]
