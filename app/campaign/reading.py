"""What one reader of the campaign dock may read of the log: the dock is shared by
everyone at the table, so it lists no more than the reader's own view would tell.

A reader is a player (the one at the table, or the one seated when a replay began),
:data:`EVERYTHING` (a referee's master window) or None (an onlooker, a seat being
handed over, a game over): what every player may read. A player reads their own
entries as their view tells them and another player's as every player may; an
entry of which the reader may read nothing (another player's sealed order, the other
side's secret move) is not listed at all, so neither a row nor a count tells that
they acted. Who ended a phase is in every view and stays listed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.play.systems import ui_for
from core.engine import serial

if TYPE_CHECKING:
    from core.campaign import GameRecord
    from core.campaign.tables import EntryRow as Entry

#: the referee's master window: the whole log
EVERYTHING = "\x00everything"

#: a rule system's filter of a log entry's events: those every player may read
Public = Callable[[list[Any]], list[Any]]


def order_words(record: GameRecord | None) -> Callable[[Any, Any], str] | None:
    """The rule system's words for a sealed order (optional ``order_words(state,
    order)`` of its interface: NPlanetary's), None for a system without them."""
    rules = getattr(getattr(record, "state", None), "rules", None)
    system = getattr(rules, "system_id", None)
    if not isinstance(system, str):
        return None
    found: Callable[[Any, Any], str] | None = getattr(ui_for(system), "order_words", None)
    return found


def phase_of(record: GameRecord | None) -> tuple[object, object]:
    """The round and phase the game stands in (None, None without a game)."""
    state = getattr(record, "state", None)
    return getattr(state, "round", None), getattr(state, "phase", None)


def public_filter(record: GameRecord | None) -> Public | None:
    """The filter of the game's rule system, if its log holds what only one side may
    read (the squadron game's secret orders). None for a system without one."""
    rules = getattr(getattr(record, "state", None), "rules", None)
    system = getattr(rules, "system_id", None)
    if not isinstance(system, str):
        return None
    found: Public | None = getattr(ui_for(system), "public_events", None)
    return found


class Reading:
    """What ``reader`` may read of the entries of ``record``'s game."""

    def __init__(self, record: GameRecord | None, reader: str | None) -> None:
        self.reader = reader
        self.record = record
        self.public = public_filter(record)
        #: the entries read so far whose reading depends on the reader (sealed orders,
        #: secret moves): a seat handed over lists their rounds anew, and only those
        self.personal: set[int] = set()
        #: the entries of the current line whose sealed orders still wait in the
        #: envelope, and the line's entries (read once, on the first sealed order asked)
        self._waiting: tuple[set[int], set[int]] | None = None
        #: the phase the game stood in when read: a phase played out since may have
        #: opened the reader's sealed orders (their rows then say what they were)
        self.phase = phase_of(record)

    @property
    def state(self) -> Any:
        """The game as it stands (what a test of the system's event rules asks)."""
        return getattr(self.record, "state", None)

    def opened(self, entry: Entry) -> bool:
        """Whether ``entry``'s sealed order has been resolved: it is on the game's
        current line and no longer in the envelope (no secret any more)."""
        if self.record is None:
            return False
        if self._waiting is None:
            self._waiting = (sealed_entries(self.record), self.record.line_ids())
        waiting, line = self._waiting
        return entry.id in line and entry.id not in waiting

    def events(self, entry: Entry, events: list[Any]) -> list[Any]:
        """The events of ``entry`` the reader may read."""
        if self.reader == EVERYTHING or self.state is None:
            return events
        from core.engine.whitelist import redact  # the engine loads with the first game

        shown = self.public(events) if self.public is not None else events
        for someone in self.state.players:  # what every player may read
            shown = redact(self.state, someone.id, shown)
        if len(shown) < len(events):
            self.personal.add(entry.id or 0)
            if entry.player == self.reader:
                return redact(self.state, entry.player, events)
        return shown


def describe(
    entry: Entry, names: dict[str, str], reading: Reading | None = None
) -> tuple[str, str]:
    """A one-line summary of a log entry and, for its tooltip, every reason given;
    with ``reading``, only what its reader may read. An empty summary: the reader may
    read nothing of it (the entry is not listed)."""
    from core.vector.turns import PhaseBegan, RoundBegan  # the engine loads with the first game

    try:
        events = serial.from_data(json.loads(entry.events))
        command = serial.bare(json.loads(entry.command).get("$type", "command"))
    except (ValueError, serial.SerialError, AttributeError):
        return f"entry {entry.id} (unreadable)", ""
    secret = False
    if reading is not None and reading.reader != EVERYTHING:
        shown = reading.events(entry, events)
        secret = entry.player != reading.reader and (
            len(shown) < len(events) or command != "EndPhase"
        )
        if secret and command != "EndPhase" and not shown:
            return "", ""  # another's sealed order or secret move: not even a row
        events = shown
    said = [e.text for e in events if not isinstance(e, PhaseBegan | RoundBegan)]
    who = names.get(entry.player, entry.player)
    if secret and command != "EndPhase":
        command = "an order"  # its kind may be a secret too (a jump ordered)
    if command == "EndPhase":
        began = next((e.text for e in events if isinstance(e, PhaseBegan)), "")
        head = f"{who} ends the phase" + (f" (next: {began})" if began else "")
        if entry.auto:
            head = f"{who}: nothing to do, phase ended"
    else:
        head = said[0] if said else f"{who}: {command}"
        said = said[1:]
        if reading is not None and _opened_own(entry, events, reading):
            head = _order(entry, reading) or f"{who}: {command}"
    more = f" (+{len(said) - 1})" if len(said) > 1 else ""
    summary = head + (f" — {said[0]}" if said else "") + more
    tooltip = "\n".join(e.text for e in events)
    return summary, tooltip


def sealed_entries(record: GameRecord) -> set[int]:
    """The entries of the current line whose orders wait in the live state's sealed
    envelope: matched from the head back, one entry to each order."""
    left = list(getattr(record.state, "sealed", ()))
    found: set[int] = set()
    players = len(getattr(record.state, "players", ()))
    budget = len(left) + 4 * players + 16  # the commands since the envelope was opened
    entry = record.head
    while left and entry is not None and budget > 0:
        budget -= 1
        step = record.step(entry)
        try:
            command = serial.from_data(json.loads(step.command))
        except (ValueError, serial.SerialError):
            command = None
        if command in left:
            left.remove(command)
            found.add(step.id)
        entry = step.parent
    return found


def _opened_own(entry: Entry, events: list[Any], reading: Reading) -> bool:
    """The reader's own sealed order (or any, for the referee), resolved since."""
    from core.engine.play import OrderSealed

    own = reading.reader in (entry.player, EVERYTHING)
    return own and any(isinstance(e, OrderSealed) for e in events) and reading.opened(entry)


def _order(entry: Entry, reading: Reading) -> str:
    """What a resolved sealed order was, in the rule system's words ("" without them)."""
    words = order_words(reading.record)
    if words is None:
        return ""
    try:
        return words(reading.state, serial.from_data(json.loads(entry.command)))
    except (ValueError, serial.SerialError, KeyError, AttributeError):
        return ""
