"""The event log's lines: each event with the round and phase it happened in and how
many commands had been given by then, for a game just played or read back from the
events a campaign file stores with each command; a thing said twice in a row is said
once (:func:`said_once`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, is_dataclass, replace
from itertools import pairwise
from typing import TYPE_CHECKING

from core.engine import serial
from core.engine.events import Event
from core.engine.gcpause import gc_paused
from core.engine.play import current_phase
from core.vector.turns import PhaseBegan

if TYPE_CHECKING:
    from core.campaign import GameRecord


LOG_TAIL = 500  # commands whose events a reopened campaign shows in the event log


@dataclass(frozen=True)
class Entry:
    """One line of the event log: the round and phase it happened in, the event, and
    how many commands had been given when it happened (``depth``)."""

    round: int
    phase: str
    event: Event
    depth: int = 0


def said_once(events: Sequence[Event]) -> list[Event]:
    """The events as the log shows them: a line that ends by saying what the next line
    says ("Structure takes 3: Red gunship is destroyed", then "Red gunship is
    destroyed") is shown without that ending. Only the lines shown change: the events
    stored with a campaign's commands, and replayed, stay as the engine gave them."""
    shown = list(events)
    for i, (line, after) in enumerate(pairwise(events)):
        ending = f": {after.text}"
        if after.text and line.text.endswith(ending) and is_dataclass(line):
            shown[i] = replace(line, text=line.text.removesuffix(ending))
    return shown


def stored_log(record: GameRecord, tail: int) -> list[Entry]:
    """The log of the last ``tail`` commands of the campaign's current line, from the
    events stored with them (the phase of each is followed through the phase-began
    events), after the events of the game's start (the roll for the first player) when
    the tail reaches back to it. The whole history is in the Campaign dock; the event
    log shows the recent part."""
    lines = record.line_log(tail)
    log: list[Entry] = []
    phase = ""
    if not lines or lines[0][0] == 1:  # back to the start: as it was shown then
        start = record.start
        phase = current_phase(start)
        log = [Entry(start.round, phase, e, 0) for e in said_once(record.start_events)]
    with gc_paused():  # thousands of small objects that all stay
        for depth, round_, events in lines:
            try:
                stored = serial.from_data(json.loads(events))
            except (ValueError, serial.SerialError):
                stored = ()
            for e in said_once(stored):
                if isinstance(e, PhaseBegan):
                    phase = e.phase
                log.append(Entry(getattr(e, "round", round_), phase, e, depth))
    return log


def reopened_events(record: GameRecord) -> list[Event]:
    """The events a reopened game's log shows, for a game page that keeps plain events:
    those of the last :data:`LOG_TAIL` commands (and the start's, when they reach it)."""
    return [line.event for line in stored_log(record, LOG_TAIL)]
